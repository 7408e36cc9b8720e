"""The game descriptor, :class:`Game`: everything generic code needs to know about one game
(its rules type, its first state, its notation and action space), and its records and state JSON
(``record``, ``replay``, ``state_to_json``, ``state_from_json``).

The state base class is :class:`~tablegames.core.game_state.GameState` and random play is in
:mod:`tablegames.core.random_play`; both are importable from here too.

>>> from tablegames import texas42
>>> state = texas42.GAME.new_match(texas42.Rules())
>>> texas42.GAME.replay(texas42.GAME.record(state)) == state
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

import attrs

from tablegames.pieces.sets import PieceSet

from .bounded_json import load_json_object
from .errors import (
    IllegalActionError,
    NotationError,
    RecordError,
    TableGamesError,
    excerpt,
)
from .game_state import GameState, _unpickle_state  # noqa: F401 (pickles made before the split name it here)
from .json_values import thaw
from .limits import MAX_START_TEXT_CHARS
from .random_play import play_randomly, random_action, random_states
from .records import GameRecord, record_from_data
from .replaying import ActionReader, replay_actions
from .seats import seat_count
from .settings import GameRules, own_rules
from .start import start_of
from .text import describe
from .wire import rules_dict

__all__ = [
    "Game",
    "GameRecord",
    "GameState",
    "RulesChecked",
    "play_randomly",
    "random_action",
    "random_states",
]

R = TypeVar("R")
S = TypeVar("S", bound="GameState[Any]")


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
    """The game's notation read into one of its actions (typed loosely, so that the action
    goes to ``state.apply`` of the game's own state without a cast)."""
    action_space: Callable[[R], Sequence[Any]]
    seats: Callable[[R], int] = seat_count
    """How many seats a match under given rules has (default: ``rules.players``, else four);
    generic code (the conformance checks, the strategies) asks this, never the rules."""
    start_from: Callable[[R, Mapping[str, object]], S] | None = None
    """The state at a start position written in the notation (a record's ``start``, see
    ``view.sample``), or ``None`` for a game whose records always begin with the match. It
    checks the start with bounded work and raises RecordError for a malformed one."""

    def __attrs_post_init__(self) -> None:
        # ``new_match`` refuses another game's rules (when the rules type is a class), so code
        # that starts matches through the descriptor never plays one game under another's rules.
        start: Callable[..., object] = self.new_match
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

    def rules_to_json(self, rules: R) -> dict[str, object]:
        """The rules as a JSON-ready dict."""
        return rules_dict(rules)

    def rules_from_json(self, data: Mapping[str, object]) -> R:
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

    def _failing_setting(self, data: Mapping[str, object]) -> str | None:
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

    def start_state(self, rules: R, start: Mapping[str, object] | None = None) -> S:
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

    function: Callable[..., object]
    rules_type: type
    title: str

    def __call__(self, *args: object, **kwargs: object) -> object:
        own_rules(args[0] if args else kwargs.get("rules"), self.rules_type, self.title)
        return self.function(*args, **kwargs)


def _setting_names(rules_type: Callable[..., object]) -> frozenset[str] | None:
    """The keyword names a rules class takes, when it is an attrs class (else unknown)."""
    if not isinstance(rules_type, type) or not attrs.has(rules_type):
        return None
    return frozenset(a.alias for a in attrs.fields(rules_type) if a.init)


def _cut(message: str, limit: int = 160) -> str:
    """An error message from elsewhere, cut short so it never echoes a huge input."""
    return message if len(message) <= limit else message[:limit] + "…"
