"""A seat's connection never receives another seat's hidden pieces; a spectator's receives
only what every seat sees. Property test over many matches of every game, played through the
server by scripted people and random bots (docs/views.md: a view holds only counts of what
the seat may not see; docs/play-online.md, "What each connection receives").
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("aiohttp", reason="the server tests need the server extra (aiohttp)")

import aiohttp

from tablegames.core.game import Game, GameState
from tablegames.games import get_game
from tablegames.server.app import HUB
from tablegames.server.client import SeatClient, create_table, random_policy
from tablegames.server.public import HISTORY, public_view
from tablegames.testing.strategies import rules as rules_of
from test_server_support import pieces_named, serving

GAMES = ["texas42", "ninety-two", "preference", "quartets"]
MAX_TURNS = 200
EXAMPLES = max(4, settings().max_examples // 3)


def _states(game: Game[Any, Any], rules: Any, actions: tuple[str, ...]) -> list[GameState[Any]]:
    state = game.new_match(rules)
    states = [state]
    for text in actions:
        state = state.apply(game.parse_action(text))
        states.append(state)
    return states


def _text(data: Any) -> str:
    return json.dumps(data)


async def _play(game: Game[Any, Any], rules: Any, players: list[str], seed: int) -> None:
    async with serving() as (base, app), aiohttp.ClientSession() as session:
        answer = await create_table(
            session, base, game.name, players, rules=game.rules_to_json(rules), seed=seed
        )
        clients = [
            SeatClient(base, answer["table"], s["token"], session)
            for s in answer["seats"]
            if s["token"]
        ]
        watcher = SeatClient(base, answer["table"], None, session)
        for client in [*clients, watcher]:
            await client.connect()
        await asyncio.gather(
            *(
                c.play(
                    random_policy(random.Random(seed + i)), until=lambda m: m["turn"] >= MAX_TURNS
                )
                for i, c in enumerate(clients)
            )
        )
        table = app[HUB].tables[answer["table"]]
        await app[HUB].stop(table)
        await asyncio.sleep(0.05)  # the last views reach the clients
        for client in [*clients, watcher]:
            while True:
                try:
                    await client.receive(timeout=0.05)
                except asyncio.TimeoutError:
                    break
            await client.close()
        stored = app[HUB].writer.store.load(answer["table"])
        assert stored is not None
        states = _states(game, rules, stored.actions)
    pieces = frozenset(str(p) for p in game.deck)
    seats = game.seats(rules)
    views: dict[int, list[dict[str, Any]]] = {}
    for client in [*clients, watcher]:
        _check(client, states, seats, pieces, views)


def _latest(view: dict[str, Any]) -> dict[str, Any]:
    """The library's view as a frame carries it: the lists that grow with the match cut to
    their latest entries (docs/play-online.md, "What each connection receives")."""
    return {k: v[-HISTORY[k] :] if k in HISTORY else v for k, v in view.items()}


def _check(
    client: SeatClient,
    states: list[GameState[Any]],
    seats: int,
    pieces: frozenset[str],
    seen: dict[int, list[dict[str, Any]]],
) -> None:
    """Every message of ``client``: views exactly the library's, and nothing hidden named."""
    seat = client.seat
    assert client.raw, "the connection received nothing"
    legal_at: dict[int, list[str]] = {}
    for raw, message in zip(client.raw, client.messages):
        kind = message["type"]
        if kind in ("accepted", "refused"):
            # the answer to this connection's own move: it names only what the client sent
            # (an accepted move was one of the legal actions of the client's view)
            if kind == "accepted":
                assert message["action"] in legal_at[message["turn"] - 1]
            continue
        if kind != "view":
            assert not pieces_named(raw, pieces), message
            continue
        turn = message["turn"]
        if turn not in seen:
            seen[turn] = [_latest(states[turn].view(s).to_dict()) for s in range(seats)]
        views = seen[turn]
        expected: dict[str, Any] = public_view(views) if seat is None else views[seat]
        assert message["view"] == expected
        full = states[turn].view(seat or 0).to_dict()
        left_out = {
            k: len(full[k]) - keep for k, keep in HISTORY.items() if len(full.get(k, ())) > keep
        }
        assert message["omitted"] == left_out
        legal_at[message["turn"]] = expected["legal_actions"]
        visible = pieces_named(_text(expected), pieces)
        hidden = set().union(*(v["hand"] for s, v in enumerate(views) if s != seat))
        leaked = pieces_named(raw, pieces) & (hidden - visible)
        assert not leaked, f"seat {seat} received {sorted(leaked)} at turn {message['turn']}"


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=EXAMPLES)
@given(data=st.data(), seed=st.integers(0, 2**16))
def test_no_connection_receives_hidden_pieces(name: str, data: st.DataObject, seed: int) -> None:
    game = get_game(name)
    rules = data.draw(rules_of(game), label="rules")
    seats = game.seats(rules)
    people = data.draw(st.lists(st.booleans(), min_size=seats, max_size=seats), label="people")
    if not any(people):
        people[0] = True
    players = ["person" if p else "random" for p in people]
    asyncio.run(_play(game, rules, players, seed))
