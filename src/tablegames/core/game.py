"""The contract every game meets: a state base class and a game descriptor.

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
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

import attrs
from typing_extensions import Self

from tablegames.pieces.sets import PieceSet

from .actions import _TRUSTED, FIELD_CHECKS, checked_fields, failure, refusal
from .bounded_json import load_json_object
from .drawing import drawing_of, text_of
from .errors import (
    IllegalActionError,
    NotationError,
    RecordError,
    TableGamesError,
    excerpt,
)
from .fingerprint import Part, fingerprint
from .fingerprint_0_1_0 import fingerprint_0_1_0
from .history import History
from .json_values import thaw
from .limits import MAX_ACTIONS, MAX_START_TEXT_CHARS
from .records import GameRecord, record_from_data
from .replaying import ActionReader, replay_actions
from .seats import Seat, is_seat, seat_count, seat_problem
from .settings import GameRules, own_rules
from .start import start_of
from .text import describe
from .violations import Violation, ViolationCode
from .wire import rules_dict, state_repr

__all__ = ["Game", "GameRecord", "GameState", "play_randomly", "random_action"]

A = TypeVar("A")
R = TypeVar("R")
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
    def _step(self, action: A) -> Self | Violation:
        """The transition contract, the one method a game writes for play: the state after
        ``action``, or the :class:`Violation` that forbids it.

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
        return refusal(action, result) if result.__class__ is Violation else result

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
        if type(action) in FIELD_CHECKS and id(action) not in _TRUSTED:
            violation = checked_fields(action)
            if violation is not None:
                return violation
        try:
            result = self._step(action)
        except Exception:
            violation = failure(action)
            if violation is None:
                raise
            return violation
        return refusal(action, result) if isinstance(result, Violation) else None

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

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        cls = type(self)
        logs = cls.log_fields
        values = tuple(
            History.of_log(getattr(self, name)) if name in logs else getattr(self, name)
            for name in _field_names(cls)
        )
        return (_unpickle_state, (cls, values))

    def __copy__(self) -> Self:
        return self  # immutable: a copy may be the state itself, as for a tuple

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
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


def _rules_to_json(rules: Any) -> dict[str, Any]:
    return rules_dict(rules)


