"""The searcher of one hand: its two questions, their tables and the budget.

A :class:`Searcher` is made for one hand under one contract (a real state, or one sampled
world) and answers questions about any position of it, each by the one fail-soft null-window
search of :mod:`tablegames.solve.alphabeta` over its own transposition table:

- :meth:`Searcher.test` (value): a bound on what side 0 takes from the position on less what
  side 1 takes (the *margin*), tested against a threshold ``need``: it returns ``g >= need``
  (then the margin is at least ``g``) or ``g < need`` (then it is at most ``g``).
  :meth:`Searcher.margin` runs the tests MTD(f) asks for until the bounds meet.
- :meth:`Searcher.makes` (contract): whether the declarer's side makes its contract under best
  play by both sides: one test of a search whose leaves are the game's own results.

Every rule comes from the engine: who may play what (:func:`~tablegames.tricks.follow.legal_plays`),
the end of each trick (:meth:`~tablegames.tricks.play.TrickPlay.finish_trick`: the winner, the
game's ``after_trick`` and ``hand_result``), what a trick is worth (``trick_value``) and who
plays with whom (``side_of``). The search reads the model's fields only to order moves
(:mod:`tablegames.solve.moves`), merge interchangeable pieces (:mod:`tablegames.solve.tables`)
and bound what is left (:mod:`tablegames.solve.bounds`).

A table is keyed by the hands as a trick is led, the leader and the number of tricks played
(plus, in contract queries and in hands that may end early, each side's tricks and value so
far); it keeps lower and upper bounds on the value from there and the best lead found
(:mod:`tablegames.solve.entries`). What the searches keep (entries, their trick ends, the
ends of distinct tricks, sorted moves) is counted together and thinned when it would pass
``table_size`` items, the entries nearest the start of the hand kept
(:mod:`tablegames.solve.memory`).

>>> import random
>>> from tablegames import texas42
>>> from tablegames.texas42.state import PLAY
>>> state = texas42.new_match().apply(texas42.deal_of(["6:6 6:5 6:4 6:3 6:2 6:1 6:0",
...     "5:5 5:4 5:3 5:2 5:1 5:0 4:4", "4:3 4:2 4:1 4:0 3:3 3:2 3:1",
...     "3:0 2:2 2:1 2:0 1:1 1:0 0:0"])).apply(texas42.Bid(30))
>>> for text in ("pass", "pass", "pass", "trump 5"):
...     state = state.apply(texas42.parse_action(text))
>>> position = PLAY.position(state)
>>> searcher = Searcher(PLAY, position.part, position.tally)
>>> searcher.margin(position)      # side 1 (seats 1 and 3) takes all 42 points
(-42, -42)
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Hashable
from typing import Any, NamedTuple

from tablegames.core.errors import TableGamesError
from tablegames.tricks.hooks import one_trick
from tablegames.tricks.play import Position, TrickPlay
from tablegames.tricks.tally import TrickTally

from .alphabeta import Play, null_window
from .bounds import Left, contract_entries, left_to_take, value_entries
from .budget import CLOCK_EVERY, Budget, Exhausted
from .entries import (
    INFINITY,
    Entry,
    Fresh,
    Past,
    TrickEnd,
    arrival,
    last_winner,
    trick_ends,
)
from .lines import check_lines
from .memory import HIGH, LOW, Memory
from .moves import move_order
from .tables import tables_for

__all__ = [
    "CLOCK_EVERY",
    "INFINITY",
    "TABLE_SIZE",
    "Budget",
    "Exhausted",
    "Past",
    "Searcher",
    "last_winner",
]

TABLE_SIZE = 1 << 20
"""The bound of what a searcher keeps (its tables' entries, their kids, trick ends and move
orders: see :mod:`tablegames.solve.memory`) unless told otherwise."""


class _Question(NamedTuple):
    """One question's search: its table of trick starts, its roots within a trick (kept for
    the next search of the same position), how a new entry starts, the bounds of a new root
    within a trick (by the hands, part, tally and turns of its trick's start), whether its
    keys carry the past, and the search."""

    table: dict[Hashable, Entry]
    roots: dict[Hashable, Entry]
    fresh: Fresh
    within: Left | None
    with_past: bool
    play: Play


class Searcher:
    """Searches of one hand under one contract (see the module doc): ``part`` is the game's
    part of the hand and ``tally`` its tricks at any moment of the play (the sides, the seats
    and the model are read from them once). :meth:`limit` bounds the work of the searches.

    >>> from tablegames.texas42.state import PLAY
    >>> Searcher(PLAY, None, None)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.TableGamesError: The solver needs a position in play.
    """

    def __init__(
        self,
        engine: TrickPlay[Any, Any, Any, Any],
        part: object,
        tally: TrickTally | None,
        *,
        table_size: int = TABLE_SIZE,
    ) -> None:
        if tally is None:
            raise TableGamesError("The solver needs a position in play.")
        hooks = engine.valuation
        side_of = hooks.side_of
        if side_of is None:
            raise TableGamesError(
                "The solver needs two sides: this game's play engine names none (side_of)."
            )
        self.engine = engine
        self.model = tally.model
        self.part = part
        self.seating = tally.seating
        self.sides = tuple(side_of(part, seat) for seat in range(tally.seating.seats))
        if not set(self.sides) <= {0, 1}:
            raise TableGamesError("The solver needs two sides, 0 and 1 (side_of).")
        self.table_size = table_size
        self.memory = Memory(table_size)
        """What the searches keep, and its bound: let go as soon as the searcher is (its
        search functions refer to themselves, and would wait for the cyclic collector)."""
        weakref.finalize(self, self.memory.clear)
        self._budget = Budget()
        self.memory.thinning = self._budget.thinning
        self.ends_early = hooks.ends_early is not None and bool(hooks.ends_early(part))
        declarer = None if hooks.declarer is None else hooks.declarer(part)
        self.declarer_side = None if declarer is None else self.sides[declarer]
        """The side of the declarer (whose contract the hand plays for), or None."""
        self.value_table: dict[Hashable, Entry] = {}
        self.contract_table: dict[Hashable, Entry] = {}
        self._build()

    def _build(self) -> None:
        """The pieces of the searches, made once for the hand."""
        engine = self.engine
        hooks = engine.valuation
        model = self.model
        sides = self.sides
        memory = self.memory
        trick_value = hooks.trick_value
        tables = tables_for(model, hooks.piece_value)
        # What a trick is worth is known by its pieces (a base worth plus each piece's value,
        # none below nothing): what is left to take is then known, and pieces of equal value
        # may be merged. The sum is checked against trick_value at each new trick's end.
        known_values = hooks.piece_value is not None or trick_value is one_trick
        known_values = known_values and trick_value(()) >= 0 and min(tables.values) >= 0
        # Without an after_trick hook a trick's end takes its pieces out of the hands and its
        # winner leads (what tricks.play says): the next position's key is known before the
        # engine is asked. A value search of a hand that ends only when its hands run out
        # needs nothing of the engine but the winner of each trick (lazy).
        predict = engine.hooks.after_trick is None
        lazy = predict and not self.ends_early
        self._moves = moves = move_order(
            tables,
            model,
            sides,
            merging=tables.mergeable and known_values,
            memory=memory,
            checkpoint=self._budget.checkpoint,
            refilled=not predict,
        )
        ends = trick_ends(
            model, trick_value, memory, tables.values if hooks.piece_value is not None else None
        )
        self._trick_end: TrickEnd = ends.end
        self._predict = predict
        self._lazy = lazy
        self._checked = False

        def question(
            table: dict[Hashable, Entry], fresh: Fresh, within: Left | None, *, value: bool
        ) -> _Question:
            arrive = arrival(
                engine,
                sides,
                ends,
                table,
                fresh,
                turns_by_leader=self.seating.turns,
                predict=predict,
                lazy=lazy and value,
                scored=value,
                memory=memory,
            )
            play = null_window(moves.ordered, arrive, model, tables.lead_key)
            with_past = self.ends_early or not value
            roots: dict[Hashable, Entry] = {}
            memory.tables.append(roots)
            return _Question(table, roots, fresh, within, with_past, play)

        base = trick_value(()) if known_values else 0
        left = None
        if known_values and (predict or hooks.tricks_left is not None):
            left = left_to_take(tables, base=base, tricks_left=hooks.tricks_left)
        # The quick tricks, the leader's and a seat's sure winners: by the keys (a model the
        # solver understands, ending with the hands), the leader's with free leads (no
        # forced order). What they take of the engine is checked on the first lines, which
        # turn them off where the engine does otherwise (see _check_lines).
        grounded = left is not None and not self.ends_early and tables.understood
        self._quick = [grounded and not model.tiers, grounded]
        fresh = value_entries(
            tables,
            sides,
            left=left,
            base=base,
            quick=self._quick,
            special=0 if model.special_winner is None else model.special_pieces,
            trick_end=ends.end,
            finish=engine.finish_trick,
            trick_value=trick_value,
        )
        self._value = question(self.value_table, fresh, left, value=True)
        self._contract: _Question | None = None
        if self.declarer_side is not None and hooks.made is not None:
            fresh = contract_entries(hooks.made, self.declarer_side)
            self._contract = question(self.contract_table, fresh, None, value=False)

    @property
    def nodes(self) -> int:
        """Nodes searched so far (every play tried counts one).

        >>> import random
        >>> from tablegames.solve.bench import first_lead
        >>> from tablegames.texas42.state import PLAY
        >>> position = PLAY.position(first_lead("texas42", random.Random(3)))
        >>> searcher = Searcher(PLAY, position.part, position.tally)
        >>> searcher.nodes, searcher.test(position, 0) is not None, searcher.nodes > 0
        (0, True, True)
        """
        return self._moves.counted()

    # -- budget ---------------------------------------------------------------------------
    def limit(self, nodes: int | None = None, seconds: float | None = None) -> None:
        """Bound the searches from now on: at most ``nodes`` more nodes, and no later than
        ``seconds`` from now (None: no bound). A search that runs out raises
        :class:`Exhausted`; what it had proved stays in the table.

        >>> import random
        >>> from tablegames.solve.bench import first_lead
        >>> from tablegames.texas42.state import PLAY
        >>> position = PLAY.position(first_lead("texas42", random.Random(3)))
        >>> searcher = Searcher(PLAY, position.part, position.tally)
        >>> searcher.limit(nodes=10)
        >>> low, high = searcher.margin(position)
        >>> low < high, searcher.nodes
        (True, 10)
        """
        budget = self._budget
        budget.nodes = None if nodes is None else self.nodes + nodes
        budget.deadline = None if seconds is None else time.perf_counter() + seconds
        self._moves.arm(budget.next_check(self.nodes))

    # -- the shortcuts checked against the engine ------------------------------------------
    def _check_lines(self, position: Position) -> None:
        """The game's hooks checked once against what the search takes from them (see
        :func:`~tablegames.solve.lines.check_lines`); the quick tricks are turned off where the
        engine does otherwise."""
        self._checked = True
        check_lines(
            self.engine,
            position,
            self._trick_end,
            predict=self._predict,
            ends_early=self.ends_early,
            quick=self._quick,
        )

    # -- what the past adds up to -----------------------------------------------------------
    def past_of(self, tally: TrickTally) -> Past:
        """Each side's value and tricks over ``tally``'s finished tricks (by the game's own
        ``trick_value`` and sides).

        >>> from tablegames.texas42.model import MODELS
        >>> from tablegames.texas42.state import PLAY
        >>> from tablegames.texas42 import Rules
        >>> from tablegames.texas42.hand import start_part
        >>> tally = TrickTally.begin((0, 1, 2, 3), 0, 4, MODELS[6]).after((27, 26, 0, 1))
        >>> Searcher(PLAY, start_part(Rules(), 0, (0, 0), ()), tally).past_of(tally)
        (1, 0, 1, 0)
        """
        trick_value = self.engine.valuation.trick_value
        totals = [0, 0, 0, 0]
        for trick in tally.tricks:
            winner = self.sides[trick.winner]
            totals[winner] += trick_value(trick.pieces)
            totals[2 + winner] += 1
        return totals[0], totals[1], totals[2], totals[3]

    # -- the questions ------------------------------------------------------------------
    def test(self, position: Position, need: int) -> int:
        """A fail-soft bound on side 0's margin from ``position``, against ``need``: at least
        the bound when it is ``>= need``, at most it when it is below (raises
        :class:`Exhausted` when the budget runs out).

        >>> import random
        >>> from tablegames.solve.bench import first_lead
        >>> from tablegames.texas42.state import PLAY
        >>> position = PLAY.position(first_lead("texas42", random.Random(7)))
        >>> searcher = Searcher(PLAY, position.part, position.tally)
        >>> searcher.test(position, -6) >= -6, searcher.test(position, -5) < -5   # side 1 leads
        (True, True)
        """
        return self._search(position, need, self._value)

    def makes(self, position: Position) -> bool:
        """Whether the declarer's side makes its contract from ``position`` under best play
        (raises :class:`Exhausted` when the budget runs out).

        >>> import random
        >>> from tablegames.solve.bench import first_lead
        >>> from tablegames.texas42.state import PLAY
        >>> position = PLAY.position(first_lead("texas42", random.Random(7)))
        >>> Searcher(PLAY, position.part, position.tally).makes(position)
        False
        """
        contract = self._contract
        if contract is None:
            raise TableGamesError("This hand has no contract to make.")
        return (self._search(position, 1, contract) >= 1) is (self.declarer_side == 0)

    def moves(self, position: Position) -> tuple[int, ...]:
        """The plays the search tries at ``position``, in the order it tries them: the legal
        plays, pieces interchangeable with one tried left out (this counts as a node).

        >>> import random
        >>> from tablegames.solve.bench import first_lead
        >>> from tablegames.texas42.state import PLAY
        >>> from tablegames.tricks import legal_plays
        >>> state = first_lead("texas42", random.Random(7))
        >>> position = PLAY.position(state)
        >>> tried = Searcher(PLAY, position.part, position.tally).moves(position)
        >>> legal = legal_plays(position.hands[state.to_act], (), position.tally.model)
        >>> set(tried) <= {piece for piece in range(28) if legal >> piece & 1}
        True
        """
        entry, top, holder = self._root(position, self._value)
        return self._moves.ordered(position.pieces, top, holder, entry)[0]

    def bounds(self, position: Position) -> tuple[int, int]:
        """The bounds on side 0's margin from ``position`` proved so far.

        >>> import random
        >>> from tablegames.solve.bench import first_lead
        >>> from tablegames.texas42.state import PLAY
        >>> position = PLAY.position(first_lead("texas42", random.Random(7)))
        >>> searcher = Searcher(PLAY, position.part, position.tally)
        >>> low, high = searcher.bounds(position)
        >>> searcher.margin(position) == (-6, -6) and low <= -6 <= high
        True
        """
        entry = self._root(position, self._value)[0]
        return entry[LOW], entry[HIGH]

    def _search(self, position: Position, need: int, question: _Question) -> int:
        entry, top, holder = self._root(position, question)
        low: int = entry[LOW]
        if low >= need:
            return low
        high: int = entry[HIGH]
        if high < need:
            return high
        g = question.play(position.pieces, need, top, holder, entry)
        if g >= need:
            entry[LOW] = g
        else:
            entry[HIGH] = g
        return g

    def _root(self, position: Position, question: _Question) -> tuple[Entry, int, int]:
        """The entry a search of ``position`` starts from (made when new), the key of the
        piece heading the trick so far and the side that played it."""
        hands, pieces, part, tally = position
        past = self.past_of(tally) if question.with_past else None
        number = tally.number
        key: tuple[object, ...] = (hands, tally.turns[0], number, past)
        table = question.table
        if pieces:
            key = (*key, pieces)
            table = question.roots
        entry = table.get(key)
        if entry is None:
            if not self._checked:
                self._check_lines(position)
            live = None
            if not self._predict:  # the hands refill: every piece not taken is in play
                taken = 0
                for mask in tally.taken:
                    taken |= mask
                live = ((1 << len(self.model.lead_suit)) - 1) & ~taken
            self.memory.room()
            entry = table[key] = question.fresh(
                hands, part, tally, tally.turns, number, past, None, live
            )
            if pieces:  # a root within a trick: bounded by what is left from the trick's start
                entry[LOW], entry[HIGH] = self._within(question, hands, part, tally)
        if not pieces:
            return entry, -1, 0
        row = self.model.keys[self.model.lead_suit[pieces[0]]]
        top, at = -1, 0
        for place, piece in enumerate(pieces):
            if row[piece] > top:
                top, at = row[piece], place
        return entry, top, self.sides[tally.turns[at]]

    def _within(
        self, question: _Question, hands: tuple[int, ...], part: object, tally: TrickTally
    ) -> tuple[int, int]:
        """The bounds of a root within a trick: what is left to take from the trick's start
        (0..1 in a contract search; unbounded where nothing is known)."""
        if question is not self._value:
            return 0, 1
        if question.within is None:
            return -INFINITY, INFINITY
        most = question.within(hands, part, tally, tally.turns)
        return -most, most

    def margin(
        self, position: Position, guess: int = 0, low: int = -INFINITY, high: int = INFINITY
    ) -> tuple[int, int]:
        """Bounds on side 0's margin from ``position`` (MTD(f), the first test at ``guess``):
        equal when the search finished, else as far as it got before its budget ran out.

        >>> import random
        >>> from tablegames.solve.bench import first_lead
        >>> from tablegames.texas42.state import PLAY
        >>> position = PLAY.position(first_lead("texas42", random.Random(7)))
        >>> Searcher(PLAY, position.part, position.tally).margin(position)   # side 1 leads
        (-6, -6)
        """
        g = guess
        try:
            while low < high:
                beta = g + 1 if g == low else g
                g = self.test(position, beta)
                if g < beta:
                    high = g
                else:
                    low = g
        except Exhausted:
            pass
        return low, high
