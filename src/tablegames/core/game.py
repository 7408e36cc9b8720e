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
import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

import attrs
from typing_extensions import Self

from tablegames.pieces.sets import PieceSet

from .errors import IllegalActionError, NotationError, RecordError, TableGamesError
from .history import History
from .seats import Seat
from .violations import Violation, ViolationCode

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
    def legal_actions(self) -> tuple[A, ...]:
        """Every legal action of the seat to act, in a fixed order; empty at chance or the end."""

    @abstractmethod
    def _step(self, action: A) -> Self | Violation:
        """The state after ``action``, or the violation that forbids it."""

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

    @abstractmethod
    def zones(self) -> Mapping[str, PieceSet[Any]]:
        """Where every piece is: named places (hands, trick, won piles...) partitioning the deck."""

    def check(self, action: A, seat: Seat | None = None) -> Violation | None:
        """``None`` if ``action`` is legal now, else the rule it breaks.

        Pass ``seat`` (the seat a move came from) to have moves out of turn refused too.
        """
        if seat is not None and seat != self.to_act:
            return self._turn_violation(seat)
        result = self._step(action)
        return result if isinstance(result, Violation) else None

    def apply(self, action: A, seat: Seat | None = None) -> Self:
        """The state after ``action``; raises :class:`IllegalActionError` if it is illegal.

        With ``seat``, the action is also refused unless it is that seat's turn.
        """
        if seat is not None and seat != self.to_act:
            raise IllegalActionError(self._turn_violation(seat))
        result = self._step(action)
        if isinstance(result, Violation):
            raise IllegalActionError(result)
        return result

    def is_legal(self, action: A, seat: Seat | None = None) -> bool:
        """True if ``action`` may be applied now (by ``seat``, when given)."""
        return self.check(action, seat) is None

    def _turn_violation(self, seat: Seat) -> Violation:
        if self.is_over:
            return Violation(ViolationCode.GAME_OVER, "The match is over: nobody acts any more.")
        if self.to_act is None:
            return Violation(
                ViolationCode.OUT_OF_TURN, f"It is not seat {seat}'s turn: the deal comes first."
            )
        return Violation(
            ViolationCode.OUT_OF_TURN, f"It is seat {self.to_act}'s turn, not seat {seat}'s."
        )

    fingerprint_fields: ClassVar[tuple[str, ...]] = ()
    """The attributes that define the current position, digested by :meth:`fingerprint`.

    Empty means every attrs field but ``history`` and ``results`` when the fields are all
    public, else the whole ``repr``. Fields that grow with the match stay out: the fingerprint
    adds only the lengths of the history and of ``results``.
    """

    def fingerprint(self) -> str:
        """A short digest of the position, stable across processes (used to validate JSON).

        It costs O(current position), not O(match): the current deal in full, with the match
        so far summed up by its scores, its number of actions and of finished hands.

        >>> from tablegames import texas42
        >>> state = texas42.new_match()
        >>> state.fingerprint() == texas42.new_match().fingerprint(), len(state.fingerprint())
        (True, 24)
        >>> state.fingerprint() == texas42.new_match(texas42.Rules(target=7)).fingerprint()
        False
        """
        cls = type(self)
        names = cls.fingerprint_fields
        if not names and attrs.has(cls):
            fields = [f.name for f in attrs.fields(cls)]
            if not any(name.startswith("_") for name in fields):
                names = tuple(name for name in fields if name not in ("history", "results"))
        parts = [cls.game_name, str(len(self.history)), str(len(getattr(self, "results", ())))]
        parts += [repr(getattr(self, name)) for name in names] if names else [repr(self)]
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:24]


def _rules_to_json(rules: Any) -> dict[str, Any]:
    return attrs.asdict(rules, value_serializer=_plain)


