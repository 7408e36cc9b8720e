"""Shared by the solver's tests: random endgames of every trick game in every option mix and
contract, reached through the public game API (a random deal, the calls that make the
contract, then random legal plays).

- Texas 42 (docs/texas42.md "Play", "Scoring" and "Special contracts"): every contract (a plain
  bid and trump, 84 under marks, nello in each doubles mode, plunge, splash, sevens), doubles
  trump, follow-me, ``follow="higher_end"``, points and marks scoring;
- Preference (docs/preference.md "Rules, rulings and options"): a game in each trump suit, bid in
  round one, or played with the widow after round two (kept or two cards discarded);
- Ninety-Two (docs/ninety-two.md "Players, cards, dealing"): 4, 6 and 8 players, the leftovers
  dead or dealt, the stock known (every world is dealt), bid and partners named by the heuristic
  agent.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from tablegames import ninety_two, preference, texas42
from tablegames.agents import HeuristicAgent

Start = Callable[[random.Random], Any]
"""The first state of the play of a random hand, from a random source."""

# -- Texas 42 ------------------------------------------------------------------------------------

MARKS = {"scoring": "marks", "bid_ladder": "marks"}
SPECIALS = {**MARKS, "nello": True, "plunge": True, "splash": True, "sevens": True}

TEXAS42_MIXES: dict[str, tuple[dict[str, Any], str]] = {
    "points": ({}, "bid"),
    "points-higher-end": ({"follow": "higher_end"}, "bid"),
    "doubles-trump": ({"doubles_trump": True}, "doubles"),
    "doubles-trump-higher-end": ({"doubles_trump": True, "follow": "higher_end"}, "doubles"),
    "follow-me": ({"follow_me": True}, "none"),
    "follow-me-higher-end": ({"follow_me": True, "follow": "higher_end"}, "none"),
    "marks": (MARKS, "bid"),
    "marks-84": (MARKS, "84"),
    "marks-84-doubles-trump": ({**MARKS, "doubles_trump": True}, "84 doubles"),
    "marks-84-follow-me": ({**MARKS, "follow_me": True, "follow": "higher_end"}, "84 none"),
    "nello-suit": ({**SPECIALS, "nello_doubles": "suit"}, "trump nello suit"),
    "nello-high": ({**SPECIALS, "nello_doubles": "high"}, "trump nello high"),
    "nello-low": ({**SPECIALS, "nello_doubles": "low"}, "trump nello low"),
    "nello-choose-higher-end": ({**SPECIALS, "follow": "higher_end"}, "trump nello suit"),
    "sevens": (SPECIALS, "trump sevens"),
    "plunge": (SPECIALS, "bid plunge"),
    "splash": ({**SPECIALS, "splash_marks": 3}, "bid splash"),
}
"""Texas 42 option mixes (rules) and the contract each endgame is played under: ``bid`` a
random bid and trump of the plain ones, ``84`` a bid of two marks (``84 doubles`` / ``84 none``
with those trumps), ``doubles`` / ``none`` those trumps, a ``trump ...`` the special contract
named after one mark, ``bid plunge`` / ``bid splash`` those bids (the partner names a random
trump)."""


def texas42_hand(rng: random.Random, rules: dict[str, Any], contract: str) -> Any:
    """The first state of the play of a Texas 42 hand under ``contract`` (see
    :data:`TEXAS42_MIXES`), from a random deal."""
    while True:
        state = texas42.new_match(texas42.Rules(**rules))
        state = state.apply(state.chance_outcome(rng))
        bid = contract if contract.startswith("bid ") else None
        called = False
        while state.phase is texas42.Phase.BID:
            legal = [str(a) for a in state.legal_actions()]
            if called:
                choice = "pass"
            elif bid is not None:
                choice = bid if bid in legal else "pass"
            elif contract == "bid":
                choice = rng.choice([a for a in legal if a != "pass"])
            elif contract.startswith("84"):
                choice = "bid 84"
            else:
                choice = "bid 42"
            called = called or choice != "pass"
            state = state.apply(texas42.parse_action(choice))
        if state.phase is not texas42.Phase.TRUMP:
            continue  # nobody could call the special bid: deal again
        legal = [str(a) for a in state.legal_actions()]
        plain = [a for a in legal if "nello" not in a and "sevens" not in a]
        named = {"doubles": "trump doubles", "none": "trump none"}.get(
            contract.removeprefix("84 "), contract
        )
        choice = named if named in legal else rng.choice(plain)
        return state.apply(texas42.parse_action(choice))


# -- Preference ----------------------------------------------------------------------------------

PREFERENCE_CONTRACTS = ("S", "C", "D", "H", "widow S", "widow C", "widow D", "widow H")
"""A game in each trump suit: bid in round one (the first caller bids it, the others pass), or
after round two (everybody passes round one, a random offer wins the widow, which is kept or
two random cards discarded, and the suit is named)."""


def preference_hand(rng: random.Random, contract: str) -> Any:
    """The first state of the play of a Preference deal under ``contract`` (see
    :data:`PREFERENCE_CONTRACTS`), from a random deal."""
    suit = contract[-1]
    widow = contract.startswith("widow")
    state = preference.new_match()
    state = state.apply(state.chance_outcome(rng))
    called = False
    while state.phase is not preference.Phase.PLAY:
        legal = [str(a) for a in state.legal_actions()]
        phase = state.phase
        if phase is preference.Phase.BID:
            choice = "pass" if widow or called else f"bid {suit}"
        elif phase is preference.Phase.OFFER:
            choice = "pass" if called else rng.choice(legal[1:])
        elif phase is preference.Phase.TRUMP:
            choice = f"trump {suit}"
        else:  # the widow: kept, or two cards laid aside
            choice = rng.choice(legal)
        called = called or choice != "pass"
        state = state.apply(preference.parse_action(choice))
    return state


# -- Ninety-Two ----------------------------------------------------------------------------------

NINETY_TWO_TABLES: dict[str, ninety_two.Rules] = {
    "4": ninety_two.Rules(),
    "6": ninety_two.Rules(players=6),
    "6-deal": ninety_two.Rules(players=6, leftovers="deal"),
    "8": ninety_two.Rules(players=8),
    "8-deal": ninety_two.Rules(players=8, leftovers="deal"),
}
"""The tables Ninety-Two is dealt at: 4, 6 or 8 players, the leftovers dead or dealt one each."""


def ninety_two_hand(rng: random.Random, rules: ninety_two.Rules) -> Any:
    """The first state of the play of a Ninety-Two deal under ``rules``, bid and partners named
    by the heuristic agent (a deal thrown in is dealt again)."""
    agent = HeuristicAgent()
    state = ninety_two.new_match(rules)
    while state.phase is not ninety_two.Phase.PLAY:
        if state.is_chance:
            state = state.apply(state.chance_outcome(rng))
        else:
            seat = state.to_act
            assert seat is not None
            state = state.apply(agent.choose(state.view(seat), rng))
    return state


# -- every game and mix --------------------------------------------------------------------------


def tricks_left(state: Any) -> int:
    """How many tricks' worth of pieces are left to play: the largest hand, and in Ninety-Two
    the stock still to draw (shared out among the seats)."""
    hands: int = max(hand.bit_count() for hand in state.hands)
    stock = getattr(state, "stock", ())
    return hands + -(-len(stock) // len(state.hands))


def _texas42_start(rng: random.Random, *, rules: dict[str, Any], contract: str) -> Any:
    return texas42_hand(rng, rules, contract)


def _preference_start(rng: random.Random, *, contract: str) -> Any:
    return preference_hand(rng, contract)


def _ninety_two_start(rng: random.Random, *, rules: ninety_two.Rules) -> Any:
    return ninety_two_hand(rng, rules)


MIXES: dict[str, tuple[str, Start]] = {
    **{
        f"texas42-{name}": ("texas42", partial(_texas42_start, rules=rules, contract=contract))
        for name, (rules, contract) in TEXAS42_MIXES.items()
    },
    **{
        f"preference-{contract.replace(' ', '-')}": (
            "preference",
            partial(_preference_start, contract=contract),
        )
        for contract in PREFERENCE_CONTRACTS
    },
    **{
        f"ninety-two-{name}": ("ninety-two", partial(_ninety_two_start, rules=rules))
        for name, rules in NINETY_TWO_TABLES.items()
    },
}
"""Every game and option mix the solver is checked in: the game's name and the start of a
random hand's play."""


def endgame(rng: random.Random, start: Start, tricks: int, played: int) -> Any:
    """A state of a hand from ``start`` with at most ``tricks`` tricks left to play
    (:func:`tricks_left`) and ``played`` pieces of the trick in progress down (fewer if the
    trick is shorter), reached by random play; the hand drawn again when it ends first."""
    while True:
        state = start(rng)
        phase = state.phase
        while state.phase is phase:
            table = state.table
            down = min(played, len(table.order) - 1)
            if tricks_left(state) <= tricks and len(table.pieces) >= down:
                return state
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])


def texas42_endgames(mix: str, count: int, seed: int, longer: int = 0) -> Iterator[Any]:
    """``count`` endgames of the last two or three tricks under ``mix``, then ``longer`` of
    the last four."""
    rules, contract = TEXAS42_MIXES[mix]
    rng = random.Random(f"{mix}-{seed}")
    for number in range(count + longer):
        tricks = 4 if number >= count else rng.choice((2, 3, 3))
        yield endgame(rng, lambda r: texas42_hand(r, rules, contract), tricks, rng.randrange(4))
