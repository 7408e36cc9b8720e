"""The solver's questions about a state in play, answered for the side to move.

:class:`Solver` is made from any play-phase state (a real one, or a world from
``view.sample``) and keeps its transposition tables for every later question about the same
hand, so solving each action of one world, or each state of one hand in turn, shares the work.
Its answers:

- :meth:`Solver.value`: bounds on the *margin* of the side to move (what it takes from here on
  less what the other side takes), exact unless a budget ran out;
- :meth:`Solver.solve`: that value, the value of each legal action, and a best line of play
  with what each side takes along it (a :class:`Solution`);
- :meth:`Solver.contract`: whether the declarer's side makes its contract under best play, from
  here and after each legal action (a :class:`ContractAnswer`).

Points are the game's own (``trick_value``: Texas 42's point a trick plus count, a trick in the
card games); the sides are the game's (``side_of``). Everything else is the engine's.

>>> import random
>>> from tablegames.solve.bench import first_lead
>>> solver = Solver(first_lead("texas42", random.Random(5)))   # seat 1 bid 30 and leads
>>> solution = solver.solve()
>>> solution.seat, solution.value, solution.takes
(1, Bound(lower=34, upper=34), (38, 4))
>>> answer = solver.contract()     # made, but not after every lead
>>> answer.made, sorted(set(answer.actions.values()))
(True, [False, True])
"""

from __future__ import annotations

import contextlib
import functools
import gc
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from tablegames.core.errors import TableGamesError
from tablegames.tricks.follow import legal_plays
from tablegames.tricks.play import PlaySlots, Position, TrickPlay

from .answers import Action, Bound, ContractAnswer, Solution
from .search import INFINITY, TABLE_SIZE, Exhausted, Searcher, last_winner

__all__ = ["Bound", "ContractAnswer", "Solution", "Solver", "engine_of", "in_play"]

_P = ParamSpec("_P")
_R = TypeVar("_R")


