"""OpenSpiel games for every tablegames game (``pip install tablegames[openspiel]``).

``load_game(name, **rules)`` returns a pyspiel game registered as ``tablegames_<name>`` (see
:data:`SHORT_NAMES`), whose single parameter ``rules`` is the rules as JSON. Actions are the
fixed ids of :func:`tablegames.observation.action_ids`; a deal is a run of uniform chance
nodes, each drawing one piece (its place in ``GAME.deck``) for the next position of the
shuffled deck, after which the whole deal is applied. Observations and information states are
built from ``view(player)`` alone (see docs/interop.md).

Importing this module does not need OpenSpiel; :func:`load_game` does.

>>> SHORT_NAMES["ninety-two"]
'tablegames_ninety_two'
>>> rules_from_parameter("texas42", rules_parameter("texas42", target=60)).game_target
60
"""

from __future__ import annotations

import base64
import functools
import json
import random
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from tablegames.core.actions import Deal
from tablegames.core.bounded_json import load_json_object
from tablegames.core.errors import RecordError, TableGamesError, excerpt
from tablegames.core.game import Game, GameState
from tablegames.core.settings import GameRules
from tablegames.core.text import describe
from tablegames.games import GAME_MODULES, get_game
from tablegames.observation import action_ids, encoding_for, returns

from . import limits

SHORT_NAMES: dict[str, str] = {
    name: "tablegames_" + name.replace("-", "_") for name in GAME_MODULES
}
"""tablegames game name to the short name it is registered under in pyspiel."""

_Parameter = str | int | float | bool
"""A pyspiel game parameter's value."""

_PLAYER_RANGE = {"texas42": (4, 4), "ninety-two": (4, 8), "preference": (4, 4), "quartets": (2, 9)}


def rules_parameter(name: str, **rules: object) -> str:
    """The value of the pyspiel ``rules`` parameter for game ``name`` under ``rules``: the
    rules as JSON in URL-safe base64 (game strings cannot hold JSON's commas), checked by
    building them (bad settings raise ``RulesError``).

    >>> text = rules_parameter("quartets", players=3)
    >>> rules_from_parameter("quartets", text)
    Rules(players=3, first_dealer=0, deals=None, turn_passes='asked', ask='card')
    """
    game = get_game(name)
    data = json.dumps(game.rules_to_json(game.rules_type(**rules)), separators=(",", ":"))
    return base64.urlsafe_b64encode(data.encode()).decode().rstrip("=")


def rules_from_parameter(name: str, text: str) -> GameRules:
    """The rules of game ``name`` from a ``rules`` parameter ("" or "{}": the defaults).

    The parameter is read as untrusted JSON (size and nesting checked first, see
    docs/limits.md); anything else is a :class:`~tablegames.errors.RecordError` that quotes at
    most a short prefix of it.

    >>> rules_from_parameter("texas42", "").game_target
    250
    >>> rules_from_parameter("texas42", "W" * 100_000)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RecordError: 'WWW...' is not a rules parameter: it is longer ...
    """
    game = get_game(name)
    if type(text) is not str:
        raise RecordError(
            f"A rules parameter is text made by rules_parameter, not {type(text).__name__}."
        )
    if text in ("", "{}"):
        defaults: GameRules = game.rules_type()
        return defaults
    if len(text) > MAX_PARAMETER_CHARS:
        raise RecordError(
            f"{excerpt(text)} is not a rules parameter: it is longer than "
            f"{MAX_PARAMETER_CHARS:,} characters."
        )
    padded = text + "=" * (-len(text) % 4)
    try:
        decoded = base64.urlsafe_b64decode(padded.encode("ascii")).decode("utf-8")
    except (ValueError, TypeError):
        raise RecordError(
            f"{excerpt(text)} is not a rules parameter made by rules_parameter."
        ) from None
    rules: GameRules = game.rules_from_json(load_json_object(decoded, "rules parameter"))
    return rules


MAX_PARAMETER_CHARS = 4096
"""The longest ``rules`` parameter read (the rules of any game take a few hundred)."""


def load_game(name: str, **rules: Any) -> Any:
    """The pyspiel game of tablegames game ``name`` with rules ``rules`` (keyword settings of
    that game's ``Rules``), e.g. ``load_game("texas42", target=60)``.

    ``max_moves`` (not a rule) overrides :func:`tablegames.interop.limits.max_moves`, the
    length at which a match stops as truncated.

    >>> try:
    ...     load_game("texas42", target=0)
    ... except Exception as exc:
    ...     print(type(exc).__name__)
    RulesError
    """
    max_moves = int(rules.pop("max_moves", 0))
    parameter = rules_parameter(name, **rules)
    pyspiel = _pyspiel()
    register(name)
    return pyspiel.load_game(SHORT_NAMES[name], {"rules": parameter, "max_moves": max_moves})


def _pyspiel() -> ModuleType:
    try:
        import pyspiel  # noqa: PLC0415 (an optional extra)
    except ImportError:
        raise TableGamesError(
            "OpenSpiel is not installed: pip install 'tablegames[openspiel]'"
        ) from None
    module: ModuleType = pyspiel
    return module


