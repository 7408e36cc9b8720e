"""``SolverAgent``: plays by solving sampled worlds exactly (:mod:`tablegames.solve`).

At each decision with more than one legal action the agent draws ``samples`` full states
("worlds") consistent with its view (``view.sample(rng)``: the hidden pieces dealt anew,
consistent with everything the seat has seen) and asks the exact solver about each:

- **In play**: the value of each legal action for its side (``goal="margin"``: what its side
  takes from here less what the other side takes, each side playing for its own take with every
  hand open), and it plays the action with the best mean over the worlds. With
  ``goal="contract"`` it plays the action that makes the contract in most worlds (or, on the
  defending side, that sets it in most), the mean margin breaking ties.
- **Naming trumps** (Texas 42): for each contract it may name, whether the declaring side
  makes the bid in each world (a contract query); the one made in most worlds, the declaring
  side's mean margin breaking ties.
- **Bidding** (Texas 42): for each of the likeliest plain trumps it could name, what it would
  take with that trump from the first lead in each world as the high bidder at the lowest
  legal bid; with its best trump (the best mean score: what it takes when it makes the bid,
  less the bid and the other side's points when it is set), it makes that bid when it makes
  it in at least ``confidence`` of the worlds and the mean score is above zero, and passes
  otherwise (and when its partner holds the bid).
- **Anything else** (a game whose bidding it does not know): the heuristic agent's choice.

``nodes`` bounds each solve (plays searched); a solve cut short gives bounds, and the agent
counts their middle. The agent is handed only the view, so it cannot read hidden pieces: the
worlds it solves are guesses drawn from the view. With the same ``rng`` it chooses the same.

>>> import random
>>> from tablegames import texas42
>>> state = texas42.new_match()
>>> while state.phase is not texas42.Phase.PLAY:
...     state = state.apply(state.chance_outcome(random.Random(7)) if state.is_chance
...                         else state.legal_actions()[-1])
>>> view = state.view(state.to_act)
>>> SolverAgent(samples=2).choose(view, random.Random(0)) in view.legal_actions
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from tablegames import texas42
from tablegames.core.errors import TableGamesError
from tablegames.solve import Solver, engine_of
from tablegames.texas42.bidding import ALL_TRICKS
from tablegames.texas42.trumps import NO_TRUMP

from .heuristic import HeuristicAgent
from .texas42 import suit_strength

__all__ = ["GOALS", "SolverAgent"]

GOALS = ("margin", "contract")
"""What the agent plays for in play: its side's margin, or the contract (see the module doc)."""

_HEURISTIC = HeuristicAgent()


