"""Ninety-Two at its edges: every bid over every standing bid, every partner set, every branch of
the duplicate two.

Each test states one rule and cites the seed sentence (quoted in English on docs/ninety-two.md)
or the ruling (docs/ninety-two.md, "Rulings") it checks. They were written to kill mutants that
survived ``nox -s mutation`` (docs/testing.md).
"""

from __future__ import annotations

import random
from itertools import combinations, pairwise
from typing import Any

from edges_contract import walk
from tablegames.core import ViolationCode, play_randomly, random_action
from tablegames.core.actions import PASS, Deal
from tablegames.ninety_two import (
    GAME,
    Bid,
    DealResult,
    NinetyTwoState,
    Partners,
    Phase,
    Rules,
    bid_violation,
    deal_of,
    legal_bids,
    legal_partner_sets,
    new_match,
    partners_violation,
)
from tablegames.ninety_two.model import duplicate_suit, duplicate_two, ninety_two_model
from tablegames.pieces import CARDS, Card, Suit
from tablegames.tricks import trick_winner

TRICKS = {4: 13, 6: 8, 8: 6}


def test_bids_are_1_to_the_tricks_in_a_deal_and_strictly_higher() -> None:
    """'each of the players ... announces how many tricks he can take and with which trump
    suit.' Rulings: 'a bid of (number of tricks, trump suit) whose number is strictly higher
    than the standing bid's (so no ties). Bids range from 1 to the number of tricks in the
    deal.' 'Tricks per deal: 13 with 4 players, 8 with 6, 6 with 8.'"""
    for players, most in TRICKS.items():
        rules = Rules(players=players)
        assert rules.tricks_per_deal == most
        everything = [Bid(n, s) for n in range(1, most + 1) for s in Suit]
        assert list(legal_bids(None, rules)) == everything
        for floor in range(1, most + 1):
            for standing_suit in Suit:
                standing = Bid(floor, standing_suit)
                expected = [b for b in everything if b.tricks > floor]
                assert list(legal_bids(standing, rules)) == expected
                for bid in everything:
                    violation = bid_violation(bid, standing, rules)
                    if bid.tricks > floor:
                        assert violation is None
                    else:
                        assert violation is not None
                        assert violation.code is ViolationCode.BID_NOT_HIGHER
                        assert violation.message == (
                            f"A bid must name more tricks than the standing bid of {floor} "
                            f"({standing}); {bid.tricks} is not more."
                        )
        for tricks in (0, most + 1):
            violation = bid_violation(Bid(tricks, Suit.HEARTS), None, rules)
            assert violation is not None and violation.code is ViolationCode.BID_OUT_OF_RANGE
            assert violation.message == (
                f"A bid is 1 to {most} tricks (the tricks in a deal of {players} players), "
                f"not {tricks}."
            )
        assert bid_violation(Bid(most, Suit.SPADES), None, rules) is None
        assert bid_violation(Bid(1, Suit.CLUBS), None, rules) is None


def test_a_bid_names_one_of_the_four_suits() -> None:
    """'announces how many tricks he can take and with which trump suit' — C, D, H or S."""
    for suit in (4, -1):
        violation = bid_violation(Bid(3, suit), None, Rules())  # type: ignore[arg-type]
        assert violation is not None and violation.code is ViolationCode.BAD_TRUMP
        assert violation.message == f"Trump is a suit (C, D, H or S), not {suit!r}."


def test_the_winner_names_any_partners_among_the_others() -> None:
    """'The player who announces the largest number of tricks chooses a partner for himself
    (when four play), or 2 partners (when six play), or 3 partners (when eight play).' Ruling:
    'among the others, any of them, openly'."""
    for players in TRICKS:
        rules = Rules(players=players)
        wanted = players // 2 - 1
        for bidder in range(players):
            others = [s for s in range(players) if s != bidder]
            expected = [Partners(c) for c in combinations(others, wanted)]
            assert list(legal_partner_sets(bidder, rules)) == expected
            for partners in expected:
                assert partners_violation(partners, bidder, rules) is None


def test_partner_refusals_say_which_rule() -> None:
    """'chooses a partner for himself (when four play), or 2 partners (when six play)'."""
    four, six, eight = Rules(), Rules(players=6), Rules(players=8)
    code = ViolationCode
    cases = [
        (four, (4,), code.NO_SUCH_SEAT, "There is no seat 4: the seats are 0 to 3."),
        (six, (1, 6), code.NO_SUCH_SEAT, "There is no seat 6: the seats are 0 to 5."),
        (
            four,
            (0,),
            code.PARTNER_IS_BIDDER,
            "Seat 0 won the bidding and cannot be its own partner.",
        ),
        (six, (2, 2), code.PARTNERS_REPEATED, "Seat 2 is named twice: name 2 different partners."),
        (
            four,
            (1, 2),
            code.PARTNERS_WRONG_NUMBER,
            "With 4 players the high bidder names 1 partner, not 2.",
        ),
        (
            six,
            (1,),
            code.PARTNERS_WRONG_NUMBER,
            "With 6 players the high bidder names 2 partners, not 1.",
        ),
        (
            eight,
            (1, 2),
            code.PARTNERS_WRONG_NUMBER,
            "With 8 players the high bidder names 3 partners, not 2.",
        ),
    ]
    for rules, seats, wanted, message in cases:
        violation = partners_violation(Partners(seats), 0, rules)
        assert violation is not None and (violation.code, violation.message) == (wanted, message)


