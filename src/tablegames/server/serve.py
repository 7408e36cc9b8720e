"""``python -m tablegames serve``: host tables on this machine.

>>> parser().parse_args(["--port", "9000", "--shard", "1/2"]).shard
'1/2'
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path

from tablegames.errors import TableGamesError
from tablegames.games import available_games, get_game
from tablegames.rule_options import rules_from_options

from .app import HUB, ServerConfig, make_app
from .table import TableOptions

__all__ = ["main", "parser", "read_key"]

KEY_ENV = "TABLEGAMES_SERVER_KEY"
"""The environment variable that may hold the signing key (hex), instead of a key file."""


def read_key(path: str) -> bytes:
    """The server's signing key: from ``$TABLEGAMES_SERVER_KEY`` (hex) if set, else from the
    key file (hex), which is made (32 random bytes, mode 0600) when it does not exist.

    >>> import tempfile, os
    >>> where = os.path.join(tempfile.mkdtemp(), "k")
    >>> read_key(where) == read_key(where), len(read_key(where))
    (True, 32)
    """
    text = os.environ.get(KEY_ENV)
    if text is None:
        file = Path(path)
        if not file.exists():
            descriptor = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w") as handle:
                handle.write(secrets.token_hex(32) + "\n")
        text = file.read_text(encoding="ascii")
    try:
        key = bytes.fromhex(text.strip())
    except ValueError:
        raise TableGamesError("The server key is written in hexadecimal digits.") from None
    if len(key) < 16:
        raise TableGamesError("The server key is at least 16 bytes (32 hex digits).")
    return key


def _shard(text: str) -> tuple[int, int]:
    shard, _, shards = text.partition("/")
    try:
        k, n = int(shard), int(shards)
    except ValueError:
        raise TableGamesError(f"--shard is K/N, as 0/2, not {text!r}.") from None
    if not 0 <= k < n:
        raise TableGamesError(f"--shard K/N needs 0 <= K < N, not {text!r}.")
    return k, n


def _seconds(text: str) -> float | None:
    return None if text.lower() in ("never", "none", "off") else float(text)


def parser() -> argparse.ArgumentParser:
    """The command line of ``tablegames serve``."""
    p = argparse.ArgumentParser(
        prog="tablegames serve",
        description="Host tables: invite people by link, bots in the empty seats.",
    )
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    p.add_argument("--port", type=int, default=8042)
    p.add_argument(
        "--store",
        default="tablegames.db",
        help="a SQLite file (the default: tablegames.db) or a postgresql:// connection string",
    )
    p.add_argument(
        "--sync", default="FULL", choices=["FULL", "NORMAL"], help="SQLite's synchronous setting"
    )
    p.add_argument("--key-file", default="tablegames-server.key", help="the signing key (hex)")
    p.add_argument("--shard", default="0/1", help="serve shard K of N (K/N) of the table ids")
    p.add_argument("--public-url", default=None, help="the address invite links start with")
    p.add_argument("--bot-delay", type=float, default=0.7, help="seconds before a bot moves")
    p.add_argument(
        "--bot-after",
        type=_seconds,
        default=120.0,
        help="seconds a person may think before a bot plays for them (never: no limit)",
    )
    p.add_argument("--standby", default="heuristic", help="the bot that plays for an absent person")
    p.add_argument("--max-tables", type=int, default=1000)
    p.add_argument("--rate", type=float, default=10.0, help="messages a second per connection")
    p.add_argument("--burst", type=int, default=30, help="messages a connection may save up")
    p.add_argument(
        "--table",
        choices=sorted(available_games()),
        default=None,
        help="create a table of this game at start and print its links",
    )
    p.add_argument(
        "--seats",
        default=None,
        help="who plays each seat of --table: person,heuristic,heuristic,heuristic",
    )
    p.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rule of --table (repeat for more)",
    )
    p.add_argument("--seed", default=None, help="the seed of --table's deals and bots")
    return p


async def _first_table(app: object, args: argparse.Namespace, base: str) -> None:
    from aiohttp import web  # noqa: PLC0415

    assert isinstance(app, web.Application)
    hub = app[HUB]
    game = get_game(args.table)
    rules = game.rules_to_json(rules_from_options(game.rules_type, args.rule))
    seats = game.seats(game.rules_from_json(rules))
    players = (args.seats or ",".join(["person"] + ["heuristic"] * (seats - 1))).split(",")
    table, tokens = await hub.create(game.name, rules, [p.strip() for p in players], args.seed)
    print(f"{game.title} table {table.id}:", flush=True)
    for seat, token in enumerate(tokens):
        who = f"{base}/t/{table.id}#{token}" if token else table.info.seats[seat].player
        print(f"  seat {seat}: {who}", flush=True)
    print(f"  watch: {base}/t/{table.id}", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the server until interrupted; returns the exit status."""
    args = parser().parse_args(argv)
    try:
        from aiohttp import web  # noqa: PLC0415
    except ImportError:
        print(
            'tablegames serve needs the server extra: pip install "tablegames[server]"',
            file=sys.stderr,
        )
        return 2
    try:
        shard, shards = _shard(args.shard)
        config = ServerConfig(
            key=read_key(args.key_file),
            store=args.store,
            synchronous=args.sync,
            shard=shard,
            shards=shards,
            options=TableOptions(
                bot_delay=args.bot_delay, bot_after=args.bot_after, standby=args.standby
            ),
            max_tables=args.max_tables,
            rate=args.rate,
            burst=args.burst,
            public_url=args.public_url,
        )
        app = make_app(config)
    except TableGamesError as exc:
        print(f"tablegames serve: {exc}", file=sys.stderr)
        return 2
    base = args.public_url or f"http://{args.host}:{args.port}"

    async def started(app: web.Application) -> None:
        print(f"tablegames serve: {base}/ (shard {shard}/{shards}, store {args.store})", flush=True)
        if args.table:
            await _first_table(app, args, base)

    app.on_startup.append(started)
    web.run_app(app, host=args.host, port=args.port, print=None, access_log=None)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
