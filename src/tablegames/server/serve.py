"""``python -m tablegames serve``: host tables on this machine.

Every option is checked before the server starts, as for every command (one line on stderr,
exit status 2): numbers within their bounds, the first table's game, rules and players, the
store and the key.

>>> parser().parse_args(["--port", "9000", "--shard", "1/2"]).shard
(1, 2)
>>> main(["--port", "99999"])
2
"""

from __future__ import annotations

import argparse
import os
import secrets
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from tablegames.cli_options import (
    MAX_SEED,
    Parser,
    UsageError,
    game_choice,
    number,
    one_line,
    text_option,
    whole,
)
from tablegames.errors import TableGamesError, excerpt
from tablegames.games import get_game
from tablegames.rule_options import rules_from_options

from .app import HUB, ServerConfig, make_app
from .table import BOT_NAMES, PERSON, TableOptions, check_players

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
    """An argparse type: ``K/N``, shard K of N (0 <= K < N <= 1,024)."""
    shard, _, shards = text.partition("/")
    read = whole(0, 1023)
    try:
        k, n = read(shard), read(shards)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"K/N, as 0/2, not {excerpt(text)}") from None
    if not 0 <= k < n:
        raise argparse.ArgumentTypeError(f"K/N with 0 <= K < N, not {excerpt(text)}")
    return k, n


MAX_WAIT = 86_400.0
"""The longest any of serve's waits may be set to (a day), in seconds."""


def _seconds(text: str) -> float | None:
    """An argparse type: ``never`` (no limit), or seconds above 0 and at most a day."""
    if text.lower() in ("never", "none", "off"):
        return None
    return number(0.0, MAX_WAIT, "a number of seconds (or never)")(text)


def parser() -> argparse.ArgumentParser:
    """The command line of ``tablegames serve``."""
    p = Parser(
        prog="tablegames serve",
        description="Host tables: invite people by link, bots in the empty seats.",
    )
    p.add_argument("--host", default="127.0.0.1", type=text_option, help="the address to listen on")
    p.add_argument("--port", type=whole(0, 65535), default=8042)
    p.add_argument(
        "--store",
        default="tablegames.db",
        type=text_option,
        help="a SQLite file (the default: tablegames.db) or a postgresql:// connection string",
    )
    p.add_argument(
        "--sync", default="FULL", choices=["FULL", "NORMAL"], help="SQLite's synchronous setting"
    )
    p.add_argument(
        "--key-file",
        default="tablegames-server.key",
        type=text_option,
        help="the signing key (hex)",
    )
    p.add_argument(
        "--shard", default=(0, 1), type=_shard, help="serve shard K of N (K/N) of the table ids"
    )
    p.add_argument(
        "--public-url", default=None, type=text_option, help="the address invite links start with"
    )
    p.add_argument(
        "--bot-delay",
        type=number(0.0, 60.0, "a number of seconds", from_low=True),
        default=0.7,
        help="seconds before a bot moves",
    )
    p.add_argument(
        "--bot-after",
        type=_seconds,
        default=120.0,
        help="seconds a person may think before a bot plays for them (never: no limit)",
    )
    p.add_argument(
        "--standby",
        default="heuristic",
        type=text_option,
        help="the bot that plays for an absent person",
    )
    p.add_argument("--max-tables", type=whole(1, 1_000_000), default=1000)
    p.add_argument(
        "--rate",
        type=number(0.0, 10_000.0, "messages a second"),
        default=10.0,
        help="messages a second per connection",
    )
    p.add_argument(
        "--burst", type=whole(1, 100_000), default=30, help="messages a connection may save up"
    )
    p.add_argument(
        "--table",
        type=game_choice,
        default=None,
        help="create a table of this game at start and print its links",
    )
    p.add_argument(
        "--seats",
        default=None,
        type=text_option,
        help="who plays each seat of --table: person,heuristic,heuristic,heuristic",
    )
    p.add_argument(
        "--rule",
        action="append",
        default=[],
        type=text_option,
        metavar="KEY=VALUE",
        help="a rule of --table (repeat for more)",
    )
    p.add_argument(
        "--seed",
        default=None,
        type=whole(1 - MAX_SEED, MAX_SEED - 1),
        help="the seed of --table's deals and bots",
    )
    return p


def _store_place(store: str) -> None:
    """Refuse a SQLite store whose folder does not exist before the server starts (a
    PostgreSQL store is tried when the server starts)."""
    if store.startswith(("postgresql://", "postgres://")):
        return
    folder = os.path.dirname(os.path.abspath(store))
    if not store or "\x00" in store or not os.path.isdir(folder):
        raise TableGamesError(f"--store {excerpt(store)}: there is no folder for that file.")


def _first_table_plan(args: argparse.Namespace) -> tuple[dict[str, object], list[str]] | None:
    """The rules (as a record writes them) and players of ``--table``, checked before the
    server starts; None without ``--table``."""
    if args.table is None:
        if args.seats is not None or args.rule or args.seed is not None:
            raise TableGamesError("--seats, --rule and --seed describe --table: name its game.")
        return None
    game = get_game(args.table)
    parsed = rules_from_options(game.rules_type, args.rule)
    seats = game.seats(parsed)
    named = args.seats or ",".join([PERSON] + ["heuristic"] * (seats - 1))
    players = [p.strip() for p in named.split(",")]
    check_players(game.title, seats, players)
    return game.rules_to_json(parsed), players


async def _first_table(
    app: object, args: argparse.Namespace, base: str, plan: tuple[dict[str, object], list[str]]
) -> None:
    from aiohttp import web  # noqa: PLC0415

    assert isinstance(app, web.Application)
    hub = app[HUB]
    game = get_game(args.table)
    rules, players = plan
    seed = None if args.seed is None else str(args.seed)
    table, tokens = await hub.create(game.name, rules, players, seed)
    print(f"{game.title} table {table.id}:", flush=True)
    for seat, token in enumerate(tokens):
        who = f"{base}/t/{table.id}#{token}" if token else table.info.seats[seat].player
        print(f"  seat {seat}: {who}", flush=True)
    print(f"  watch: {base}/t/{table.id}", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the server until interrupted; returns the exit status (2 for a bad option)."""
    try:
        args = parser().parse_args(argv)
        plan = _first_table_plan(args)
        _store_place(args.store)
        if args.standby not in BOT_NAMES:
            raise TableGamesError(
                f"--standby is one of {', '.join(BOT_NAMES)}, not {excerpt(args.standby)}."
            )
    except (TableGamesError, UsageError) as exc:
        print(f"tablegames serve: {one_line(str(exc))}", file=sys.stderr)
        return 2
    try:
        from aiohttp import web  # noqa: PLC0415
    except ImportError:
        print(
            'tablegames serve needs the server extra: pip install "tablegames[server]"',
            file=sys.stderr,
        )
        return 2
    shard, shards = args.shard
    try:
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
    except (TableGamesError, OSError) as exc:
        print(f"tablegames serve: {one_line(str(exc))}", file=sys.stderr)
        return 2
    base = args.public_url or f"http://{args.host}:{args.port}"

    async def started(app: web.Application) -> None:
        print(f"tablegames serve: {base}/ (shard {shard}/{shards}, store {args.store})", flush=True)
        if plan is not None:
            await _first_table(app, args, base, plan)

    app.on_startup.append(started)
    try:
        web.run_app(app, host=args.host, port=args.port, print=None, access_log=None)
    except (TableGamesError, OSError, sqlite3.Error) as exc:  # no store, or the port is taken
        print(f"tablegames serve: {one_line(str(exc))}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
