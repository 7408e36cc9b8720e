"""A hypothesis state machine that tests *your* server against the library.

Subclass :class:`ServerMachine`, say which game it plays, and connect three methods to your
server: :meth:`~ServerMachine.start` (a new match), :meth:`~ServerMachine.deal` (the chance step
your server would draw itself; the machine draws it so both sides agree) and
:meth:`~ServerMachine.submit` (a seat sends a move as text; answer ``None`` when accepted, else
the violation code). Hypothesis then plays matches, legal moves and junk, and fails when the
server accepts what ``check`` refuses, refuses what it accepts, or refuses with another code.
Override :meth:`~ServerMachine.server_view` too and every seat's view is compared after every
step, so a server that sends a seat what it may not see is caught.

See docs/property-testing.md for a worked example.

>>> from hypothesis.stateful import RuleBasedStateMachine
>>> issubclass(ServerMachine, RuleBasedStateMachine)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from hypothesis import settings as Settings  # noqa: N812 (the class, beside the decorator's name)
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from tablegames.core.errors import ConformanceError
from tablegames.core.game import Game, GameState
from tablegames.core.seats import Seat

from .strategies import rules as rules_of
from .strategies import seeds

__all__ = ["ServerMachine", "run_machine"]


class ServerMachine(RuleBasedStateMachine):
    """Drive a server and the library side by side; they must agree on every move.

    Set ``game`` (a :class:`~tablegames.core.game.Game` descriptor) and implement
    :meth:`start`, :meth:`deal` and :meth:`submit`; override :meth:`rules_strategy` to choose
    the rules (default: any short rules of the game). Run it with ``MyMachine.TestCase`` under
    pytest or unittest.

    >>> from hypothesis import settings
    >>> from hypothesis.stateful import run_state_machine_as_test
    >>> from tablegames import texas42
    >>> class Library(ServerMachine):
    ...     game = texas42.GAME
    ...     def start(self, rules):
    ...         self.server_state = texas42.new_match(rules)
    ...     def deal(self, text):
    ...         self.server_state = self.server_state.apply(texas42.parse_action(text))
    ...     def submit(self, seat, text):
    ...         violation = self.server_state.check(texas42.parse_action(text), seat)
    ...         if violation is None:
    ...             self.server_state = self.server_state.apply(texas42.parse_action(text))
    ...             return None
    ...         return violation.code.value
    >>> run_state_machine_as_test(Library, settings=settings(max_examples=3))
    """

    game: ClassVar[Game[Any, Any]]
    """The game the server plays."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState[Any] | None = None
        self._space: tuple[object, ...] = ()

    # -- what a subclass connects to its server ------------------------------------------------

    def start(self, rules: Any) -> None:
        """Start a new match on the server under ``rules``."""
        raise NotImplementedError("connect start() to your server")

    def deal(self, text: str) -> None:
        """Give the server the match's next chance step (a deal, in notation)."""
        raise NotImplementedError("connect deal() to your server")

    def submit(self, seat: Seat, text: str) -> str | None:
        """Send ``text`` from ``seat``; return ``None`` if the server accepted the move, else the
        violation code it refused it with (``"out_of_turn"``, ``"must_follow_suit"``...)."""
        raise NotImplementedError("connect submit() to your server")

    def server_view(self, seat: Seat) -> object:
        """Optional: what the server would send ``seat`` now. When a subclass overrides it, it
        must equal :meth:`expected_view` for every seat after every step."""
        raise NotImplementedError("override server_view() to have views compared")

    def expected_view(self, seat: Seat) -> object:
        """What :meth:`server_view` must give: the library's ``view(seat)`` (override to compare
        another form, such as ``view(seat).to_dict()``)."""
        return self._now().view(seat)

    def rules_strategy(self) -> st.SearchStrategy[object]:
        """The rules matches are played under (default: any short rules of the game)."""
        return rules_of(self.game)

    # -- the machine -------------------------------------------------------------------------

    @initialize(data=st.data())
    def _new_match(self, data: st.DataObject) -> None:
        rules = data.draw(self.rules_strategy(), label="rules")
        self.state = self.game.new_match(rules)
        self._space = tuple(self.game.action_space(rules))
        self.start(rules)

    def _now(self) -> GameState[Any]:
        if self.state is None:  # pragma: no cover (initialize always runs first)
            raise ConformanceError("the machine has no match: initialize did not run")
        return self.state

    @precondition(lambda self: self.state is not None and self.state.is_chance)
    @rule(seed=seeds())
    def chance_step(self, seed: int) -> None:
        """The deal: drawn from ``seed``, given to the server, applied to the library's state."""
        state = self._now()
        action = state.chance_outcome(random.Random(seed))
        self.deal(str(action))
        self.state = state.apply(action)

    @precondition(lambda self: self.state is not None and self.state.to_act is not None)
    @rule(data=st.data())
    def legal_move(self, data: st.DataObject) -> None:
        """A legal move from the seat to act: the server must accept it."""
        state = self._now()
        action = data.draw(st.sampled_from(state.legal_actions()), label="legal action")
        self._compare(state, state.to_act, action)  # type: ignore[arg-type]

    @precondition(lambda self: self.state is not None)
    @rule(data=st.data())
    def any_move(self, data: st.DataObject) -> None:
        """Any action of the game from any seat (or a number that is no seat): the server
        must answer exactly as ``check`` does."""
        state = self._now()
        action = data.draw(st.sampled_from(self._space), label="action")
        seats = self.game.seats(state.rules)
        seat = data.draw(st.integers(-1, seats), label="seat")
        self._compare(state, seat, action)

    @invariant()
    def views_agree(self) -> None:
        """When :meth:`server_view` is overridden: every seat's view agrees with the library's."""
        if self.state is None or type(self).server_view is ServerMachine.server_view:
            return
        played = len(self.state.history)
        for seat in range(self.game.seats(self.state.rules)):
            if self.server_view(seat) != self.expected_view(seat):
                raise ConformanceError(
                    f"the server would send seat {seat} another view than the library's "
                    f"view({seat}) after {played} action{'' if played == 1 else 's'}"
                )

    def _compare(self, state: GameState[Any], seat: Seat, action: object) -> None:
        expected = state.check(action, seat)
        answer = self.submit(seat, str(action))
        want = None if expected is None else expected.code.value
        if answer != want:
            told = "accepted it" if answer is None else f"refused it as {answer}"
            rule = "accepts it" if expected is None else f"refuses it as {want} ({expected})"
            raise ConformanceError(
                f"{action} from seat {seat}: the server {told}, but the library {rule}"
            )
        if expected is None:
            self.state = state.apply(action, seat)


def run_machine(
    machine: Callable[[], RuleBasedStateMachine], *, settings: Settings | None = None
) -> None:
    """Run a state machine class as a test: hypothesis's ``run_state_machine_as_test`` with a
    signature ``mypy --strict`` accepts whatever hypothesis version is installed.

    >>> from hypothesis.stateful import rule
    >>> class Counting(RuleBasedStateMachine):
    ...     @rule()
    ...     def step(self) -> None:
    ...         pass
    >>> run_machine(Counting, settings=Settings(max_examples=2, stateful_step_count=3))
    """
    runner: Callable[..., None] = run_state_machine_as_test
    runner(machine, settings=settings)
