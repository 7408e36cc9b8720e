"""Preference at its edges: exactly six tricks, a payout exactly the pot, ties for the largest
stack, and the contract walked along whole matches.

Each test states one rule and cites the seed sentence (quoted in English on docs/preference.md)
or the ruling (docs/preference.md, "Rulings") it checks. They were written to kill mutants that
survived ``nox -s mutation`` (docs/testing.md).
"""

from __future__ import annotations

import pytest

from edges_contract import walk
from tablegames.core import TableGamesError, ViolationCode
from tablegames.pieces import Suit
from tablegames.preference import (
    GAME,
    KEEP,
    Offer,
    Phase,
    Rules,
    deal_of,
    match_winners,
    new_match,
    settle,
)
from test_preference_support import SUITED, SUITED_WIDOW, act, dealt

PAYOUT = {Suit.SPADES: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3, Suit.HEARTS: 4}


def test_six_tricks_make_the_game_five_do_not() -> None:
    """'If a player has made his game (taken at least six of the ten tricks), he wins the
    stipulated number of chips from the pot, depending on the rank of the trump suit. Otherwise
    he pays the stipulated number of chips into the pot.' Ruling: default 1 (spades), 2 (clubs),
    3 (diamonds), 4 (hearts) for both."""
    for trump, chips in PAYOUT.items():
        assert settle(6, trump, pot=20, rules=Rules()) == (True, chips, 20 - chips)
        assert settle(10, trump, pot=20, rules=Rules()) == (True, chips, 20 - chips)
        assert settle(5, trump, pot=20, rules=Rules()) == (False, -chips, 20 + chips)
        assert settle(0, trump, pot=20, rules=Rules()) == (False, -chips, 20 + chips)


def test_a_payout_larger_than_the_pot_takes_the_whole_pot() -> None:
    """Ruling: 'A payout larger than the pot takes the whole pot.' Exactly the pot empties it;
    one chip short of the payout gives what there is."""
    assert settle(6, Suit.HEARTS, pot=4, rules=Rules()) == (True, 4, 0)
    assert settle(6, Suit.HEARTS, pot=3, rules=Rules()) == (True, 3, 0)
    assert settle(6, Suit.HEARTS, pot=5, rules=Rules()) == (True, 4, 1)
    assert settle(6, Suit.HEARTS, pot=0, rules=Rules()) == (True, 0, 0)
    assert settle(5, Suit.HEARTS, pot=0, rules=Rules()) == (False, -4, 4)


def test_payout_and_penalty_are_settings_per_trump_suit() -> None:
    """'the players must decide: a) what amount the winner will receive from the pot, depending
    on the rank of the trump suit; b) how much a player who failed to make his game pays into
    the pot.'"""
    rules = Rules(payout=(5, 6, 7, 8), penalty=(10, 20, 30, 40))  # spades, clubs, diamonds, hearts
    order = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
    for rank, trump in enumerate(order):
        assert settle(6, trump, pot=100, rules=rules) == (True, 5 + rank, 95 - rank)
        paid = 10 * (rank + 1)
        assert settle(5, trump, pot=100, rules=rules) == (False, -paid, 100 + paid)


def test_the_largest_stack_wins_and_ties_share() -> None:
    """Ruling: 'its result is each participant's stack and the pot that is left; the winners
    are those with the largest stack.'"""
    assert match_winners((100, 100, 100, 100)) == (0, 1, 2, 3)
    assert match_winners((101, 100, 100, 100)) == (0,)
    assert match_winners((99, 100, 100, 98)) == (1, 2)
    assert match_winners((-5, -3, -4, -3)) == (1, 3)


def test_views_zones_samples_and_chips_along_a_match() -> None:
    """Design: views, zones and samples; ruling: 'chips in stacks plus pot never change except
    by antes'; 'A match lasts a set number of deals, thrown-in deals included'."""
    for rules, seed in ((Rules(deals=4), 1), (Rules(deals=3, round_two_payment="winner_only"), 2)):
        states = walk(GAME, rules, seed, skip=frozenset({"widow", "discards"}))
        final = states[-1]
        assert final.is_over and final.phase is Phase.OVER and len(final.results) == rules.deals
        assert final.winners == match_winners(final.stacks)
        for number, result in enumerate(final.results):
            assert result.number == number + 1 and result.dealer == number % 4
        for state in states:
            assert sum(state.stacks) + state.pot == 4 * rules.starting_stack


def test_a_kept_hand_is_recorded_and_replays() -> None:
    """'he may also discard any two of his cards, taking the widow in their place' — or keep his
    hand; either choice is part of the record and the match replays from it."""
    state = act(dealt(), "pass", "pass", "pass", "offer 1", "pass", "pass", "keep", "trump H")
    assert KEEP in state.history.to_tuple()
    again = GAME.replay(GAME.record(state))
    assert again == state and again.history.to_tuple() == state.history.to_tuple()


