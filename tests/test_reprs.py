"""Reprs and view JSON a person can read (docs/views.md, "JSON for clients"): a state's and a
view's ``repr`` are in the notation, pieces as tiles and cards and phases by name, and a default
that depends on other settings is shown in a view as the value it plays as."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tablegames import ninety_two, preference, quartets, texas42
from tablegames.core.game import Game
from tablegames.core.wire import shown_rules

GAMES = [
    texas42.GAME,
    ninety_two.GAME,
    preference.GAME,
    quartets.GAME,
]
PIECE = re.compile(r"\b([0-6]:[0-6]|[2-9TJQKA][CDHS])\b")


def played(game: Game[Any, Any], seed: int, steps: int) -> Any:
    rng = random.Random(seed)
    state = game.new_match(game.rules_type())
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(
            state.chance_outcome(rng) if state.is_chance else rng.choice(state.legal_actions())
        )
    return state


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("steps", [0, 1, 9, 30])
def test_a_state_repr_shows_every_piece_where_it_is_in_the_notation(
    game: Game[Any, Any], steps: int
) -> None:
    state = played(game, steps, steps)
    text = repr(state)
    assert re.match(r"[A-Z][A-Za-z0-9]*State\((players=\d, )?phase='[a-z_]+', to_act=", text)
    assert f"phase='{state.phase.value}'" in text
    for name, pieces in state.zones().items():
        if pieces:
            assert f"'{name}': '{pieces}'" in text
    # every piece of the deck is named once in the zones, and no mask is printed
    zones = text[text.index("zones=") :]
    assert len(PIECE.findall(zones)) == len(game.deck)
    assert not re.search(r"\d{6,}", text), "a bit mask reached the repr"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("steps", [1, 9, 30])
def test_a_view_repr_is_its_dict_in_the_notation_and_shows_no_hidden_piece(
    game: Game[Any, Any], steps: int
) -> None:
    state = played(game, 100 + steps, steps)
    for seat in range(game.seats(state.rules)):
        view = state.view(seat)
        text = repr(view)
        assert re.match(
            rf"[A-Z][A-Za-z0-9]*View\(seat={seat}, (players=\d, )?phase='[a-z_]+', to_act=", text
        )
        assert f"hand={[str(piece) for piece in view.hand]!r}" in text
        # the repr names no piece the seat's JSON view does not show
        assert set(PIECE.findall(text)) <= set(PIECE.findall(view.to_json()))
        assert not re.search(r"\d{6,}", text), "a bit mask reached the repr"


def test_a_view_shows_texas42s_default_target_as_the_score_it_plays_to() -> None:
    # docs/texas42.md, "Scoring": game to 250 points, or 7 marks.
    for rules, target in [
        (texas42.Rules(), 250),
        (texas42.Rules(scoring="marks"), 7),
        (texas42.Rules(target=100), 100),
    ]:
        shown = texas42.new_match(rules).view(0).to_dict()["rules"]
        assert isinstance(shown, dict) and shown["target"] == target
        assert texas42.Rules.from_dict(shown).game_target == rules.game_target
    # what records carry keeps the rules exactly as given
    assert texas42.GAME.rules_to_json(texas42.Rules())["target"] is None


def test_a_view_shows_quartets_default_deals_as_their_number() -> None:
    # docs/quartets.md: one deal per player unless the rules say otherwise.
    for players in (2, 5, 9):
        rules = quartets.Rules(players=players)
        shown = quartets.new_match(rules).view(0).to_dict()["rules"]
        assert isinstance(shown, dict) and shown["deals"] == players
        assert shown_rules(rules)["deals"] == rules.match_deals


def test_rules_in_a_repr_are_only_what_they_change() -> None:
    state = ninety_two.new_match(ninety_two.Rules(players=6))
    assert repr(state).endswith("rules=Rules(players=6))")
    assert repr(texas42.new_match()).endswith("rules=Rules())")
