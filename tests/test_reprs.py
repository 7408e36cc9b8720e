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


MODULES = {
    "texas42": texas42,
    "ninety_two": ninety_two,
    "preference": preference,
    "quartets": quartets,
}
OPTIONS: dict[str, list[Any]] = {
    "texas42": [
        texas42.Rules(),
        texas42.Rules(
            scoring="marks",
            bid_ladder="marks",
            nello=True,
            plunge=True,
            splash=True,
            sevens=True,
            doubles_trump=True,
            follow_me=True,
        ),
    ],
    "ninety_two": [ninety_two.Rules(players=p) for p in (4, 6, 8)],
    "preference": [preference.Rules()],
    "quartets": [quartets.Rules(), quartets.Rules(players=9, ask="rank")],
}


def _namespace(module: Any) -> dict[str, Any]:
    """What ``from tablegames.<game> import *`` and ``from tablegames.pieces import Card,
    Domino`` give: the names docs/getting-started.md says a repr is pasted into."""
    from tablegames.pieces import Card, Domino

    return {**{name: getattr(module, name) for name in module.__all__}, "Card": Card,
            "Domino": Domino}  # fmt: skip


@pytest.mark.parametrize("name", list(MODULES))
def test_every_action_repr_reads_back_as_the_action_in_its_notation(name: str) -> None:
    """An action prints as the call that reads it, Bid.parse('bid 30'): short, in the
    notation, and pasted back it is the same action; str() stays the notation."""
    module = MODULES[name]
    names = _namespace(module)
    for rules in OPTIONS[name]:
        space = list(module.GAME.action_space(rules))
        start = module.new_match(rules)
        space.append(start.chance_outcome(random.Random(1)))  # a whole deal
        for action in space:
            text = repr(action)
            back = eval(text, names)
            assert back == action and type(back) is type(action), text
            if text not in {"Pass()", "Keep()"}:
                assert text == f"{type(action).__name__}.parse({str(action)!r})"


def test_a_piece_repr_reads_back_and_a_forged_one_shows_its_fields() -> None:
    from tablegames.pieces import CARDS, DOMINOES, Card, Domino, cards, dominoes

    for piece in (*CARDS, *DOMINOES):
        assert eval(repr(piece), {"Card": Card, "Domino": Domino}) == piece
    assert repr(CARDS[51]) == "Card.parse('AS')" and repr(Domino(6, 4)) == "Domino.parse('6:4')"
    hand = cards("AS 10H 2C")
    assert repr(hand) == "cards('2C TH AS')" and eval(repr(hand), {"cards": cards}) == hand
    assert repr(dominoes("6:4 0:0")) == "dominoes('0:0 6:4')"
    forged = object.__new__(Card)
    assert repr(forged) == "Card(rank=?, suit=?)"


def test_a_malformed_action_shows_its_fields_never_a_call_that_would_not_read_it() -> None:
    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    fields: list[Any] = [30.0, "x", "6:4", Hostile(), None]
    assert repr(texas42.Bid(fields[0])) == "Bid(amount=30.0)"
    assert repr(texas42.Bid(-1)) == "Bid(amount=-1)"  # printed "bid -1", which does not read
    assert repr(ninety_two.Partners(fields[1])) == "Partners(seats='x')"
    assert repr(texas42.Play(fields[2])) == "Play(piece='6:4')"
    assert repr(quartets.Ask(fields[3], fields[4])) == "Ask(seat=a Hostile object, card=None)"


def test_a_legal_actions_list_is_short_to_read() -> None:
    """docs/getting-started.md: the list a newcomer prints first reads as the notation."""
    state = preference.new_match()
    state = state.apply(state.chance_outcome(random.Random(3)))
    assert repr(state.legal_actions()) == (
        "(Pass(), Bid.parse('bid S'), Bid.parse('bid C'), Bid.parse('bid D'), Bid.parse('bid H'))"
    )


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("steps", [0, 1, 9, 30, 400])
def test_str_of_a_state_is_a_table_with_every_hand_and_of_a_view_only_its_own(
    game: Game[Any, Any], steps: int
) -> None:
    """str(state) draws the table in plain notation (like python-chess's str(board)): the
    phase, who acts, each seat with its hand; str(view) the same as that seat sees it."""
    state = played(game, steps, steps)
    text = str(state)
    assert text != repr(state) and text.splitlines()[0].startswith(game.title)
    assert f" · {state.phase.value}" in text.splitlines()[0]
    for seat in range(game.seats(state.rules)):
        line = next(row for row in text.splitlines() if row.startswith(f"  seat {seat}: "))
        hand = state.hand(seat)
        if hand:
            assert line.split(": ", 1)[1].count(str(hand)) == 1, line
        view = state.view(seat)
        shown = str(view)
        assert shown.splitlines()[0].endswith(f"seen by seat {seat}")
        assert set(PIECE.findall(shown)) <= set(PIECE.findall(view.to_json()))
        assert not re.search("[♣♦♥♠]", shown + text)


def test_str_of_a_game_from_elsewhere_is_its_repr() -> None:
    from tablegames.examples.whist3 import GAME as WHIST3

    state = WHIST3.new_match(WHIST3.rules_type())
    assert str(state) == repr(state)


def test_look_in_terminal_play_shows_the_table_as_the_seat_sees_it() -> None:
    from tablegames.interactive import play as play_at_terminal

    lines: list[str] = []
    replies = iter(["look", "quit"])
    final = play_at_terminal(preference.GAME, preference.Rules(), 1, seed=1,
                             read=lambda prompt: next(replies), write=lines.append)  # fmt: skip
    table = lines[lines.index("Preference · bid · seat 1 to act · seen by seat 1") :]
    view = final.view(1)
    assert f"  seat 1 (you): to act · 10 cards: {' '.join(_symbols(view.hand))} · 95 chips" in table
    assert "  seat 2: 10 cards · 95 chips" in table


def _symbols(hand: Any) -> list[str]:
    return [str(c)[0] + "♣♦♥♠"[c.suit] for c in hand]
