"""The transposition table's entries and the end of each trick, as the search meets them.

An *entry* is a plain list, one per trick start (and one per root within a trick), whose fields
are named by the indices below: ``[low, high, best lead, trick ends, part, tally, turns,
number, past, hands, live]`` (``live``: in a hand that refills, the pieces not taken yet, the
stock's among them; None in a hand that does not, whose live pieces are its hands). ``low`` and
``high`` bound the value searched from there (side 0's margin in a value search; 1 when side 0
gets its way and 0 when not in a contract search); the *trick ends* map the pieces of a
complete trick from there to its worth to side 0 and the entry after it, so the engine's end of
a trick runs once per distinct trick however often MTD(f) searches the tree.

:func:`arrival` makes the step from an entry over a complete trick to the next entry: from the
engine's own end of the trick (:meth:`~tablegames.tricks.play.TrickPlay.finish_trick`), or, in
a hand whose tricks change nothing but the hands and the leader (no ``after_trick``), predicted
and checked against the engine the first time. The next entry is looked up in a table keyed by
the hands, the leader, the number of tricks played and, where the future depends on it, what
each side has taken so far (:data:`Past`). Every entry, kid and trick end made is counted by the
searcher's :class:`~tablegames.solve.memory.Memory`, which thins them when they would pass its
bound (every kid and trick end goes, and every entry but those nearest the start).

>>> from tablegames.texas42.model import model_for
>>> from tablegames.texas42.trumps import COUNT
>>> from tablegames.solve.memory import Memory
>>> end = trick_ends(model_for(6), lambda pieces: 1 + sum(COUNT[p] for p in pieces),
...     Memory(16)).end
>>> place, worth, keep = end((27, 20, 0, 1))     # 6:6 5:5 0:0 1:0, sixes trump
>>> place, worth, keep & (1 << 27 | 1 << 2) == 1 << 2
(0, 11, True)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

from tablegames.core.errors import TableGamesError
from tablegames.tricks.model import TrickModel
from tablegames.tricks.play import TrickPlay
from tablegames.tricks.tally import TrickTally
from tablegames.tricks.winner import trick_winner

from .memory import HANDS, KIDS, LIVE, NUMBER, PART, PAST, TALLY, TURNS, Memory

__all__ = [
    "INFINITY",
    "Arrive",
    "Entry",
    "Fresh",
    "Past",
    "TrickEnd",
    "TrickEnds",
    "arrival",
    "last_winner",
    "trick_ends",
]

INFINITY = 1 << 40
"""A margin beyond any hand's: the bound of a game whose remaining value is not known."""

Entry = list[Any]
"""An entry of the tables (see the module doc)."""

Past = tuple[int, int, int, int] | None
"""What the tricks so far add up to, when a position's future depends on it: side 0's and
side 1's value taken, then their tricks (None when it does not)."""

Fresh = Callable[
    [tuple[int, ...], object, TrickTally | None, tuple[int, ...], int, Past, object, int | None],
    Entry,
]
"""Makes the entry of a position met for the first time, from its hands, part, tally (None in
a search that predicts the tricks' ends), turns, number of tricks played, past, the hand's
result (None while it goes on) and, in a hand that refills, the pieces not taken yet (its
``live``; None in a hand that does not)."""

TrickEnd = Callable[[tuple[int, ...]], tuple[int, int, int]]
"""By a complete trick's pieces: the place of its winner in the trick (the engine's
``trick_winner``), its worth (``trick_value``) and the mask of the pieces still in play."""

Arrive = Callable[[Entry, tuple[int, ...]], tuple[int, Entry]]
"""From an entry over a complete trick: the trick's worth to side 0 and the entry after it."""


def last_winner(tally: TrickTally) -> int:
    """The seat that took the last finished trick of ``tally`` (one at least).

    >>> from tablegames.texas42.model import MODELS
    >>> last_winner(TrickTally.begin((0, 1, 2, 3), 0, 4, MODELS[6]).after((27, 26, 0, 1)))
    0
    """
    finished = tally.finished
    if finished is None:
        raise TableGamesError("No trick is finished yet.")
    return finished[1].winner


