"""Command line: watch, play, draw, time and replay the games.

>>> main(["demo", "texas42", "--seed", "1"]) == 0
Texas 42 — random players, seed 1. ...
True
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence

from tablegames import __version__
from tablegames.bench import compare, run
from tablegames.core.bounded_json import read_text_file
from tablegames.core.errors import TableGamesError
from tablegames.core.records import read_record
from tablegames.games import GAME_MODULES, available_games, get_game
from tablegames.interactive import play
from tablegames.rule_options import rules_from_options
from tablegames.watch import narrate_any

DESCRIPTION = "Rules of Texas 42, Ninety-Two, Preference and Quartets: watch, play, draw, time."
"""The one-line description ``--help`` starts with."""

EXAMPLES = """\
examples:
  tablegames demo texas42 --seed 1            watch a match played by random players
  tablegames demo ninety-two --players 6      Ninety-Two for six
  tablegames demo texas42 --rule scoring=marks --rule bid_ladder=marks --rule nello=true
                                              tournament 42 with nello
  tablegames play preference --seat 1         take seat 1 against random players
  tablegames render quartets --seed 2 --seat 0 -o table.svg
                                              draw seat 0's view of a random position
  tablegames bench                            time random play for every game
  tablegames simulate texas42 -n 200 --agents heuristic,random,heuristic,random
                                              who wins: heuristic partners against random
  tablegames play texas42 --opponents heuristic
                                              play against heuristic players
  tablegames play preference --opponents search
                                              play against search players (slower, stronger)
  tablegames replay match.json                replay a JSON game record and check it
"""
"""What ``--help`` ends with."""

RULE_HELP = "a rule setting, e.g. --rule target=3 (repeat for more; see the game's Rules)"
"""The help of ``--rule``."""


def _rules(args: argparse.Namespace, name: str | None = None) -> object:
    game = get_game(name or args.game)
    players = getattr(args, "players", None)
    options = {"players": players} if players is not None else {}
    try:
        return rules_from_options(game.rules_type, getattr(args, "rule", None) or (), options)
    except TypeError:
        raise TableGamesError(f"{game.title} has no --players setting") from None


def _demo(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    built_in = GAME_MODULES.get(args.game)
    if built_in is not None and game is importlib.import_module(built_in).GAME:
        module = importlib.import_module(built_in + ".demo")
        rules = _rules(args) if args.rule else None
        lines = module.narrate(seed=args.seed, players=args.players, rules=rules, ascii=args.ascii)
    else:  # a registered game: every action in notation
        lines = narrate_any(game, _rules(args), args.seed)
    for line in lines:
        print(line)
    return 0


def _play(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    play(
        game,
        _rules(args),
        seat=args.seat,
        seed=args.seed,
        ascii=args.ascii,
        opponents=args.opponents,
        pause=not args.fast,
    )
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from tablegames.simulation import parse_rule_options, simulate  # noqa: PLC0415

    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    rules = parse_rule_options(args.game, args.rule)
    if args.players is not None:
        rules.setdefault("players", args.players)
        if len(agents) == 1:
            agents = agents * args.players
    elif len(agents) == 1:
        players = getattr(get_game(args.game).rules_from_json(rules), "players", 4)
        agents = agents * int(players)
    result = simulate(
        args.game,
        agents,
        args.matches,
        rules=rules,
        seed=args.seed,
        workers=args.workers,
        progress=args.matches >= 20 and not args.no_progress,
    )
    if args.json:
        data = result.to_dict()
        print(json.dumps(data))
    else:
        print(result.table())
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
    name = args.game or args.game_option
    if args.rule and not name:
        raise TableGamesError("--rule needs one game to time: name the game.")
    if args.rule and args.compare:
        raise TableGamesError("--compare times the standard rules: leave out --rule.")
    if args.compare:
        lines = compare(name, seconds=args.seconds, seed=args.seed)
    else:
        rules = _rules(args, name) if args.rule else None
        lines = run(name, seconds=args.seconds, seed=args.seed, rules=rules)
    for line in lines:
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
    demo.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE", help=RULE_HELP)
    demo.set_defaults(run=_demo)
    interactive = commands.add_parser(
        "play", help="play one seat against random, heuristic or search players"
    )
    interactive.add_argument("game", choices=games)
    interactive.add_argument("--seat", type=int, default=0)
    interactive.add_argument("--seed", type=int, default=None)
    interactive.add_argument("--players", type=int, default=None)
    interactive.add_argument("--ascii", action="store_true", help="plain AS and 6:4, no ♠ or [6|4]")
    interactive.add_argument(
        "--rule", action="append", default=[], metavar="KEY=VALUE", help=RULE_HELP
    )
    interactive.add_argument(
        "--opponents",
        default="random",
        metavar="AGENT",
        help="the agent at the other seats: random (the default), heuristic, search, or search"
        " with options (search:64 for 64 worlds a decision)",
    )
    interactive.add_argument(
        "--fast", action="store_true", help="go on to the next deal without waiting for Enter"
    )
    interactive.set_defaults(run=_play)
    simulation = commands.add_parser(
        "simulate", help="play many matches between agents and show who wins"
    )
    simulation.add_argument("game", choices=games)
    simulation.add_argument("-n", "--matches", type=int, default=100)
    simulation.add_argument(
        "--agents",
        default="random",
        help="one agent a seat, comma-separated: heuristic,random,heuristic,random"
        " (search, or search:64 for 64 worlds a decision)",
    )
    simulation.add_argument("--players", type=int, default=None)
    simulation.add_argument(
        "--rule", action="append", default=[], metavar="KEY=VALUE", help="set a rules option"
    )
    simulation.add_argument("--workers", type=int, default=None, help="processes to use")
    simulation.add_argument("--seed", type=int, default=0)
    simulation.add_argument("--json", action="store_true", help="print the result as JSON")
    simulation.add_argument("--no-progress", action="store_true", help="no progress bar")
    simulation.set_defaults(run=_simulate)
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
    bench.add_argument("--game", dest="game_option", choices=games)
    bench.add_argument(
        "--compare",
        action="store_true",
        help="time OpenSpiel's closest games too (pyspiel), in turns; then what grows with a match",
    )
    bench.add_argument("--seconds", type=float, default=3.0)
    bench.add_argument("--seed", type=int, default=0)
    bench.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE", help=RULE_HELP)
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
