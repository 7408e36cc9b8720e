"""Observations come from views only: fixed length, nothing hidden leaks, returns are zero-sum."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given

from budget import playthroughs
from tablegames import ninety_two, preference, quartets, texas42
from tablegames.core.errors import TableGamesError
from tablegames.core.game import GameState, random_action
from tablegames.games import get_game
from tablegames.observation import (
    action_ids,
    encoding_for,
    observe,
    returns,
    standing,
)
from tablegames.testing import seeds

TOURNAMENT = texas42.Rules(
    scoring="marks", bid_ladder="marks", nello=True, plunge=True, splash=True, sevens=True, target=2
)
"""Texas 42 with every special contract on."""
HIGHER_END = attrs.evolve(TOURNAMENT, follow="higher_end", nello_doubles="suit", splash_marks=3)
CASES: list[tuple[str, Any]] = [
    ("texas42", texas42.Rules(target=60)),
    ("texas42", texas42.Rules(doubles_trump=True, follow_me=True, scoring="marks", target=2)),
    ("texas42", TOURNAMENT),
    ("texas42", HIGHER_END),
    ("ninety-two", ninety_two.Rules(target=20)),
    ("ninety-two", ninety_two.Rules(players=6, leftovers="deal", target=20)),
    ("ninety-two", ninety_two.Rules(players=8, target=15)),
    ("preference", preference.Rules(deals=3)),
    ("quartets", quartets.Rules(players=3, deals=1)),
    ("quartets", quartets.Rules(players=5, deals=1, ask="rank", turn_passes="left")),
]
DEFAULTS: list[tuple[str, Any]] = [
    ("texas42", texas42.Rules()),
    ("ninety-two", ninety_two.Rules()),
    ("preference", preference.Rules()),
    ("quartets", quartets.Rules()),
]
IDS = [f"{name}-{i}" for i, (name, _) in enumerate(CASES)]


def start(name: str, rules: Any) -> GameState[Any]:
    state: GameState[Any] = get_game(name).new_match(rules)
    return state


def seats(state: GameState[Any]) -> int:
    return int(getattr(state.rules, "players", 4))


def walk(state: GameState[Any], rng: random.Random, every: int) -> list[GameState[Any]]:
    """The states of a random match, one in ``every`` (and the last)."""
    out = []
    step = 0
    while not state.is_over and step < 5000:
        if step % every == 0:
            out.append(state)
        state = state.apply(random_action(state, rng))
        step += 1
    out.append(state)
    return out


@playthroughs(10)
@pytest.mark.parametrize(("name", "rules"), CASES, ids=IDS)
@given(seed=seeds())
def test_sampled_states_give_the_same_observation(name: str, rules: Any, seed: int) -> None:
    """A state drawn from a seat's view (hidden pieces dealt anew) looks the same to that seat,
    while the seat's own observation still shows its own hand."""
    rng = random.Random(seed)
    encoding = encoding_for(name, rules)
    hand = encoding.layout["hand"]
    for state in walk(start(name, rules), rng, every=7):
        for seat in range(seats(state)):
            obs = observe(state, seat)
            assert len(obs) == encoding.size
            assert sum(obs[hand.start : hand.stop]) == len(state.view(seat).hand)
            other = state.sample(seat, rng)
            assert other.view(seat) == state.view(seat)
            assert observe(other, seat) == obs


@playthroughs(10)
@pytest.mark.parametrize(("name", "rules"), CASES, ids=IDS)
@given(seed=seeds())
def test_hidden_hands_differ_but_observations_agree(name: str, rules: Any, seed: int) -> None:
    """Where sampling actually moved another seat's pieces, the observer still cannot tell."""
    rng = random.Random(seed)
    moved = 0
    for state in walk(start(name, rules), rng, every=3):
        if state.is_chance or state.is_over:
            continue
        seat = rng.randrange(seats(state))
        other = state.sample(seat, rng)
        if other.zones() != state.zones():
            moved += 1
            assert observe(other, seat) == observe(state, seat)
    if name != "quartets":  # a Quartets deal can reveal everything before any sample differs
        assert moved > 0


