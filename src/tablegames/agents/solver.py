"""``SolverAgent``: plays by solving sampled worlds exactly (:mod:`tablegames.solve`).

At each decision with more than one legal action the agent draws ``samples`` full states
("worlds") consistent with its view (``view.sample(rng)``: the hidden pieces dealt anew,
consistent with everything the seat has seen) and asks the exact solver about each:

- **In play**, for each legal action in each world: what the game's goal makes of it
  (``goal="contract"``, the default: whether the declaring side makes its contract after it,
  under best play by both sides, as the game's own result says; a contract outweighs any
  margin) and the *margin* (what its side takes from here less what the other side takes,
  each side playing for its own take with every hand open), which decides between actions
  alike on the contract. With ``goal="margin"`` the margin alone counts. It plays the action of
  the best mean over the worlds, but keeps the heuristic agent's choice unless that action
  beats it, world by world, by more than ``confidence`` standard errors (as the search agent
  does): a handful of worlds is a small sample, and an action that wins in three guessed
  worlds by luck is no better than the heuristic's.
- **Outside play** (bids, trumps, offers, the widow), by ``calls``: ``"search"`` (the default)
  decides as the search agent does with ``calls_samples`` worlds and ``calls_confidence``
  standard errors of confidence (by default ``search:8:conf2``: each call played out in each
  world by the heuristic);
  ``"solve"`` (Texas 42) names trumps by the contract query and bids by solving each world
  from the first lead with its likeliest trumps (see :meth:`SolverAgent._bid`); anything it
  does not solve is the heuristic agent's choice.

``nodes`` bounds each solve (plays searched). A world is evidence only when the solver
finished what the goal asks of it there: with the contract as the goal, every action's contract
answer and bounds at both ends of every margin (their middle counts); with the margin alone,
every margin exact. A world it did not finish is left out (counting an unanswered contract as
neither made nor set would favour the actions the solver could not finish); when the first
world drawn is one such, the agent plays as it calls. In Ninety-Two it also plays as it calls
while a stock is left to draw: a world deals the stock in an order the seat cannot know, and
the solver would play that order as known. The agent is handed only the view, so it cannot read
hidden pieces: the worlds it solves are guesses drawn from the view. With the same ``rng`` it
chooses the same.

>>> import random
>>> from tablegames.solve.bench import first_lead
>>> state = first_lead("texas42", random.Random(7))
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
from tablegames.solve import Solver
from tablegames.solve.solver import in_play
from tablegames.texas42.scoring import bid_gain, marks_for
from tablegames.texas42.trumps import NO_TRUMP

from .heuristic import HeuristicAgent
from .search import SamplingView, SearchAgent, _is_number, beats
from .texas42 import suit_strength

__all__ = ["CALLS", "GOALS", "SolverAgent"]

GOALS = ("contract", "margin")
"""What the agent plays for in play: the contract, the margin breaking ties (the default), or
its side's margin alone (see the module doc)."""

CALLS = ("search", "solve")
"""How the agent decides outside play: as the search agent does, or (Texas 42) by solving
(see the module doc)."""

BID_SHARE = 0.75
"""With ``calls="solve"``: the share of the worlds in which it must make the bid to bid."""

CONTRACT_WEIGHT = 1000
"""What a contract outcome (made, or set) weighs in a world's score against the margin: more
than any margin a hand of the built-in games can show, so the contract decides first."""

_HEURISTIC = HeuristicAgent()