def _plain(_: Any, __: Any, value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


def _plain_dict(mapping: Mapping[str, Any]) -> dict[str, Any]:
    return dict(mapping)


def _strings(items: Iterable[object]) -> tuple[str, ...]:
    return tuple(str(item) for item in items)


@attrs.frozen
class GameRecord:
    """A match as data: the game, its rules and every action (chance steps included) in notation.

    >>> record = GameRecord("texas42", {}, ("deal 0:0",))
    >>> GameRecord.from_json(record.to_json()) == record
    True
    """

    game: str
    rules: Mapping[str, Any] = attrs.field(converter=_plain_dict)
    actions: tuple[str, ...] = attrs.field(converter=_strings)

    def to_json(self) -> str:
        """The record as a JSON document."""
        return json.dumps(
            {"game": self.game, "rules": dict(self.rules), "actions": list(self.actions)}
        )

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record; malformed documents raise :class:`RecordError`."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        game, rules, actions = data.get("game"), data.get("rules"), data.get("actions")
        if (
            not isinstance(game, str)
            or not isinstance(rules, dict)
            or not isinstance(actions, list)
        ):
            raise RecordError("a record has a game name, a rules object and a list of actions")
        if not all(isinstance(a, str) for a in actions):
            raise RecordError("every action in a record is a string")
        return cls(game, rules, tuple(actions))


@attrs.frozen
class Game(Generic[S, R]):
    """Everything generic code needs to know about one game.

    >>> from tablegames import texas42
    >>> texas42.GAME.name, str(texas42.GAME.parse_action("bid 30"))
    ('texas42', 'bid 30')
    """

    name: str
    title: str
    deck: PieceSet[Any]
    """Every piece the game uses: the zones of a state always partition it."""
    rules_type: Callable[..., R]
    new_match: Callable[[R], S]
    parse_action: Callable[[str], Any]
    action_space: Callable[[R], Sequence[Any]]

    def rules_to_json(self, rules: R) -> dict[str, Any]:
        """The rules as a JSON-ready dict."""
        return _rules_to_json(rules)

    def rules_from_json(self, data: Mapping[str, Any]) -> R:
        """Rules from a dict; unknown names or bad values raise :class:`RecordError`."""
        try:
            return self.rules_type(**data)
        except (TypeError, ValueError) as exc:
            raise RecordError(f"bad {self.title} rules: {exc}") from None

    def record(self, state: S) -> GameRecord:
        """The record that replays to ``state``."""
        actions = tuple(str(a) for a in state.history.to_tuple())
        return GameRecord(self.name, self.rules_to_json(state.rules), actions)

    def replay(self, record: GameRecord) -> S:
        """Play a record from the start; an illegal or unreadable action raises RecordError."""
        if record.game != self.name:
            raise RecordError(f"this is a {record.game} record, not {self.name}")
        from .replaying import ActionReader  # noqa: PLC0415 (keeps this change local)

        state = self.new_match(self.rules_from_json(record.rules))
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
                for action in actions:
                    state = state.apply(action)
        except (NotationError, IllegalActionError) as exc:
            number = len(state.history) - start + 1
            raise RecordError(f"action {number} ({texts[number - 1]!r}): {exc}") from None
        return state

    def state_to_json(self, state: S) -> str:
        """A state as JSON: its record plus a fingerprint of the position it reaches."""
        record = json.loads(self.record(state).to_json())
        record["fingerprint"] = state.fingerprint()
        return json.dumps(record)

    def state_from_json(self, text: str) -> S:
        """Read a state written by :meth:`state_to_json`, replaying and checking it."""
        record = GameRecord.from_json(text)
        state = self.replay(record)
        expected = json.loads(text).get("fingerprint")
        if expected is not None and expected != state.fingerprint():
            raise RecordError(
                "the state's fingerprint does not match the position its actions reach"
            )
        return state


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


def play_randomly(state: S, rng: random.Random, max_steps: int = 1_000_000) -> S:
    """Play on with random actions until the match ends (or ``max_steps`` actions).

    >>> from tablegames import texas42
    >>> play_randomly(texas42.new_match(texas42.Rules(target=40)), random.Random(0)).is_over
    True
    """
    for _ in range(max_steps):
        if state.is_over:
            break
        state = state.apply(random_action(state, rng))
    return state
