"""The set-collecting core at its edges: every branch of turn passing, on every small table.

Rulings (Quartets, shared/rulings.md) checked here: 'The player left of the dealer starts (the
next player clockwise with cards, if that one has none)'; 'Holder has it: it is handed over and
the asker asks again. Holder lacks it: the turn passes to the player asked (option
`turn_passes="left"`: to the next player with cards on the asker's left)'; 'If the asker goes
out, the turn passes to the player from whom the last card was requested, or, if that player is
out too, to the next player clockwise from the asker who still holds cards.' Written to kill
mutants that survived ``nox -s mutation`` (docs/testing.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from itertools import product
from typing import Any

import pytest

from tablegames.collecting import (
    SetModel,
    ask_violation,
    first_asker,
    next_asker,
    next_holder,
    set_model,
)
from tablegames.core import ViolationCode
from tablegames.pieces import CARD_UNIVERSE, CARDS, DOMINO_UNIVERSE, DOMINOES, Rank


def _clockwise_holder(holding: tuple[bool, ...], start: int) -> int | None:
    players = len(holding)
    return next((s % players for s in range(start, start + players) if holding[s % players]), None)


def test_every_branch_of_who_asks_next() -> None:
    """Every hand pattern of 2 to 5 seats, every asker and seat asked, both outcomes, both
    options, against the rulings read literally."""
    for players in range(2, 6):
        for holding in product((False, True), repeat=players):
            hands = tuple(1 << s if held else 0 for s, held in enumerate(holding))
            for start in range(players):
                assert next_holder(hands, start) == _clockwise_holder(holding, start)
            for dealer in range(players):
                assert first_asker(hands, dealer) == _clockwise_holder(holding, dealer + 1)
            for asker, target in product(range(players), repeat=2):
                if asker == target:
                    continue
                on_left = _clockwise_holder(holding, asker + 1)
                # holder had it: ask again; asker out: the giver; giver out too: clockwise
                got = asker if holding[asker] else target if holding[target] else on_left
                assert next_asker(hands, asker, target, got=True) == got
                assert next_asker(hands, asker, target, got=True, passes="left") == got
                # holder lacked it: the player asked (who still holds cards), or on the left
                asked = target if holding[target] else on_left
                assert next_asker(hands, asker, target, got=False) == asked
                assert next_asker(hands, asker, target, got=False, passes="left") == on_left


# -- set models, rebuilt here and checked against their definition ----------------------------


def _groups(pieces: list[Any], key: Callable[[Any], Hashable]) -> list[list[Any]]:
    """The pieces sharing a key, groups in order of their lowest piece."""
    groups: dict[Hashable, list[Any]] = {}
    for piece in sorted(pieces, key=lambda p: p.index):
        groups.setdefault(key(piece), []).append(piece)
    return list(groups.values())


def test_set_models_hold_what_their_definition_says() -> None:
    """Ruling (Quartets): 'a set is the four cards of one rank'; the core takes sets of any size
    (pairs of cards, dominoes by their high end: 1 to 7 tiles) and, for every hand, tells which
    sets it touches, which sets it completes and how many whole sets it holds."""
    rng = random.Random(4)
    cases: list[tuple[Any, list[Any], Callable[[Any], Hashable]]] = [
        (CARD_UNIVERSE, list(CARDS), lambda c: c.rank),
        (CARD_UNIVERSE, list(CARDS), lambda c: (c.rank, c.suit.colour)),
        (CARD_UNIVERSE, [c for c in CARDS if c.rank >= Rank.SEVEN], lambda c: c.suit),
        (DOMINO_UNIVERSE, list(DOMINOES), lambda d: d.high),
    ]
    for universe, pieces, key in cases:
        model = set_model(universe, pieces, key, name=lambda k: f"<{k}>", set_noun="group")
        groups = _groups(pieces, key)
        assert model.set_noun == "group" and model.piece_noun == "piece"
        assert model.names == tuple(f"<{key(g[0])}>" for g in groups)
        assert model.members == tuple(sum(1 << p.index for p in g) for g in groups)
        assert model.deck == sum(1 << p.index for p in pieces)
        for k, group in enumerate(groups):
            assert model.size(k) == len(group)
        used = {p.index: k for k, g in enumerate(groups) for p in g}
        assert model.set_of == tuple(used.get(i, -1) for i in range(len(universe.pieces)))
        assert all(model.piece_name(p.index) == str(p) for p in pieces)
        for _ in range(150):
            hand = rng.sample(pieces, rng.randint(0, len(pieces)))
            mask = sum(1 << p.index for p in hand)
            touched = {used[p.index] for p in hand}
            whole = [k for k, g in enumerate(groups) if all(p in hand for p in g)]
            assert model.held(mask) == sum(1 << k for k in touched)
            assert model.complete(mask) == sum(model.members[k] for k in whole)
            assert model.count_sets(mask) == len(whole)
            chosen = rng.sample(range(len(groups)), rng.randint(0, len(groups)))
            assert model.span(sum(1 << k for k in chosen)) == sum(model.members[k] for k in chosen)


def test_a_set_model_refuses_shared_empty_or_unnamed_sets() -> None:
    """The core's contract: sets are non-empty, share no piece, and each has a name."""
    shared = "sets must be non-empty and must not share pieces"
    unnamed = "a set model needs one name per set, and at least one set"
    cases: list[tuple[tuple[int, ...], tuple[str, ...], str]] = [
        ((0b11, 0b110), ("a", "b"), shared),
        ((0b11, 0), ("a", "b"), shared),
    ]
    cases += [((1,), (), unnamed), ((), (), unnamed)]
    for members, names, message in cases:
        with pytest.raises(ValueError) as refused:
            SetModel(CARD_UNIVERSE, members, names)
        assert str(refused.value) == message
    model = SetModel(CARD_UNIVERSE, (0b11, 0b1100), ("low", "high"))
    assert model.held(0b110000) == 0 and model.held(0b010010) == 0b01  # unused pieces: no set
    assert (model.piece_noun, model.set_noun) == ("piece", "set")
    default = set_model(CARD_UNIVERSE, CARDS, key=lambda c: c.rank, piece_noun="card")
    assert (default.piece_noun, default.set_noun) == ("card", "set")
    assert repr(model) == f"<SetModel 2 sets of {CARD_UNIVERSE.name}>"


def test_asking_a_seat_that_is_not_at_the_table_names_the_seats() -> None:
    """Ruling (Quartets): 'A turn is a request to another player who still holds cards' — seats
    run 0 to players - 1."""
    model = SetModel(CARD_UNIVERSE, (0b0011, 0b1100), ("lows", "highs"))
    for hands in ((0b01, 0b10), (0b01, 0b10, 0b100)):
        players = len(hands)
        for target in (players, -1):
            violation = ask_violation(hands, 0, target, piece=1, set_id=0, model=model)
            assert violation is not None and violation.code is ViolationCode.NO_SUCH_SEAT
            assert violation.message == (
                f"There is no seat {target}: the seats are 0 to {players - 1}."
            )