@functools.cache
def register(name: str) -> str:
    """Register game ``name`` with pyspiel (once) and return its short name.

    After this, ``pyspiel.load_game("tablegames_texas42", {"rules": ...})`` works too, and so
    do OpenSpiel tools that reload a game by its name (deserializing states, for one).

    >>> register("chess")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.TableGamesError: no game called 'chess': try one of ...
    """
    game = get_game(name)
    if name not in _PLAYER_RANGE:
        raise TableGamesError(
            f"Only the built-in games have OpenSpiel adapters ({', '.join(SHORT_NAMES)}), "
            f"not {excerpt(name)}."
        )
    pyspiel = _pyspiel()
    low, high = _PLAYER_RANGE[name]
    game_type = pyspiel.GameType(
        short_name=SHORT_NAMES[name],
        long_name=f"tablegames {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"rules": "", "max_moves": 0},
    )
    pyspiel.register_game(game_type, _game_class(game, game_type))
    return str(game_type.short_name)


def _game_class(game: Game[Any, Any], game_type: object) -> type:
    """The pyspiel.Game subclass for ``game``."""
    pyspiel = _pyspiel()

    game_base: Any = pyspiel.Game
    state_base: Any = pyspiel.State

    class TableGame(game_base):  # type: ignore[misc]
        """A tablegames game seen through OpenSpiel."""

        def __init__(self, params: Mapping[str, _Parameter] | None = None) -> None:
            params = dict(params or {})
            text = str(params.get("rules", ""))
            self.context = _context(game.name, text, int(params.get("max_moves", 0)))
            ctx = self.context
            lowest = -(ctx.players - 1) if game.name != "texas42" else -1
            info = pyspiel.GameInfo(
                num_distinct_actions=ctx.ids.size,
                max_chance_outcomes=len(ctx.deck),
                num_players=ctx.players,
                min_utility=float(lowest),
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=ctx.max_moves,
            )
            super().__init__(game_type, info, {"rules": text, "max_moves": ctx.max_moves})

        def new_initial_state(self, *args: object) -> TableState:
            """The start of a match: the first deal is about to be drawn."""
            return TableState(self)

        def make_py_observer(
            self, iig_obs_type: object = None, params: Mapping[str, _Parameter] | None = None
        ) -> TableObserver:
            """Observers for information states (perfect recall) and observations."""
            return TableObserver(
                self.context,
                iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
                params,
            )

    class TableState(state_base):  # type: ignore[misc]
        """A moment of a match, with the pieces drawn so far when a deal is under way."""

        def __init__(self, spiel_game: TableGame) -> None:
            super().__init__(spiel_game)
            self.context: _Context = spiel_game.context
            self.box = _Box(game.name, game.new_match(self.context.rules))
            self.drawn: tuple[int, ...] = ()
            self.moves = 0

        @property
        def tg_state(self) -> GameState[Any]:
            """The tablegames state (between deals: the pieces drawn so far are in ``drawn``)."""
            return self.box.state

        # -- the pyspiel State interface ------------------------------------------------
        def current_player(self) -> int:
            if self.is_terminal():
                return int(pyspiel.PlayerId.TERMINAL)
            if self.tg_state.is_chance:
                return int(pyspiel.PlayerId.CHANCE)
            seat = self.tg_state.to_act
            assert seat is not None
            return seat

        def is_terminal(self) -> bool:
            return self.tg_state.is_over or self.moves >= self.context.max_moves

        def _legal_actions(self, player: int) -> list[int]:
            return self.context.ids.ids_of(self.tg_state.legal_actions())

        def chance_outcomes(self) -> list[tuple[int, float]]:
            taken = set(self.drawn)
            left = [i for i in range(len(self.context.deck)) if i not in taken]
            return [(i, 1.0 / len(left)) for i in left]

        def _apply_action(self, action: int) -> None:
            self.moves += 1
            if self.tg_state.is_chance:
                self.drawn = (*self.drawn, int(action))
                if len(self.drawn) == len(self.context.deck):
                    order = tuple(self.context.deck[i] for i in self.drawn)
                    self.drawn = ()
                    self.box = _Box(game.name, self.tg_state.apply(Deal(order)))
                return
            self.box = _Box(game.name, self.tg_state.apply(self.context.ids.action(int(action))))

        def _action_to_string(self, player: int, action: int) -> str:
            if player == pyspiel.PlayerId.CHANCE:
                return f"draw {self.context.deck[action]}"
            return str(self.context.ids.action(action))

        def returns(self) -> list[float]:
            return list(returns(self.tg_state))

        def resample_from_infostate(
            self, player_id: int, probability_sampler: Callable[[], float]
        ) -> TableState:
            """A state ``player_id`` cannot tell from this one (``GameState.sample``)."""
            rng = random.Random(int(probability_sampler() * 2**32))
            return self.resampled(player_id, rng)

        def resampled(self, player: int, rng: random.Random) -> TableState:
            """A state ``player`` cannot tell from this one, drawn with ``rng``."""
            other: TableState = self.clone()
            other.box = _Box(game.name, self.tg_state.sample(player, rng))
            return other

        def __str__(self) -> str:
            state = self.tg_state
            lines = [f"{game.title}: {state.phase.value}, to act: {state.to_act}"]
            if self.drawn:
                lines.append(f"{len(self.drawn)} of {len(self.context.deck)} pieces drawn")
            lines.extend(f"{place}: {pieces}" for place, pieces in state.zones().items())
            return "\n".join(lines)

    class TableObserver:
        """Tensor and strings of one player's view: the observation encoding for both
        information states and observations; as strings, the whole view (information state)
        or its present part (observation)."""

        def __init__(self, context: _Context, iig_obs_type: Any, params: object) -> None:
            if params:
                raise TableGamesError(
                    f"Observation parameters are not supported: {describe(params)}."
                )
            import numpy as np  # noqa: PLC0415 (an optional extra)

            private = iig_obs_type.private_info
            if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
                raise TableGamesError("A view shows one seat's private pieces, not every seat's.")
            self.public_only = private == pyspiel.PrivateInfoType.NONE
            self.perfect_recall = bool(iig_obs_type.perfect_recall)
            self.encoding = context.encoding
            self.tensor = np.zeros(context.encoding.size, np.float32)
            self.dict = {"observation": self.tensor}

        def set_from(self, state: TableState, player: int) -> None:
            values = self.encoding.encode(state.tg_state.view(player))
            self.tensor[:] = values
            if self.public_only:
                for segment in self.encoding.layout:
                    if segment.private:
                        self.tensor[segment.start : segment.stop] = 0

        def string_from(self, state: TableState, player: int) -> str:
            view = state.tg_state.view(player)
            return describe_view(view, full=self.perfect_recall, public=self.public_only)

    return TableGame


