"""Same behaviour, proven: seeded random matches of the trick games, digested step by step.

The digests in ``tests/data/speed_sameness.json`` were recorded on the code before the speed
work (issue 10); the reshaped states must reach exactly the same ones. Each step folds in the
seat to act, the phase, the legal actions in order, the zones, a seat's view, the trick table,
the verdict on an arbitrary action (code and message), a move out of turn, and now and then a
sampled state. Regenerate (only on purpose) with
``PYTHONPATH=src python tests/test_speed_sameness.py --write``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

from tablegames import ninety_two, preference, texas42
from tablegames.pieces import PieceSet

DATA = Path(__file__).parent / "data" / "speed_sameness.json"

CASES: dict[str, tuple[Any, Any, int]] = {
    # name: (game module, rules, matches / 3)
    "texas42 default": (texas42, texas42.Rules(), 2),
    "texas42 short": (texas42, texas42.Rules(target=60), 6),
    "texas42 forced": (texas42, texas42.Rules(forced_bid=True, target=80, first_dealer=2), 5),
    "texas42 marks": (
        texas42,
        texas42.Rules(bid_ladder="marks", scoring="marks", target=3, first_dealer=1),
        5,
    ),
    "texas42 marks ladder": (texas42, texas42.Rules(bid_ladder="marks", target=80), 4),
    "texas42 marks scoring": (texas42, texas42.Rules(scoring="marks", target=4), 4),
    "texas42 doubles": (texas42, texas42.Rules(doubles_trump=True, target=80), 5),
    "texas42 follow-me": (texas42, texas42.Rules(follow_me=True, target=80), 5),
    "texas42 all": (
        texas42,
        texas42.Rules(
            forced_bid=True,
            bid_ladder="marks",
            scoring="marks",
            doubles_trump=True,
            follow_me=True,
            target=4,
            first_dealer=3,
        ),
        6,
    ),
    "ninety_two default": (ninety_two, ninety_two.Rules(), 2),
    "ninety_two short": (ninety_two, ninety_two.Rules(target=40, first_dealer=2), 4),
    "ninety_two defenders": (
        ninety_two,
        ninety_two.Rules(target=50, defenders_score_when_made=True),
        4,
    ),
    "ninety_two 6": (ninety_two, ninety_two.Rules(players=6, target=50, first_dealer=5), 4),
    "ninety_two 6 deal": (ninety_two, ninety_two.Rules(players=6, leftovers="deal", target=50), 4),
    "ninety_two 8": (ninety_two, ninety_two.Rules(players=8, target=50), 4),
    "ninety_two 8 deal": (
        ninety_two,
        ninety_two.Rules(
            players=8, leftovers="deal", target=50, defenders_score_when_made=True, first_dealer=7
        ),
        4,
    ),
    "preference default": (preference, preference.Rules(), 3),
    "preference winner only": (
        preference,
        preference.Rules(round_two_payment="winner_only", deals=6, first_dealer=2),
        4,
    ),
    "preference small stacks": (
        preference,
        preference.Rules(starting_stack=12, ante=3, payout=(2, 3, 5, 9), penalty=(4, 3, 2, 1)),
        4,
    ),
    "preference short": (preference, preference.Rules(deals=3, ante=1, first_dealer=3), 5),
}


def _zones(state: Any) -> list[tuple[str, int]]:
    return [(name, pieces.mask) for name, pieces in state.zones().items()]


RECORDED: dict[str, tuple[str, ...]] = {
    "tablegames.core.actions.Deal": ("order",),
    "tablegames.core.actions.Pass": (),
    "tablegames.core.actions.Play": ("piece",),
    "tablegames.ninety_two.actions.Bid": ("tricks", "suit"),
    "tablegames.ninety_two.actions.Partners": ("seats",),
    "tablegames.ninety_two.part.DealResult": (
        "dealer", "bidder", "bid", "team", "tricks", "made", "score",
    ),
    "tablegames.ninety_two.state.NinetyTwoView": (
        "seat", "players", "phase", "to_act", "dealer", "hand", "hand_sizes", "stock_size",
        "dead_count", "calls", "high", "bidder", "partners", "trick", "tricks", "won", "scores",
        "results", "legal_actions",
    ),
    "tablegames.pieces.cards.Card": ("rank", "suit"),
    "tablegames.pieces.dominoes.Domino": ("high", "low"),
    "tablegames.pieces.sets.PieceSet": ("mask", "universe"),
    "tablegames.preference.actions.Bid": ("suit",),
    "tablegames.preference.deal.DealResult": (
        "number", "dealer", "declarer", "trump", "offer", "tricks", "made", "chips", "stacks",
        "pot",
    ),
    "tablegames.preference.state.PreferenceView": (
        "seat", "phase", "to_act", "dealer", "active", "hand", "hand_sizes", "widow",
        "widow_size", "discards", "discards_size", "calls", "offers", "declarer", "trump",
        "trick", "tricks", "tricks_won", "stacks", "pot", "results", "legal_actions",
    ),
    "tablegames.texas42.actions.Bid": ("amount",),
    "tablegames.texas42.actions.Trump": ("suit",),
    "tablegames.texas42.hand.HandResult": (
        "dealer", "bidder", "bid", "trump", "points", "tricks", "made", "score", "played",
    ),
    "tablegames.texas42.state.Texas42View": (
        "seat", "phase", "to_act", "dealer", "hand", "hand_sizes", "calls", "high_bid",
        "bidder", "trump", "trick", "tricks", "hand_points", "scores", "results",
        "legal_actions",
    ),
}  # fmt: skip
"""By class, the names the digests were recorded with (the attrs fields shown in its repr
then), read by name: a field that becomes a property, or a new field or property, leaves the
digests as they were; only what these names give must stay the same."""


def fields_repr(view: Any) -> str:
    """The view's fields as attrs wrote its repr when the digests were recorded (views now
    print in the notation; the digests stay those of the fields themselves)."""
    return old_repr(view)


def old_repr(value: Any) -> str:
    """``value`` as ``repr`` wrote it when the digests were recorded: records (pieces and
    actions among them, which now print as ``Card.parse('AS')`` and ``Bid.parse('bid 30')``)
    as their class and the fields recorded (:data:`RECORDED`), containers item by item,
    anything else by its own ``repr``."""
    kind = type(value)
    if kind is tuple:
        items = ", ".join(old_repr(v) for v in value)
        return f"({items},)" if len(value) == 1 else f"({items})"
    if kind is list:
        return "[" + ", ".join(old_repr(v) for v in value) + "]"
    if kind is PieceSet:
        return f"PieceSet({value.universe.name}: {value})"
    names = RECORDED.get(f"{kind.__module__}.{kind.__qualname__}")
    if names is None and attrs.has(kind) and not _own_repr(kind):
        names = tuple(f.name for f in attrs.fields(kind) if f.repr)
    if names is not None:
        shown = ", ".join(f"{name}={old_repr(getattr(value, name))}" for name in names)
        return f"{kind.__qualname__}({shown})"
    return repr(value)


def _own_repr(kind: type) -> bool:
    """Whether ``kind`` wrote its own ``repr`` (not attrs', not the notation's) back then."""
    return any(
        "__repr__" in base.__dict__ and base.__module__.startswith("tablegames.tricks")
        for base in kind.__mro__
    )


def _step_text(game: Any, state: Any, space: tuple[Any, ...], step: int, rng: random.Random) -> str:
    seats = len(getattr(state, "hands", ())) or 4
    parts: list[object] = [
        state.to_act,
        state.phase.value,
        state.is_chance,
        state.is_over,
        state.winners,
        [str(a) for a in state.legal_actions()],
        _zones(state),
        old_repr(getattr(state, "table", None)),
        fields_repr(state.view(step % seats)),
    ]
    probe = space[rng.randrange(len(space))]
    verdict = state.check(probe)
    parts.append(None if verdict is None else (verdict.code.value, verdict.message))
    if state.to_act is not None:
        other = (state.to_act + 1) % seats
        wrong = state.check(probe, seat=other)
        parts.append(None if wrong is None else (wrong.code.value, wrong.message))
        if step % 5 == 0:
            seat = step % seats
            sampled = state.sample(seat, random.Random(step))
            parts.append(
                (
                    _zones(sampled),
                    [str(a) for a in sampled.legal_actions()],
                    sampled.view(seat) == state.view(seat),
                )
            )
    return old_repr(parts)


def match_digest(module: Any, rules: Any, seed: int) -> str:
    """Play one seeded random match and digest every step of it."""
    game = module.GAME
    space = tuple(game.action_space(rules))
    rng = random.Random(seed)
    probes = random.Random(seed + 1000)
    state = game.new_match(rules)
    digest = hashlib.sha256()
    step = 0
    while not state.is_over and step < 20_000:
        digest.update(_step_text(game, state, space, step, probes).encode())
        if state.is_chance:
            action = state.chance_outcome(rng)
        else:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
        state = state.apply(action)
        step += 1
    digest.update(_step_text(game, state, space, step, probes).encode())
    digest.update(old_repr(state.history.to_tuple()).encode())
    return f"{step}:{digest.hexdigest()}"


def all_digests() -> dict[str, list[str]]:
    """Every case's digests, match by match."""
    return {
        name: [match_digest(module, rules, seed) for seed in range(3 * count)]
        for name, (module, rules, count) in CASES.items()
    }


@pytest.mark.parametrize("name", list(CASES))
def test_matches_play_exactly_as_before(name: str) -> None:
    expected = json.loads(DATA.read_text())[name]
    module, rules, count = CASES[name]
    assert [match_digest(module, rules, seed) for seed in range(3 * count)] == expected


def test_the_digests_read_the_recorded_names_not_the_fields() -> None:
    """A record is digested by the names recorded for its class: a field added to it, or a
    field turned into a property, leaves its digested text as it was."""

    @attrs.frozen
    class Widened:
        amount: int
        extra: int = 0

    class AsProperty:
        @property
        def amount(self) -> int:
            return 30

    for kind in (Widened, AsProperty):
        kind.__module__, kind.__qualname__ = "tablegames.texas42.actions", "Bid"
    recorded = old_repr(texas42.Bid(30))
    assert recorded == "Bid(amount=30)"
    assert old_repr(Widened(30, extra=5)) == old_repr(AsProperty()) == recorded


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(all_digests(), indent=1) + "\n")
