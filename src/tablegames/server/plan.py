"""What an HTTP request asks for, read with bounded work and checked before anything is done:
its JSON body, and a new table's plan (game, rules, players, seed, the creator's seat, the
seats' names, whether the lobby lists it).

>>> plan = table_plan({"game": "quartets", "rule": ["players=3"], "seats": ["person"] * 3,
...                    "names": ["Ann"], "listed": True})
>>> plan.rules["players"], plan.names, plan.listed, plan.mine
(3, ['Ann'], True, 0)
>>> table_plan({"game": "quartets", "seats": ["person"], "listed": "yes"})
Traceback (most recent call last):
...
tablegames.core.errors.TableGamesError: "listed" is true or false.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
from aiohttp import web

from tablegames.core.bounded_json import nesting_within
from tablegames.errors import TableGamesError
from tablegames.games import get_game
from tablegames.rule_options import rules_from_options

from .protocol import MAX_TOKEN_CHARS
from .seats import PERSON

__all__ = [
    "MAX_SEATS",
    "RequestError",
    "TablePlan",
    "bearer",
    "json_error",
    "read_body",
    "table_plan",
]

MAX_SEATS = 16
"""The most seats a table may have (the four games need at most nine)."""


class RequestError(Exception):
    """A request answered 4xx: its status, code and sentence."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def json_error(status: int, code: str, message: str, **extra: object) -> web.Response:
    """The answer to a refused request: ``{"error": code, "message": sentence}``."""
    return web.json_response({"error": code, "message": message, **extra}, status=status)


async def read_body(request: web.Request) -> dict[str, object]:
    """The request's JSON object, read as UTF-8 whatever charset it claims."""
    raw = await request.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RequestError(400, "bad_body", "The request body is not UTF-8 text.") from None
    if not nesting_within(text, 4):
        raise RequestError(400, "bad_body", "The request is not a JSON object.")
    try:
        data = json.loads(text)
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise RequestError(400, "bad_body", "The request holds text that is not Unicode.") from None
    except (ValueError, RecursionError):
        raise RequestError(400, "bad_body", "The request is not JSON.") from None
    if not isinstance(data, dict):
        raise RequestError(400, "bad_body", "The request is a JSON object.")
    return data


def bearer(request: web.Request) -> str:
    """The token of an ``Authorization: Bearer <token>`` header ("" when there is none, or
    it is too long to be a token)."""
    header = request.headers.get("Authorization", "")
    token = header.removeprefix("Bearer ").strip() if header.startswith("Bearer ") else ""
    return token if 0 < len(token) <= MAX_TOKEN_CHARS else ""


def _rules(game_name: str, data: dict[str, object]) -> dict[str, object]:
    game = get_game(game_name)
    options = data.get("rule", [])
    rules = data.get("rules", {})
    if not isinstance(rules, dict) or not isinstance(options, list):
        raise TableGamesError('"rules" is an object of settings, "rule" a list of KEY=VALUE.')
    if not all(isinstance(o, str) and len(o) <= 100 for o in options) or len(options) > 40:
        raise TableGamesError('"rule" is a list of at most 40 texts such as "target=60".')
    parsed = game.rules_from_json(rules)
    if options:
        parsed = rules_from_options(game.rules_type, options, game.rules_to_json(parsed))
    return game.rules_to_json(parsed)


@attrs.frozen
class TablePlan:
    """A new table as its request describes it, checked: see :func:`table_plan`."""

    game: str
    rules: dict[str, object]
    players: list[str]
    seed: str | None
    mine: int | None
    names: list[str | None]
    listed: bool


def table_plan(data: dict[str, Any]) -> TablePlan:
    """A new table's game, rules, players, seed, creator's seat (``me``), seats' names and
    whether the lobby lists it, checked (a TableGamesError says what is wrong)."""
    game_name = data.get("game")
    if not isinstance(game_name, str) or len(game_name) > 40:
        raise TableGamesError('"game" names a game, such as "texas42".')
    rules = _rules(game_name, data)
    players = data.get("seats")
    if (
        not isinstance(players, list)
        or not 0 < len(players) <= MAX_SEATS
        or not all(isinstance(p, str) for p in players)
    ):
        raise TableGamesError('"seats" lists who plays each seat: "person" or a bot.')
    seed = data.get("seed")
    if seed is not None and (
        type(seed) not in (str, int) or len(str(seed)) > 40 or not str(seed).isprintable()
    ):
        raise TableGamesError('"seed" is a short text or a number.')
    mine = data.get("me", 0)  # by default, the first person's seat
    if (
        "me" in data
        and mine is not None
        and (type(mine) is not int or not 0 <= mine < len(players) or players[mine] != PERSON)
    ):
        raise TableGamesError('"me" is the number of your own seat (a person\'s), or null.')
    names = data.get("names", [])
    if not isinstance(names, list) or not all(n is None or isinstance(n, str) for n in names):
        raise TableGamesError('"names" lists a name (or null) for each seat.')
    listed = data.get("listed", False)
    if type(listed) is not bool:
        raise TableGamesError('"listed" is true or false.')
    return TablePlan(
        game_name, rules, players, None if seed is None else str(seed), mine, names, listed
    )
