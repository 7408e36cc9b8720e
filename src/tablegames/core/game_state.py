"""The state every game's states derive from: :class:`GameState`, the contract of one moment
of a match (whose turn, the legal actions, ``check`` and ``apply``, views, sampling, pickling
and fingerprints).

Every game's state is a frozen attrs class deriving from :class:`GameState`. The one method a game
writes for transitions is ``_step``: it returns the next state or the :class:`Violation` that stops
it, so ``check`` and ``apply`` can never disagree about what is legal.

>>> from tablegames import texas42
>>> state = texas42.new_match(texas42.Rules())
>>> state.is_chance, state.to_act
(True, None)
"""

from __future__ import annotations

import enum
import functools
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

import attrs
from typing_extensions import Self

from tablegames.pieces.sets import PieceSet

from .actions import _TRUSTED, checked_fields, failure, refusal
from .drawing import drawing_of, text_of
from .errors import IllegalActionError
from .fingerprint import Part, fingerprint
from .fingerprint_0_1_0 import fingerprint_0_1_0
from .history import History
from .registries import FIELD_CHECKS
from .seats import Seat, is_seat, seat_count, seat_problem
from .violations import Violation, ViolationCode
from .wire import state_repr

__all__ = ["GameState"]

A = TypeVar("A")
S = TypeVar("S", bound="GameState[Any]")


