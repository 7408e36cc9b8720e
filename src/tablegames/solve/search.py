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
(:mod:`tablegames.solve.entries`). It holds at most ``table_size`` entries and is emptied when
full.

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
from typing import Any, NamedTuple

from tablegames.core.errors import TableGamesError
from tablegames.tricks.hooks import one_trick
from tablegames.tricks.play import Position, TrickPlay
from tablegames.tricks.tally import TrickTally

from .alphabeta import Play, null_window
from .bounds import contract_entries, value_entries
from .entries import HIGH, INFINITY, LOW, Entry, Fresh, Past, arrival, last_winner, trick_ends
from .moves import move_order
from .tables import tables_for

__all__ = ["INFINITY", "TABLE_SIZE", "Exhausted", "Past", "Searcher", "last_winner"]

TABLE_SIZE = 1 << 20
"""The transposition table's bound (entries) unless told otherwise; one entry with its trick
ends is about a kilobyte at most, most far less."""

_CLOCK_EVERY = 4096
"""Nodes between looks at the clock when a time budget is set."""


class Exhausted(Exception):  # noqa: N818 (a signal inside the search, not an error)
    """Raised inside a search when its node or time budget runs out."""


class _Question(NamedTuple):
    """One question's search: its table of trick starts, its roots within a trick (kept for
    the next search of the same position), how a new entry starts, the bounds of a new root
    within a trick, whether its keys carry the past, and the search."""

    table: dict[Any, Entry]
    roots: dict[Any, Entry]
    fresh: Fresh
    within: tuple[int, int]
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
        part: Any,
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
        self._budget: int | None = None
        self._deadline: float | None = None
        self.ends_early = hooks.ends_early is not None and bool(hooks.ends_early(part))
        declarer = None if hooks.declarer is None else hooks.declarer(part)
        self.declarer_side = None if declarer is None else self.sides[declarer]
        """The side of the declarer (whose contract the hand plays for), or None."""
        self.value_table: dict[Any, Entry] = {}
        self.contract_table: dict[Any, Entry] = {}
        self._build()

    def _build(self) -> None:
        """The pieces of the searches, made once for the hand."""
        engine = self.engine
        hooks = engine.valuation
        model = self.model
        sides = self.sides
        size = self.table_size
        trick_value = hooks.trick_value
        tables = tables_for(model, hooks.piece_value)
        known_values = hooks.piece_value is not None or trick_value is one_trick
        # Without an after_trick hook a trick's end takes its pieces out of the hands and its
        # winner leads (what tricks.play says): the next position's key is known before the
        # engine is asked. A value search of a hand that ends only when its hands run out
        # needs nothing of the engine but the winner of each trick (lazy).
        predict = engine.hooks.after_trick is None
        lazy = predict and not self.ends_early
        plain = model.special_winner is None
        self._moves = moves = move_order(
            tables,
            model,
            sides,
            merging=tables.mergeable and predict,
            sure_first=plain,
            table_size=size,
            checkpoint=self._checkpoint,
        )
        ends = trick_ends(model, trick_value, size)

        def question(
            table: dict[Any, Entry], fresh: Fresh, within: tuple[int, int], *, value: bool
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
                table_size=size,
            )
            play = null_window(moves.ordered, arrive, model, tables.lead_key)
            with_past = self.ends_early or not value
            return _Question(table, {}, fresh, within, with_past, play)

        bounded = predict and known_values
        fresh = value_entries(
            tables,
            sides,
            base=trick_value(()) if known_values else 0,
            bounded=bounded,
            quick=bounded and not self.ends_early and plain and not model.tiers,
            trick_end=ends.end,
            finish=engine.finish_trick,
            trick_value=trick_value,
        )
        self._value = question(self.value_table, fresh, (-INFINITY, INFINITY), value=True)
        self._contract: _Question | None = None
        if self.declarer_side is not None and hooks.made is not None:
            fresh = contract_entries(hooks.made, self.declarer_side)
            self._contract = question(self.contract_table, fresh, (0, 1), value=False)

    @property
    def nodes(self) -> int:
        """Nodes searched so far (every play tried counts one).

        >>> import random
        >>> from tablegames import texas42
        >>> from tablegames.texas42.state import PLAY
        >>> state = texas42.new_match()
        >>> while state.phase is not texas42.Phase.PLAY:
        ...     state = state.apply(state.chance_outcome(random.Random(3)) if state.is_chance
        ...                         else state.legal_actions()[-1])
        >>> position = PLAY.position(state)
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
        >>> from tablegames import texas42
        >>> from tablegames.texas42.state import PLAY
        >>> state = texas42.new_match()
        >>> while state.phase is not texas42.Phase.PLAY:
        ...     state = state.apply(state.chance_outcome(random.Random(3)) if state.is_chance
        ...                         else state.legal_actions()[-1])
        >>> position = PLAY.position(state)
        >>> searcher = Searcher(PLAY, position.part, position.tally)
        >>> searcher.limit(nodes=10)
        >>> low, high = searcher.margin(position)
        >>> low < high, searcher.nodes
        (True, 10)
        """
        self._budget = None if nodes is None else self.nodes + nodes
        self._deadline = None if seconds is None else time.perf_counter() + seconds
        self._moves.arm(self._next_check(self.nodes))

    def _next_check(self, nodes: int) -> int:
        """The node count at which to look at the budget next, from ``nodes``."""
        check = INFINITY
        if self._budget is not None:
            check = self._budget
        if self._deadline is not None:
            check = min(check, nodes + _CLOCK_EVERY)
        return check

    def _checkpoint(self, nodes: int) -> int:
        """At the node count of the next check: raise :class:`Exhausted` when the budget is
        spent, else the node count of the check after."""
        if self._budget is not None and nodes >= self._budget:
            raise Exhausted
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            raise Exhausted
        return self._next_check(nodes)

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
        >>> from tablegames import texas42
        >>> from tablegames.texas42.state import PLAY
        >>> state = texas42.new_match()
        >>> while state.phase is not texas42.Phase.PLAY:
        ...     state = state.apply(state.chance_outcome(random.Random(7)) if state.is_chance
        ...                         else state.legal_actions()[-1])
        >>> position = PLAY.position(state)
        >>> searcher = Searcher(PLAY, position.part, position.tally)
        >>> searcher.test(position, -14) >= -14, searcher.test(position, -13) < -13   # side 1 leads
        (True, True)
        """
        return self._search(position, need, self._value)

    def makes(self, position: Position) -> bool:
        """Whether the declarer's side makes its contract from ``position`` under best play
        (raises :class:`Exhausted` when the budget runs out).

        >>> import random
        >>> from tablegames import texas42
        >>> from tablegames.texas42.state import PLAY
        >>> state = texas42.new_match()
        >>> while state.phase is not texas42.Phase.PLAY:
        ...     state = state.apply(state.chance_outcome(random.Random(7)) if state.is_chance
        ...                         else state.legal_actions()[-1])
        >>> position = PLAY.position(state)
        >>> Searcher(PLAY, position.part, position.tally).makes(position)
        False
        """
        contract = self._contract
        if contract is None:
            raise TableGamesError("This hand has no contract to make.")
        return (self._search(position, 1, contract) >= 1) is (self.declarer_side == 0)

    def bounds(self, position: Position) -> tuple[int, int]:
        """The bounds on side 0's margin from ``position`` proved so far.

        >>> import random
        >>> from tablegames import texas42
        >>> from tablegames.texas42.state import PLAY
        >>> state = texas42.new_match()
        >>> while state.phase is not texas42.Phase.PLAY:
        ...     state = state.apply(state.chance_outcome(random.Random(7)) if state.is_chance
        ...                         else state.legal_actions()[-1])
        >>> position = PLAY.position(state)
        >>> searcher = Searcher(PLAY, position.part, position.tally)
        >>> low, high = searcher.bounds(position)
        >>> searcher.margin(position) == (-14, -14) and low <= -14 <= high
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
        key: tuple[Any, ...] = (hands, tally.turns[0], number, past)
        table = question.table
        if pieces:
            key = (*key, pieces)
            table = question.roots
        entry = table.get(key)
        if entry is None:
            if len(table) >= self.table_size:
                table.clear()
            entry = table[key] = question.fresh(hands, part, tally, tally.turns, number, past, None)
            if pieces:
                entry[LOW], entry[HIGH] = question.within
        if not pieces:
            return entry, -1, 0
        row = self.model.keys[self.model.lead_suit[pieces[0]]]
        top, at = -1, 0
        for place, piece in enumerate(pieces):
            if row[piece] > top:
                top, at = row[piece], place
        return entry, top, self.sides[tally.turns[at]]

    def margin(
        self, position: Position, guess: int = 0, low: int = -INFINITY, high: int = INFINITY
    ) -> tuple[int, int]:
        """Bounds on side 0's margin from ``position`` (MTD(f), the first test at ``guess``):
        equal when the search finished, else as far as it got before its budget ran out.

        >>> import random
        >>> from tablegames import texas42
        >>> from tablegames.texas42.state import PLAY
        >>> state = texas42.new_match()
        >>> while state.phase is not texas42.Phase.PLAY:
        ...     state = state.apply(state.chance_outcome(random.Random(7)) if state.is_chance
        ...                         else state.legal_actions()[-1])
        >>> position = PLAY.position(state)
        >>> Searcher(PLAY, position.part, position.tally).margin(position)   # side 1 leads
        (-14, -14)
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
