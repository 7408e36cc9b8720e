"""The boundary, second pass (issue 21), the games half: start positions and rules mutated
field by field, one game's states and rules handed to another, observers compared between
resampled twins, views made by racing threads, matches that would never end, and caches fed a
stream of distinct inputs.

The promises are those of docs/limits.md ("Format versions", "The limits"), docs/interop.md
("OpenSpiel", "PettingZoo") and docs/simulation.md ("Matches that never end").
"""

from __future__ import annotations

import contextlib
import gc
import json
import random
import sys
import threading
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import quick
from tablegames import ninety_two, preference, quartets, texas42
from tablegames.agents import FirstLegalAgent, HeuristicAgent, RandomAgent, play_match
from tablegames.core import GameRecord
from tablegames.core.errors import RecordError, RulesError, TableGamesError
from tablegames.core.limits import MAX_DEAL_ACTIONS, MAX_MATCH_DEALS
from tablegames.core.seat_record import seat_record
from tablegames.games import GAME_MODULES, get_game
from tablegames.house import house_view_type, with_house_rules
from tablegames.observation import action_ids, encoding_for
from tablegames.simulation import simulate
from tablegames.testing import seeds
from tablegames.testing.strategies import play_from

GAMES = sorted(GAME_MODULES)
MODULES = {
    "texas42": texas42,
    "ninety-two": ninety_two,
    "preference": preference,
    "quartets": quartets,
}


def acting(name: str, seed: int, steps: int) -> Any:
    """A state with a seat to act after about ``steps`` random actions."""
    game = get_game(name)
    state = play_from(game.new_match(game.rules_type()), seed, steps)
    while state.is_chance:
        state = state.apply(state.chance_outcome(random.Random(seed)))
    return state


def short(message: str) -> bool:
    return "\n" not in message and len(message) <= 501 and "q" * 41 not in message


# -- 3 and 5. start positions and rules mutated field by field -------------------------------

EXTREMES: list[object] = [
    10**18,
    -(10**18),
    10**300,
    -1,
    0,
    1e308,
    -1e308,
    0.5,
    True,
    None,
    "",
    "q" * 5_000,
    [],
    {},
    [0] * 5_000,
]
"""Values put in place of each field of a start position or rules, one at a time."""


