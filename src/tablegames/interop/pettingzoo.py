"""PettingZoo AEC environments for every game (``pip install tablegames[pettingzoo]``).

``env(name, render_mode=None, **rules)`` returns the wrapped environment and ``raw_env`` the
bare one. Agents are ``seat_0``, ``seat_1``, ...; each observation is a dict with
``"observation"`` (the float32 encoding of :mod:`tablegames.observation`) and
``"action_mask"`` (int8, 1 for each legal action id). Deals are drawn inside the environment
from its random generator, seeded by ``reset(seed=...)``, so a seed and the agents' actions
replay a match exactly. An illegal action id raises ``IllegalActionError``.

Rewards: at the end of the match each seat receives :func:`tablegames.observation.returns`
(+1 to a winner, the losers share the opposite). With ``hand_rewards=True`` every step also
pays the change in :func:`tablegames.observation.standing` (each seat's score ahead of the
table's average), which moves when a hand is scored (and, in Preference, whenever chips
move): rewards then arrive hand by hand and still sum to zero.

A match that reaches :func:`tablegames.interop.limits.max_moves` actions stops truncated.

Importing this module does not need PettingZoo; making an environment does.

>>> agent_names(3)
['seat_0', 'seat_1', 'seat_2']
"""

from __future__ import annotations

import functools
import numbers
import operator
import random
from types import ModuleType
from typing import Any, TypeVar

from tablegames.core.errors import IllegalActionError, TableGamesError
from tablegames.core.game import GameState
from tablegames.core.settings import GameRules
from tablegames.core.text import describe
from tablegames.core.violations import Violation, ViolationCode
from tablegames.games import get_game
from tablegames.observation import action_ids, encoding_for, returns, standing

from . import limits

A = TypeVar("A")


def agent_names(players: int) -> list[str]:
    """The agent names of a table of ``players`` seats.

    >>> agent_names(2)
    ['seat_0', 'seat_1']
    """
    return [f"seat_{seat}" for seat in range(players)]


def env(name: str, render_mode: str | None = None, **rules: object) -> Any:
    """The environment of game ``name`` under ``rules`` (keyword settings of its ``Rules``,
    plus ``hand_rewards``), wrapped as PettingZoo recommends (order and bounds enforced).

    >>> env("texas42", target=0)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RulesError: target must be at least 1, not 0
    """
    environment = raw_env(name, render_mode=render_mode, **rules)
    wrappers = _pettingzoo().utils.wrappers
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


def raw_env(name: str, render_mode: str | None = None, **rules: object) -> Any:
    """The bare AEC environment of game ``name`` (see :func:`env`).

    >>> raw_env("quartets", players=12)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RulesError: Quartets is for 2 to 9 players, not 12
    """
    hand_rewards = bool(rules.pop("hand_rewards", False))
    game = get_game(name)
    tg_rules = game.rules_type(**rules)
    return _env_class(name)(tg_rules, render_mode=render_mode, hand_rewards=hand_rewards)


def _pettingzoo() -> ModuleType:
    try:
        import pettingzoo  # noqa: PLC0415 (an optional extra)
        import pettingzoo.utils  # noqa: PLC0415
    except ImportError:
        raise TableGamesError(
            "PettingZoo is not installed: pip install 'tablegames[pettingzoo]'"
        ) from None
    module: ModuleType = pettingzoo
    return module


