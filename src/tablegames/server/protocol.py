"""The table protocol: the JSON messages a seat's or a spectator's WebSocket carries.

A client speaks first with ``hello`` (a seat's secret token, an invitation to claim, or none
to watch), then sends ``move`` (an action in the notation), ``back`` (a person takes their
seat back from the bot that played for them) or ``ping``. The server answers ``welcome``
(with the seat's new secret token when an invitation was claimed), then sends
``view`` after every move (the seat's own view, or the public one), ``accepted`` or ``refused``
for each move it was sent, ``seats`` when someone comes or goes, ``error`` for a frame it cannot
use, and ``pong``. :data:`SCHEMAS` holds a JSON Schema for every message; docs/play-online.md
shows them.

A frame is read with bounded work: its length is checked before it is parsed (the WebSocket
layer closes the connection on a frame over :data:`MAX_FRAME_BYTES`; a text over
:data:`MAX_MESSAGE_CHARS` is refused unread), then its nesting, then its fields.

>>> read_message('{"type": "move", "action": "bid 30", "turn": 1}')
Move(action='bid 30', turn=1)
>>> read_message('{"type": "move"')
ProtocolError(code='bad_json', message='The message is not JSON.')
>>> read_message("[" * 3000).code
'bad_json'
"""

from __future__ import annotations

import json

import attrs

from tablegames.core.bounded_json import nesting_within

__all__ = [
    "MAX_FRAME_BYTES",
    "MAX_MESSAGE_CHARS",
    "MAX_TOKEN_CHARS",
    "PROTOCOL_VERSION",
    "SCHEMAS",
    "Back",
    "Hello",
    "Move",
    "Ping",
    "ProtocolError",
    "encode",
    "error",
    "read_message",
]

PROTOCOL_VERSION = 1
"""The protocol's version, sent in ``welcome``."""

MAX_FRAME_BYTES = 65_536
"""The largest WebSocket frame the server reads: a longer one closes the connection (code
1009) as soon as its header is read, before its payload is buffered."""

MAX_MESSAGE_CHARS = 4_096
"""The longest message text the server parses; a longer one is refused (``too_big``) unread.
The longest action of the four games is under 200 characters."""

MAX_TOKEN_CHARS = 64
"""The longest token a ``hello`` may carry (tokens are 32 characters)."""

_MAX_DEPTH = 3


@attrs.frozen
class Hello:
    """``{"type": "hello", "token": "..."}``: take a seat (or watch, without a token)."""

    token: str | None = None


@attrs.frozen
class Move:
    """``{"type": "move", "action": "bid 30", "turn": 12}``: play an action; ``turn`` (optional)
    is the turn of the view the player acted on, so a move made on an old view is refused."""

    action: str
    turn: int | None = None


@attrs.frozen
class Ping:
    """``{"type": "ping"}``: the server answers ``pong``."""


@attrs.frozen
class Back:
    """``{"type": "back"}``: the person of this seat is back; a bot that played for them
    while they were away gives the seat back."""


@attrs.frozen
class ProtocolError:
    """A frame the server cannot use: a stable ``code`` and a sentence."""

    code: str
    message: str

    def to_message(self) -> dict[str, object]:
        """The ``error`` message that answers it.

        >>> ProtocolError("bad_json", "The message is not JSON.").to_message()["type"]
        'error'
        """
        return error(self.code, self.message)


Message = Hello | Move | Ping | Back


def _plain_int(value: object) -> bool:
    return type(value) is int and 0 <= value < 10**9


def read_message(text: str) -> Message | ProtocolError:
    """The message a text frame carries, or the :class:`ProtocolError` refusing it.

    >>> read_message('{"type": "hello"}'), read_message('{"type": "ping"}')
    (Hello(token=None), Ping())
    >>> read_message('{"type": "move", "action": 30}').message
    'A move carries its action as text in the notation, such as "bid 30".'
    """
    if len(text) > MAX_MESSAGE_CHARS:
        return ProtocolError(
            "too_big", f"A message is at most {MAX_MESSAGE_CHARS:,} characters long."
        )
    if not nesting_within(text, _MAX_DEPTH):
        return ProtocolError("bad_json", "The message is not JSON.")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return ProtocolError("bad_json", "The message is not JSON.")
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        return ProtocolError("bad_message", 'A message is a JSON object with a "type".')
    kind = data["type"]
    if kind == "hello":
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > MAX_TOKEN_CHARS):
            return ProtocolError("bad_token", "That is not a seat's token.")
        return Hello(token)
    if kind == "move":
        action, turn = data.get("action"), data.get("turn")
        if not isinstance(action, str):
            return ProtocolError(
                "bad_message",
                'A move carries its action as text in the notation, such as "bid 30".',
            )
        if turn is not None and not _plain_int(turn):
            return ProtocolError("bad_message", "A move's turn is a whole number.")
        return Move(action, turn)
    if kind == "ping":
        return Ping()
    if kind == "back":
        return Back()
    return ProtocolError("bad_message", "The message types are hello, move, back and ping.")


