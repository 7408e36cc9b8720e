"""Quartets: who asks next after a failed ask, and who may be asked once a seat has gone out.

Each test states a rule of docs/quartets.md, "Play", through public behaviour only (``to_act``,
``legal_actions()``, ``check``), on exact deals (``deal_of``). Seats are numbered clockwise and
"left of X" is X+1 (docs/quartets.md, "Equipment and players").
"""

from __future__ import annotations

import pytest

from tablegames.core.violations import ViolationCode
from tablegames.pieces import Card, Rank
from tablegames.quartets import Ask, AskRank, QuartetsState, Rules, deal_of, new_match

# Five players, seat 4 deals, so seat 0 asks first; seats 0 and 1 hold 11 cards, the rest 10.
# Seat 4's aces are a set dealt complete and laid down at once.
FIVE = [
    "2C 2D 3C 3D 4C 4D 5C 5D 6C 6D 7C",
    "2H 3H 4H 5H 6H 7H 7D 8C 8D 8H 9C",
    "2S 3S 4S 5S 6S 7S 8S 9D 9H 9S",
    "TC TD TH JC JD JH QC QD QH KC",
    "TS JS QS KD KH KS AC AD AH AS",
]

# Four players, seat 3 deals. Seat 0 keeps only 5C after laying three sets from the deal; seat 2
# holds the other three fives; seat 3 keeps JS, three aces and 9S.
ASKER_GOES_OUT = [
    "2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C",
    "6C 6D 6H 7C 7D 7H 8C 8D 8H 9C 9D 9H TC",
    "5D 5H 5S 6S 7S 8S AS TD TH TS JC JD JH",
    "JS QC QD QH QS KC KD KH KS AC AD AH 9S",
]


def dealt(hands: list[str], dealer: int, **options: object) -> QuartetsState:
    rules = Rules(players=len(hands), first_dealer=dealer, **options)  # type: ignore[arg-type]
    return new_match(rules).apply(deal_of(hands, dealer=dealer))


def ask(state: QuartetsState, seat: int, card: str) -> QuartetsState:
    return state.apply(Ask(seat, Card.parse(card)))


def targets(state: QuartetsState) -> set[int]:
    """The seats that the legal actions offer to ask."""
    return {action.seat for action in state.legal_actions()}  # type: ignore[union-attr]


# Each failed ask: (asker, seat asked, card that seat lacks), in the order played from the deal.
# Under "left" the next asker is the asker's left neighbour; the seat on its right and the seat
# asked are different seats each time, and the last ask wraps round from seat 4 to seat 0.
FAILED_ASKS = [(0, 3, "2H"), (1, 4, "9S"), (2, 0, "2H"), (3, 1, "TS"), (4, 2, "KC")]


def test_under_left_a_failed_ask_passes_to_the_next_player_with_cards_on_the_askers_left() -> None:
    """docs/quartets.md, "Play", "Holder lacks it": "Option turn_passes="left": the turn passes
    instead to the next player with cards on the asker's left". Never to the seat asked, never
    to the seat on the asker's right."""
    state = dealt(FIVE, dealer=4, turn_passes="left")
    assert state.to_act == 0
    for asker, asked, card in FAILED_ASKS:
        assert state.to_act == asker
        before = [len(state.hand(s)) for s in range(5)]
        state = ask(state, asked, card)
        assert [len(state.hand(s)) for s in range(5)] == before  # nothing was handed over
        left, right = (asker + 1) % 5, (asker - 1) % 5
        assert state.to_act == left, (asker, asked)
        assert state.to_act not in (asked, right)
    assert state.to_act == 0


def test_by_default_a_failed_ask_passes_to_the_player_asked() -> None:
    """docs/quartets.md, "Play", "Holder lacks it": "If the player who is asked does not have
    this card, the right to request passes to him"."""
    state = dealt(FIVE, dealer=4)
    state = ask(state, 3, "2H")  # seat 1 holds 2H, not seat 3
    assert state.to_act == 3
    state = ask(state, 1, "TS")  # seat 4 holds TS, not seat 1
    assert state.to_act == 1
    state = ask(state, 4, "2S")  # seat 2 holds 2S, not seat 4
    assert state.to_act == 4


