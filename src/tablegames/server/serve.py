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
import logging
import os
import secrets
import sqlite3
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import attrs

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
from .lease import Lease, LeaseTakenError, open_lease
from .limits import Limits
from .seats import BOT_NAMES, PERSON, check_players
from .table import TableOptions

__all__ = ["main", "parser", "read_key"]

KEY_ENV = "TABLEGAMES_SERVER_KEY"
"""The environment variable that may hold the signing key (hex), instead of a key file."""

CREATE_KEY_ENV = "TABLEGAMES_CREATE_KEY"
"""The environment variable that may hold the key a client must show to create a table."""

LIMITS = Limits()


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
    _limit_options(p)
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


def _limit_options(p: argparse.ArgumentParser) -> None:
    """The limits and lifetimes (docs/play-online.md, "Limits"), defaults from :class:`Limits`."""
    count = whole(1, 1_000_000)
    limits = p.add_argument_group("limits (per client, per process) and lifetimes")
    for option, kind, help_text in (
        ("--max-tables", count, "live tables this process holds"),
        ("--tables-per-client", count, "live tables one client may have created"),
        ("--max-connections", count, "WebSockets this process holds"),
        ("--connections-per-client", count, "WebSockets one client may hold"),
        ("--spectators-per-table", count, "spectators a table takes"),
        ("--connections-per-seat", count, "WebSockets one seat may hold"),
        ("--burst", whole(1, 100_000), "messages a WebSocket may save up"),
    ):
        default = getattr(LIMITS, option[2:].replace("-", "_"))
        limits.add_argument(option, type=kind, default=default, help=f"{help_text} ({default})")
    for option, low, high, unit, help_text in (
        ("--creates-per-hour", 0.0, 1e6, "tables an hour", "tables one client may create an hour"),
        ("--rate", 0.0, 10_000.0, "messages a second", "messages a second per WebSocket"),
        ("--client-rate", 0.0, 1e6, "messages a second", "messages a second per client"),
        ("--http-rate", 0.0, 1e6, "requests a second", "HTTP requests a second per client"),
        (
            "--idle-after",
            0.0,
            30 * MAX_WAIT,
            "a number of seconds",
            "seconds with nobody at a table before its match is ended",
        ),
        (
            "--keep-records",
            0.0,
            3650 * MAX_WAIT,
            "a number of seconds",
            "seconds a finished table's record stays downloadable",
        ),
    ):
        default = getattr(LIMITS, option[2:].replace("-", "_"))
        limits.add_argument(
            option, type=number(low, high, unit), default=default, help=f"{help_text} ({default:g})"
        )
    limits.add_argument(
        "--create-key",
        default=None,
        type=text_option,
        help=f"a key clients must show to create a table (or ${CREATE_KEY_ENV}); default: none",
    )
    limits.add_argument(
        "--behind-proxy",
        action="store_true",
        help="read each client's address from X-Forwarded-For (only behind a reverse proxy)",
    )
    limits.add_argument(
        "--bot-workers",
        type=whole(0, 64),
        default=max(1, (os.cpu_count() or 2) - 1),
        help="worker processes for the bots' decisions (0: a thread of the server)",
    )
    limits.add_argument(
        "--bot-budget",
        type=number(0.0, 600.0, "a number of seconds"),
        default=10.0,
        help="seconds a bot may take a decision (10)",
    )
    limits.add_argument(
        "--lease-wait",
        type=number(0.0, 3600.0, "a number of seconds", from_low=True),
        default=10.0,
        help="seconds to wait for the shard's lease at start (10)",
    )


def _limits(args: argparse.Namespace) -> Limits:
    return Limits(**{field.name: getattr(args, field.name) for field in attrs.fields(Limits)})


def _take_lease(args: argparse.Namespace) -> Lease:
    """The shard's lease, waiting up to ``--lease-wait`` seconds for a process that just
    died to let it go."""
    shard, shards = args.shard
    deadline = time.monotonic() + args.lease_wait
    while True:
        try:
            return open_lease(args.store, shard, shards)
        except LeaseTakenError:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.5)


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
    table, tokens = await hub.create(game.name, rules, players, seed, client="--table")
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
    logging.basicConfig(level=logging.INFO, format="tablegames serve: %(message)s")
    try:
        lease = _take_lease(args)
    except (TableGamesError, OSError) as exc:
        print(f"tablegames serve: {one_line(str(exc))}", file=sys.stderr)
        return 2
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
            limits=_limits(args),
            create_key=args.create_key or os.environ.get(CREATE_KEY_ENV) or None,
            behind_proxy=args.behind_proxy,
            bot_workers=args.bot_workers,
            bot_budget=args.bot_budget,
            public_url=args.public_url,
        )
        app = make_app(config, lease)
    except (TableGamesError, OSError) as exc:
        lease.release()
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
    finally:
        lease.release()
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