def searching(question: Callable[_P, _R]) -> Callable[_P, _R]:
    """``question`` with Python's cyclic garbage collector paused while it runs (and started
    again after, if it was running): the search's tables hold no cycles, so the collector's
    passes over them would only cost time, and its pauses would overrun a time budget.

    >>> @searching
    ... def enabled():
    ...     return gc.isenabled()
    >>> enabled(), gc.isenabled()
    (False, True)
    """

    @functools.wraps(question)
    def paused(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        running = gc.isenabled()
        gc.disable()
        try:
            return question(*args, **kwargs)
        finally:
            if running:
                gc.enable()

    return paused


def engine_of(state: object) -> TrickPlay[Any, Any, Any, Any]:
    """The play engine that plays ``state``: the one its game offers on its state class
    (``play_engine``, a :class:`~tablegames.tricks.play.TrickPlay` made with the game's
    :class:`~tablegames.tricks.hooks.Valuation`).

    >>> from tablegames import texas42
    >>> from tablegames.texas42.state import PLAY
    >>> engine_of(texas42.new_match()) is PLAY
    True
    >>> engine_of(3)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.TableGamesError: The solver solves trick games: an int has no ...
    """
    engine = getattr(type(state), "play_engine", None)
    if isinstance(engine, TrickPlay):
        return engine
    name = type(state).__name__
    raise TableGamesError(
        f"The solver solves trick games: a{'n' if name[0] in 'aeiouAEIOU' else ''} {name} has "
        "no play engine (a game offers one as its state class's play_engine)."
    )


def in_play(state: object) -> bool:
    """Whether ``state`` is in a play phase the solver solves (its engine reads a position
    from it).

    >>> from tablegames import texas42
    >>> in_play(texas42.new_match()), in_play(3)
    (False, False)
    """
    if not isinstance(state, PlaySlots):  # no trick game's state: no play to solve
        return False
    try:
        engine_of(state).position(state)
    except TableGamesError:
        return False
    return True


class Solver:
    """Questions about one hand in play (see the module doc), asked from ``state`` or any
    later state of the same hand; ``table_size`` bounds what its searches keep: entries,
    their trick ends, the ends of distinct tricks and sorted moves, about 300 bytes each (see
    docs/solver.md "Budgets and memory").

    >>> from tablegames import texas42
    >>> Solver(texas42.new_match())
    Traceback (most recent call last):
    ...
    tablegames.core.errors.TableGamesError: The solver solves the play of a hand: this state ...
    """

    def __init__(self, state: Any, *, table_size: int = TABLE_SIZE) -> None:
        self.engine = engine_of(state)
        position = self._position(state)
        self.searcher = Searcher(self.engine, position.part, position.tally, table_size=table_size)
        self.state = state

    def _position(self, state: Any) -> Position:
        try:
            return self.engine.position(state)
        except TableGamesError:
            phase = getattr(getattr(state, "phase", None), "value", "other")
            raise TableGamesError(
                f"The solver solves the play of a hand: this state is in the {phase} phase."
            ) from None

    # -- the questions --------------------------------------------------------------------
    @searching
    def value(
        self, state: Any = None, *, nodes: int | None = None, seconds: float | None = None
    ) -> Bound:
        """Bounds on the margin of the side to move in ``state`` (default: the state the
        solver was made from), searched within ``nodes`` plays and ``seconds`` (None: no
        bound; exact then).

        >>> import random
        >>> from tablegames.solve.bench import first_lead
        >>> state = first_lead("texas42", random.Random(7))
        >>> Solver(state).value()
        Bound(lower=6, upper=6)
        >>> Solver(state).value(nodes=50).exact
        False
        """
        state = self.state if state is None else state
        position = self._position(state)
        sign = self._sign(position)
        self.searcher.limit(nodes, seconds)
        low, high = self._margin(position)
        return _bound(sign, low, high)

    @searching
    def actions(
        self, state: Any = None, *, nodes: int | None = None, seconds: float | None = None
    ) -> dict[Action, Bound]:
        """The value of each legal action of ``state`` (default: the solver's own) for the
        side to move, within ``nodes`` plays and ``seconds`` in all (None: no bound); an
        action searched after the budget ran out has the bounds proved so far.

        >>> import random
        >>> from tablegames.solve.bench import first_lead
        >>> state = first_lead("texas42", random.Random(7))
        >>> values = Solver(state).actions()
        >>> len(values) == len(state.legal_actions()), max(v.lower for v in values.values())
        (True, 6)
        """
        state = self.state if state is None else state
        position = self._position(state)
        self.searcher.limit(nodes, seconds)
        return self._actions(position, self._sign(position))

    @searching
    def solve(
        self, state: Any = None, *, nodes: int | None = None, seconds: float | None = None
    ) -> Solution:
        """The value of ``state`` (default: the solver's own) and of each of its legal
        actions for the side to move, and a best line (see :class:`Solution`), within
        ``nodes`` plays and ``seconds`` in all (None: no bound).

        >>> import random
        >>> from tablegames.solve.bench import first_lead
        >>> state = first_lead("texas42", random.Random(7))
        >>> solution = Solver(state).solve()
        >>> solution.value.value == max(bound.value for bound in solution.actions.values())
        True
        >>> sum(solution.takes) == 42 and solution.takes[0] - solution.takes[1] == 6
        True
        """
        state = self.state if state is None else state
        position = self._position(state)
        sign = self._sign(position)
        started = self.searcher.nodes
        self.searcher.limit(nodes, seconds)
        actions = self._actions(position, sign)
        values = actions.values()
        best = max(values, key=lambda bound: bound.lower)
        value = Bound(best.lower, max(bound.upper for bound in values))
        line: tuple[object, ...] = ()
        takes = None
        if value.exact and all(bound.exact for bound in values):
            with contextlib.suppress(Exhausted):
                line, takes = self._line(position, sign)
        return Solution(
            self._seat(position),
            self.searcher.sides[self._seat(position)],
            value,
            actions,
            line,
            takes,
            self.searcher.nodes - started,
        )

    @searching
    def contract(
        self, state: Any = None, *, nodes: int | None = None, seconds: float | None = None
    ) -> ContractAnswer:
        """Whether the declarer's side makes its contract from ``state`` (default: the
        solver's own) under best play by both sides, and after each legal action, within
        ``nodes`` plays and ``seconds`` in all (None where they ran out first). The goal is
        the game's own: its result says whether the contract was made.

        >>> import random
        >>> from tablegames.solve.bench import first_lead
        >>> state = first_lead("texas42", random.Random(7))
        >>> answer = Solver(state).contract()
        >>> answer.declarer, state.high_bid, answer.made, any(answer.actions.values())
        (1, 30, False, False)
        """
        state = self.state if state is None else state
        position = self._position(state)
        searcher = self.searcher
        declaring = searcher.declarer_side
        declarer = None if searcher.engine.valuation.declarer is None else (
            searcher.engine.valuation.declarer(position.part)
        )  # fmt: skip
        if declaring is None or declarer is None or searcher.engine.valuation.made is None:
            raise TableGamesError("This hand has no contract to make.")
        started = searcher.nodes
        searcher.limit(nodes, seconds)
        actions: dict[object, bool | None] = {}
        for piece, action in self._legal(position):
            worth, child, result = self._after(position, piece)
            del worth
            if child is None:
                actions[action] = bool(searcher.engine.valuation.made(result))
                continue
            try:
                actions[action] = searcher.makes(child)
            except Exhausted:
                actions[action] = None
        answers = list(actions.values())
        wants = searcher.sides[self._seat(position)] == declaring
        if wants in answers:
            made: bool | None = wants
        elif None in answers:
            made = None
        else:
            made = not wants
        return ContractAnswer(
            declarer,
            declaring,
            self._seat(position),
            made,
            actions,
            searcher.nodes - started,
        )

    @searching
    def makes(
        self, state: Any = None, *, nodes: int | None = None, seconds: float | None = None
    ) -> bool | None:
        """Whether the declarer's side makes its contract from ``state`` (default: the
        solver's own) under best play by both sides: one contract query, within ``nodes``
        plays and ``seconds`` (None when they ran out first). :meth:`contract` asks it after
        each legal action as well.

        >>> import random
        >>> from tablegames.solve.bench import first_lead
        >>> state = first_lead("texas42", random.Random(7))
        >>> Solver(state).makes(), Solver(state).makes(nodes=1)
        (False, None)
        """
        state = self.state if state is None else state
        position = self._position(state)
        searcher = self.searcher
        if searcher.declarer_side is None or searcher.engine.valuation.made is None:
            raise TableGamesError("This hand has no contract to make.")
        searcher.limit(nodes, seconds)
        try:
            return searcher.makes(position)
        except Exhausted:
            return None

    # -- the pieces of the answers --------------------------------------------------------
    def _seat(self, position: Position) -> int:
        return position.tally.turns[len(position.pieces)]

    def _sign(self, position: Position) -> int:
        """1 when the side to move is side 0, -1 when it is side 1 (margins are side 0's
        inside the search)."""
        return -1 if self.searcher.sides[self._seat(position)] else 1

    def _margin(self, position: Position, guess: int | None = None) -> tuple[int, int]:
        """Side 0's margin from ``position``: bisection between the proved bounds (or MTD(f)
        from ``guess``) until they meet or the budget runs out."""
        searcher = self.searcher
        low, high = searcher.bounds(position)
        try:
            while low < high:
                if guess is not None and low < guess <= high:
                    beta, guess = guess, None
                elif low > -INFINITY and high < INFINITY:
                    beta = (low + high + 1) // 2
                elif low < 0 < high:
                    beta = 0
                else:  # one side unbounded: step from the bound that is known
                    beta = low + 1 if high == INFINITY else high
                g = searcher.test(position, beta)
                if g >= beta:
                    low = g
                else:
                    high = g
        except Exhausted:
            proved = searcher.bounds(position)
            low, high = max(low, proved[0]), min(high, proved[1])
        return low, high

    def _equals(self, position: Position, value: int) -> bool:
        """True when side 0's margin from ``position`` is ``value`` (two null-window tests)."""
        test = self.searcher.test
        return test(position, value) >= value and test(position, value + 1) <= value

    def _legal(self, position: Position) -> list[tuple[int, object]]:
        hands, pieces, _, tally = position
        mask = legal_plays(hands[tally.turns[len(pieces)]], pieces, tally.model)
        plays = self.engine.hooks.plays
        out: list[tuple[int, object]] = []
        while mask:
            low = mask & -mask
            piece = low.bit_length() - 1
            out.append((piece, plays[piece]))
            mask ^= low
        return out

    def _after(self, position: Position, piece: int) -> tuple[int, Position | None, object]:
        """The play of ``piece``: its trick's worth to side 0 if it ends one (else 0), the
        position after it (None when the hand is over) and the hand's result (or None)."""
        hands, pieces, part, tally = position
        after = (*pieces, piece)
        if len(after) < len(tally.turns):
            return 0, Position(hands, after, part, tally), None
        part, hands, tally, result = self.engine.finish_trick(part, hands, tally, after)
        worth = self.engine.valuation.trick_value(after)
        if self.searcher.sides[last_winner(tally)]:
            worth = -worth
        return worth, (None if result is not None else Position(hands, (), part, tally)), result

    def _actions(self, position: Position, sign: int) -> dict[object, Bound]:
        """Each legal action's bounds for the side to move (``sign``: see :meth:`_sign`)."""
        out: dict[object, Bound] = {}
        guess = None
        for piece, action in self._legal(position):
            worth, child, _ = self._after(position, piece)
            if child is None:
                out[action] = _bound(sign, worth, worth)
                continue
            low, high = self._margin(child, guess)
            if low == high:
                guess = low
            out[action] = _bound(sign, worth + low, worth + high)
        return out

    def _line(self, position: Position, sign: int) -> tuple[tuple[object, ...], tuple[int, int]]:
        """A best line from ``position`` (each side playing for its margin: at each step the
        first legal action of the position's exact value) and what the side to move at the
        start (``sign``) and the other side take along it."""
        target = self._margin(position)[0]
        line = []
        taken = [0, 0]
        current: Position | None = position
        while current is not None:
            worth, child, rest, action = self._best_step(current, target)
            line.append(action)
            if worth:
                taken[0 if worth > 0 else 1] += abs(worth)
            target = rest
            current = child
        own, other = (taken[0], taken[1]) if sign > 0 else (taken[1], taken[0])
        return tuple(line), (own, other)

    def _best_step(
        self, position: Position, target: int
    ) -> tuple[int, Position | None, int, object]:
        """The first legal action of ``position`` that keeps side 0's margin at ``target``:
        its trick's worth, the position after it, the margin left and the action."""
        found = None
        for piece, action in self._legal(position):
            worth, child, _ = self._after(position, piece)
            rest = target - worth
            found = worth, child, rest, action
            if (rest == 0) if child is None else self._equals(child, rest):
                break
        assert found is not None  # a position in play has a legal action
        return found


def _bound(sign: int, low: int, high: int) -> Bound:
    """Bounds on side 0's margin as bounds for the side ``sign`` names."""
    return Bound(low, high) if sign > 0 else Bound(-high, -low)