class GameState(ABC, Generic[A]):
    """One moment of a match. Frozen: ``apply`` returns a new state and leaves this one valid.

    Subclasses are frozen attrs classes with fields ``rules`` and ``history``; two states are
    equal when every field but ``history`` is equal (the same position and match so far).

    >>> from tablegames import texas42
    >>> state = texas42.new_match()
    >>> isinstance(state, GameState), state.legal_actions(), state.phase.value
    (True, (), 'deal')
    """

    __slots__ = ()
    game_name: ClassVar[str]

    @property
    @abstractmethod
    def rules(self) -> Any:
        """The rules this match is played under."""

    @property
    @abstractmethod
    def history(self) -> History[A]:
        """Every action since the match began, chance steps included."""

    @property
    @abstractmethod
    def phase(self) -> enum.Enum:
        """What the table is doing: dealing, bidding, playing, ... or over."""

    @property
    @abstractmethod
    def to_act(self) -> Seat | None:
        """The seat that must act, or ``None`` when chance must act or the match is over."""

    @property
    @abstractmethod
    def is_chance(self) -> bool:
        """True when the next step is a shuffle (see :meth:`chance_outcome`)."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True when the match has ended."""

    @property
    @abstractmethod
    def winners(self) -> tuple[Seat, ...]:
        """The winning seats once the match is over (all of a side or team); empty before."""

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """What the match is worth to each seat so far, in the game's units (points, marks,
        chips won or lost, sets), by seat; defined at every moment (the running score). Each
        game's rules page says what its returns count.

        >>> from tablegames import texas42
        >>> texas42.new_match().returns()
        (0.0, 0.0, 0.0, 0.0)
        """

    @abstractmethod
    def legal_actions(self) -> tuple[A, ...]:
        """Every legal action of the seat to act, in a fixed order; empty at chance or the end."""

    @abstractmethod
    def _step(self, action: A, /) -> GameState[A] | Violation:
        """The transition contract, the one method a game writes for play: the state after
        ``action``, or the :class:`Violation` that forbids it. The state is one of this game's
        (a game whose phase is its state's class steps into another class of its own, so the
        type here is the game's, not ``Self``; ``check``, ``apply`` and :meth:`transition` hand
        it on as ``Self``, which is what their callers hold).

        It is called with any object (whose class's field check, if registered with
        :func:`~tablegames.core.actions.register_field_check`, has passed), never raises for an
        illegal action, and never changes ``self``. ``check``, ``apply`` and
        :meth:`transition` all go through it, so they cannot disagree about what is legal.
        """

    def transition(self, action: A) -> Self | Violation:
        """The public face of :meth:`_step`: the state after ``action``, or the violation that
        forbids it, with the action's fields checked first; never raises for any object given
        as ``action``. (No seat check: pass a seat to :meth:`check` or :meth:`apply` for that.)

        >>> from tablegames import texas42
        >>> texas42.new_match().transition(texas42.PASS).code.value
        'deal_expected'
        """
        if type(action) in FIELD_CHECKS and id(action) not in _TRUSTED:
            violation = checked_fields(action)
            if violation is not None:
                return violation
        try:
            result = self._step(action)
        except Exception:
            violation = failure(action)
            if violation is None:
                raise  # well-formed fields and still a failure: a bug, not bad input
            return violation
        if result.__class__ is Violation:
            return refusal(action, result)
        if TYPE_CHECKING:  # one of this game's states (see _step); no call at run time
            result = cast(Self, result)
        return result

    @abstractmethod
    def chance_outcome(self, rng: random.Random) -> A:
        """Draw the pending chance step (a shuffled deal) from ``rng``."""

    @abstractmethod
    def view(self, seat: Seat) -> Any:
        """What ``seat`` may know: its own pieces, everything public, counts of the rest."""

    @abstractmethod
    def sample(self, seat: Seat, rng: random.Random) -> Self:
        """A full state that ``seat`` cannot tell from this one (equal ``view(seat)``).

        Hidden pieces are redistributed at random among the places ``seat`` cannot see, keeping
        their counts and everything play has revealed (a seat that failed to follow a suit is
        known to hold none of it). Useful for determinized search.
        """

    def __repr__(self) -> str:
        """The position in the notation: phase, who acts, the public part of the views, where
        every piece is, and the rules by what they change (see :func:`~.wire.state_repr`)."""
        return state_repr(self, seat_count(self.rules))

    def __str__(self) -> str:
        """The table in plain notation, every hand face up (see
        :mod:`tablegames.render.table_text`); a game that has no table shows its ``repr``."""
        return text_of(self)

    @abstractmethod
    def zones(self) -> Mapping[str, PieceSet[Any]]:
        """Where every piece is: named places (hands, trick, won piles...) partitioning the deck."""

    def check(self, action: A, seat: Seat | None = None) -> Violation | None:
        """``None`` if ``action`` is legal now, else the rule it breaks.

        Pass ``seat`` (the seat a move came from) to have moves out of turn refused too; a
        ``seat`` that is no seat at this table is refused with the code ``bad_seat``. Any object
        may be passed as ``action``: one that is not an action of this game, or whose fields
        have the wrong type (``Bid(30.0)``), is refused with a violation, never an exception.

        >>> from tablegames import texas42
        >>> state = texas42.new_match().apply(texas42.deal_of(["6:6 6:5 6:4 6:3 6:2 6:1 6:0",
        ...     "5:5 5:4 5:3 5:2 5:1 5:0 4:4", "4:3 4:2 4:1 4:0 3:3 3:2 3:1",
        ...     "3:0 2:2 2:1 2:0 1:1 1:0 0:0"]))
        >>> state.check(texas42.PASS, seat=7).code.value
        'bad_seat'
        >>> state.check(texas42.Bid(30.0)).message
        'A bid is a whole number of points, as bid 30, not 30.0.'
        """
        if seat is not None and (type(seat) is not int or seat != self.to_act):
            return self._turn_violation(seat)
        result = self.transition(action)
        return result if isinstance(result, Violation) else None

    def apply(self, action: A, seat: Seat | None = None) -> Self:
        """The state after ``action``; raises :class:`IllegalActionError` if it is illegal.

        With ``seat``, the action is also refused unless it is that seat's turn. Whatever
        ``action`` and ``seat`` are, the only error raised is :class:`IllegalActionError`.

        >>> from tablegames import texas42
        >>> try:
        ...     texas42.new_match().apply(texas42.PASS, seat=-1)
        ... except IllegalActionError as exc:
        ...     print(exc.violation.code.value, exc)
        bad_seat Seats are numbered 0 to 3; -1 is not a seat.
        """
        if seat is not None and (type(seat) is not int or seat != self.to_act):
            raise IllegalActionError(self._turn_violation(seat))
        if type(action) in FIELD_CHECKS and id(action) not in _TRUSTED:
            violation = checked_fields(action)
            if violation is not None:
                raise IllegalActionError(violation)
        try:
            result = self._step(action)
        except Exception:
            violation = failure(action)
            if violation is None:
                raise
            raise IllegalActionError(violation) from None
        if isinstance(result, Violation):
            raise IllegalActionError(refusal(action, result))
        if TYPE_CHECKING:  # one of this game's states (see _step); no call at run time
            result = cast(Self, result)
        return result

    def is_legal(self, action: A, seat: Seat | None = None) -> bool:
        """True if ``action`` may be applied now (by ``seat``, when given).

        >>> from tablegames import texas42
        >>> texas42.new_match().is_legal(None), texas42.new_match().is_legal(texas42.PASS, 9)
        (False, False)
        """
        return self.check(action, seat) is None

    def _turn_violation(self, seat: object) -> Violation:
        if not is_seat(seat, seat_count(self.rules)):
            return Violation(ViolationCode.BAD_SEAT, seat_problem(seat, seat_count(self.rules)))
        if self.is_over:
            return Violation(ViolationCode.GAME_OVER, "The match is over: nobody acts any more.")
        if self.to_act is None:
            return Violation(
                ViolationCode.OUT_OF_TURN, f"It is not seat {seat}'s turn: the deal comes first."
            )
        return Violation(
            ViolationCode.OUT_OF_TURN, f"It is seat {self.to_act}'s turn, not seat {seat}'s."
        )

    log_fields: ClassVar[tuple[str, ...]] = ()
    """The attrs fields that hold log nodes (:mod:`tablegames.core.history`): a state keeps its
    history as a bare chain of tuples, the cheapest thing to append to, and pickles it flat (a
    chain of thousands of nested tuples would be too deep for ``pickle``)."""

    def __reduce__(self) -> tuple[Callable[..., object], tuple[object, ...]]:
        cls = type(self)
        logs = cls.log_fields
        values = tuple(
            History.of_log(getattr(self, name)) if name in logs else getattr(self, name)
            for name in _field_names(cls)
        )
        return (_unpickle_state, (cls, values))

    def __copy__(self) -> Self:
        return self  # immutable: a copy may be the state itself, as for a tuple

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self

    fingerprint_fields: ClassVar[tuple[Part, ...]] = ()
    """The parts of the current position that :meth:`fingerprint` digests, after the game, the
    rules and the match's length: public properties by name (or functions of the state), in
    order; see :mod:`tablegames.core.fingerprint` for how each value is encoded.

    Empty means every attrs field but ``rules``, ``history`` and ``results``, which must then
    all be public. Parts that grow with the match stay out: the fingerprint adds only the
    lengths of the history and of ``results``.
    """

    def fingerprint(self) -> str:
        """A short digest of the position, stable across processes and versions (used to
        validate state JSON); its encoding is documented in :mod:`tablegames.core.fingerprint`.

        It costs O(current position), not O(match): the current deal in full, with the match
        so far summed up by its scores, its number of actions and of finished hands.

        >>> from tablegames import texas42
        >>> state = texas42.new_match()
        >>> state.fingerprint() == texas42.new_match().fingerprint(), len(state.fingerprint())
        (True, 24)
        >>> state.fingerprint() == texas42.new_match(texas42.Rules(target=7)).fingerprint()
        False
        """
        return fingerprint(self)

    def _saved_fingerprints(self) -> Iterator[str]:
        """Every fingerprint a saved file may carry for this position: this library's form,
        then the form tablegames 0.1.0 wrote (when 0.1.0 could have written the position);
        computed one at a time, so a file of today's form costs one digest."""
        yield self.fingerprint()
        old = fingerprint_0_1_0(self)
        if old is not None:
            yield old

    def _repr_svg_(self) -> str | None:
        """The state drawn as SVG with every hand face up (Jupyter shows it; see
        :mod:`tablegames.core.drawing`)."""
        return drawing_of(self)


@functools.lru_cache(maxsize=256)
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in attrs.fields(cls))


def _unpickle_state(cls: type[S], values: tuple[Any, ...]) -> S:
    """A state from its field values (see ``GameState.__reduce__``), logs unflattened."""
    state = object.__new__(cls)
    logs = cls.log_fields
    for name, value in zip(_field_names(cls), values, strict=True):
        object.__setattr__(state, name, value.log if name in logs else value)
    return state
