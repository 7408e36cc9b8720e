"""Pictures: every game's SVG parses, is deterministic, and a view's picture draws no piece
hidden from that seat."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames import ninety_two, preference, quartets, texas42
from tablegames.core.errors import TableGamesError
from tablegames.core.game import Game, GameState, random_action
from tablegames.render import piece_text, scene_of, svg
from tablegames.testing import seeds

SVG = "{http://www.w3.org/2000/svg}"

GAMES: list[tuple[Game[Any, Any], Any]] = [
    (texas42.GAME, texas42.Rules()),
    (ninety_two.GAME, ninety_two.Rules()),
    (ninety_two.GAME, ninety_two.Rules(players=8)),
    (preference.GAME, preference.Rules()),
    (quartets.GAME, quartets.Rules(players=2)),
    (quartets.GAME, quartets.Rules(players=9)),
]


def _played(game: Game[Any, Any], rules: Any, seed: int, steps: int) -> GameState[Any]:
    rng = random.Random(seed)
    state: GameState[Any] = game.new_match(rules)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(random_action(state, rng))
    return state


def _drawn(picture: str) -> list[str]:
    """The notation of every face drawn (``data-piece``), checked against its ``<title>``."""
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    names = []
    for element in root.iter(f"{SVG}g"):
        name = element.get("data-piece")
        if name is not None:
            title = element.find(f"{SVG}title")
            assert title is not None and title.text == name
            names.append(name)
    return names


def _backs(picture: str, seat: int) -> int:
    root = ET.fromstring(picture)
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == "seat" and group.get("data-seat") == str(seat):
            return sum(1 for g in group.iter(f"{SVG}g") if g.get("class") == "back")
    raise AssertionError(f"no seat {seat} in the picture")


def _hidden_from(state: GameState[Any], seat: int, view: Any) -> set[str]:
    """Pieces ``seat`` must not see: others' hands, the stock, dead cards, and the widow and
    discards unless its view holds them (only the round-two winner's does)."""
    hidden: set[str] = set()
    for name, zone in state.zones().items():
        if (name.startswith("hand ") and name != f"hand {seat}") or name in (
            "stock",
            "dead",
            "widow",
            "discards",
        ):
            hidden |= {str(p) for p in zone}
    shown = getattr(view, "widow", ()), getattr(view, "discards", ())
    return hidden - {str(p) for pile in shown for p in pile}


@given(seed=seeds(), steps=st.integers(0, 400), which=st.integers(0, len(GAMES) - 1))
def test_a_view_picture_draws_nothing_hidden_from_its_seat(
    seed: int, steps: int, which: int
) -> None:
    game, rules = GAMES[which]
    state = _played(game, rules, seed, steps)
    players = len(state.view(0).hand_sizes)
    for seat in range(players):
        view = state.view(seat)
        picture = svg(view)
        drawn = set(_drawn(picture))
        hidden = _hidden_from(state, seat, view)
        assert not drawn & hidden
        assert not any(f'"{name}"' in picture or f">{name}<" in picture for name in hidden)
        assert {str(p) for p in view.hand} <= drawn
        for other in range(players):
            if other != seat:
                assert _backs(picture, other) == view.hand_sizes[other]


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_pictures_parse_and_are_deterministic(game: Game[Any, Any], rules: Any) -> None:
    for steps in (0, 1, 5, 30, 120, 400):
        state = _played(game, rules, 7, steps)
        again = _played(game, rules, 7, steps)
        picture = svg(state)
        assert picture == svg(again) == state._repr_svg_()
        drawn = _drawn(picture)
        held = {
            str(p) for name, zone in state.zones().items() if name.startswith("hand ") for p in zone
        }
        assert held <= set(drawn)
        view = state.view(0)
        assert svg(view) == svg(again.view(0)) == view._repr_svg_()
        _drawn(svg(view))


def test_a_card_has_rank_and_suit_in_its_colour_and_a_domino_its_pips() -> None:
    state = _played(preference.GAME, preference.Rules(), 4, 1)
    picture = svg(state.view(1))
    root = ET.fromstring(picture)
    faces = [g for g in root.iter(f"{SVG}g") if g.get("class") == "card"]
    assert len(faces) == 10
    for face in faces:
        name = face.get("data-piece")
        assert name is not None
        texts = [t.text for t in face.iter(f"{SVG}text")]
        rank = "10" if name[0] == "T" else name[0]
        symbol = piece_text(preference.parse_action(f"play {name}").piece)[-1]  # type: ignore[union-attr]
        assert texts[0] == rank and symbol in texts
        colours = {t.get("fill") for t in face.iter(f"{SVG}text")}
        assert colours == ({"#c62828"} if name[1] in "DH" else {"#1b1b1b"})
    tiles = svg(_played(texas42.GAME, texas42.Rules(), 4, 1).view(0))
    for tile in ET.fromstring(tiles).iter(f"{SVG}g"):
        name = tile.get("data-piece")
        if tile.get("class") == "domino" and name is not None:
            high, low = map(int, name.split(":"))
            assert len(list(tile.iter(f"{SVG}circle"))) == high + low


def test_scenes_name_trump_contract_and_trick_in_notation() -> None:
    state = texas42.new_match().apply(
        texas42.deal_of(
            [
                "6:6 6:5 6:4 6:3 6:2 6:1 6:0",
                "5:5 5:4 5:3 5:2 5:1 5:0 4:4",
                "4:3 4:2 4:1 4:0 3:3 3:2 3:1",
                "3:0 2:2 2:1 2:0 1:1 1:0 0:0",
            ]
        )
    )
    for text in ["bid 30", "pass", "pass", "pass", "trump 5", "play 5:5", "play 4:3"]:
        state = state.apply(texas42.parse_action(text))
    scene = scene_of(state.view(2))
    facts = dict(scene.facts)
    assert facts["trump"] == "fives" and facts["contract"] == "bid 30 by seat 1"
    assert [(s, str(p)) for s, p in scene.trick] == [(1, "5:5"), (2, "4:3")]
    assert scene.seats[1].tags == ("bid 30",) and "to act" in scene.seats[3].tags
    picture = svg(state.view(2)).replace("\u00a0", " ")  # facts keep "seat 1" on one line
    assert "trump: fives" in picture and "contract: bid 30 by seat 1" in picture


def test_only_states_and_views_are_drawn() -> None:
    with pytest.raises(TableGamesError, match="cannot draw a str"):
        svg("6:4")
