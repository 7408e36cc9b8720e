"""One test for each sentence of the Ninety-Two seed text, citing it.

Quotations are from the English translation quoted on docs/ninety-two.md; where the seed is
silent the tests follow the rulings (docs/ninety-two.md, "Rulings"; cited as "Ruling").
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tablegames.core import IllegalActionError, ViolationCode, play_randomly
from tablegames.core.actions import PASS, Deal, Play
from tablegames.core.errors import RulesError
from tablegames.ninety_two import (
    GAME,
    Bid,
    NinetyTwoState,
    Partners,
    Phase,
    Rules,
    deal_of,
    duplicate_suit,
    duplicate_two,
    new_match,
    parse_action,
)
from tablegames.pieces import DECK_52, Card, Rank, Suit, cards

DOCS = Path(__file__).parent.parent / "docs" / "ninety-two.md"

# Seat 3 deals, so seat 0 calls first. Seat 3 holds no spades and no hearts.
HANDS = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
STOCK = "5S 6S 7S 8S 9S TS"


def act(state: NinetyTwoState, *texts: str) -> NinetyTwoState:
    for text in texts:
        state = state.apply(parse_action(text))
    return state


def dealt(
    hands: list[str] = HANDS, stock: str = STOCK, dealer: int = 3, **options: object
) -> NinetyTwoState:
    rules = Rules(players=len(hands), first_dealer=dealer, **options)  # type: ignore[arg-type]
    return new_match(rules).apply(deal_of(hands, stock, dealer))


def hearts_by_seat0() -> NinetyTwoState:
    """Seat 0 bids 2 hearts, everybody else passes, seat 0 takes seat 2."""
    return act(dealt(), "bid 2 H", "pass", "pass", "pass", "partners 2")


def card(text: str) -> Card:
    return Card.parse(text)


def test_source_is_credited_on_the_rules_page() -> None:
    """'I translated the rules of this card game from English. The author is Chen Lei.'"""
    assert "Chen Lei" in DOCS.read_text(encoding="utf-8")


def test_one_deck_of_52_cards_for_4_6_or_8_players() -> None:
    """'Decks: 1. Cards in deck: 52. How many players: 4, 6, 8.'"""
    assert len(GAME.deck) == 52 and GAME.deck == DECK_52
    for players in (4, 6, 8):
        state = new_match(Rules(players=players))
        state = state.apply(state.chance_outcome(random.Random(players)))
        assert len(state.hands) == players
        held = sum(len(state.hand(s)) for s in range(players))
        assert held + len(state.stock) == 52
    for players in (2, 3, 5, 7, 9):
        with pytest.raises(RulesError):
            Rules(players=players)


def test_cards_rank_two_low_to_ace_high() -> None:
    """'Card ranking: (empty in the original).' Ruling: 2 lowest, ace highest, in plain suits
    and in trumps."""
    state = act(
        dealt(["2C 3H 4H 5H", "AC 6H 7H 8H", "9C 2S 3S 4S", "TC 5S 6S 7S"], stock=""),
        "bid 1 D", "pass", "pass", "pass", "partners 1",
        "play 2C", "play AC", "play 9C", "play TC",
    )  # fmt: skip
    assert state.table is not None and state.table.tricks[-1].winner == 1
    low_trump = act(
        dealt(["2C 3H 4H 5H", "AC 6H 7H 8H", "2S 3S 4S 9D", "7S 5S 6S TD"], stock=""),
        "bid 1 S", "pass", "pass", "pass", "partners 1",
        "play 2C", "play AC", "play 2S", "play 7S",
    )  # fmt: skip
    assert low_trump.table is not None and low_trump.table.tricks[-1].winner == 3


def test_object_is_to_be_first_to_92() -> None:
    """'Object of the game: to be first to score 92 or more points.'"""
    assert Rules().target == 92
    final = play_randomly(new_match(), random.Random(5))
    assert final.is_over and max(final.scores) >= 92
    before = [total - last for total, last in zip(final.scores, final.results[-1].score)]
    assert max(before) < 92  # nobody had reached 92 before the last deal
    assert final.winners and all(final.scores[s] == max(final.scores) for s in final.winners)
    short = play_randomly(new_match(Rules(target=30)), random.Random(5))
    assert max(short.scores) >= 30 and len(short.results) < len(final.results)


def test_first_dealer_is_a_setting_then_the_deal_passes_left() -> None:
    """'The first dealer is determined by lot; in subsequent games the players deal in turn
    clockwise.' Ruling: the first dealer is a rule setting; the deal then passes left."""
    for players in (4, 6, 8):
        state = new_match(Rules(players=players, first_dealer=players - 1))
        assert state.dealer == players - 1
        state = state.apply(state.chance_outcome(random.Random(1)))
        state = act(state, *["pass"] * players)  # thrown in
        assert state.phase is Phase.DEAL and state.dealer == 0