class _Context:
    """What every state of one loaded game shares: rules, ids, encoding, deck, bounds.
    Immutable, so copies of a state share it; it pickles as its name and parameters."""

    def __init__(self, name: str, text: str, max_moves: int) -> None:
        self.args = (name, text, max_moves)
        self.rules = rules_from_parameter(name, text)
        self.ids = action_ids(name, self.rules)
        self.encoding = encoding_for(name, self.rules)
        self.deck = tuple(get_game(name).deck)
        self.players = limits.players(self.rules)
        self.max_moves = max_moves or limits.max_moves(name, self.rules)

    def __deepcopy__(self, memo: dict[int, object]) -> _Context:
        return self

    def __reduce__(self) -> tuple[Callable[..., _Context], tuple[str, str, int]]:
        return (_context, self.args)


@functools.lru_cache(maxsize=64)
def _context(name: str, text: str, max_moves: int) -> _Context:
    return _Context(name, text, max_moves)


class _Box:
    """Holds an immutable tablegames state: copies share it, and it pickles as the state's
    JSON (its record, replayed and checked when read back)."""

    __slots__ = ("name", "state")

    def __init__(self, name: str, state: GameState[Any]) -> None:
        self.name = name
        self.state = state

    def __deepcopy__(self, memo: dict[int, object]) -> _Box:
        return self

    def __reduce__(self) -> tuple[Callable[..., _Box], tuple[str, str]]:
        return (_unbox, (self.name, get_game(self.name).state_to_json(self.state)))


def _unbox(name: str, text: str) -> _Box:
    return _Box(name, get_game(name).state_from_json(text))


_PAST = ("results", "tricks", "asks", "legal_actions")
_PRIVATE = ("hand", "widow", "discards", "aside")
"""View fields only their seat sees (Texas 42's ``aside``: the nello partner's laid-aside tiles)."""
_DERIVED = ("legal_actions",)
"""View fields worked out from the private ones (the legal plays name the seat's own pieces):
left out of a public-only string too."""


def describe_view(view: Any, full: bool, public: bool = False) -> str:
    """A view as text: every field (``full``: the information state) or only the present
    ones (an observation: no earlier tricks, asks or results); ``public`` leaves out the
    seat's own pieces and what is worked out from them (its legal actions).

    >>> from tablegames import texas42
    >>> print(describe_view(texas42.new_match().view(0), full=False))
    seat=0 phase=deal to_act=None dealer=0 hand= hand_sizes=(0, 0, 0, 0) calls=() high_bid=0 \
bidder=None trump=None trick=() hand_points=(0, 0) scores=(0, 0) contract=bid ...
    """
    import attrs  # noqa: PLC0415

    parts = []
    for field in attrs.fields(type(view)):
        name = field.name
        if (not full and name in _PAST) or (public and (name in _PRIVATE or name in _DERIVED)):
            continue
        value = getattr(view, field.name)
        if field.name == "phase":
            value = value.value
        elif field.name in ("legal_actions",):
            value = " ".join(str(a) for a in value)
        elif field.name in _PRIVATE:
            value = str(value)
        parts.append(f"{field.name}={value}")
    return " ".join(parts)