@attrs.frozen
class Game(Generic[S, R]):
    """Everything generic code needs to know about one game.

    >>> from tablegames import texas42
    >>> texas42.GAME.name, str(texas42.GAME.parse_action("bid 30"))
    ('texas42', 'bid 30')
    >>> texas42.GAME.seats(texas42.Rules())
    4
    """

    name: str
    title: str
    deck: PieceSet[Any]
    """Every piece the game uses: the zones of a state always partition it."""
    rules_type: Callable[..., R]
    new_match: Callable[[R], S]
    parse_action: Callable[[str], Any]
    action_space: Callable[[R], Sequence[Any]]
    seats: Callable[[R], int] = seat_count
    """How many seats a match under given rules has (default: ``rules.players``, else four);
    generic code (the conformance checks, the strategies) asks this, never the rules."""
    start_from: Callable[[R, Mapping[str, Any]], S] | None = None
    """The state at a start position written in the notation (a record's ``start``, see
    ``view.sample``), or ``None`` for a game whose records always begin with the match. It
    checks the start with bounded work and raises RecordError for a malformed one."""

    def __attrs_post_init__(self) -> None:
        # ``new_match`` refuses another game's rules (when the rules type is a class), so code
        # that starts matches through the descriptor never plays one game under another's rules.
        start = self.new_match
        if isinstance(start, RulesChecked):
            start = start.function
        if isinstance(self.rules_type, type):
            object.__setattr__(self, "new_match", RulesChecked(start, self.rules_type, self.title))

    def own_state(self, state: object) -> None:
        """Raise a :class:`TableGamesError` unless ``state`` is a state of this game: a
        :class:`GameState` under this game's rules type, of the kind its matches are (its
        ``game_name``). ``record``, ``state_to_json`` and ``seat_record`` ask it first.

        >>> from tablegames import quartets, texas42
        >>> quartets.GAME.own_state(texas42.new_match())
        Traceback (most recent call last):
        ...
        tablegames.core.errors.TableGamesError: This is a 'texas42' state, not a Quartets one.
        """
        if not isinstance(state, GameState):
            raise TableGamesError(f"A {self.title} state is wanted here, not {describe(state)}.")
        kind = type(state).game_name
        rules_type = self.rules_type
        if isinstance(rules_type, type) and not isinstance(state.rules, rules_type):
            raise TableGamesError(f"This is a {excerpt(str(kind))} state, not a {self.title} one.")
        try:
            expected = type(self.new_match(state.rules)).game_name
        except TableGamesError:
            raise
        except Exception:  # the rules make no match of this game
            expected = None
        if expected != kind:
            raise TableGamesError(f"This is a {excerpt(str(kind))} state, not a {self.title} one.")

    def rules_to_json(self, rules: R) -> dict[str, Any]:
        """The rules as a JSON-ready dict."""
        return _rules_to_json(rules)

    def rules_from_json(self, data: Mapping[str, Any]) -> R:
        """Rules from a dict; anything but a dict of known names and good values is a RecordError.

        Every failure of the rules constructor (RulesError, TypeError, ValueError) becomes a
        :class:`RecordError` naming the field.

        >>> from tablegames import texas42
        >>> texas42.GAME.rules_from_json({"colour": "red"})
        Traceback (most recent call last):
        ...
        tablegames.core.errors.RecordError: Texas 42 rules have no setting 'colour'.
        """
        if not isinstance(data, Mapping):
            raise RecordError(f"{self.title} rules are a JSON object, not {type(data).__name__}.")
        names = _setting_names(self.rules_type)
        for key in data:
            if not isinstance(key, str):
                raise RecordError(f"Rules are named by strings, not {type(key).__name__}.")
            if names is not None and key not in names:
                raise RecordError(f"{self.title} rules have no setting {excerpt(key)}.")
        rules_type: Any = self.rules_type
        read = rules_type.from_dict if _is_rules_class(rules_type) else lambda d: rules_type(**d)
        try:
            return read(data)  # type: ignore[no-any-return]
        except (TableGamesError, TypeError, ValueError, ArithmeticError) as exc:
            field = self._failing_setting(data)
            where = f" (setting {excerpt(field)})" if field is not None else ""
            raise RecordError(f"Bad {self.title} rules{where}: {_cut(str(exc))}") from None

    def _failing_setting(self, data: Mapping[str, Any]) -> str | None:
        """The first setting that the rules refuse on its own, if any one does."""
        for key, value in data.items():
            try:
                self.rules_type(**{key: value})
            except (TableGamesError, TypeError, ValueError, ArithmeticError):
                return key
        return None

    def record(self, state: S) -> GameRecord:
        """The record that replays to ``state``: its rules, its start position when its history
        begins at a deal rather than with the match (a state from ``view.sample``), and its
        actions.

        >>> import random
        >>> from tablegames import texas42
        >>> state = texas42.new_match()
        >>> world = state.apply(state.chance_outcome(random.Random(0))).view(1).sample(
        ...     random.Random(1))
        >>> record = texas42.GAME.record(world)
        >>> record.start, len(record.actions)
        ({'dealer': 0, 'scores': (0, 0), 'results': ()}, 1)
        >>> texas42.GAME.replay(record) == world
        True
        """
        self.own_state(state)
        actions = tuple(str(a) for a in state.history.to_tuple())
        start = start_of(state.history)
        return GameRecord(self.name, self.rules_to_json(state.rules), actions, start)

    def start_state(self, rules: R, start: Mapping[str, Any] | None = None) -> S:
        """The state a record begins at: the first state of a match under ``rules``, or the
        position ``start`` describes (a RecordError when malformed, or when this game's
        records cannot start at a deal).

        >>> from tablegames import quartets
        >>> quartets.GAME.start_state(quartets.Rules(), {"dealer": 9})
        Traceback (most recent call last):
        ...
        tablegames.core.errors.RecordError: The start's dealer is a seat 0..3, not 9.
        """
        if start is None:
            return self.new_match(rules)
        if self.start_from is None:
            raise RecordError(f"{self.title} records cannot begin at a deal: this one has a start.")
        try:
            return self.start_from(rules, thaw(start, "start", MAX_START_TEXT_CHARS))
        except RecordError:
            raise
        except (TableGamesError, TypeError, ValueError, ArithmeticError) as exc:
            raise RecordError(f"The record's start position is refused: {_cut(str(exc))}") from None

    def replay(self, record: GameRecord) -> S:
        """Play a record from the start; any failure raises RecordError naming the action.

        The record's limits (:mod:`tablegames.core.limits`) are checked before anything is
        played. Every action is validated; each distinct text is parsed once.

        >>> from tablegames import texas42
        >>> texas42.GAME.replay(GameRecord("texas42", {}, ["bid 30"]))
        Traceback (most recent call last):
        ...
        tablegames.core.errors.RecordError: action 1 ('bid 30'): ...dealt first.
        """
        if not isinstance(record, GameRecord):
            raise RecordError(f"replay takes a GameRecord, not {type(record).__name__}.")
        record.check_limits()
        if record.game != self.name:
            raise RecordError(f"This is a {excerpt(record.game)} record, not {self.name}.")
        try:
            return self._replay(record)
        except RecordError:
            raise
        except TableGamesError as exc:
            number = self._failing_action(record)
            raise RecordError(f"action {number}: {_cut(str(exc))}") from None

    def _failing_action(self, record: GameRecord) -> int:
        """The number of the first action of ``record`` that fails (on the error path only)."""
        state = self.start_state(self.rules_from_json(thaw(record.rules)), record.start)
        for number, text in enumerate(record.actions, 1):
            try:
                state = state.apply(self.parse_action(text))
            except TableGamesError:
                return number
        return len(record.actions)

    def _replay(self, record: GameRecord) -> S:
        state = self.start_state(self.rules_from_json(thaw(record.rules)), record.start)
        read = ActionReader(self.parse_action, self.deck)
        texts = record.actions
        try:
            actions = read.every(texts)
        except NotationError:
            actions = None  # read them one by one, so an earlier illegal action is named first
        start = len(state.history)
        try:
            if actions is None:
                for text in texts:
                    state = state.apply(read(text))
            else:
                state, error = replay_actions(state, actions, well_formed=not read.malformed)
                if error is not None:
                    raise error
        except (NotationError, IllegalActionError) as exc:
            number = len(state.history) - start + 1
            text = excerpt(texts[number - 1])
            raise RecordError(f"action {number} ({text}): {exc}") from None
        return state

    def state_to_json(self, state: S) -> str:
        """A state as JSON: its record (format 1, or 2 with its start position for a state
        sampled from a view) plus a fingerprint of the position it reaches (see
        :mod:`tablegames.core.fingerprint`).

        The fingerprint is a consistency check, not a signature: anyone can compute it. To take
        state JSON back from an untrusted party, sign it (:mod:`tablegames.core.signing`).
        State JSON holds every hand: never send it to a player.
        """
        record = json.loads(self.record(state).to_json())
        record["fingerprint"] = state.fingerprint()
        return json.dumps(record)

    def state_from_json(self, text: str) -> S:
        """Read a state written by :meth:`state_to_json`, replaying it and checking its
        fingerprint, which is required: a missing, null or wrong fingerprint is a RecordError.
        Fingerprints of the form tablegames 0.1.0 wrote are recognised too, so its files load.

        >>> from tablegames import texas42
        >>> texas42.GAME.state_from_json('{"game": "texas42", "rules": {}, "actions": []}')
        Traceback (most recent call last):
        ...
        tablegames.core.errors.RecordError: A state in JSON carries its fingerprint; ...
        """
        data = load_json_object(text, "state")
        record = record_from_data(data)
        expected = data.get("fingerprint")
        if expected is None:
            raise RecordError("A state in JSON carries its fingerprint; this one has none.")
        if not isinstance(expected, str) or len(expected) > 128:
            raise RecordError("A state's fingerprint is a short string of hex digits.")
        state = self.replay(record)
        if not any(expected == saved for saved in state._saved_fingerprints()):
            raise RecordError(
                "the state's fingerprint does not match the position its actions reach"
            )
        return state