class TrickEnds(NamedTuple):
    """The ends of the tricks met so far (``known``, by their pieces) and ``end``, which works
    out a trick's end (see :data:`TrickEnd`) and keeps it there.

    >>> TrickEnds._fields
    ('known', 'end')
    """

    known: dict[tuple[int, ...], tuple[int, int, int]]
    end: TrickEnd


def trick_ends(
    model: TrickModel,
    trick_value: Callable[[tuple[int, ...]], int],
    memory: Memory,
    values: tuple[int, ...] | None = None,
) -> TrickEnds:
    """The ends of complete tricks under ``model`` (see :data:`TrickEnd`), each trick worked
    out once and kept (counted in ``memory``, which lets them all go when it thins what it
    keeps).
    Where the search reads a trick's worth off its pieces (``values``: by piece, what it adds
    to the trick's base worth, ``trick_value(())``), each trick's ``trick_value`` is checked
    against them.

    >>> from tablegames.tricks import plain_card_model
    >>> from tablegames.tricks.hooks import one_trick
    >>> from tablegames.pieces import Card
    >>> end = trick_ends(plain_card_model(None), one_trick, Memory(8)).end
    >>> end(tuple(Card.parse(c).index for c in ("2S", "AS", "KH")))[:2]   # AS takes it
    (1, 1)
    """
    ends: dict[tuple[int, ...], tuple[int, int, int]] = {}
    memory.caches.append(ends)
    room = memory.room
    winner_of = trick_winner
    base = trick_value(())

    def trick_end(after: tuple[int, ...]) -> tuple[int, int, int]:
        known = ends.get(after)
        if known is None:
            room()
            gone = 0
            for piece in after:
                gone |= 1 << piece
            worth = trick_value(after)
            if values is not None and worth != base + sum(values[piece] for piece in after):
                raise TableGamesError(
                    "A trick is worth otherwise than its pieces' values say: a game's "
                    "trick_value must be trick_value(()) plus each piece's piece_value."
                )
            known = ends[after] = (winner_of(after, model), worth, ~gone)
        return known

    return TrickEnds(ends, trick_end)


