"""Shared by the solver's tests: a plain minimax over the engine's positions (no pruning, no
table, written from the engine's own functions) and random endgames of Texas 42 in every
option mix (docs/texas42.md "Play", "Scoring" and "Special contracts")."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from tablegames import texas42
from tablegames.solve import engine_of
from tablegames.solve.search import last_winner
from tablegames.tricks.follow import legal_plays
from tablegames.tricks.play import Position, TrickPlay

# -- the reference: a plain minimax over the engine's positions --------------------------------


def minimax(
    engine: TrickPlay[Any, Any, Any, Any], sides: tuple[int, ...], position: Position
) -> int:
    """Side 0's margin from ``position`` (what it takes less what side 1 takes), every line
    searched: side 0 maximises it, side 1 minimises it."""
    hands, pieces, _, tally = position
    seat = tally.turns[len(pieces)]
    values = []
    for piece in _bits(legal_plays(hands[seat], pieces, tally.model)):
        worth, child, _ = after_play(engine, sides, position, piece)
        values.append(worth + (0 if child is None else minimax(engine, sides, child)))
    return min(values) if sides[seat] else max(values)


def contract_minimax(
    engine: TrickPlay[Any, Any, Any, Any],
    sides: tuple[int, ...],
    declaring: int,
    position: Position,
) -> bool:
    """Whether the declarer's side (``declaring``) makes its contract, every line searched
    until one play gets the seat to move its way: the game's own result says at the end of
    each line."""
    hands, pieces, _, tally = position
    seat = tally.turns[len(pieces)]
    wants = sides[seat] == declaring  # made, for the declaring side; set, for the other
    for piece in _bits(legal_plays(hands[seat], pieces, tally.model)):
        _, child, result = after_play(engine, sides, position, piece)
        if child is None:
            made = bool(engine.valuation.made(result))  # type: ignore[misc]
        else:
            made = contract_minimax(engine, sides, declaring, child)
        if made is wants:  # this play gets the seat its way: no other line can do better
            return wants
    return not wants


def after_play(
    engine: TrickPlay[Any, Any, Any, Any], sides: tuple[int, ...], position: Position, piece: int
) -> tuple[int, Position | None, Any]:
    hands, pieces, part, tally = position
    after = (*pieces, piece)
    if len(after) < len(tally.turns):
        return 0, Position(hands, after, part, tally), None
    part, hands, tally, result = engine.finish_trick(part, hands, tally, after)
    worth = engine.valuation.trick_value(after)
    if sides[last_winner(tally)]:
        worth = -worth
    return worth, (None if result is not None else Position(hands, (), part, tally)), result


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def side_to_move(state: Any) -> int:
    """1 when the seat to move plays for side 0, -1 for side 1 (the solver answers for the
    side to move; the minimax is side 0's)."""
    engine = engine_of(state)
    position = engine.position(state)
    side_of = engine.valuation.side_of
    assert side_of is not None
    return -1 if side_of(position.part, state.to_act) else 1


def sides_of(state: Any) -> tuple[int, ...]:
    engine = engine_of(state)
    position = engine.position(state)
    side_of = engine.valuation.side_of
    assert side_of is not None
    return tuple(side_of(position.part, seat) for seat in range(position.tally.seating.seats))


# -- random endgames -----------------------------------------------------------------------------

MARKS = {"scoring": "marks", "bid_ladder": "marks"}
SPECIALS = {**MARKS, "nello": True, "plunge": True, "splash": True, "sevens": True}

TEXAS42_MIXES: dict[str, tuple[dict[str, Any], str]] = {
    "points": ({}, "bid"),
    "points-higher-end": ({"follow": "higher_end"}, "bid"),
    "doubles-trump": ({"doubles_trump": True}, "doubles"),
    "follow-me": ({"follow_me": True}, "none"),
    "follow-me-higher-end": ({"follow_me": True, "follow": "higher_end"}, "none"),
    "marks": (MARKS, "bid"),
    "marks-84": (MARKS, "84"),
    "nello-suit": ({**SPECIALS, "nello_doubles": "suit"}, "trump nello suit"),
    "nello-high": ({**SPECIALS, "nello_doubles": "high"}, "trump nello high"),
    "nello-low": ({**SPECIALS, "nello_doubles": "low"}, "trump nello low"),
    "nello-choose-higher-end": ({**SPECIALS, "follow": "higher_end"}, "trump nello suit"),
    "sevens": (SPECIALS, "trump sevens"),
    "plunge": (SPECIALS, "bid plunge"),
    "splash": ({**SPECIALS, "splash_marks": 3}, "bid splash"),
}
"""Texas 42 option mixes (rules) and the contract each endgame is played under: ``bid`` a
random bid and trump of the plain ones, ``84`` a bid of two marks, ``doubles`` / ``none``
those trumps, a ``trump ...`` the special contract named after one mark, ``bid plunge`` /
``bid splash`` those bids (the partner names a random trump)."""


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
            elif contract == "84":
                choice = "bid 84"
            else:
                choice = "bid 42"
            called = called or choice != "pass"
            state = state.apply(texas42.parse_action(choice))
        if state.phase is not texas42.Phase.TRUMP:
            continue  # nobody could call the special bid: deal again
        legal = [str(a) for a in state.legal_actions()]
        plain = [a for a in legal if "nello" not in a and "sevens" not in a]
        named = {"doubles": "trump doubles", "none": "trump none"}.get(contract, contract)
        choice = named if named in legal else rng.choice(plain)
        return state.apply(texas42.parse_action(choice))


def endgame(
    rng: random.Random, start: Callable[[random.Random], Any], tricks: int, played: int
) -> Any:
    """A state of a hand from ``start`` with at most ``tricks`` tricks to play and ``played``
    pieces of the trick in progress down (fewer if the trick is shorter), reached by random
    play; the hand drawn again when it ends first."""
    while True:
        state = start(rng)
        phase = state.phase
        while state.phase is phase:
            engine = engine_of(state)
            hands, pieces, _, tally = engine.position(state)
            left = max(hand.bit_count() for hand in hands)
            if left <= tricks and len(pieces) >= min(played, len(tally.turns) - 1):
                return state
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])


def texas42_endgames(mix: str, count: int, seed: int, longer: int = 0) -> Iterator[Any]:
    """``count`` endgames of the last two or three tricks under ``mix``, then ``longer`` of
    the last four (a plain minimax of four tricks takes a tenth of a second)."""
    rules, contract = TEXAS42_MIXES[mix]
    rng = random.Random(f"{mix}-{seed}")
    for number in range(count + longer):
        tricks = 4 if number >= count else rng.choice((2, 3, 3))
        yield endgame(rng, lambda r: texas42_hand(r, rules, contract), tricks, rng.randrange(4))