@pytest.mark.parametrize(("name", "rules"), CASES, ids=IDS)
@given(seed=seeds())
def test_legal_actions_have_ids_and_returns_are_zero_sum(name: str, rules: Any, seed: int) -> None:
    rng = random.Random(seed)
    ids = action_ids(name, rules)
    states = walk(start(name, rules), rng, every=3)
    for state in states:
        legal = state.legal_actions()
        mask = ids.mask(legal)
        assert sum(mask) == len(legal)
        assert [ids.action(i) for i in ids.ids_of(legal)] == sorted(legal, key=ids.id_of)
        assert abs(sum(standing(state))) < 1e-9
    final = states[-1]
    assert final.is_over
    result = returns(final)
    assert abs(sum(result)) < 1e-9
    if len(final.winners) == seats(final):  # a tie among everybody (Preference: no chips moved)
        assert result == (0.0,) * seats(final)
    else:
        assert all((result[s] == 1.0) == (s in final.winners) for s in range(seats(final)))


def test_observations_count_from_the_observer() -> None:
    """Every seat sees itself in slot 0: after the deal, 'to_act' is slot 1 for the dealer."""
    state = start("texas42", texas42.Rules())
    state = state.apply(state.chance_outcome(random.Random(2)))
    layout = encoding_for("texas42", state.rules).layout
    to_act = layout["to_act"]
    assert state.to_act == 1
    for seat in range(4):
        obs = observe(state, seat)
        assert obs[to_act.start : to_act.stop].index(1.0) == (1 - seat) % 4


def test_layouts_have_no_gaps_and_name_every_index() -> None:
    for name, rules in CASES:
        layout = encoding_for(name, rules).layout
        assert layout.segments[0].start == 0
        for before, after in zip(layout.segments, layout.segments[1:]):
            assert before.stop == after.start
        assert "hand" in layout.names() and layout["hand"].private


def test_unknown_games_and_actions_are_refused() -> None:
    with pytest.raises(TableGamesError):
        encoding_for("chess", None)
    ids = action_ids("texas42", texas42.Rules())
    with pytest.raises(TableGamesError):
        ids.action(ids.size)
    with pytest.raises(TableGamesError):
        ids.id_of(texas42.Bid(29))


def test_docs_list_every_default_layout() -> None:
    """docs/interop.md shows the layout table of each game under its default rules, and Texas
    42's with every special contract on."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "interop.md").read_text("utf-8")
    for name, rules in DEFAULTS:
        assert encoding_for(name, rules).layout.table() in text
    tournament = attrs.evolve(TOURNAMENT, target=None)
    assert encoding_for("texas42", tournament).layout.table() in text


@pytest.mark.parametrize(("name", "rules"), CASES[:8], ids=IDS[:8])
@given(seed=seeds())
def test_trick_segments_hold_every_piece_played(name: str, rules: Any, seed: int) -> None:
    """In the trick games, 'trick' holds the trick in progress and 'played' every piece of the
    hand's finished tricks, each once, in the slot of the seat that played it."""
    rng = random.Random(seed)
    layout = encoding_for(name, rules).layout
    trick, played = layout["trick"], layout["played"]
    pieces = trick.size // seats(start(name, rules))
    for state in walk(start(name, rules), rng, every=5):
        seat = rng.randrange(seats(state))
        view = state.view(seat)
        obs = observe(state, seat)
        in_trick = [i - trick.start for i in range(trick.start, trick.stop) if obs[i]]
        assert len(in_trick) == len(view.trick)
        for slot, (player, _piece) in zip(
            sorted(in_trick), sorted(view.trick, key=lambda p: (p[0] - seat) % seats(state))
        ):
            assert slot // pieces == (player - seat) % seats(state)
        done = sum(obs[played.start : played.stop])
        assert done == sum(len(t[1]) for t in view.tricks)