def test_shuffled_and_four_cards_each_one_at_a_time_from_dealers_left() -> None:
    """'The deck is shuffled thoroughly and each player is dealt 4 cards.' Ruling: one at a time
    from the dealer's left."""
    state = new_match(Rules(players=6, first_dealer=2))
    deal = state.chance_outcome(random.Random(11))
    assert isinstance(deal, Deal) and sorted(c.index for c in deal.order) == list(range(52))
    assert deal != state.chance_outcome(random.Random(12))
    after = state.apply(deal)
    for i, c in enumerate(deal.order[:24]):
        assert c in after.hand((2 + 1 + i) % 6)
    assert [len(after.hand(s)) for s in range(6)] == [4] * 6


def test_rest_of_the_deck_is_the_face_down_stock() -> None:
    """'The remaining deck is placed face down in the centre of the table.'"""
    state = dealt()
    assert len(state.stock) == 52 - 16 and state.stock[:2] == (card("5S").index, card("6S").index)
    view = state.view(1)
    assert view.stock_size == 36
    assert card("5S") not in view.hand and "5S" not in repr(view)


def test_players_draw_back_up_to_four_after_a_trick() -> None:
    """'From it the players draw cards back up to 4 after the plays have been made.'"""
    state = act(hearts_by_seat0(), "play AS", "play QS", "play JS")
    assert [len(state.hand(s)) for s in range(4)] == [3, 3, 3, 4]
    state = act(state, "play 3D")
    assert [len(state.hand(s)) for s in range(4)] == [4, 4, 4, 4]
    assert len(state.stock) == 36 - 4


def test_bidding_from_dealers_left_names_tricks_and_trump() -> None:
    """'After the deal each of the players, starting with the player to the dealer's left,
    announces how many tricks he can take and with which trump suit.'"""
    state = dealt()
    assert state.to_act == 0
    state = act(state, "bid 3 C")
    assert state.to_act == 1 and state.high == Bid(3, Suit.CLUBS) and state.trump is Suit.CLUBS
    violation = state.check(Bid(3, Suit.SPADES))
    assert violation is not None and violation.code is ViolationCode.BID_NOT_HIGHER
    state = act(state, "bid 4 S", "pass", "pass")
    assert state.bidder == 1 and state.trump is Suit.SPADES and state.phase is Phase.PARTNERS


@pytest.mark.parametrize(("players", "partners"), [(4, 1), (6, 2), (8, 3)])
def test_high_bidder_chooses_one_two_or_three_partners(players: int, partners: int) -> None:
    """'The player who announces the largest number of tricks chooses a partner for himself
    (when four play), or 2 partners (when six play), or 3 partners (when eight play).'"""
    state = new_match(Rules(players=players))
    state = state.apply(state.chance_outcome(random.Random(players)))
    state = act(state, "pass", "bid 1 H", "bid 2 D", *["pass"] * (players - 3))
    assert state.phase is Phase.PARTNERS and state.to_act == 3  # seat 1 called first
    options = state.legal_actions()
    assert options and all(isinstance(a, Partners) and len(a.seats) == partners for a in options)
    assert all(3 not in a.seats for a in options)  # type: ignore[union-attr]
    wrong = state.check(Partners(tuple(s for s in range(players) if s != 3)[: partners + 1]))
    assert wrong is not None and wrong.code is ViolationCode.PARTNERS_WRONG_NUMBER


def test_then_the_play_begins() -> None:
    """'Then the play of the cards begins.'"""
    state = act(dealt(), "bid 2 H", "pass", "pass", "pass")
    assert state.phase is Phase.PARTNERS
    with pytest.raises(IllegalActionError) as err:
        state.apply(Play(card("AS")))
    assert err.value.violation.code is ViolationCode.WRONG_PHASE
    assert act(state, "partners 1").phase is Phase.PLAY


def test_the_high_bidder_leads_first() -> None:
    """'The first lead is made by the player who announced that he would take the most tricks.'"""
    state = act(dealt(), "pass", "bid 1 C", "bid 3 H", "pass", "partners 0")
    assert state.bidder == 2 and state.to_act == 2