def arrival(
    engine: TrickPlay[Any, Any, Any, Any],
    sides: tuple[int, ...],
    ends: TrickEnds,
    table: dict[Hashable, Entry],
    fresh: Fresh,
    *,
    turns_by_leader: tuple[tuple[int, ...], ...],
    predict: bool,
    lazy: bool,
    scored: bool,
    memory: Memory,
) -> Arrive:
    """The step over a complete trick from an entry (see :data:`Arrive`; ``ends``: the tricks'
        ends, shared by the searches of the hand), its next entry kept
        in ``table`` (made by ``fresh`` when new):

        - ``predict``: the game changes nothing after a trick but its pieces leaving the hands and
          its winner leading (no ``after_trick``), so the next key is known before the engine is
          asked, and the engine is asked only for an entry not met before (and checked);
        - ``lazy``: besides, the hand ends only as the hands run out and the search needs nothing
          of the engine but the winner of each trick: the engine is asked at the first trick only,
          to check that, and the next entries have no part or tally;
        - ``scored``: the worth of a trick counts (a value search); else it is 0 (a contract
          search, whose value is read from the hand's result; the past still adds it up).

    ``turns_by_leader`` are the seating's turns by the seat that leads (for a lazy search).
    Each kid (the step from an entry over a trick) and each new entry is counted in ``memory``,
    and an entry given its first kid is noted there (its kids are let go with the table).

        >>> import random
        >>> from tablegames.solve.bench import first_lead
        >>> from tablegames.texas42.state import PLAY
        >>> state = first_lead("texas42", random.Random(3))
        >>> hands, _, part, tally = PLAY.position(state)
        >>> def fresh(hands, part, tally, turns, number, past, result, live):
        ...     return [0, 0, -1, {}, part, tally, turns, number, past, hands, live]
        >>> table = {}
        >>> memory = Memory(9)
        >>> ends = trick_ends(tally.model, PLAY.valuation.trick_value, memory)
        >>> arrive = arrival(PLAY, (0, 1, 0, 1), ends,
        ...     table, fresh, turns_by_leader=tally.seating.turns, predict=True, lazy=False,
        ...     scored=True, memory=memory)
        >>> entry = fresh(hands, part, tally, tally.turns, 1, None, None, None)
        >>> highest = lambda hand: hand.bit_length() - 1
        >>> trick = tuple(highest(hands[seat]) for seat in tally.turns)
        >>> worth, after = arrive(entry, trick)
        >>> after[NUMBER], len(table), sum(bin(hand).count("1") for hand in after[HANDS])
        (2, 1, 24)
        >>> memory.kept[0], memory.parents == [entry]    # a trick's end, a kid, an entry
        (3, True)
    """
    finish = engine.finish_trick
    side = sides
    known = ends.known
    trick_end = ends.end
    memory.tables.append(table)
    room = memory.room
    parents = memory.parents
    kept = memory.kept
    size = memory.size

    def check_end(
        entry: Entry, after: tuple[int, ...], hands: tuple[int, ...], winner: int
    ) -> None:
        """Raise unless the engine ends the trick ``after`` as a lazy search expects: its
        pieces out of the hands, its winner to lead, the hand over only with the hands."""
        _, hands_engine, tally, result = finish(entry[PART], entry[HANDS], entry[TALLY], after)
        if hands_engine != hands or tally.turns[0] != winner or (result is None) != any(hands):
            raise TableGamesError(
                "The engine ended a trick otherwise than the solver expects: a game whose "
                "hand may end before the hands run out needs ends_early, and one that "
                "changes the hands or the leader after a trick needs after_trick."
            )

    def arrive(entry: Entry, after: tuple[int, ...]) -> tuple[int, Entry]:
        place, worth, keep = known.get(after) or trick_end(after)
        signed = worth if scored else 0
        past = entry[PAST]
        hands = entry[HANDS]
        number = entry[NUMBER] + 1
        if predict:
            winner = entry[TURNS][place]
            hands_after = tuple([hand & keep for hand in hands])
            winning = side[winner]
            if past is not None:
                v0, v1, t0, t1 = past
                past = (v0, v1 + worth, t0, t1 + 1) if winning else (v0 + worth, v1, t0 + 1, t1)
            key = (hands_after, winner, number, past)
            found = table.get(key)
            if found is not None:
                count = kept[0] + 1  # a kid (written out: this is the search's hot path)
                if count > size:
                    memory.forget()
                    count = kept[0] + 1
                kept[0] = count
                if not entry[KIDS]:
                    parents.append(entry)
                return (-signed if winning else signed), found
            if lazy:
                if entry[TALLY] is not None:  # the first trick: the engine agrees
                    check_end(entry, after, hands_after, winner)
                room(2)
                if not entry[KIDS]:
                    parents.append(entry)
                if any(hands_after):
                    turns = turns_by_leader[winner]
                    found = fresh(hands_after, None, None, turns, number, None, None, None)
                else:
                    found = [0, 0, -1, {}, None, None, (), number, None, hands_after, None]
                table[key] = found
                return (-signed if winning else signed), found
        part, hands_engine, tally, result = finish(entry[PART], hands, entry[TALLY], after)
        winner = last_winner(tally)
        winning = side[winner]
        if predict:
            if hands_engine != hands_after or tally.turns[0] != winner:
                raise TableGamesError(
                    "The engine ended a trick otherwise than the solver expects: a game "
                    "that changes the hands or the leader after a trick needs after_trick."
                )
        else:
            if past is not None:
                v0, v1, t0, t1 = past
                past = (v0, v1 + worth, t0, t1 + 1) if winning else (v0 + worth, v1, t0 + 1, t1)
            key = (hands_engine, tally.turns[0] if result is None else -1, number, past)
            found = table.get(key)
            if found is not None:
                room()
                if not entry[KIDS]:
                    parents.append(entry)
                return (-signed if winning else signed), found
        room(2)
        if not entry[KIDS]:
            parents.append(entry)
        live = entry[LIVE]  # a hand that refills: the pieces not taken yet, less this trick's
        if live is not None:
            live &= keep
        found = table[key] = fresh(
            hands_engine, part, tally, tally.turns, number, past, result, live
        )
        return (-signed if winning else signed), found

    return arrive
