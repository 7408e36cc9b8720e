"""Helpers for the Preference tests: named deals, scripted calls and a deterministic play-out.

The helpers are checked here too, so a broken helper cannot make other tests pass vacuously.
"""

from __future__ import annotations

from collections.abc import Callable

from tablegames.core.actions import Play
from tablegames.pieces import DECK_32, Card, Suit, cards
from tablegames.preference import (
    Action,
    Phase,
    PreferenceState,
    Rules,
    deal_of,
    new_match,
    parse_action,
)

SUITED = ["", "AH KH QH JH TH 9H 8H 7H AS KS", "AD KD QD JD TD 9D 8D 7D QS JS",
          "AC KC QC JC TC 9C 8C 7C TS 9S"]  # fmt: skip
"""Dealer 0; seat 1 all hearts, seat 2 all diamonds, seat 3 all clubs; widow 8S 7S."""
SUITED_WIDOW = "8S 7S"


def rotate(hands: list[str], dealer: int) -> list[str]:
    """The same hands moved round so that ``dealer`` deals (seat dealer+i gets hands[i])."""
    return [hands[(seat - dealer) % 4] for seat in range(4)]


def dealt(
    hands: list[str] | None = None,
    widow: str = SUITED_WIDOW,
    dealer: int = 0,
    rules: Rules | None = None,
    state: PreferenceState | None = None,
) -> PreferenceState:
    """The state right after dealing ``hands`` (by seat) and ``widow``."""
    state = state if state is not None else new_match(rules or Rules(first_dealer=dealer))
    assert state.phase is Phase.DEAL and state.dealer == dealer
    return state.apply(deal_of(hands or SUITED, widow, dealer))


def act(state: PreferenceState, *texts: str) -> PreferenceState:
    """Apply actions written in notation, each by the seat whose turn it is."""
    for text in texts:
        state = state.apply(parse_action(text), seat=state.to_act)
    return state


def lowest(state: PreferenceState) -> Action:
    """The first legal action (for plays: the legal card of lowest deck index)."""
    return state.legal_actions()[0]


def play_out(
    state: PreferenceState, pick: Callable[[PreferenceState], Action] = lowest
) -> PreferenceState:
    """Play the rest of the deal with ``pick`` choosing each card; returns the state after
    settlement."""
    deals = len(state.results)
    while len(state.results) == deals:
        assert state.phase is Phase.PLAY
        state = state.apply(pick(state))
    return state


def card_set(text: str) -> int:
    """The mask of cards written in notation."""
    return cards(text).mask


def suit_hands(trump: Suit, declarer_has_trumps: bool) -> tuple[list[str], str]:
    """Dealer 0. With ``declarer_has_trumps`` seat 1 holds all eight ``trump`` cards (so takes at
    least 8 tricks); otherwise seat 2 holds them all and seat 1 none (so seat 1, holding no
    trump, takes at most the 2 tricks where seat 2 plays its two other cards)."""
    trumps = [c for c in DECK_32 if c.suit == trump]
    rest = [c for c in DECK_32 if c.suit != trump]
    if declarer_has_trumps:
        seat1, seat2, seat3 = trumps + rest[:2], rest[2:12], rest[12:22]
        widow = rest[22:]
    else:
        seat2, seat1, seat3 = trumps + rest[:2], rest[2:12], rest[12:22]
        widow = rest[22:]

    def text(group: list[Card]) -> str:
        return " ".join(str(c) for c in group)

    return ["", text(seat1), text(seat2), text(seat3)], text(widow)


def test_helpers_deal_what_they_say() -> None:
    """dealt() gives each seat its named hand and the widow its cards; play_out plays 30 cards."""
    state = dealt()
    assert [str(state.hand(s)) for s in range(4)] == [
        "",
        str(cards(SUITED[1])),
        str(cards(SUITED[2])),
        str(cards(SUITED[3])),
    ]
    assert state.widow == card_set(SUITED_WIDOW)
    state = act(state, "bid H", "pass", "pass")
    final = play_out(state)
    assert sum(final.results[-1].tricks) == 10
    hands, _ = suit_hands(Suit.CLUBS, declarer_has_trumps=False)
    assert len(cards(hands[1])) == 10 and not cards(hands[1]).mask & card_set("7C AC")
    assert isinstance(lowest(dealt(rotate(SUITED, 1), dealer=1)), type(parse_action("pass")))
    assert isinstance(Play(Card.parse("AH")), Play)