def test_the_leader_may_play_any_card_face_up() -> None:
    """'He must put any of his cards face up on the table.'"""
    state = hearts_by_seat0()
    assert set(state.legal_actions()) == {Play(c) for c in cards("AS KS 3H 5C")}
    state = act(state, "play 5C")
    assert state.view(3).trick == ((0, card("5C")),)


def test_follow_suit_if_able_else_any_card() -> None:
    """'Each following player clockwise must put down a card of the same suit; if he has no such
    card, he must put down any card of his.'"""
    state = act(hearts_by_seat0(), "play 5C")
    assert state.to_act == 1
    assert set(state.legal_actions()) == {Play(card("6C")), Play(card("7C"))}
    violation = state.check(Play(card("QS")))
    assert violation is not None and violation.code is ViolationCode.MUST_FOLLOW_SUIT
    state = act(hearts_by_seat0(), "play AS", "play QS", "play JS")
    assert set(state.legal_actions()) == {Play(c) for c in cards("2D 3D 4D JC")}


def test_trick_is_settled_after_everyone_has_played() -> None:
    """'After every player has put down a card, the players determine to whom the laid-out cards
    go.'"""
    state = act(hearts_by_seat0(), "play AS", "play QS", "play JS")
    assert state.table is not None and not state.table.tricks and len(state.table.pieces) == 3
    state = act(state, "play 3D")
    assert state.table is not None and len(state.table.tricks) == 1 and not state.table.pieces


def test_the_laid_out_cards_are_a_trick() -> None:
    """'These cards are called a trick.'"""
    state = act(hearts_by_seat0(), "play AS", "play QS", "play JS", "play 3D")
    assert state.zones()["won 0"] == cards("AS QS JS 3D")
    assert state.table is not None and state.table.won == (1, 0, 0, 0)


def test_highest_of_suit_led_or_highest_trump_wins() -> None:
    """'The trick is taken by the player who plays the highest card in the suit of the first card
    played, or whoever plays a trump, or whoever plays the highest trump if there are several
    trumps.'"""
    base = act(dealt(), "bid 2 C", "pass", "pass", "pass", "partners 2")  # clubs trump
    plain = act(base, "play AS", "play QS", "play JS", "play 2D")
    assert plain.table is not None and plain.table.tricks[-1].winner == 0
    one_trump = act(base, "play AS", "play QS", "play JS", "play JC")
    assert one_trump.table is not None and one_trump.table.tricks[-1].winner == 3
    two_trumps = act(base, "play 3H", "play 4H", "play 8C", "play JC")
    assert two_trumps.table is not None and two_trumps.table.tricks[-1].winner == 3
    low_trump_over_ace = act(base, "play 3H", "play 4H", "play 8C", "play 2D")
    assert low_trump_over_ace.table is not None and low_trump_over_ace.table.tricks[-1].winner == 2


def test_a_peculiarity_the_duplicate_two_is_a_special_rule() -> None:
    """'One peculiarity of the game should be noted.' The same trick goes to different players
    with and without the peculiarity: only the duplicate two changes the normal outcome."""
    state = act(hearts_by_seat0(), "play AS", "play QS", "play JS")
    with_two = act(state, "play 2D")
    without = act(state, "play 3D")
    assert with_two.table is not None and without.table is not None
    assert (with_two.table.tricks[-1].winner, without.table.tricks[-1].winner) == (3, 0)


def test_duplicate_suit_is_the_other_suit_of_trumps_colour() -> None:
    """'The suit whose colour matches the trump suit is called the duplicate suit.'"""
    for trump in Suit:
        dup = duplicate_suit(trump)
        assert dup != trump and dup.colour == trump.colour
        assert duplicate_two(trump) == Card(Rank.TWO, dup)


def test_duplicate_two_takes_the_trick_when_played_last_without_trumps_by_a_void_player() -> None:
    """'...the two of this suit has the following property. If all players except the last have
    put down their cards and there are no trumps among them, and the last player has no card of
    the suit of the first card played, he may put down the two of the duplicate suit (if he has
    it) and take the laid-out cards (the trick).'"""
    state = act(hearts_by_seat0(), "play AS", "play QS", "play JS")
    assert Play(card("2D")) in state.legal_actions() and Play(card("3D")) in state.legal_actions()
    stolen = act(state, "play 2D")
    assert stolen.table is not None and stolen.table.tricks[-1].winner == 3
    assert stolen.zones()["won 3"] == cards("AS QS JS 2D") and stolen.to_act == 3
    # with a trump among the first three, the two is an ordinary two
    trumped = act(hearts_by_seat0(), "play 3H", "play 4H", "play JS", "play 2D")
    assert trumped.table is not None and trumped.table.tricks[-1].winner == 1


