"""``SearchAgent``: determinized Monte Carlo search from a view, for every game.

At each decision with more than one legal action, the agent draws full states ("worlds")
consistent with its view (``view.sample(rng)``: the hidden pieces dealt anew, consistent with
everything the seat has seen). In every world it plays each legal action and then plays the
rest of the deal out with a fast playout policy (the heuristic agent, or uniformly random
play), and scores the action by what the deal brought its seat. It plays the action with the
best mean score. Every action is tried in the same worlds, with the same playout seed in a
world, so the comparison between actions is as fair as the sample allows.

- **Budget**: ``samples`` worlds a decision (each world plays one playout for every legal
  action), or ``ms`` milliseconds a decision (as many whole worlds as fit, at least one). With
  ``samples`` the agent is deterministic given the ``rng`` it is handed; with ``ms`` it is not
  (a faster machine sees more worlds).
- **Horizon**: a playout stops at the end of the current deal (the next shuffle, or the end of
  the match: a Quartets match of one deal is played to its end), or after ``depth`` actions
  when ``depth`` is set. The four built-in games count ``returns()`` for finished deals only,
  so for them a playout cut short sees no score: ``depth`` is for games that score as they go.
- **Which actions**: at most ``width`` of them, the heuristic agent's most promising first
  (:meth:`HeuristicAgent.ranked`); and the agent keeps the heuristic's choice unless another
  action beats it, world by world, by more than ``confidence`` standard errors. In a game the
  heuristic agent does not know (one written with the kit, if its views can ``sample``), the
  first ``width`` legal actions are searched with random playouts and the best mean wins.
- **Score**: the change of ``state.returns()`` from the decision to the horizon, the game's
  own scoring (points, marks, chips, sets). ``score="margin"`` (the default) counts the
  seat's change less the mean change of the other seats, so what the opponents gain counts
  against it (in Texas 42 this is two thirds of the side's margin); ``score="own"`` counts the
  seat's own change only.

The agent is handed only the view, so it cannot read hidden pieces; the worlds it searches are
guesses drawn from the view.

>>> import random
>>> from tablegames import texas42
>>> from tablegames.agents import HeuristicAgent, play_match
>>> agents = {0: SearchAgent(samples=2), 1: HeuristicAgent(), 2: SearchAgent(samples=2),
...     3: HeuristicAgent()}
>>> final = play_match(texas42.new_match(texas42.Rules(target=30)), agents, random.Random(5))
>>> final.is_over
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any, Protocol

import attrs

from tablegames.core.errors import TableGamesError

from .heuristic import HeuristicAgent
from .protocol import View


class SamplingView(View, Protocol):
    """What the search needs from a view: the seat, its legal actions, and ``sample(rng)``, a
    full state consistent with the view.

    >>> from tablegames import quartets
    >>> isinstance(quartets.new_match().view(0).seat, int)
    True
    """

    def sample(self, rng: random.Random) -> Any:
        """A full state the seat cannot tell from the one it sees."""
        ...


POLICIES = ("heuristic", "random")
"""The playout policies known by name: ``heuristic`` (the built-in rules of thumb at every seat)
and ``random`` (uniform play, about ten times cheaper a step)."""

SCORES = ("margin", "own")
"""How a playout is scored (see the module doc)."""


def _check_budget(instance: SearchAgent, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None:
        return
    kinds = (int, float) if attribute.name == "ms" else (int,)
    if isinstance(value, bool) or not isinstance(value, kinds) or value <= 0:
        noun = "positive number" if attribute.name == "ms" else "positive whole number"
        raise TableGamesError(f"The search's {attribute.name} is a {noun}, not {value!r}.")


def _check_choice(instance: SearchAgent, attribute: attrs.Attribute[Any], value: Any) -> None:
    choices = POLICIES if attribute.name == "policy" else SCORES
    if value not in choices:
        raise TableGamesError(
            f"The search's {attribute.name} is one of {', '.join(choices)}, not {value!r}."
        )


@attrs.frozen
class SearchAgent:
    """Determinized Monte Carlo search (see the module doc): ``samples`` worlds a decision, or
    ``ms`` milliseconds a decision when ``ms`` is set; playouts by ``policy`` (``"heuristic"``
    or ``"random"``) to the end of the deal (or ``depth`` actions); actions scored by the
    change of ``returns()`` (``score="margin"`` or ``"own"``).

    >>> import random
    >>> from tablegames import ninety_two
    >>> state = ninety_two.new_match()
    >>> state = state.apply(state.chance_outcome(random.Random(2)))
    >>> view = state.view(state.to_act)
    >>> SearchAgent(samples=2).choose(view, random.Random(0)) in view.legal_actions
    True
    >>> SearchAgent(samples=0)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.TableGamesError: The search's samples is a positive whole number, not 0.
    """

    samples: int = attrs.field(default=8, validator=_check_budget)
    """Worlds a decision (used when ``ms`` is None)."""
    ms: float | None = attrs.field(default=None, validator=_check_budget)
    """Milliseconds a decision instead of a number of worlds (not deterministic)."""
    policy: str = attrs.field(default="heuristic", validator=_check_choice)
    """The playout policy: ``heuristic`` or ``random``."""
    depth: int | None = attrs.field(default=None, validator=_check_budget)
    """At most this many actions a playout (None: to the end of the deal)."""
    score: str = attrs.field(default="margin", validator=_check_choice)
    """``margin`` (own change less the others' mean change) or ``own``."""
    confidence: float = 1.0
    """Leave the heuristic's choice only for an action whose mean score beats it by more than
    this many standard errors of the paired difference (0: the best mean, whatever)."""
    width: int | None = attrs.field(default=8, validator=_check_budget)
    """Search at most this many actions, the heuristic's most promising first (None: all)."""

    @classmethod
    def from_text(cls, text: str) -> SearchAgent:
        """The agent a registry spec's options name: ``search:OPTIONS``, options separated by
        colons: a whole number of worlds (``64``), a time budget (``50ms``), a playout policy
        (``heuristic``, ``random``), a score (``margin``, ``own``), a depth (``depth40``), a width
        (``width4``: search at most four actions) or a confidence (``conf2``: leave the
        heuristic's choice only for an action two standard errors better).

        >>> agent = SearchAgent.from_text("64:random")
        >>> agent.samples, agent.policy, agent.ms
        (64, 'random', None)
        >>> SearchAgent.from_text("16:conf2").confidence
        2.0
        >>> SearchAgent.from_text("20ms").ms
        20.0
        >>> SearchAgent.from_text("lots")
        Traceback (most recent call last):
        ...
        tablegames.core.errors.TableGamesError: 'lots' is no search option: ...
        """
        settings: dict[str, Any] = {}
        for part in (p.strip().lower() for p in text.split(":") if p.strip()):
            try:
                if part.isdigit():
                    settings["samples"] = int(part)
                elif part.endswith("ms") and _is_number(part[:-2]):
                    settings["ms"] = float(part[:-2])
                elif part in POLICIES:
                    settings["policy"] = part
                elif part in SCORES:
                    settings["score"] = part
                elif part.startswith("depth") and part[5:].isdigit():
                    settings["depth"] = int(part[5:])
                elif part.startswith("width") and part[5:].isdigit():
                    settings["width"] = int(part[5:])
                elif part.startswith("conf") and _is_number(part[4:]):
                    settings["confidence"] = float(part[4:])
                else:
                    raise ValueError(part)
            except ValueError:
                raise TableGamesError(
                    f"{part!r} is no search option: give worlds (64), milliseconds (50ms), "
                    "heuristic, random, margin, own, depth40, width4 or conf2."
                ) from None
        return cls(**settings)

    def choose(self, view: View, rng: random.Random) -> Any:
        """The searched action with the best mean playout score; a lone legal action at once."""
        return self.evaluate(view, rng)[0]

    def evaluate(self, view: View, rng: random.Random) -> tuple[object, dict[object, float], int]:
        """The chosen action, the mean score of every action searched (the heuristic's choice
        first, which wins ties; at most ``width`` actions) and the number of worlds searched
        (0 when there was only one legal action).

        >>> import random
        >>> from tablegames import preference
        >>> state = preference.new_match()
        >>> state = state.apply(state.chance_outcome(random.Random(1)))
        >>> action, means, worlds = SearchAgent(samples=3).evaluate(
        ...     state.view(state.to_act), random.Random(0))
        >>> worlds, set(means) == set(state.legal_actions()), action in state.legal_actions()
        (3, True, True)
        """
        legal = tuple(view.legal_actions)
        if not legal:
            raise TableGamesError(f"Seat {view.seat} has nothing to do now.")
        if len(legal) == 1:
            return legal[0], {legal[0]: 0.0}, 0
        seat = view.seat
        known = _HEURISTIC.knows(view)
        actions = _HEURISTIC.ranked(view, random.Random(rng.getrandbits(64))) if known else legal
        if self.width is not None:
            actions = actions[: self.width]
        policy = _HEURISTIC if known and self.policy == "heuristic" else None
        scores: list[list[float]] = [[] for _ in actions]
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000.0
        drawn = [] if deadline else [self._world(view, rng) for _ in range(self.samples)]
        worlds = 0
        while True:
            if deadline is None:
                if worlds >= self.samples:
                    break
                world, seed = drawn[worlds]
            elif worlds and time.perf_counter() >= deadline:
                break
            else:
                world, seed = self._world(view, rng)
            before = world.returns()
            for index, action in enumerate(actions):
                after = self._playout(world.apply(action, seat), policy, random.Random(seed))
                scores[index].append(self._value(before, after.returns(), seat))
            worlds += 1
        means = {action: sum(values) / worlds for action, values in zip(actions, scores)}
        best = max(range(len(actions)), key=lambda i: means[actions[i]])
        if known and not beats(scores[best], scores[0], self.confidence):
            best = 0
        return actions[best], means, worlds

    @staticmethod
    def _world(view: View, rng: random.Random) -> tuple[Any, int]:
        sample = getattr(view, "sample", None)
        if sample is None:
            raise TableGamesError(
                f"The search agent draws worlds with view.sample(rng); a {type(view).__name__}"
                " cannot sample."
            )
        return sample(rng), rng.getrandbits(64)

    def _playout(self, state: Any, heuristic: HeuristicAgent | None, rng: random.Random) -> Any:
        limit = self.depth
        steps = 0
        while not (state.is_over or state.is_chance):
            if limit is not None and steps >= limit:
                break
            if heuristic is None:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            else:
                action = heuristic.choose(state.view(state.to_act), rng)
            state = state.apply(action)
            steps += 1
        return state

    def _value(self, before: Sequence[float], after: Sequence[float], seat: int) -> float:
        own = after[seat] - before[seat]
        if self.score == "own":
            return own
        others = len(before) - 1
        gained = sum(after) - sum(before) - own
        return own - gained / others if others else own


def beats(values: Sequence[float], against: Sequence[float], confidence: float) -> bool:
    """True if ``values`` beat ``against`` (scores in the same worlds, paired) by more than
    ``confidence`` standard errors of their mean difference (``confidence`` 0, or one world:
    by any mean difference above zero).

    >>> beats([3.0, 2.0, 4.0], [1.0, 1.0, 1.0], 2.0), beats([3.0, -2.0], [1.0, 1.0], 1.0)
    (True, False)
    """
    n = len(values)
    differences = [a - b for a, b in zip(values, against)]
    mean = sum(differences) / n
    if n < 2 or confidence <= 0:
        return mean > 0
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return mean > confidence * math.sqrt(variance / n)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


_HEURISTIC = HeuristicAgent()


__all__ = ["POLICIES", "SCORES", "SamplingView", "SearchAgent", "beats"]