# -- who takes a trick, the duplicate two included ---------------------------------------------


def _plain_winner(trick: list[Card], trump: Suit) -> int:
    """'The trick is taken by the player who plays the highest card in the suit of the first
    card played, or whoever plays a trump, or whoever plays the highest trump'."""
    trumps = [i for i, c in enumerate(trick) if c.suit == trump]
    pool = trumps or [i for i, c in enumerate(trick) if c.suit == trick[0].suit]
    return max(pool, key=lambda i: trick[i].rank)


def _winner(trick: list[Card], trump: Suit) -> int:
    """'If all players except the last have put down their cards and there are no trumps among
    them, and the last player has no card of the suit of the first card played, he may put down
    the two of the duplicate suit (if he has it) and take the laid-out cards (the trick).'"""
    last = len(trick) - 1
    two = duplicate_two(trump)
    if (
        last >= 1
        and trick[last] == two
        and trick[0].suit != duplicate_suit(trump)
        and all(c.suit != trump for c in trick[:last])
    ):
        return last
    return _plain_winner(trick, trump)


def test_the_duplicate_suit_is_the_other_suit_of_the_trumps_colour() -> None:
    """'The suit whose colour matches the trump suit is called the duplicate suit'."""
    pairs = {Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS}
    pairs |= {Suit.CLUBS: Suit.SPADES, Suit.SPADES: Suit.CLUBS}
    for trump, duplicate in pairs.items():
        assert duplicate_suit(trump) == duplicate
        assert duplicate_two(trump) == Card.parse("2" + "CDHS"[duplicate])


def test_every_trick_is_taken_as_the_seed_says_duplicate_two_included() -> None:
    """The seed's trick rule and its 'peculiarity' of the duplicate two, on random tricks of
    every size a deal can have (a short trick at the end included) and on tricks built so the
    duplicate two is played last, each condition holding or not."""
    rng = random.Random(92)
    for trump in Suit:
        model = ninety_two_model(trump)
        assert model.trump == trump
        two = duplicate_two(trump)
        others = [c for c in CARDS if c != two]
        for size in range(1, 9):
            for _ in range(60):
                trick = rng.sample(CARDS, size)
                pieces = tuple(c.index for c in trick)
                assert trick_winner(pieces, model) == _winner(trick, trump), (trump, trick)
                if size >= 2:  # the two played last, after cards drawn from the others
                    trick = [*rng.sample(others, size - 1), two]
                    pieces = tuple(c.index for c in trick)
                    assert trick_winner(pieces, model) == _winner(trick, trump), (trump, trick)
        # one worked example per branch: wins; a trump in the trick; duplicate suit led; not last
        lead = next(s for s in Suit if s not in (trump, duplicate_suit(trump)))
        ace = Card.parse("A" + "CDHS"[lead])
        small_trump = Card.parse("3" + "CDHS"[trump])
        dup_ace = Card.parse("A" + "CDHS"[duplicate_suit(trump)])
        assert _check(model, [ace, two], trump) == 1
        assert _check(model, [ace, Card.parse("K" + "CDHS"[lead]), two], trump) == 2
        assert _check(model, [ace, small_trump, two], trump) == 1
        assert _check(model, [small_trump, ace, two], trump) == 0
        assert _check(model, [dup_ace, ace, two], trump) == 0
        assert _check(model, [ace, two, Card.parse("K" + "CDHS"[lead])], trump) == 0
        assert _check(model, [two], trump) == 0


def _check(model: object, trick: list[Card], trump: Suit) -> int:
    from tablegames.tricks.model import TrickModel

    assert isinstance(model, TrickModel)
    won = trick_winner(tuple(c.index for c in trick), model)
    assert won == _winner(trick, trump)
    return won


def test_views_zones_and_samples_along_a_match() -> None:
    """Design: 'view(seat): what that seat may know (own hand, public play, counts of others'
    cards)'; 'every piece is in exactly one place (a hand, the stock ..., a trick, a won pile)';
    sampling keeps the view. Ruling: 'cards that cannot go round are dead'."""
    for players, seed in ((4, 1), (6, 2)):
        states = walk(GAME, Rules(players=players, target=12), seed)
        assert states[-1].is_over
        for state in states:
            zones = state.zones()
            if state.phase in (Phase.DEAL, Phase.OVER):
                assert set(zones) == {"deck"}
                continue
            names = {f"hand {s}" for s in range(players)} | {f"won {s}" for s in range(players)}
            assert set(zones) == names | {"stock", "trick", "dead"}
            view = state.view(0)
            assert len(zones["stock"]) == len(state.stock) and view.players == players
            assert view.stock_size == len(state.stock) and view.dead_count == len(zones["dead"])
            table = state.table
            assert view.won == ((0,) * players if table is None else table.won)
            tricks = () if table is None else table.tricks
            assert [t[2] for t in view.tricks] == [t.winner for t in tricks]
            assert len(zones["trick"]) == len(view.trick)
            assert sum(len(zones[f"won {s}"]) for s in range(players)) == players * len(tricks)