def _is_rules_class(rules_type: object) -> bool:
    """True for a ``Rules`` class on the one base (:class:`~tablegames.core.settings.GameRules`)."""
    return isinstance(rules_type, type) and issubclass(rules_type, GameRules)


@attrs.frozen
class RulesChecked:
    """A game's ``new_match`` that refuses rules of another type with a
    :class:`~tablegames.errors.RulesError` (what :class:`Game` keeps as its ``new_match``).

    >>> from tablegames import quartets, texas42
    >>> texas42.GAME.new_match(quartets.Rules())
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RulesError: A Texas 42 match is played under Texas 42 rules ...
    """

    function: Callable[..., Any]
    rules_type: type
    title: str

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        own_rules(args[0] if args else kwargs.get("rules"), self.rules_type, self.title)
        return self.function(*args, **kwargs)


def _setting_names(rules_type: Callable[..., Any]) -> frozenset[str] | None:
    """The keyword names a rules class takes, when it is an attrs class (else unknown)."""
    if not isinstance(rules_type, type) or not attrs.has(rules_type):
        return None
    return frozenset(a.alias for a in attrs.fields(rules_type) if a.init)


def _cut(message: str, limit: int = 160) -> str:
    """An error message from elsewhere, cut short so it never echoes a huge input."""
    return message if len(message) <= limit else message[:limit] + "…"


def random_action(state: GameState[A], rng: random.Random) -> A:
    """A chance outcome at a chance node, else a uniformly random legal action.

    >>> from tablegames import texas42
    >>> str(random_action(texas42.new_match(), random.Random(0))).split()[0]
    'deal'
    """
    if state.is_chance:
        return state.chance_outcome(rng)
    actions = state.legal_actions()
    if not actions:
        raise TableGamesError("nobody can act: the match is over")
    return actions[rng.randrange(len(actions))]


def play_randomly(state: S, rng: random.Random, max_steps: int = MAX_ACTIONS) -> S:
    """Play on with random actions until the match ends (or ``max_steps`` actions: by default
    the most a record holds).

    >>> from tablegames import texas42
    >>> play_randomly(texas42.new_match(texas42.Rules(target=40)), random.Random(0)).is_over
    True
    """
    for _ in range(max_steps):
        if state.is_over:
            break
        state = state.apply(random_action(state, rng))
    return state


def random_states(state: S, rng: random.Random, max_steps: int = MAX_ACTIONS) -> list[S]:
    """Every state of a random match from ``state`` on (``state`` first), played as
    :func:`play_randomly` plays it: the same random numbers give the same match.

    >>> from tablegames import texas42
    >>> states = random_states(texas42.new_match(texas42.Rules(target=40)), random.Random(0))
    >>> states[-1] == play_randomly(texas42.new_match(texas42.Rules(target=40)), random.Random(0))
    True
    """
    states = [state]
    for _ in range(max_steps):
        if state.is_over:
            break
        state = state.apply(random_action(state, rng))
        states.append(state)
    return states