def _check_count(instance: SolverAgent, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None and attribute.name == "nodes":
        return
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise TableGamesError(
            f"The solver agent's {attribute.name} is a positive whole number, not {value!r}."
        )


def _check_goal(instance: SolverAgent, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value not in GOALS:
        raise TableGamesError(
            f"The solver agent's goal is one of {', '.join(GOALS)}, not {value!r}."
        )


def _check_share(instance: SolverAgent, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1:
        raise TableGamesError(
            f"The solver agent's confidence is a share above 0 and at most 1, not {value!r}."
        )


@attrs.frozen
class SolverAgent:
    """Plays by solving ``samples`` sampled worlds a decision exactly (see the module doc),
    each solve within ``nodes`` plays (None: no bound); plays for ``goal`` (``"margin"`` or
    ``"contract"``); bids when it makes the bid in ``confidence`` of the worlds.

    >>> SolverAgent(samples=0)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.TableGamesError: The solver agent's samples is a positive whole ...
    """

    samples: int = attrs.field(default=6, validator=_check_count)
    """Worlds a decision."""
    nodes: int | None = attrs.field(default=200_000, validator=_check_count)
    """At most this many plays searched a solve (None: every solve exact)."""
    goal: str = attrs.field(default="margin", validator=_check_goal)
    """``margin`` or ``contract`` (see the module doc)."""
    confidence: float = attrs.field(default=0.75, validator=_check_share)
    """Bid only when it makes the bid in at least this share of the worlds."""

    @classmethod
    def from_text(cls, text: str) -> SolverAgent:
        """The agent a registry spec's options name: ``solver:OPTIONS``, separated by colons:
        a whole number of worlds (``8``), a node budget a solve (``nodes50000``, or
        ``exact`` for none), a goal (``margin``, ``contract``) or a bidding confidence
        (``conf0.5``).

        >>> agent = SolverAgent.from_text("8:contract:nodes50000")
        >>> agent.samples, agent.goal, agent.nodes
        (8, 'contract', 50000)
        >>> SolverAgent.from_text("exact").nodes is None
        True
        >>> SolverAgent.from_text("lots")
        Traceback (most recent call last):
        ...
        tablegames.core.errors.TableGamesError: 'lots' is no solver option: ...
        """
        settings: dict[str, Any] = {}
        for part in (p.strip().lower() for p in text.split(":") if p.strip()):
            if part.isdigit():
                settings["samples"] = int(part)
            elif part.startswith("nodes") and part[5:].isdigit():
                settings["nodes"] = int(part[5:])
            elif part == "exact":
                settings["nodes"] = None
            elif part in GOALS:
                settings["goal"] = part
            elif part.startswith("conf") and _is_share(part[4:]):
                settings["confidence"] = float(part[4:])
            else:
                raise TableGamesError(
                    f"{part!r} is no solver option: give worlds (8), nodes50000, exact, "
                    "margin, contract or conf0.75."
                )
        return cls(**settings)

    def choose(self, view: Any, rng: random.Random) -> Any:
        """The action this seat plays (see the module doc); a lone legal action at once."""
        legal = tuple(view.legal_actions)
        if not legal:
            raise TableGamesError(f"Seat {view.seat} has nothing to do now.")
        if len(legal) == 1:
            return legal[0]
        worlds = [view.sample(random.Random(rng.getrandbits(64))) for _ in range(self.samples)]
        if _in_play(worlds[0]):
            return self._play(legal, worlds)
        phase = getattr(view, "phase", None)
        if phase is texas42.Phase.TRUMP:
            return self._trump(_likeliest(view, legal), worlds)
        if phase is texas42.Phase.BID:
            return self._bid(view, legal, worlds)
        return _HEURISTIC.choose(view, rng)

    # -- play -----------------------------------------------------------------------------
    def _play(self, legal: Sequence[Any], worlds: Sequence[Any]) -> Any:
        margins = dict.fromkeys(legal, 0.0)
        makes = dict.fromkeys(legal, 0)
        for world in worlds:
            solver = Solver(world)
            if self.goal == "contract" and _has_contract(solver):
                answer = solver.contract(nodes=self.nodes)
                wants = answer.side == solver.searcher.sides[world.to_act]
                for action, made in answer.actions.items():
                    makes[action] += made is wants
            for action, bound in solver.actions(nodes=self.nodes).items():
                margins[action] += bound.middle
        return max(legal, key=lambda action: (makes[action], margins[action]))

    # -- Texas 42's trumps and bids ---------------------------------------------------------
    def _trump(self, legal: Sequence[Any], worlds: Sequence[Any]) -> Any:
        made = dict.fromkeys(legal, 0)
        margins = dict.fromkeys(legal, 0.0)
        for world in worlds:
            for action in legal:
                state = world.apply(action)
                if not _in_play(state):
                    continue
                solver = Solver(state)
                made[action] += solver.makes(nodes=self.nodes) is True
                bound = solver.value(nodes=self.nodes)
                side = solver.searcher.sides[state.to_act]
                margins[action] += bound.middle if side == solver.searcher.declarer_side else (
                    -bound.middle
                )  # fmt: skip
        return max(legal, key=lambda action: (made[action], margins[action]))

    def _bid(self, view: Any, legal: Sequence[Any], worlds: Sequence[Any]) -> Any:
        bids = sorted(
            (a for a in legal if isinstance(a, texas42.Bid) and a.amount <= ALL_TRICKS),
            key=lambda a: a.amount,
        )
        passing = texas42.PASS in legal
        if not bids:
            return texas42.PASS if passing else legal[0]
        if passing and view.bidder is not None and view.bidder % 2 == view.seat % 2:
            return texas42.PASS  # the partner holds the bid
        bid = bids[0].amount
        gains: dict[Any, list[float]] = {}
        for world in worlds:
            for trump, state in _as_bidder(view, world, bids[0]):
                take = (ALL_TRICKS + Solver(state).value(nodes=self.nodes).middle) / 2
                gain = take if take >= bid else -(bid + ALL_TRICKS - take)
                gains.setdefault(trump, []).append(gain)
        best = max(gains.values(), key=sum, default=[])
        made = sum(gain >= 0 for gain in best)
        if not passing or (best and made >= self.confidence * len(best) and sum(best) > 0):
            return bids[0]
        return texas42.PASS


TRUMPS_TRIED = 3
"""At most how many plain trumps the agent solves when it bids or names trumps: the strongest
for its hand by the heuristic's count (:func:`~tablegames.agents.texas42.suit_strength`)."""

STRENGTH_GAP = 1.0
"""How far below its strongest plain trump (by that count) a trump may be and still be solved:
a world does not know what the bidding said of the partner's hand, so a suit the seat is short
in must not win on a partner the worlds made up."""


def _likeliest(view: Any, legal: Sequence[Any]) -> tuple[Any, ...]:
    """The legal trumps worth solving: of the plain ones, the :data:`TRUMPS_TRIED` strongest
    for the seat's hand within :data:`STRENGTH_GAP` of the strongest; then every other contract
    offered (nello, sevens, no trump)."""
    plain = [a for a in legal if isinstance(a, texas42.Trump) and a.suit < NO_TRUMP]
    strength = {a: suit_strength(view.hand, a.suit) for a in plain}
    plain.sort(key=lambda a: -strength[a])
    tried = [a for a in plain[:TRUMPS_TRIED] if strength[a] >= strength[plain[0]] - STRENGTH_GAP]
    others = [a for a in legal if a not in plain]
    return (*tried, *others)


def _as_bidder(view: Any, world: Any, bid: Any) -> list[tuple[Any, Any]]:
    """The likeliest plain trumps (see :func:`_likeliest`) the seat to move in ``world``
    (bidding) could name after winning the bidding with ``bid`` (the other seats passing),
    each with the first state of that hand's play."""
    state = world.apply(bid)
    while state.phase is texas42.Phase.BID:
        state = state.apply(texas42.PASS)
    if state.phase is not texas42.Phase.TRUMP:
        return []
    out = []
    legal = state.legal_actions()
    plain = [a for a in legal if isinstance(a, texas42.Trump) and a.suit < NO_TRUMP]
    for trump in _likeliest(view, plain):
        after = state.apply(trump)
        if _in_play(after):
            out.append((trump, after))
    return out


def _in_play(state: Any) -> bool:
    """True when ``state`` is in a play phase the solver solves."""
    try:
        engine_of(state).position(state)
    except TableGamesError:
        return False
    return True


def _has_contract(solver: Solver) -> bool:
    hooks = solver.engine.hooks
    return solver.searcher.declarer_side is not None and hooks.made is not None


def _is_share(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
