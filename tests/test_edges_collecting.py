"""The set-collecting core at its edges: every branch of turn passing, on every small table.

Rulings (docs/quartets.md, "Rulings") checked here: 'The player left of the dealer starts (the
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
    Knowledge,
    SetModel,
    ask_violation,
    first_asker,
    next_asker,
    next_holder,
    sample_deal,
    set_model,
)
from tablegames.collecting.sampling import _match_needs, _Search, _try
from tablegames.core import TableGamesError, ViolationCode
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


# -- sampling: a drawn deal fits what the seat knows, and one is found whenever one exists -------

# Four sets of unequal size over the first nine cards: sizes 1, 2, 3 and 3.
_SMALL = SetModel(CARD_UNIVERSE, (0b1, 0b110, 0b111000, 0b111000000), ("a", "b", "c", "d"))


def _fits(k: Knowledge, model: SetModel, dealt: tuple[int, ...]) -> bool:
    """The sampling rules read literally: known pieces stay where they are, every free piece is
    dealt once, each seat gets exactly its room, nothing forbidden, every need met, no seat over
    its most of a set."""
    if any(d & known != known for d, known in zip(dealt, k.known)):
        return False
    frees = [d & k.free for d in dealt]
    if sum(frees) != k.free or sum(f.bit_count() for f in frees) != k.free.bit_count():
        return False
    for s, free in enumerate(frees):
        if free.bit_count() != k.room[s] or free & k.forbidden[s]:
            return False
        for set_id, members in enumerate(model.members):
            count = (free & members).bit_count()
            if k.needs[s] >> set_id & 1 and not count:
                return False
            if count > max(k.most[s][set_id], 0):
                return False
    return True


def _every_fit(k: Knowledge, model: SetModel) -> list[tuple[int, ...]]:
    pieces = [i for i in range(k.free.bit_length()) if k.free >> i & 1]
    out = []
    for owners in product(range(len(k.room)), repeat=len(pieces)):
        dealt = list(k.known)
        for piece, seat in zip(pieces, owners):
            dealt[seat] |= 1 << piece
        if _fits(k, model, tuple(dealt)):
            out.append(tuple(dealt))
    return out


def _random_knowledge(rng: random.Random, feasible: bool) -> Knowledge:
    """Knowledge of a random deal of the nine cards to three seats (feasible), or constraints
    drawn at random around it (which may fit no deal)."""
    owner = [rng.randrange(3) for _ in range(9)]
    hands = [sum(1 << p for p in range(9) if owner[p] == s) for s in range(3)]
    known = tuple(h & sum(1 << p for p in range(9) if rng.random() < 0.3) for h in hands)
    free = 0b111111111 & ~sum(known)
    frees = [h & free for h in hands]
    room = tuple(f.bit_count() for f in frees)
    forbidden = tuple(free & ~f & rng.getrandbits(9) for f in frees)
    held = [_SMALL.held(f) for f in frees]
    needs = tuple(h & rng.getrandbits(4) for h in held)
    most = tuple(
        tuple((f & m).bit_count() + rng.choice((0, 0, 1, 2)) for m in _SMALL.members) for f in frees
    )
    if not feasible:
        forbidden = tuple(free & rng.getrandbits(9) & rng.getrandbits(9) for _ in range(3))
        needs = tuple(rng.getrandbits(4) & rng.getrandbits(4) for _ in range(3))
        most = tuple(tuple(rng.choice((-1, 0, 1, 1, 2)) for _ in range(4)) for _ in range(3))
    return Knowledge(known, free, room, forbidden, needs, most)


def test_a_sampled_deal_fits_the_knowledge_and_is_found_whenever_one_exists() -> None:
    """A drawn deal keeps every known piece where it was seen and the counts each seat was
    dealt, gives no seat a piece it cannot hold (a void, a piece it was refused), meets every
    need (a seat that asked for a set holds part of it) and no most; when no deal fits, the
    record is called inconsistent. Checked against every deal of nine cards to three seats."""
    rng = random.Random(7)
    for trial in range(160):
        k = _random_knowledge(rng, feasible=trial % 2 == 0)
        fits = _every_fit(k, _SMALL)
        if trial % 2 == 0:
            assert fits
        if fits:
            dealt = sample_deal(k, _SMALL, rng)
            assert dealt in fits
            search = _Search(k, _SMALL, rng, None)
            assert search.feasible() and search.run(0) and tuple(search.dealt) in fits
        else:
            with pytest.raises(TableGamesError) as refused:
                sample_deal(k, _SMALL, rng)
            assert str(refused.value) == (
                "no deal fits what has been seen: the record is inconsistent"
            )
            search = _Search(k, _SMALL, rng, None)
            assert not (search.feasible() and search.run(0))


def test_a_sampled_deal_can_be_any_deal_that_fits() -> None:
    """Sampling is for determinized search: every fitting deal can come out (both the random
    tries and the exhaustive search), not one favourite."""
    k = Knowledge(
        (0b1, 0b10, 0b100000000),
        0b011111100,
        (2, 2, 2),
        (0, 0b100, 0),
        (0, 0b1000, 0),
        ((3,) * 4,) * 3,
    )
    fits = set(_every_fit(k, _SMALL))
    rng = random.Random(3)
    assert {sample_deal(k, _SMALL, rng) for _ in range(300)} == fits
    found = set()
    for _ in range(300):
        search = _Search(k, _SMALL, rng, None)
        assert search.run(0)
        found.add(tuple(search.dealt))
    assert found == fits


def test_the_exhaustive_search_stops_at_its_budget() -> None:
    """The backtracking search gives up (finds nothing) once it has tried ``budget`` places."""
    k = Knowledge((0, 0, 0), 0b111111111, (5, 2, 2), (0, 0, 0), (0, 0, 0), ((1,) * 4,) * 3)
    assert _every_fit(k, _SMALL) == []  # five cards, four sets, at most one of each
    for budget in (0, 5, 100, 10_000):
        search = _Search(k, _SMALL, random.Random(1), budget)
        assert not search.run(0)
        assert search.budget is not None and (budget < 10_000) == (search.budget < 0)
    open_ = Knowledge((0, 0, 0), 0b111111111, (3, 3, 3), (0, 0, 0), (0, 0, 0), ((3,) * 4,) * 3)
    assert not _Search(open_, _SMALL, random.Random(1), 8).run(0)
    for budget in (9, 10):
        ok = _Search(open_, _SMALL, random.Random(1), budget)
        assert ok.run(0) and ok.budget == budget - 9 and _fits(open_, _SMALL, tuple(ok.dealt))


def test_sampling_refuses_room_that_does_not_match_the_free_pieces() -> None:
    """The free pieces are exactly the ones the seats' room adds up to."""
    for room in ((1, 1, 1), (3, 3, 4)):
        k = Knowledge((0, 0, 0), 0b111111111, room, (0, 0, 0), (0, 0, 0), ((3,) * 4,) * 3)
        with pytest.raises(TableGamesError) as refused:
            sample_deal(k, _SMALL, random.Random(0))
        assert str(refused.value) == "the free pieces and the room to deal them do not match"