def test_zones_are_named_for_each_place_a_card_can_be() -> None:
    """Design: 'every piece is in exactly one place (a hand, the stock or widow, a trick, a won
    pile ...)'; between deals the pack holds every card."""
    assert set(new_match().zones()) == {"pack"}
    state = dealt()
    hands = {f"hand {s}" for s in range(4)}
    assert set(state.zones()) == hands | {"widow", "discards"}
    state = act(state, "bid C", "pass", "bid D")
    won = {f"won {s}" for s in range(4)}
    assert set(state.zones()) == hands | won | {"widow", "discards", "trick"}
    assert len(state.zones()["widow"]) == 2 and len(state.zones()["trick"]) == 0
    state = state.apply(state.legal_actions()[0])
    assert len(state.zones()["trick"]) == 1


def test_two_rounds_of_passes_throw_the_deal_in_and_the_pot_stays() -> None:
    """'If in the first round of bidding all three players passed, a second round is held, in
    which each player may either pass or put chips into the pot.' Ruling: 'All pass again:
    thrown in, the pot stays, the next dealer deals.'"""
    first = act(dealt(), "pass", "pass", "pass")
    assert first.phase is Phase.OFFER and first.calls == (None, None, None)
    state = act(first, "pass", "pass", "pass")
    (result,) = state.results
    assert (result.number, result.dealer, result.declarer, result.trump) == (1, 0, None, None)
    assert (result.offer, result.tricks, result.made, result.chips) == (0, (0,) * 4, None, 0)
    assert result.stacks == state.stacks == (95,) * 4 and result.pot == state.pot == 20
    assert state.phase is Phase.DEAL and state.dealer == 1 and state.calls == ()
    assert state.offers == () and state.declarer is None and state.trump is None


def test_offers_must_beat_the_largest_and_fit_the_stack() -> None:
    """Ruling: 'put into the pot a number of chips greater than the largest so far and no more
    than the player's stack'."""
    state = act(dealt(), "pass", "pass", "pass")
    violation = state.check(Offer(0))
    assert violation is not None and violation.code is ViolationCode.OFFER_NOT_HIGHER
    assert violation.message == "An offer must be at least 1 chip, not 0."
    state = act(state, "offer 1")
    violation = state.check(Offer(1))
    assert violation is not None and violation.code is ViolationCode.OFFER_NOT_HIGHER
    assert violation.message == "An offer must be more than 1, the largest so far, not 1."
    violation = state.check(Offer(96))
    assert violation is not None and violation.code is ViolationCode.OFFER_OVER_STACK
    assert violation.message == "You have 95 chips: you cannot offer 96."
    assert state.check(Offer(95)) is None and state.check(Offer(2)) is None


def test_deal_of_refuses_hands_that_are_not_a_deal() -> None:
    """Seed: 'each player gets ten cards, two go to the widow' and the dealer (four at the
    table) sits the deal out: a dealer with cards, an active seat with nine or eleven, a card
    given twice or a short widow are not a deal."""
    ten = "each active player gets ten cards and the dealer none"
    short = SUITED[1].rsplit(" ", 1)[0]
    twice = SUITED[1].rsplit(" ", 1)[0] + " " + SUITED[2].split()[0]
    cases = [
        ([SUITED_WIDOW, *SUITED[1:]], "", ten),  # the dealer holds the widow's cards
        ([SUITED[0], short, *SUITED[2:]], SUITED_WIDOW, ten),
        ([SUITED[0], twice, *SUITED[2:]], SUITED_WIDOW, "a card is given twice"),
        (SUITED, SUITED[1].split()[0] + " 8S", "a card is given twice"),
        (SUITED, "8S", "the hands and the widow must share out the 32 cards"),
    ]
    for hands, widow, message in cases:
        with pytest.raises(TableGamesError) as refused:
            deal_of(hands, widow)
        assert str(refused.value) == message
    assert len(deal_of(SUITED, SUITED_WIDOW).order) == 32


def test_returns_are_each_stack_less_the_starting_stack() -> None:
    """Ruling: 'each participant starts with a stack (default 100) and antes (default 5) into
    the pot'; the result of a match is each participant's stack. A seat's return is what it won
    or lost: its stack less the stack it started with (after the ante, 5 chips down)."""
    import random

    from tablegames.core import play_randomly

    rules = Rules(starting_stack=40, ante=3, deals=4)
    start = new_match(rules)
    assert start.returns() == tuple(float(chips - 40) for chips in start.stacks)
    assert set(start.returns()) == {-3.0}
    final = play_randomly(start, random.Random(5))
    assert final.is_over
    assert final.returns() == tuple(float(chips - 40) for chips in final.stacks)