def leaf_paths(
    value: object, path: tuple[Any, ...] = (), *, every: bool = True
) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value: the containers and the leaves inside them. With ``every``
    false, the first and the last item of each list stand for the items between (a hand's
    result is read like every other, a trick's third piece like its second)."""
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from leaf_paths(child, (*path, key), every=every)
    elif isinstance(value, list):
        indices = range(len(value)) if every else sorted({0, len(value) - 1} if value else ())
        for index in indices:
            yield from leaf_paths(value[index], (*path, index), every=every)


def replaced(data: Any, path: tuple[Any, ...], value: object) -> Any:
    copy = json.loads(json.dumps(data))
    place = copy
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    return copy


def sampled_record(name: str) -> dict[str, Any]:
    """The record of a state sampled from a view two or three hands into a match."""
    game = get_game(name)
    seed = 0
    while True:
        state = acting(name, seed, 160 if name != "quartets" else 120)
        if state.is_over:
            seed += 1
            continue
        world = state.view(state.to_act).sample(random.Random(seed))
        data = json.loads(game.record(world).to_json())
        if data["start"]["results"] or seed > 20:
            return dict(data)
        seed += 1


def reachable(state: Any, name: str) -> None:
    """What a state the rules can reach satisfies: its legal actions are in the game's action
    space (so the adapters can number them) and its views write JSON."""
    game = get_game(name)
    space = game.action_space(state.rules)
    legal = state.legal_actions()
    assert len(legal) <= len(space)
    assert all(action in space for action in legal), [str(a) for a in legal[:5]]
    action_ids(name, state.rules).ids_of(legal)
    for seat in range(game.seats(state.rules)):
        json.dumps(state.view(seat).to_dict())


@pytest.mark.parametrize("name", GAMES)
def test_every_field_of_a_start_position_mutated_is_refused_or_reachable(name: str) -> None:
    # docs/limits.md, "Format versions": a start must be one the rules can reach, or refused.
    game = get_game(name)
    data = sampled_record(name)
    # Under the ci profile each list's first and last item stand for the rest; the thorough
    # profile mutates every item.
    paths = [p for p in leaf_paths(data["start"], every=not quick()) if p]
    assert len(paths) > 5
    for path in paths:
        for value in EXTREMES:
            mutated = {**data, "start": replaced(data["start"], path, value)}
            try:
                state = game.replay(GameRecord.from_json(json.dumps(mutated)))
            except RecordError as exc:
                assert short(str(exc)), (path, value, str(exc)[:120])
                continue
            play_on_reachably(state, name)


def play_on_reachably(state: Any, name: str) -> None:
    """An accepted start stays reachable while every seat takes its first option (passes:
    the longest-lived offers and bids)."""
    reachable(state, name)
    for _ in range(8):
        if state.is_over or state.is_chance:
            break
        state = state.apply(state.legal_actions()[0])
        reachable(state, name)


@pytest.mark.parametrize("name", GAMES)
def test_numbers_moved_between_seats_of_a_start_are_refused_or_reachable(name: str) -> None:
    # The class of issue 21 item 3: totals kept (chips, points), but amounts no match reaches.
    game = get_game(name)
    data = sampled_record(name)
    data["actions"] = data["actions"][:1]  # the deal only: the calls come from these starts
    lists = [
        key
        for key, value in data["start"].items()
        if isinstance(value, list) and value and all(type(v) is int for v in value)
    ]
    assert lists
    for key in lists:
        size = len(data["start"][key])
        for amount in (10**3, 10**6, 10**9 - 1, 10**12):
            for giver in range(size):
                taker = (giver + 1) % size
                numbers = list(data["start"][key])
                numbers[giver] -= amount
                numbers[taker] += amount
                mutated = {**data, "start": {**data["start"], key: numbers}}
                try:
                    state = game.replay(GameRecord.from_json(json.dumps(mutated)))
                except RecordError as exc:
                    assert short(str(exc))
                    continue
                play_on_reachably(state, name)


def test_a_ninety_two_start_with_a_one_megabyte_team_entry_is_refused_briefly() -> None:
    # The reproduction: the refusal quoted the whole megabyte.
    data = sampled_record("ninety-two")
    results = data["start"]["results"]
    assert results
    results[0]["team"] = ["q" * 1_000_000]
    with pytest.raises(RecordError) as caught:
        ninety_two.GAME.replay(GameRecord.from_json(json.dumps(data)))
    assert short(str(caught.value)) and len(str(caught.value)) < 120


def test_a_forged_preference_start_with_huge_stacks_is_refused() -> None:
    # The reproduction: stacks that hold every chip, but no deal could leave. Then
    # three passes gave seat 1 a million legal offers (docs/preference.md, "Round two": no
    # offer above the stack; Rules.max_offer bounds every stack a match reaches), which the
    # adapters' action numbering refused.
    state = acting("preference", 1, 1)
    world = state.view(state.to_act).sample(random.Random(1))
    data = json.loads(preference.GAME.record(world).to_json())
    assert data["start"]["stacks"] == [95, 95, 95, 95] and data["start"]["pot"] == 20
    genuine = preference.GAME.replay(GameRecord.from_json(json.dumps(data)))
    forged = {**data, "start": {**data["start"], "stacks": [-(10**6), 10**6, 380, 0]}}
    with pytest.raises(RecordError):
        preference.GAME.replay(GameRecord.from_json(json.dumps(forged)))
    # What the refusal keeps true, on the start the rules reached: after three passes every
    # seat's listed offers are at most Rules.max_offer, and the adapters can number them.
    state = genuine
    while state.phase is not preference.Phase.OFFER:
        assert state.phase is preference.Phase.BID
        state = state.apply(preference.PASS)
    numbering = action_ids("preference", state.rules)
    listed = []
    while state.phase is preference.Phase.OFFER:
        seat = state.to_act
        assert seat is not None
        legal = state.view(seat).legal_actions
        listed += [a.chips for a in legal if isinstance(a, preference.Offer)]
        assert len(numbering.ids_of(legal)) == len(legal)
        state = state.apply(legal[-1])  # the largest offer (then the others may only pass)
    assert listed and max(listed) == 95 <= state.rules.max_offer


@pytest.mark.parametrize("name", GAMES)
def test_every_rules_setting_given_an_extreme_value_is_a_record_error_or_fine(name: str) -> None:
    # docs/limits.md, "What is validated where": every failure of the rules constructor is a
    # RecordError naming the setting.
    game = get_game(name)
    rules_type: Any = game.rules_type
    names = [f.alias for f in attrs.fields(rules_type) if f.init]
    for setting in names:
        for value in EXTREMES:
            text = json.dumps({"game": name, "rules": {setting: value}, "actions": []})
            try:
                game.replay(GameRecord.from_json(text))
            except RecordError as exc:
                assert short(str(exc)), (setting, str(exc)[:120])


# -- 10. one game's states and rules given to another ---------------------------------------


PAIRS = [(a, b) for a in GAMES for b in GAMES if a != b]


@pytest.mark.parametrize(("owner", "other"), PAIRS)
def test_a_game_refuses_another_games_state_and_rules(owner: str, other: str) -> None:
    # docs/contract.md, "Rules and matches": a match is played under its own game's rules.
    game, foreign = get_game(owner), get_game(other)
    state = acting(other, 1, 3)
    for write in (game.state_to_json, game.record, lambda s: seat_record(game, s, 0)):
        with pytest.raises(TableGamesError) as caught:
            write(state)
        assert short(str(caught.value))
    with pytest.raises(RulesError):
        game.new_match(foreign.rules_type())


@pytest.mark.parametrize("owner", GAMES)
def test_a_games_own_new_match_refuses_another_games_rules(owner: str) -> None:
    # The descriptor's new_match refuses (above); the module function is the game's own.
    for other in GAMES:
        if other != owner:
            with pytest.raises(TableGamesError):
                MODULES[owner].new_match(get_game(other).rules_type())


def test_the_descriptor_still_takes_its_own_rules_and_none() -> None:
    assert texas42.GAME.new_match(texas42.Rules(target=7)).rules.target == 7
    assert texas42.GAME.new_match(None).rules == texas42.Rules()  # type: ignore[arg-type]
    assert attrs.evolve(texas42.GAME, name="my-42").new_match(texas42.Rules()).is_chance


# -- 4. observers and observations compared between resampled twins --------------------------


OBSERVED = [
    ("texas42", {"target": 30}),
    ("texas42", {"scoring": "marks", "bid_ladder": "marks", "target": 2, "nello": True}),
    ("ninety-two", {"target": 10}),
    ("preference", {"deals": 2}),
    ("quartets", {"players": 3, "deals": 1}),
]


@pytest.mark.parametrize(
    ("name", "rules"), OBSERVED, ids=[f"{n}-{i}" for i, (n, _) in enumerate(OBSERVED)]
)
@settings(max_examples=8)
@given(seed=seeds(), steps=st.integers(1, 120))
def test_every_observer_string_and_tensor_is_the_same_for_resampled_twins(
    name: str, rules: dict[str, Any], seed: int, steps: int
) -> None:
    # docs/interop.md, "OpenSpiel": observers see only what their kind of information allows;
    # public-only observers (private_info=NONE) blank the seat's own pieces and what follows
    # from them.
    pyspiel = pytest.importorskip("pyspiel")
    numpy = pytest.importorskip("numpy")
    from tablegames.interop.openspiel import load_game

    game = load_game(name, **rules)
    tg_rules = get_game(name).rules_type(**rules)
    tg_state = play_from(get_game(name).new_match(tg_rules), seed, steps)
    state = game.new_initial_state()
    state.box = type(state.box)(name, tg_state)
    rng = random.Random(seed)
    seats = game.num_players()
    kinds = [
        (recall, private)
        for recall in (True, False)
        for private in (pyspiel.PrivateInfoType.SINGLE_PLAYER, pyspiel.PrivateInfoType.NONE)
    ]
    for recall, private in kinds:
        observer = game.make_py_observer(
            pyspiel.IIGObservationType(perfect_recall=recall, private_info=private)
        )
        for player in range(seats):
            samplers = (
                [player]
                if private == pyspiel.PrivateInfoType.SINGLE_PLAYER
                else [s for s in range(seats) if s != player]
            )
            observer.set_from(state, player)
            tensor = numpy.array(observer.tensor)
            text = observer.string_from(state, player)
            for sampler in samplers:
                twin = state.resampled(sampler, rng)
                observer.set_from(twin, player)
                assert numpy.array_equal(observer.tensor, tensor), (recall, private, player)
                assert observer.string_from(twin, player) == text, (recall, private, player)


def test_a_public_observer_with_perfect_recall_shows_no_legal_play() -> None:
    # The reproduction: legal_actions=play 2:2 ... named the seat's own tiles.
    pyspiel = pytest.importorskip("pyspiel")
    from tablegames.interop.openspiel import load_game

    for name in GAMES:
        game = load_game(name)
        state = game.new_initial_state()
        state.box = type(state.box)(name, acting(name, 2, 30))
        seat = state.tg_state.to_act
        observer = game.make_py_observer(
            pyspiel.IIGObservationType(
                perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE
            )
        )
        text = observer.string_from(state, seat)
        assert "legal_actions=" not in text and "hand=" not in text


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=10)
@given(seed=seeds(), steps=st.integers(1, 120))
def test_pettingzoo_observations_are_the_same_for_resampled_twins(
    name: str, seed: int, steps: int
) -> None:
    # docs/interop.md, "PettingZoo": an observation is the seat's view, encoded.
    pytest.importorskip("pettingzoo")
    numpy = pytest.importorskip("numpy")
    from tablegames.interop.pettingzoo import raw_env

    environment = raw_env(name)
    environment.reset(seed=seed)
    state = play_from(environment.state, seed, steps)
    for agent, seat in environment.agent_name_mapping.items():
        environment.state = state
        seen = environment.observe(agent)
        environment.state = state.sample(seat, random.Random(seed))
        twin = environment.observe(agent)
        assert numpy.array_equal(seen["observation"], twin["observation"])
        assert numpy.array_equal(seen["action_mask"], twin["action_mask"])


