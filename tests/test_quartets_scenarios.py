"""Worked Quartets scenarios on exact deals: every outcome below follows from the named hands."""

from __future__ import annotations

import pytest

from tablegames.core.errors import IllegalActionError
from tablegames.core.violations import ViolationCode
from tablegames.pieces import Card, Rank, cards
from tablegames.quartets import Ask, AskRank, Phase, QuartetsState, Rules, deal_of, new_match

# Seat 3 deals, so seat 0 (on the dealer's left) asks first. Four hands of 13.
PLAIN = [
    "8H 2C 2D 3C 3D 4C 4D 5C 5D 6C 6D 7C 7D",
    "8S 8C 2H 3H 4H 5H 6H 7H 9C 9D TC TD JC",
    "8D 2S 3S 4S 5S 6S 7S 9H 9S TH TS JD JH",
    "JS QC QD QH QS KC KD KH KS AC AD AH AS",
]
# Seat 0 keeps only 5C after laying three sets; seat 2 holds the other fives.
OUT_TO_GIVER = [
    "2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C",
    "6C 6D 6H 7C 7D 7H 8C 8D 8H 9C 9D 9H TC",
    "5D 5H 5S 6S 7S 8S 9S TD TH TS JC JD JH",
    "JS QC QD QH QS KC KD KH KS AC AD AH AS",
]
# As above, but seat 2 holds only 5S after laying three sets, and seat 1 holds 5D 5H.
GIVER_OUT_TOO = [
    "2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C",
    "5D 5H 9C 9D 9H TC TD TH JC JD JH QC QD",
    "6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H 8S 5S",
    "9S TS JS QH QS KC KD KH KS AC AD AH AS",
]


def start(hands: list[str], **options: object) -> QuartetsState:
    """The state right after dealing ``hands``, seat 3 dealing (so seat 0 asks first)."""
    rules = Rules(first_dealer=3, **options)  # type: ignore[arg-type]
    return new_match(rules).apply(deal_of(hands, dealer=3))


def ask(state: QuartetsState, text: str) -> QuartetsState:
    seat, card = text.split()
    return state.apply(Ask(int(seat), Card.parse(card)))


def test_a_successful_ask_hands_the_card_over_and_the_asker_asks_again() -> None:
    state = start(PLAIN)
    assert state.to_act == 0
    after = ask(state, "1 8S")
    assert Card.parse("8S") in after.hand(0) and Card.parse("8S") not in after.hand(1)
    assert after.to_act == 0
    assert after.asks.last is not None and after.asks.last.got
    second = ask(after, "1 8C")
    assert Card.parse("8C") in second.hand(0) and second.to_act == 0
    assert len(second.hand(0)) == 15 and len(second.hand(1)) == 11


def test_a_failed_ask_passes_the_turn_to_the_player_asked() -> None:
    state = ask(start(PLAIN), "2 8S")  # seat 1 holds 8S, not seat 2
    assert state.to_act == 2
    assert state.asks.last is not None and not state.asks.last.got
    assert len(state.hand(0)) == 13 and len(state.hand(2)) == 13


def test_a_failed_ask_passes_the_turn_left_under_the_option() -> None:
    state = ask(start(PLAIN, turn_passes="left"), "2 8S")
    assert state.to_act == 1


def test_the_left_option_skips_players_who_are_out() -> None:
    state = start(GIVER_OUT_TOO, turn_passes="left")
    state = ask(state, "2 5S")  # seat 2 gives its last card and is out; seat 0 asks again
    state = ask(state, "3 5D")  # seat 1 holds 5D: the turn passes to the asker's left, seat 1
    assert state.out == (2,) and state.to_act == 1
    state = ask(state, "0 9S")  # seat 3 holds 9S: left of seat 1 is seat 2, out, so seat 3
    assert state.to_act == 3


def test_a_set_dealt_complete_is_laid_down_at_once() -> None:
    state = start(PLAIN)
    assert [str(s) for s in state.sets_laid(3)] == ["QC QD QH QS", "KC KD KH KS", "AC AD AH AS"]
    assert str(state.hand(3)) == "JS" and state.points == (0, 0, 0, 3)
    assert state.zones()["sets 3"] == cards("QC QD QH QS KC KD KH KS AC AD AH AS")


def test_the_asker_going_out_passes_the_turn_to_the_giver() -> None:
    state = start(OUT_TO_GIVER)
    assert str(state.hand(0)) == "5C"
    for text in ("2 5D", "2 5H"):
        state = ask(state, text)
        assert state.to_act == 0
    state = ask(state, "2 5S")
    assert not state.hand(0) and state.points[0] == 4
    assert state.out == (0,)
    assert state.to_act == 2  # the giver, not seat 1 on the asker's left


def test_the_turn_goes_clockwise_when_the_giver_is_out_too() -> None:
    state = start(GIVER_OUT_TOO)
    state = ask(state, "1 5D")
    state = ask(state, "1 5H")
    state = ask(state, "2 5S")  # completes the fives: seat 0 and seat 2 both have no cards
    assert state.out == (0, 2)
    assert state.to_act == 1


def test_a_player_emptied_by_being_asked_is_out_and_cannot_be_asked() -> None:
    state = start(GIVER_OUT_TOO)
    state = ask(state, "2 5S")  # seat 2's last card
    assert state.out == (2,) and state.to_act == 0
    assert all(a.seat != 2 for a in state.legal_actions())  # type: ignore[union-attr]
    violation = state.check(Ask(2, Card.parse("5D")))
    assert violation is not None and violation.code is ViolationCode.ASK_PLAYER_OUT


def test_a_rank_ask_takes_every_card_of_the_rank() -> None:
    state = start(GIVER_OUT_TOO, ask="rank")
    state = state.apply(AskRank(1, Rank.FIVE))
    assert str(state.hand(0)) == "5C 5D 5H" and state.to_act == 0
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Ask(2, Card.parse("5S")))
    assert caught.value.violation.code is ViolationCode.UNKNOWN_ACTION
    state = state.apply(AskRank(2, Rank.FIVE))
    assert state.out == (0, 2) and state.to_act == 1


def test_a_deal_ends_when_all_thirteen_sets_are_down() -> None:
    state = start(OUT_TO_GIVER, deals=1)
    # Seat 0 and seat 3 lay down 3 sets each at the deal; play the rest out by taking cards.
    while state.phase is Phase.ASK:
        asker = state.to_act
        assert asker is not None
        wanted = [
            a
            for a in state.legal_actions()
            if isinstance(a, Ask) and state.hands[a.seat] >> a.card.index & 1
        ]
        state = state.apply(wanted[0] if wanted else state.legal_actions()[0])
    assert state.is_over and sum(state.scores) == 13
    assert state.results[0].points == state.scores