def error(code: str, message: str) -> dict[str, object]:
    """An ``error`` message.

    >>> error("rate_limited", "Too many messages.")
    {'type': 'error', 'code': 'rate_limited', 'message': 'Too many messages.'}
    """
    return {"type": "error", "code": code, "message": message}


def encode(message: dict[str, object]) -> str:
    """A message as compact JSON text.

    >>> encode({"type": "pong"})
    '{"type":"pong"}'
    """
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


_SEAT = {"type": ["integer", "null"], "minimum": 0}
_TEXT = {"type": "string"}
_SEATS = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["seat", "player", "connected", "away"],
        "properties": {
            "seat": {"type": "integer", "minimum": 0},
            "player": {"type": "string", "description": "person, or the bot's name"},
            "name": {
                "type": ["string", "null"],
                "description": "the name the table's creator gave the seat (null: none)",
            },
            "connected": {"type": "boolean"},
            "away": {"type": "boolean", "description": "a bot plays for this person now"},
            "open": {
                "type": "boolean",
                "description": "a person's seat nobody has taken yet (its invitation is unused)",
            },
        },
    },
}


def _message(kind: str, properties: dict[str, object], required: list[str]) -> dict[str, object]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": kind,
        "type": "object",
        "required": ["type", *required],
        "properties": {"type": {"const": kind}, **properties},
        "additionalProperties": False,
    }


SCHEMAS: dict[str, dict[str, object]] = {
    # client to server
    "hello": _message("hello", {"token": {"type": "string", "maxLength": MAX_TOKEN_CHARS}}, []),
    "move": _message(
        "move",
        {"action": {"type": "string", "maxLength": 500}, "turn": {"type": "integer", "minimum": 0}},
        ["action"],
    ),
    "ping": _message("ping", {}, []),
    "back": _message("back", {}, []),
    # server to client
    "welcome": _message(
        "welcome",
        {
            "protocol": {"const": PROTOCOL_VERSION},
            "table": _TEXT,
            "game": _TEXT,
            "title": _TEXT,
            "seat": _SEAT,
            "seats": _SEATS,
            "seed": {
                "type": ["string", "null"],
                "description": "the table's seed, when its creator gave one (null: none shown)",
            },
            "token": {
                "type": "string",
                "description": "the seat's new secret token, once its invitation is claimed",
            },
        },
        ["protocol", "table", "game", "title", "seat", "seats", "seed"],
    ),
    "view": _message(
        "view",
        {
            "turn": {"type": "integer", "minimum": 0, "description": "moves played so far"},
            "view": {
                "type": "object",
                "description": "view(seat).to_dict() (docs/views.md), or the public view",
            },
            "last": {
                "type": ["object", "null"],
                "properties": {"seat": _SEAT, "action": {"type": ["string", "null"]}},
            },
            "events": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["kind"],
                    "properties": {
                        "kind": {"enum": ["trick", "result"]},
                        "winner": {"type": "integer"},
                        "pieces": {"type": "array", "items": _TEXT},
                        "seats": {"type": "array", "items": _SEAT},
                        "result": {"type": "object"},
                    },
                },
            },
            "over": {"type": "boolean"},
            "winners": {"type": "array", "items": {"type": "integer"}},
            "ended": {
                "type": ["string", "null"],
                "description": "why the match was stopped before its end (null: it was not)",
            },
            "omitted": {
                "type": "object",
                "additionalProperties": {"type": "integer", "minimum": 1},
                "description": "how many older entries the view's growing lists left out",
            },
        },
        ["turn", "view", "last", "events", "over", "winners", "ended", "omitted"],
    ),
    "accepted": _message(
        "accepted", {"turn": {"type": "integer"}, "action": _TEXT}, ["turn", "action"]
    ),
    "refused": _message(
        "refused",
        {"turn": {"type": "integer"}, "code": _TEXT, "message": _TEXT},
        ["turn", "code", "message"],
    ),
    "seats": _message("seats", {"seats": _SEATS}, ["seats"]),
    "error": _message("error", {"code": _TEXT, "message": _TEXT}, ["code", "message"]),
    "pong": _message("pong", {}, []),
}
"""A JSON Schema (draft 2020-12) for every message, by its ``type``.

>>> sorted(SCHEMAS)[:4]
['accepted', 'error', 'hello', 'move']
"""