# -- 10. adapters: action ids and rules parameters ----------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_refuses_every_action_id_that_is_not_a_whole_number(name: str) -> None:
    pytest.importorskip("pettingzoo")
    numpy = pytest.importorskip("numpy")
    from tablegames.core.errors import IllegalActionError
    from tablegames.interop.pettingzoo import raw_env

    environment = raw_env(name)
    environment.reset(seed=1)
    before = environment.state
    size = environment.ids.size
    for bad in ("x", 1.5, "3", True, None, -1, size, 10**5000, numpy.float64(1), b"1", [1]):
        with pytest.raises(IllegalActionError) as caught:
            environment.step(bad)
        assert short(str(caught.value))
        assert environment.state is before
    legal = int(
        numpy.flatnonzero(environment.observe(environment.agent_selection)["action_mask"])[0]
    )
    environment.step(numpy.int64(legal))
    assert environment.state is not before


def test_an_openspiel_rules_parameter_nested_deeply_is_a_record_error() -> None:
    import base64

    from tablegames.interop.openspiel import rules_from_parameter

    for depth in (25, 900, 3_000):
        text = base64.urlsafe_b64encode(b"[" * depth + b"]" * depth).decode()
        if len(text) > 4096:
            text = text[:4096]
        with pytest.raises(RecordError) as caught:
            rules_from_parameter("texas42", text)
        assert short(str(caught.value))