def test_each_deal_records_its_dealer_bid_and_team_and_the_next_starts_clean() -> None:
    """'in subsequent games the players deal in turn clockwise'; the winner of the bidding and
    the partners he names are the team the result is settled for."""
    states = walk(GAME, Rules(players=4, target=20, first_dealer=2), 7)
    final = states[-1]
    assert final.results and final.is_over
    for number, result in enumerate(final.results):
        assert result.dealer == (2 + number) % 4
        if result.bidder is None:
            assert result.bid is None and result.made is None and sum(result.score) == 0
        else:
            assert result.bid is not None and result.bidder in result.team
            assert len(result.team) == 2 and sum(result.tricks) == 13
    for before, after in pairwise(states):
        if len(after.results) > len(before.results) and not after.is_over:
            assert after.phase is Phase.DEAL and after.dealer == (before.dealer + 1) % 4
            assert all(len(after.hand(s)) == 0 for s in range(4))
            assert after.calls == () and after.high is None and after.bidder is None
            assert after.partners == () and after.table is None and len(after.stock) == 0
            assert after.dead == 0


def _first_deal(rules: Rules, seed: int) -> NinetyTwoState:
    """The state right after the first deal of a random match that was played, not thrown in."""
    rng = random.Random(seed)
    state = new_match(rules)
    while not state.results:
        state = state.apply(random_action(state, rng))
    return state


def test_the_match_ends_at_exactly_the_target_with_joint_winners() -> None:
    """'The player who, over several games played, is first to score 92 or more points becomes
    the winner.' Ruling: 'if anyone has 92 or more, the players with the highest total win
    (joint winners on a tie)'. A target equal to the best score after a deal ends the match;
    one point more does not."""
    seed = next(s for s in range(50) if max(_first_deal(Rules(), s).scores) > 0)
    best = max(_first_deal(Rules(), seed).scores)
    exact = _first_deal(Rules(target=best), seed)
    assert exact.is_over and exact.phase is Phase.OVER
    assert exact.winners == tuple(s for s in range(4) if exact.scores[s] == best)
    assert len(exact.winners) == 2  # the two members of the scoring team share the win
    short = _first_deal(Rules(target=best + 1), seed)
    assert short.scores == exact.scores and not short.is_over and short.winners == ()
    assert Rules().target == 92


def test_all_pass_throws_the_deal_in_and_the_last_bid_goes_to_partners() -> None:
    """Ruling: 'All pass: thrown in, the next dealer deals.' 'The winner names 1, 2 or 3
    partners ... before the first lead' — even when the winning bid is the last call."""
    hands = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
    state = new_match(Rules(first_dealer=3)).apply(deal_of(hands, "", 3))
    assert deal_of(hands) == deal_of(hands, "", 0)
    thrown = state
    for _ in range(4):
        thrown = thrown.apply(PASS)
    assert thrown.results == (DealResult(3, None, None, (), (0,) * 4, None, (0,) * 4),)
    assert thrown.phase is Phase.DEAL and thrown.dealer == 0 and thrown.scores == (0,) * 4
    assert thrown.calls == () and thrown.partners == () and thrown.dead == 0
    assert GAME.replay(GAME.record(thrown)) == thrown
    last = state.apply(PASS).apply(PASS).apply(PASS).apply(Bid(2, Suit.HEARTS))
    assert last.phase is Phase.PARTNERS and last.to_act == 3 and len(last.calls) == 4
    first = state.apply(Bid(2, Suit.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
    assert first.phase is Phase.PARTNERS and first.to_act == 0
    assert first.calls == (Bid(2, Suit.HEARTS), PASS, PASS, PASS)


def test_refusals_of_deals_and_of_moves_out_of_phase() -> None:
    """The contract: `check(action)` returns a Violation with a stable code and a sentence."""
    fresh = new_match()
    violation = fresh.check(PASS)
    assert violation is not None and violation.code is ViolationCode.DEAL_EXPECTED
    assert violation.message == "The cards must be shuffled and dealt first."
    order = list(CARDS)
    stranger: Deal[Any] = Deal((*order[:51], "AS"))
    for bad in (Deal(tuple(order[:51])), Deal((order[0], *order[:51])), stranger):
        violation = fresh.check(bad)
        assert violation is not None and violation.code is ViolationCode.BAD_DEAL
        assert violation.message == "A deal must order all 52 cards, each exactly once."
    over = play_randomly(new_match(Rules(target=3)), random.Random(4))
    violation = over.check(PASS)
    assert violation is not None and violation.code is ViolationCode.GAME_OVER
    assert violation.message == "The match is over: nobody acts any more."
