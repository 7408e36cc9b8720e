"""Command line: watch, play, draw, time and replay the games.

>>> main(["demo", "texas42", "--seed", "1"]) == 0
Texas 42 — random players, seed 1. ...
True
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from tablegames import __version__
from tablegames.bench import run
from tablegames.core.bounded_json import read_text_file
from tablegames.core.errors import TableGamesError
from tablegames.core.records import read_record
from tablegames.games import GAME_MODULES, available_games, get_game
from tablegames.interactive import play
from tablegames.watch import narrate_any

DESCRIPTION = "Rules of Texas 42, Ninety-Two, Preference and Quartets: watch, play, draw, time."
"""The one-line description ``--help`` starts with."""

EXAMPLES = """\
examples:
  tablegames demo texas42 --seed 1            watch a match played by random players
  tablegames demo ninety-two --players 6      Ninety-Two for six
  tablegames play preference --seat 1         take seat 1 against random players
  tablegames render quartets --seed 2 --seat 0 -o table.svg
                                              draw seat 0's view of a random position
  tablegames bench                            time random play for every game
  tablegames replay match.json                replay a JSON game record and check it
"""
"""What ``--help`` ends with."""


def _rules(args: argparse.Namespace) -> object:
    game = get_game(args.game)
    options = {"players": args.players} if args.players is not None else {}
    try:
        return game.rules_type(**options)
    except TypeError:
        raise TableGamesError(f"{game.title} has no --players setting") from None


def _demo(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    built_in = GAME_MODULES.get(args.game)
    if built_in is not None and game is importlib.import_module(built_in).GAME:
        module = importlib.import_module(built_in + ".demo")
        lines = module.narrate(seed=args.seed, players=args.players, ascii=args.ascii)
    else:  # a registered game: every action in notation
        lines = narrate_any(game, _rules(args), args.seed)
    for line in lines:
        print(line)
    return 0


def _play(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    play(game, _rules(args), seat=args.seat, seed=args.seed, ascii=args.ascii)
    return 0


def _render(args: argparse.Namespace) -> int:
    from tablegames.render import svg  # noqa: PLC0415 (only this command needs pictures)
    from tablegames.render.positions import position  # noqa: PLC0415

    game = get_game(args.game)
    state = position(game, _rules(args), seed=args.seed, step=args.step)
    players = len(state.view(0).hand_sizes)
    if args.seat is not None and not 0 <= args.seat < players:
        raise TableGamesError(f"--seat must be a seat from 0 to {players - 1}, not {args.seat}")
    picture = svg(state if args.seat is None else state.view(args.seat))
    if args.output in (None, "-"):
        sys.stdout.write(picture)
    else:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(picture)
    return 0


def _bench(args: argparse.Namespace) -> int:
    for line in run(args.game or None, seconds=args.seconds, seed=args.seed):
        print(line, flush=True)
    return 0


def _replay(args: argparse.Namespace) -> int:
    text = read_text_file(args.record)  # bounded: never more than the record size limit
    record, fingerprint = read_record(text)
    game = get_game(record.game)
    state = game.replay(record) if fingerprint is None else game.state_from_json(text)
    print(
        f"{len(record.actions)} actions replayed; over: {state.is_over}; winners: {state.winners}"
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    >>> main(["demo", "quartets", "--players", "9", "--seed", "2", "--ascii"]) == 0
    Quartets ...
    True
    """
    parser = argparse.ArgumentParser(
        prog="tablegames",
        description=DESCRIPTION,
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"tablegames {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    games = sorted(available_games())
    demo = commands.add_parser("demo", help="watch a whole match played by random players")
    demo.add_argument("game", choices=games)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--players", type=int, default=None)
    demo.add_argument("--ascii", action="store_true", help="plain AS and 6:4, no ♠ or [6|4]")
    demo.set_defaults(run=_demo)
    interactive = commands.add_parser("play", help="play one seat against random players")
    interactive.add_argument("game", choices=games)
    interactive.add_argument("--seat", type=int, default=0)
    interactive.add_argument("--seed", type=int, default=None)
    interactive.add_argument("--players", type=int, default=None)
    interactive.add_argument("--ascii", action="store_true", help="plain AS and 6:4, no ♠ or [6|4]")
    interactive.set_defaults(run=_play)
    render = commands.add_parser("render", help="draw a position of a random match as SVG")
    render.add_argument("game", choices=games)
    render.add_argument("--seed", type=int, default=1)
    render.add_argument("--players", type=int, default=None)
    render.add_argument("--seat", type=int, default=None, help="draw this seat's view only")
    render.add_argument("--step", type=int, default=None, help="stop after this many actions")
    render.add_argument("-o", "--output", default=None, help="the SVG file (default: stdout)")
    render.set_defaults(run=_render)
    bench = commands.add_parser("bench", help="time random play: µs per decision, deals per second")
    bench.add_argument("game", nargs="?", choices=games)
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