@functools.lru_cache(maxsize=16)
def _env_class(name: str) -> type:
    pettingzoo = _pettingzoo()
    import numpy as np  # noqa: PLC0415 (an optional extra)
    from gymnasium import spaces  # noqa: PLC0415

    game = get_game(name)

    env_base: Any = pettingzoo.AECEnv

    class TableEnv(env_base):  # type: ignore[misc]
        """A tablegames match as a PettingZoo AEC environment."""

        metadata = {  # noqa: RUF012 (PettingZoo's convention)
            "render_modes": ["ansi"],
            "name": f"tablegames_{name.replace('-', '_')}_v0",
            "is_parallelizable": False,
        }

        def __init__(self, rules: GameRules, render_mode: str | None, hand_rewards: bool) -> None:
            super().__init__()
            if render_mode not in (None, "ansi"):
                raise TableGamesError(f"render_mode is None or 'ansi', not {describe(render_mode)}")
            self.render_mode = render_mode
            self.rules = rules
            self.hand_rewards = hand_rewards
            self.ids = action_ids(name, rules)
            self.encoding = encoding_for(name, rules)
            self.max_moves = limits.max_moves(name, rules)
            self.possible_agents = agent_names(limits.players(rules))
            self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
            space = spaces.Dict(
                {
                    "observation": spaces.Box(
                        np.asarray(self.encoding.layout.lows(), dtype=np.float32),
                        np.inf,
                        dtype=np.float32,
                    ),
                    "action_mask": spaces.Box(0, 1, (self.ids.size,), dtype=np.int8),
                }
            )
            self._observation_spaces = {a: space for a in self.possible_agents}
            self._action_spaces = {a: spaces.Discrete(self.ids.size) for a in self.possible_agents}
            self.rng = random.Random()
            self.state = game.new_match(rules)
            self.moves = 0
            self.last_move = ""

        def observation_space(self, agent: str) -> Any:
            return self._observation_spaces[agent]

        def action_space(self, agent: str) -> Any:
            return self._action_spaces[agent]

        def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
            self.rng = random.Random(seed)
            self.state = self._resolve_chance(game.new_match(self.rules))
            self.moves = 0
            self.last_move = ""
            self.agents = self.possible_agents[:]
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos: dict[str, dict[str, object]] = {a: {} for a in self.agents}
            self.agent_selection = self._seat_agent()

        def _resolve_chance(self, state: Any) -> Any:
            while state.is_chance:
                state = state.apply(state.chance_outcome(self.rng))
            return state

        def _seat_agent(self) -> str:
            seat = self.state.to_act
            return self.possible_agents[seat if seat is not None else 0]

        def observe(self, agent: str) -> dict[str, object]:
            seat = self.agent_name_mapping[agent]
            observation = np.asarray(self.encoding.encode(self.state.view(seat)), dtype=np.float32)
            mask = np.zeros(self.ids.size, dtype=np.int8)
            if self.state.to_act == seat:
                mask[self.ids.ids_of(self.state.legal_actions())] = 1
            return {"observation": observation, "action_mask": mask}

        def step(self, action: int | None) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            seat = self.agent_name_mapping[agent]
            chosen = self._action(action)
            before = standing(self.state)
            self.state = self._resolve_chance(self.state.apply(chosen, seat=seat))
            self.moves += 1
            self.last_move = f"seat {seat}: {chosen}"
            self._cumulative_rewards[agent] = 0.0
            rewards = [0.0] * len(self.possible_agents)
            if self.hand_rewards:
                after = standing(self.state)
                rewards = [b - a for a, b in zip(before, after)]
            if self.state.is_over:
                rewards = [r + g for r, g in zip(rewards, returns(self.state))]
                self.terminations = dict.fromkeys(self.agents, True)
            elif self.moves >= self.max_moves:
                self.truncations = dict.fromkeys(self.agents, True)
            self.rewards = {a: rewards[i] for i, a in enumerate(self.possible_agents)}
            if not self.state.is_over and not any(self.truncations.values()):
                self.agent_selection = self._seat_agent()
            self._accumulate_rewards()

        def _action(self, action: int | None) -> object:
            return self.ids.action(action_id(action, self.ids.size))

        def render(self) -> str | None:
            if self.render_mode is None:
                return None
            return render_text(self.state, self.last_move)

        def close(self) -> None:
            """Nothing to release: the environment holds no window, file or process."""

    return TableEnv


def action_id(action: object, size: int) -> int:
    """``action`` as an action id 0..``size - 1``: a whole number (an ``int`` or a numpy
    integer; not a bool, a float or a text), else :class:`IllegalActionError`.

    >>> action_id(3, 51)
    3
    >>> for bad in (None, 1.5, "3", True, 51):
    ...     try:
    ...         action_id(bad, 51)
    ...     except IllegalActionError as exc:
    ...         print(exc)
    None is not an action id: ids are whole numbers 0 to 50.
    1.5 is not an action id: ids are whole numbers 0 to 50.
    '3' is not an action id: ids are whole numbers 0 to 50.
    the boolean true is not an action id: ids are whole numbers 0 to 50.
    51 is not an action id: ids are whole numbers 0 to 50.
    """
    if isinstance(action, numbers.Integral) and not isinstance(action, bool):
        try:
            value = operator.index(action)
        except TypeError:
            value = -1
        if 0 <= value < size:
            return value
    raise IllegalActionError(
        Violation(
            ViolationCode.UNKNOWN_ACTION,
            f"{describe(action)} is not an action id: ids are whole numbers 0 to {size - 1}.",
        )
    )


def render_text(state: GameState[A], last_move: str = "") -> str:
    """A table as text in the game's notation: phase, turn, last move and where every piece is.

    >>> from tablegames import texas42
    >>> print(render_text(texas42.new_match()))
    Texas 42 - deal, to act: nobody
    boneyard: 0:0 1:0 1:1 2:0 2:1 2:2 3:0 3:1 3:2 3:3 4:0 4:1 4:2 4:3 4:4 5:0 5:1 5:2 5:3 5:4 \
5:5 6:0 6:1 6:2 6:3 6:4 6:5 6:6
    """
    title = get_game(state.game_name).title
    turn = "nobody" if state.to_act is None else f"seat {state.to_act}"
    lines = [f"{title} - {state.phase.value}, to act: {turn}"]
    if last_move:
        lines.append(f"last move: {last_move}")
    lines.extend(f"{place}: {pieces}" for place, pieces in state.zones().items())
    return "\n".join(lines)