def test_draw_up_to_four_and_play_again() -> None:
    """'After the plays have been made, the players draw their cards up to 4 from the remaining
    deck and again play a trick.'"""
    state = act(hearts_by_seat0(), "play AS", "play QS", "play JS", "play 3D")
    assert state.phase is Phase.PLAY and state.hand(0) == cards("KS 3H 5C 5S")
    state = act(state, "play 5S", "play 6S")
    assert state.table is not None and len(state.table.pieces) == 2


def test_trick_winner_leads_next() -> None:
    """'The player who wins a trick gets the right to lead to the next trick.'"""
    state = act(hearts_by_seat0(), "play AS", "play QS", "play JS", "play 2D")
    assert state.to_act == 3
    assert set(state.legal_actions()) == {Play(c) for c in state.hand(3)}


@pytest.mark.parametrize(("players", "tricks", "dead"), [(4, 13, 0), (6, 8, 4), (8, 6, 4)])
def test_all_the_cards_are_played(players: int, tricks: int, dead: int) -> None:
    """'In this way all the cards are played.' Ruling: 13, 8 or 6 tricks; stock cards that
    cannot go round are dead."""
    state = new_match(Rules(players=players))
    state = state.apply(state.chance_outcome(random.Random(3)))
    state = act(state, "bid 1 H", *["pass"] * (players - 1))
    state = state.apply(state.legal_actions()[0])
    rng = random.Random(4)
    last = state
    while state.phase is Phase.PLAY:
        last = state
        state = state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
    assert last.table is not None and len(last.table.tricks) == tricks - 1
    assert sum(state.results[-1].tricks) == tricks
    assert bin(last.dead).count("1") == dead and not last.stock
    assert len(last.table.tricks) * players + players + dead == 52


def _deal_with(bid: int) -> NinetyTwoState:
    """A fixed shuffle, seat 0 bids ``bid`` spades with seat 2, and everyone plays their first
    legal card: the play, and so the tricks taken, do not depend on the number bid."""
    state = new_match(Rules(first_dealer=3))
    state = state.apply(state.chance_outcome(random.Random(2024)))
    state = act(state, f"bid {bid} S", "pass", "pass", "pass", "partners 2")
    while state.phase is Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    return state


def _team_tricks() -> int:
    return _deal_with(1).results[-1].team_tricks


def test_exact_bid_scores_three_per_trick_to_each_member() -> None:
    """'If the player and his partners together took the number of tricks that was declared by
    the player who won the bidding, the number of these tricks is multiplied by 3 and this is the
    number of points awarded to each player in this team.'"""
    taken = _team_tricks()
    assert 1 <= taken <= 13
    state = _deal_with(taken)
    result = state.results[-1]
    assert result.made and result.team == (0, 2)
    assert result.score == (3 * taken, 0, 3 * taken, 0) and state.scores == result.score


def test_fewer_or_more_scores_the_opponents_three_per_trick() -> None:
    """'If the players took fewer than was declared, or more, these players receive nothing, and
    their opponents receive their combined tricks multiplied by 3.'"""
    taken = _team_tricks()
    assert 2 <= taken <= 12, "the fixed deal must allow both an overtrick and an undertrick"
    for bid in (taken - 1, taken + 1):
        state = _deal_with(bid)
        result = state.results[-1]
        theirs = 3 * (13 - taken)
        assert not result.made and result.score == (0, theirs, 0, theirs)


def test_first_to_92_over_several_deals_wins() -> None:
    """'The player who, over several games played, is first to score 92 or more points becomes
    the winner.' Ruling: after a deal, if anyone has 92 or more, the highest total(s) win."""
    for seed in range(6):
        final = play_randomly(new_match(Rules(players=6)), random.Random(seed))
        assert len(final.results) > 1 and max(final.scores) >= 92
        for i in range(1, len(final.results)):
            so_far = [sum(r.score[s] for r in final.results[:i]) for s in range(6)]
            assert max(so_far) < 92
        top = max(final.scores)
        assert final.winners == tuple(s for s in range(6) if final.scores[s] == top)
    violation = final.check(PASS)
    assert violation is not None and violation.code is ViolationCode.GAME_OVER
