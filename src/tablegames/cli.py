"""Command line: ``python -m tablegames demo|play|bench|replay``.

>>> main(["demo", "texas42", "--seed", "1"]) == 0
Texas 42 — random players, seed 1. ...
True
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from tablegames.bench import compare, run
from tablegames.core.errors import TableGamesError
from tablegames.core.game import GameRecord
from tablegames.games import GAME_MODULES, get_game
from tablegames.interactive import play


def _demo(args: argparse.Namespace) -> int:
    get_game(args.game)
    module = importlib.import_module(GAME_MODULES[args.game] + ".demo")
    for line in module.narrate(seed=args.seed, players=args.players):
        print(line)
    return 0


def _play(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    options = {"players": args.players} if args.players is not None else {}
    try:
        rules = game.rules_type(**options)
    except TypeError:
        raise TableGamesError(f"{game.title} has no --players setting") from None
    play(game, rules, seat=args.seat, seed=args.seed)
    return 0


def _bench(args: argparse.Namespace) -> int:
    name = args.game or args.game_option
    report = compare if args.compare else run
    for line in report(name, seconds=args.seconds, seed=args.seed):
        print(line, flush=True)
    return 0


def _replay(args: argparse.Namespace) -> int:
    with open(args.record, encoding="utf-8") as handle:
        record = GameRecord.from_json(handle.read())
    state = get_game(record.game).replay(record)
    print(
        f"{len(record.actions)} actions replayed; over: {state.is_over}; winners: {state.winners}"
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    >>> main(["demo", "quartets", "--players", "9", "--seed", "2"]) == 0
    Quartets ...
    True
    """
    parser = argparse.ArgumentParser(prog="tablegames", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="watch a whole match played by random players")
    demo.add_argument("game", choices=sorted(GAME_MODULES))
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--players", type=int, default=None)
    demo.set_defaults(run=_demo)
    interactive = commands.add_parser("play", help="play one seat against random players")
    interactive.add_argument("game", choices=sorted(GAME_MODULES))
    interactive.add_argument("--seat", type=int, default=0)
    interactive.add_argument("--seed", type=int, default=None)
    interactive.add_argument("--players", type=int, default=None)
    interactive.set_defaults(run=_play)
    bench = commands.add_parser("bench", help="time random play: µs per decision, deals per second")
    bench.add_argument("game", nargs="?", choices=sorted(GAME_MODULES))
    bench.add_argument("--game", dest="game_option", choices=sorted(GAME_MODULES))
    bench.add_argument(
        "--compare",
        action="store_true",
        help="time OpenSpiel's closest games too (pyspiel), in turns; then what grows with a match",
    )
    bench.add_argument("--seconds", type=float, default=3.0)
    bench.add_argument("--seed", type=int, default=0)
    bench.set_defaults(run=_bench)
    replay = commands.add_parser("replay", help="replay a JSON game record and check it")
    replay.add_argument("record")
    replay.set_defaults(run=_replay)
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except TableGamesError as exc:
        print(f"tablegames: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        sys.stderr.close()
        return 0
    return status