# -- 8. views made by racing threads ------------------------------------------------------


def race(call: Callable[[], object], threads: int = 12) -> list[object]:
    """``call`` from several threads let go at once, with a short switch interval."""
    barrier = threading.Barrier(threads)
    results: list[object] = [None] * threads

    def run(index: int) -> None:
        barrier.wait()
        results[index] = call()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        workers = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
    finally:
        sys.setswitchinterval(interval)
    return results


def test_threads_making_the_first_house_view_get_one_class() -> None:
    # docs/house-rules.md: views of a game with house rules compare like the game's.
    for _ in range(10):
        fresh = attrs.make_class("FreshView", {}, bases=(quartets.QuartetsView,), frozen=True)
        made = race(lambda kind=fresh: house_view_type(kind))  # type: ignore[misc]
        assert all(kind is made[0] for kind in made)


@pytest.mark.parametrize("name", GAMES)
def test_first_views_from_racing_threads_are_equal(name: str) -> None:
    game = with_house_rules(get_game(name), f"{name}-race", "race")
    state = game.new_match(get_game(name).rules_type())
    state = state.apply(state.chance_outcome(random.Random(3)))
    seat = state.to_act
    assert seat is not None
    views = race(lambda: state.view(seat))
    assert all(view == views[0] and type(view) is type(views[0]) for view in views)
    assert state.view(seat) == views[0]


# -- 13. matches that would never end ------------------------------------------------------


def test_first_legal_players_stop_a_texas42_match_unfinished_at_the_deal_bound() -> None:
    # docs/simulation.md, "Matches that never end": every hand is passed out.
    final = play_match(texas42.new_match(), FirstLegalAgent(), random.Random(1))
    assert not final.is_over and final.winners == ()
    assert len(final.results) == MAX_MATCH_DEALS
    result = simulate("texas42", ["first-legal"] * 4, 1)
    assert result.unfinished == 1 and result.wins == (0, 0, 0, 0)
    assert "never ended" in result.table() and result.to_dict()["unfinished"] == 1


def test_first_legal_players_stop_a_quartets_deal_at_the_action_bound() -> None:
    # They ask round in a circle within one deal.
    steps: list[int] = []
    final = play_match(
        quartets.new_match(quartets.Rules()),
        FirstLegalAgent(),
        random.Random(1),
        on_step=lambda before, action, after: steps.append(1),
    )
    assert not final.is_over and len(steps) == 1 + MAX_DEAL_ACTIONS