def contract_walk(rules: texas42.Rules, seed: int, wanted: str) -> list[Any]:
    """The states of Texas 42 hands played at random, preferring the special contract
    ``wanted`` ("nello", "sevens", "plunge" or "splash") whenever it is legal, else a bid of
    one mark (which lets the bidder name nello or sevens)."""
    rng = random.Random(seed)
    state: Any = texas42.new_match(rules)
    out = []
    while not state.is_over:
        out.append(state)
        if state.is_chance:
            state = state.apply(state.chance_outcome(rng))
            continue
        legal = state.legal_actions()
        special = [a for a in legal if wanted in str(a)]
        special = special or [a for a in legal if str(a) == "bid 42"]
        state = state.apply(rng.choice(special) if special else rng.choice(legal))
    return out


def segment(obs: tuple[float, ...], layout: Any, name: str) -> list[float]:
    part = layout[name]
    return list(obs[part.start : part.stop])


@pytest.mark.parametrize("rules", [TOURNAMENT, HIGHER_END], ids=["either-end", "higher-end"])
def test_nello_shows_the_partner_aside_and_its_tiles_only_to_it(rules: texas42.Rules) -> None:
    """Under nello the trump segment marks the nello code, every seat sees which relative seat
    laid its tiles aside and how many, only that seat sees the tiles, and the done tricks put
    each tile in the slot of the seat that played it (the aside seat plays none)."""
    layout = encoding_for("texas42", rules).layout
    checked = 0
    states = [s for seed in range(8) for s in contract_walk(rules, seed, "nello")]
    for state in states:
        view = state.view(0)
        if view.aside_seat is None:
            continue
        for seat in range(4):
            view = state.view(seat)
            obs = observe(state, seat)
            assert segment(obs, layout, "trump").index(1.0) == view.trump
            assert view.trump in (9, 10, 11)
            aside_seat = segment(obs, layout, "aside_seat")
            assert aside_seat.index(1.0) == (view.aside_seat - seat) % 4
            assert segment(obs, layout, "aside_size") == [1.0]
            tiles = sum(segment(obs, layout, "aside"))
            assert tiles == (7.0 if seat == view.aside_seat else 0.0)
            played = segment(obs, layout, "played")
            for trick in state.table.tricks:
                assert view.aside_seat not in trick.seats
                for player, tile in zip(trick.seats, trick.pieces):
                    assert played[((player - seat) % 4) * 28 + tile] == 1.0
            checked += 1
    assert checked > 0


def test_sevens_and_plunge_are_encoded() -> None:
    """The sevens code (12) has its own trump slot; a plunge (or splash) call marks the
    caller's slot in plunge_calls (splash_calls), and the contract segment says which stands."""
    layout = encoding_for("texas42", TOURNAMENT).layout
    assert layout["trump"].size == 13
    walks = [s for seed in range(8) for s in contract_walk(TOURNAMENT, seed, "sevens")]
    sevens = [s for s in walks if s.view(0).trump == 12]
    assert sevens
    for state in sevens:
        assert segment(observe(state, 1), layout, "trump").index(1.0) == 12
    walks = [s for seed in range(8) for s in contract_walk(TOURNAMENT, seed, "plunge")]
    plunges = [s for s in walks if s.view(0).specials]
    assert any(s.view(0).contract == "plunge" for s in plunges)
    for state in plunges:
        for seat in range(4):
            view = state.view(seat)
            obs = observe(state, seat)
            calls = {word: segment(obs, layout, f"{word}_calls") for word in ("plunge", "splash")}
            for i, contract in view.specials:
                assert calls[contract][(view.dealer + 1 + i - seat) % 4] == 1.0
            assert sum(map(sum, calls.values())) == len(view.specials)
            expected = [float(word == view.contract) for word in ("bid", "plunge", "splash")]
            assert segment(obs, layout, "contract") == expected


def test_the_layout_grows_only_with_the_contracts_that_are_on() -> None:
    base = encoding_for("texas42", texas42.Rules(scoring="marks", bid_ladder="marks")).size
    assert base == 305
    assert encoding_for("texas42", attrs.evolve(TOURNAMENT, nello=False, sevens=False)).size == 316
    assert (
        encoding_for(
            "texas42", texas42.Rules(scoring="marks", bid_ladder="marks", sevens=True)
        ).size
        == 309
    )
    assert encoding_for("texas42", TOURNAMENT).size == 353