def _check_count(instance: SolverAgent, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None and attribute.name == "nodes":
        return
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise TableGamesError(
            f"The solver agent's {attribute.name} is a positive whole number, not {value!r}."
        )


def _check_choice(instance: SolverAgent, attribute: attrs.Attribute[Any], value: Any) -> None:
    choices = GOALS if attribute.name == "goal" else CALLS
    if value not in choices:
        raise TableGamesError(
            f"The solver agent's {attribute.name} is one of {', '.join(choices)}, not {value!r}."
        )


def _check_confidence(instance: SolverAgent, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0:
        raise TableGamesError(
            "The solver agent's confidence is a number of standard errors, 0 or more, "
            f"not {value!r}."
        )


@attrs.frozen
class SolverAgent:
    """Plays by solving ``samples`` sampled worlds a decision exactly (see the module doc),
    each solve within ``nodes`` plays (None: no bound); plays for ``goal`` (``"contract"`` or
    ``"margin"``), leaving the heuristic's choice only for an action ``confidence`` standard
    errors better; decides outside play by ``calls`` (``"search"`` with ``calls_samples``
    worlds, or ``"solve"``).

    >>> SolverAgent(samples=0)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.TableGamesError: The solver agent's samples is a positive whole ...
    """

    samples: int = attrs.field(default=6, validator=_check_count)
    """Worlds a decision in play (and with ``calls="solve"``, a call)."""
    nodes: int | None = attrs.field(default=50_000, validator=_check_count)
    """At most this many plays searched a solve (None: every solve exact)."""
    goal: str = attrs.field(default="contract", validator=_check_choice)
    """``contract`` or ``margin`` (see the module doc)."""
    confidence: float = attrs.field(default=1.0, validator=_check_confidence)
    """Leave the heuristic's choice in play only for an action whose mean score beats it by
    more than this many standard errors of the paired difference (0: the best mean)."""
    calls: str = attrs.field(default="search", validator=_check_choice)
    """``search`` or ``solve``: how it decides outside play (see the module doc)."""
    calls_samples: int = attrs.field(default=8, validator=_check_count)
    """With ``calls="search"``: the search's worlds a call."""
    calls_confidence: float = attrs.field(default=2.0, validator=_check_confidence)
    """With ``calls="search"``: the search's confidence, in standard errors."""

    @classmethod
    def from_text(cls, text: str) -> SolverAgent:
        """The agent a registry spec's options name: ``solver:OPTIONS``, separated by colons:
        a whole number of worlds (``8``), a node budget a solve (``nodes50000``, or
        ``exact`` for none), a goal (``contract``, ``margin``), a confidence in standard
        errors (``conf2``), and how it calls outside play (``solve``, or ``calls16``: the
        search with 16 worlds, and ``callsconf1``: that search's confidence).

        >>> agent = SolverAgent.from_text("8:margin:nodes50000:calls16:callsconf1")
        >>> agent.samples, agent.goal, agent.nodes, agent.calls, agent.calls_samples
        (8, 'margin', 50000, 'search', 16)
        >>> agent.calls_confidence
        1.0
        >>> SolverAgent.from_text("exact:solve:conf0").nodes, SolverAgent.from_text("solve").calls
        (None, 'solve')
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
            elif part.startswith("conf") and _is_number(part[4:]):
                settings["confidence"] = float(part[4:])
            elif part.startswith("callsconf") and _is_number(part[9:]):
                settings["calls_confidence"] = float(part[9:])
            elif part == "solve":
                settings["calls"] = "solve"
            elif part.startswith("calls") and part[5:].isdigit():
                settings["calls"], settings["calls_samples"] = "search", int(part[5:])
            else:
                raise TableGamesError(
                    f"{part!r} is no solver option: give worlds (8), nodes50000, exact, "
                    "contract, margin, conf1, solve, calls8 or callsconf2."
                )
        return cls(**settings)

    def choose(self, view: SamplingView, rng: random.Random) -> Any:
        """The action this seat plays (see the module doc); a lone legal action at once."""
        legal = tuple(view.legal_actions)
        if not legal:
            raise TableGamesError(f"Seat {view.seat} has nothing to do now.")
        if len(legal) == 1:
            return legal[0]
        if getattr(view, "stock_size", 0) > 0:
            return self._call(view, rng)  # the stock's order is unknown: see the module doc
        worlds = [view.sample(random.Random(rng.getrandbits(64))) for _ in range(self.samples)]
        if in_play(worlds[0]):
            return self._play(legal, worlds, view, rng)
        phase = getattr(view, "phase", None)
        if self.calls == "solve" and phase is texas42.Phase.TRUMP:
            return self._trump(_likeliest(view, legal), worlds)
        if self.calls == "solve" and phase is texas42.Phase.BID:
            return self._bid(view, legal, worlds)
        return self._call(view, rng)

    # -- play -----------------------------------------------------------------------------
    def scores(self, legal: Sequence[object], worlds: Sequence[Any]) -> dict[object, list[float]]:
        """Each legal action's score in each world the solver finished within the budget (see
        the module doc): its margin for the side to move, plus or minus
        :data:`CONTRACT_WEIGHT` when the contract is made or set after it as that side wants
        or not (``goal="contract"``, a hand with a contract).

        >>> import random
        >>> from tablegames.solve.bench import first_lead
        >>> state = first_lead("texas42", random.Random(7))
        >>> legal = state.legal_actions()
        >>> scores = SolverAgent(nodes=None).scores(legal, [state])
        >>> state.to_act == Solver(state).contract().declarer   # the declarer leads
        True
        >>> Solver(state).makes(), max(s[0] for s in scores.values())   # set whatever it leads
        (False, -994.0)
        """
        scores: dict[object, list[float]] = {action: [] for action in legal}
        for world in worlds:
            found = self._world_scores(legal, world)
            for action, score in (found or {}).items():
                scores[action].append(score)
        return scores

    def _world_scores(self, legal: Sequence[object], world: Any) -> dict[object, float] | None:
        """The actions' scores in ``world``; None when the budget ran out before the solver
        finished what the goal asks of every action (no evidence: see the module doc)."""
        solver = Solver(world)
        values = solver.actions(nodes=self.nodes)
        outcome = dict.fromkeys(legal, 0)
        if self.goal == "contract" and _has_contract(solver):
            if not all(bound.bounded for bound in values.values()):
                return None
            answer = solver.contract(nodes=self.nodes)
            wants = answer.side == solver.searcher.sides[world.to_act]
            for action, made in answer.actions.items():
                if made is None:
                    return None
                outcome[action] = CONTRACT_WEIGHT if made is wants else -CONTRACT_WEIGHT
        elif not all(bound.exact for bound in values.values()):
            return None
        return {action: outcome[action] + bound.middle for action, bound in values.items()}

    def _play(
        self, legal: Sequence[object], worlds: Sequence[Any], view: SamplingView, rng: random.Random
    ) -> object:
        first = self._world_scores(legal, worlds[0])
        if first is None:
            return self._call(view, rng)  # too early for the solver: it plays as it calls
        scores = {action: [score] for action, score in first.items()}
        for action, more in self.scores(legal, worlds[1:]).items():
            scores[action] += more
        anchor = _HEURISTIC.choose(view, random.Random(rng.getrandbits(64)))
        best = max(legal, key=lambda action: sum(scores[action]))
        if best != anchor and not beats(scores[best], scores[anchor], self.confidence):
            return anchor
        return best

    def _call(self, view: SamplingView, rng: random.Random) -> Any:
        """The choice of ``calls`` outside the solver's reach: the search agent's, or with
        ``calls="solve"`` the heuristic's."""
        if self.calls == "search":
            search = SearchAgent(samples=self.calls_samples, confidence=self.calls_confidence)
            return search.choose(view, rng)
        return _HEURISTIC.choose(view, rng)

    # -- Texas 42's trumps and bids, by solving (calls="solve") ------------------------------
    def _trump(self, legal: Sequence[object], worlds: Sequence[Any]) -> object:
        made = dict.fromkeys(legal, 0)
        margins = dict.fromkeys(legal, 0.0)
        for world in worlds:
            for action in legal:
                state = world.apply(action)
                if not in_play(state):
                    continue
                solver = Solver(state)
                made[action] += solver.makes(nodes=self.nodes) is True
                bound = solver.value(nodes=self.nodes)
                side = solver.searcher.sides[state.to_act]
                margins[action] += bound.middle if side == solver.searcher.declarer_side else (
                    -bound.middle
                )  # fmt: skip
        return max(legal, key=lambda action: (made[action], margins[action]))

    def _bid(self, view: Any, legal: Sequence[object], worlds: Sequence[Any]) -> object:
        """The lowest legal bid of one mark (30 to 42), or a pass: in each world, the hand
        played from the first lead after that bid under each of the likeliest trumps is worth
        to the bidding side what Texas 42 scores it (:func:`~tablegames.texas42.scoring.bid_gain`
        of the solved margin, under the match's rules); it bids when, under the trump of the
        best total, it makes the bid in :data:`BID_SHARE` of the worlds and gains overall."""
        bids = sorted(
            (a for a in legal if isinstance(a, texas42.Bid) and marks_for(a.amount) == 1),
            key=lambda a: a.amount,
        )
        passing = texas42.PASS in legal
        if not bids:
            return texas42.PASS if passing else legal[0]
        if passing and view.bidder is not None and view.bidder % 2 == view.seat % 2:
            return texas42.PASS  # the partner holds the bid
        bid = bids[0].amount
        gains: dict[object, list[float]] = {}
        for world in worlds:
            for trump, state in _as_bidder(view, world, bids[0]):
                margin = Solver(state).value(nodes=self.nodes).middle
                gains.setdefault(trump, []).append(bid_gain(bid, margin, view.rules))
        best = max(gains.values(), key=sum, default=[])
        made = sum(gain >= 0 for gain in best)
        if not passing or (best and made >= BID_SHARE * len(best) and sum(best) > 0):
            return bids[0]
        return texas42.PASS


TRUMPS_TRIED = 3
"""At most how many plain trumps the agent solves when it bids or names trumps: the strongest
for its hand by the heuristic's count (:func:`~tablegames.agents.texas42.suit_strength`)."""

STRENGTH_GAP = 1.0
"""How far below its strongest plain trump (by that count) a trump may be and still be solved:
a world does not know what the bidding said of the partner's hand, so a suit the seat is short
in must not win on a partner the worlds made up."""


def _likeliest(view: Any, legal: Sequence[object]) -> tuple[object, ...]:
    """The legal trumps worth solving: of the plain ones, the :data:`TRUMPS_TRIED` strongest
    for the seat's hand within :data:`STRENGTH_GAP` of the strongest; then every other contract
    offered (nello, sevens, no trump)."""
    plain = [a for a in legal if isinstance(a, texas42.Trump) and a.suit < NO_TRUMP]
    strength = {a: suit_strength(view.hand, a.suit) for a in plain}
    plain.sort(key=lambda a: -strength[a])
    tried = [a for a in plain[:TRUMPS_TRIED] if strength[a] >= strength[plain[0]] - STRENGTH_GAP]
    others = [a for a in legal if a not in plain]
    return (*tried, *others)


def _as_bidder(view: Any, world: Any, bid: texas42.Bid) -> list[tuple[object, Any]]:
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
        if in_play(after):
            out.append((trump, after))
    return out


def _has_contract(solver: Solver) -> bool:
    hooks = solver.engine.valuation
    return solver.searcher.declarer_side is not None and hooks.made is not None