def test_needs_are_matched_to_distinct_pieces_whenever_they_can_be() -> None:
    """Each random try first gives every seat that must hold part of a set a free piece of that
    set it may hold, a different piece for each need (augmenting paths): found whenever such a
    choice exists, else the try fails."""
    rng = random.Random(11)
    for _ in range(400):
        free = rng.getrandbits(9) | rng.getrandbits(9)
        forbidden = tuple(free & rng.getrandbits(9) & rng.getrandbits(9) for _ in range(3))
        needs = tuple(rng.getrandbits(4) & rng.getrandbits(4) for _ in range(3))
        k = Knowledge((0, 0, 0), free, (0, 0, 0), forbidden, needs, ((3,) * 4,) * 3)
        wanted = [(s, set_id) for s in range(3) for set_id in range(4) if needs[s] >> set_id & 1]
        options = [
            [p for p in range(9) if (free & _SMALL.members[set_id] & ~forbidden[s]) >> p & 1]
            for s, set_id in wanted
        ]
        possible = any(len(set(c)) == len(c) for c in product(*options))
        chosen = _match_needs(k, _SMALL, rng)
        assert (chosen is not None) == possible
        if chosen is not None:
            assert sorted(chosen) == sorted(wanted)
            assert len(set(chosen.values())) == len(chosen)
            assert all(piece in options[wanted.index(need)] for need, piece in chosen.items())
    k = Knowledge((0, 0, 0), 0b111111110, (2, 3, 3), (0, 0b110, 0), (0, 0b1000, 0), ((3,) * 4,) * 3)
    dealt = _try(k, _SMALL, rng)
    assert dealt is not None and _fits(k, _SMALL, tuple(dealt))