def test_under_left_a_failed_ask_skips_seats_left_of_the_asker_that_are_out() -> None:
    """docs/quartets.md, "Play": the turn passes "to the next player with cards on the asker's
    left"; a player with no cards is out of the deal ("Dropping out")."""
    state = dealt(ASKER_GOES_OUT, dealer=3, turn_passes="left")
    state = ask(state, 2, "5D")
    state = ask(state, 2, "5H")
    state = ask(state, 2, "5S")  # seat 0 completes the fives with its last card and is out
    assert not state.hand(0) and state.to_act == 2
    # Seat 2 asks seat 1 for a card it lacks (seat 3 holds JS): left of 2 is seat 3.
    state = ask(state, 1, "JS")
    assert state.to_act == 3
    # Seat 3 asks seat 2 for 9C (seat 1 holds it): left of 3 is seat 0, out, so seat 1 (not
    # seat 2, the seat asked and the seat on seat 3's right).
    state = ask(state, 2, "9C")
    assert state.to_act == 1


@pytest.mark.parametrize("turn_passes", ["asked", "left"])
@pytest.mark.parametrize("ask_for", ["card", "rank"])
def test_an_asker_who_goes_out_by_completing_a_set_is_no_longer_a_target(
    turn_passes: str, ask_for: str
) -> None:
    """docs/quartets.md, "Play", "Dropping out": "If this player has no more cards left, he drops
    out of further play (in that case the turn passes to the player from whom the last card for
    the set was requested)"; "An ask names another player who still holds cards", and asking a
    player who is out "is refused"."""
    state = dealt(ASKER_GOES_OUT, dealer=3, turn_passes=turn_passes, ask=ask_for)
    if ask_for == "card":
        for card in ("5D", "5H", "5S"):
            assert state.to_act == 0
            state = ask(state, 2, card)
    else:
        state = state.apply(AskRank(2, Rank.FIVE))
    assert not state.hand(0) and str(state.sets_laid(0)[-1]) == "5C 5D 5H 5S"
    assert state.to_act == 2  # the giver
    assert targets(state) == {1, 3}
    probe: Ask | AskRank = Ask(0, Card.parse("6S")) if ask_for == "card" else AskRank(0, Rank.SIX)
    violation = state.check(probe)
    assert violation is not None and violation.code is ViolationCode.ASK_PLAYER_OUT
    # Later askers do not get seat 0 back either.
    for _ in range(6):
        seat = state.to_act
        assert seat is not None
        assert 0 not in targets(state)
        assert targets(state) == {s for s in range(4) if s != seat and state.hand(s)}
        state = state.apply(state.legal_actions()[0])


def test_a_seat_that_hands_over_its_last_card_is_no_longer_a_target() -> None:
    """docs/quartets.md, "Play", "Dropping out", ruling: "a player with no cards is out of the
    deal, however it happened (a player who hands over their last card is out too), and cannot
    be asked"."""
    hands = [
        "5D 5H 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H",
        "6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H 8S 5C",
        "5S 4S 9C 9D 9H 9S TC TD TH TS JC JD JH",
        "JS QC QD QH QS KC KD KH KS AC AD AH AS",
    ]
    state = dealt(hands, dealer=3)
    assert str(state.hand(1)) == "5C"  # seat 1 laid down its sixes, sevens and eights
    state = ask(state, 1, "5C")  # seat 1 hands over its last card: seat 0 asks again
    assert not state.hand(1) and state.to_act == 0
    assert targets(state) == {2, 3}
    violation = state.check(Ask(1, Card.parse("4S")))
    assert violation is not None and violation.code is ViolationCode.ASK_PLAYER_OUT