AGENTS: dict[str, Callable[[], Any]] = {
    "first-legal": FirstLegalAgent,
    "random": lambda: RandomAgent(random.Random(0)),
    "heuristic": HeuristicAgent,
}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("agent", sorted(AGENTS))
def test_every_match_ends_at_its_end_or_at_a_bound(name: str, agent: str) -> None:
    # docs/simulation.md: play_match always returns; an unfinished match is at a bound.
    deals: list[int] = [0]
    in_deal: list[int] = [0]

    def count(before: Any, action: Any, after: Any) -> None:
        if before.is_chance:
            deals[0] += 1
            in_deal[0] = 0
        else:
            in_deal[0] += 1

    game = get_game(name)
    final = play_match(
        game.new_match(game.rules_type()),
        AGENTS[agent](),
        random.Random(5),
        on_step=count,
        max_deals=30,
        max_deal_actions=1_500,
    )
    assert final.is_over or deals[0] == 30 or in_deal[0] == 1_500
    stalls = {
        ("texas42", "first-legal"),
        ("ninety-two", "first-legal"),
        ("quartets", "first-legal"),
    }
    assert final.is_over == ((name, agent) not in stalls)


def test_play_match_refuses_bounds_that_are_not_whole_numbers() -> None:
    for bad in (-1, 1.5, None, True):
        with pytest.raises(TableGamesError):
            play_match(texas42.new_match(), RandomAgent(), max_deals=bad)  # type: ignore[arg-type]


# -- 2. caches under a stream of distinct inputs -----------------------------------------


def growth(feed: Callable[[int], object], warm: int, count: int) -> int:
    """Bytes still held after ``count`` distinct inputs, past ``warm`` inputs of warm-up."""
    for i in range(warm):
        feed(i)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(warm, warm + count):
            feed(i)
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


BOUND = 512 * 1024
"""What a stream of a few hundred distinct inputs may leave behind (bounded caches hold a
few entries; an unbounded one holds tens of megabytes)."""

RULES_FIELD = {
    "texas42": "target",
    "ninety-two": "target",
    "preference": "deals",
    "quartets": "deals",
}


@pytest.mark.parametrize("name", GAMES)
def test_refused_records_with_distinct_rules_leave_nothing_behind(name: str) -> None:
    # docs/limits.md, "The limits": every cache is bounded.
    game = get_game(name)

    def feed(i: int) -> None:
        text = json.dumps(
            {"game": name, "rules": {RULES_FIELD[name]: 100 + i}, "actions": ["pass", "x"]}
        )
        with contextlib.suppress(RecordError):
            game.replay(GameRecord.from_json(text))

    assert growth(feed, 100, 300) < BOUND


def test_distinct_action_texts_leave_a_bounded_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    # Replays remember at most KNOWN_TEXTS action texts a game (then forget them all). With the
    # bound lowered to 256, 3,000 distinct texts of up to 400 characters would hold about 0.9 MB
    # if nothing were forgotten; what stays must be what 256 texts hold.
    from tablegames.core import replaying

    assert replaying.KNOWN_TEXTS == 4096  # the documented bound (docs/limits.md)
    monkeypatch.setattr(replaying, "KNOWN_TEXTS", 256)

    def feed(i: int) -> None:
        action = f"bid {30 + i % 13}" + " " * (i % 400)
        text = json.dumps({"game": "texas42", "rules": {}, "actions": [action]})
        with contextlib.suppress(RecordError):
            texas42.GAME.replay(GameRecord.from_json(text))

    assert growth(feed, 256, 3_000) < 256 * 1_000


def test_encodings_and_action_ids_for_distinct_rules_are_bounded() -> None:
    def feed(i: int) -> None:
        rules = texas42.Rules(target=1 + i)
        encoding_for("texas42", rules)
        action_ids("texas42", rules)

    assert growth(feed, 200, 600) < BOUND


def test_distinct_house_games_and_universes_leave_nothing_behind() -> None:
    from tablegames.pieces import DOMINOES, Domino, Universe

    def feed(i: int) -> None:
        Universe(f"tiles-{i}", DOMINOES, Domino.parse)
        game = with_house_rules(quartets.GAME, f"quartets-{i}", "Quartets")
        state = game.new_match(quartets.Rules(players=3))
        state.apply(state.chance_outcome(random.Random(i))).view(0)

    assert growth(feed, 50, 300) < BOUND
