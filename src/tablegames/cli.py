"""Command line: watch, play, draw, time and replay the games.

Every option is checked before any work starts; a bad one ends the command with one line on
stderr (``tablegames: ...``, quoting at most a short prefix of what was typed) and exit
status 2 (docs/limits.md lists the bounds).

>>> main(["demo", "texas42", "--seed", "1"]) == 0
Texas 42 — random players, seed 1. ...
True
>>> main(["demo", "texas42", "--players", "6"])
2
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from tablegames import __version__
from tablegames.agents.registry import is_module_spec, make_agent
from tablegames.bench import compare, run
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
from tablegames.core.bounded_json import read_text_file
from tablegames.core.errors import TableGamesError, excerpt
from tablegames.core.game import Game
from tablegames.core.limits import MAX_ACTIONS
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
  tablegames simulate quartets --agents mybots:Strong,random,random,random
                                              your own agent (class or factory in mybots.py)
  tablegames play texas42 --opponents heuristic
                                              play against heuristic players
  tablegames play preference --opponents search
                                              play against search players (slower, stronger)
  tablegames replay match.json                replay a JSON game record and check it
"""
"""What ``--help`` ends with."""

RULE_HELP = "a rule setting, e.g. --rule target=3 (repeat for more; see the game's Rules)"
"""The help of ``--rule``."""


AGENT_HELP = (
    "random, heuristic, first-legal, search (search:64 for 64 worlds a decision), solver"
    " (solver:8 for 8 worlds solved exactly a decision; the trick games), or your own agent as"
    " package.module:Name (an agent class, or a function of no arguments that makes one; the"
    " module is imported from the Python path or the current directory)"
)
"""What ``--agents`` and ``--opponents`` take."""

MAX_PLAYERS = 64
"""The most players any option may name (each game's rules then say what it allows)."""
MAX_MATCHES = 10_000_000
"""The most matches ``simulate -n`` plays."""
MAX_WORKERS = 256
"""The most processes ``simulate --workers`` starts."""
MAX_SECONDS = 3600.0
"""The longest ``bench --seconds`` times a game."""


def _rules(args: argparse.Namespace, name: str | None = None) -> Any:
    """The rules the options give: ``--rule`` settings and ``--players`` (checked against the
    game: a game without a players setting takes only its own number of seats)."""
    game = get_game(name or args.game)
    players = getattr(args, "players", None)
    texts = getattr(args, "rule", None) or ()
    takes_players = _takes_players(game)
    options = {"players": players} if players is not None and takes_players else {}
    try:
        rules = rules_from_options(game.rules_type, texts, options)
    except TableGamesError:
        raise
    except (TypeError, ValueError, ArithmeticError) as exc:  # a rules constructor's own error
        raise TableGamesError(
            f"{game.title} rules refused: {excerpt(str(exc), 120)[1:-1]}"
        ) from None
    if players is not None and not takes_players and players != game.seats(rules):
        raise TableGamesError(
            f"{game.title} is played by {game.seats(rules)} players, not {players}."
        )
    return rules


def _takes_players(game: Game[Any, Any]) -> bool:
    import attrs  # noqa: PLC0415

    kind: Any = game.rules_type
    return (
        isinstance(kind, type)
        and attrs.has(kind)
        and any(f.name == "players" for f in attrs.fields(kind))
    )


def _seat(args: argparse.Namespace, game: Game[Any, Any], rules: Any) -> None:
    if args.seat is not None and not 0 <= args.seat < game.seats(rules):
        raise TableGamesError(
            f"--seat must be a seat from 0 to {game.seats(rules) - 1}, not {args.seat}"
        )


def _agent_specs(text: str) -> list[str]:
    """The comma-separated specs of ``--agents`` (each checked by making it once)."""
    specs = [a.strip() for a in text.split(",") if a.strip()]
    if not specs:
        raise TableGamesError("--agents names at least one agent, as random or heuristic,random.")
    if any(is_module_spec(spec) for spec in specs):
        _importable_here()
    for spec in dict.fromkeys(specs):
        make_agent(spec)
    return specs


def _importable_here() -> None:
    """Let ``package.module:Name`` find modules in the current directory, as ``python -m``
    does (the ``tablegames`` script alone would not)."""
    here = os.getcwd()
    if "" not in sys.path and here not in sys.path:
        sys.path.insert(0, here)


def _output(path: str | None) -> None:
    """Refuse an output file that cannot be written before drawing anything."""
    if path in (None, "-"):
        return
    if not path or "\x00" in path:
        raise TableGamesError(f"Cannot write {excerpt(path)}: it is not a file name.")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise TableGamesError(
            f"Cannot write {excerpt(path)}: there is no folder {excerpt(folder)}."
        )
    if os.path.isdir(path):
        raise TableGamesError(f"Cannot write {excerpt(path)}: it is a folder.")
    if not os.access(folder, os.W_OK):
        raise TableGamesError(f"Cannot write {excerpt(path)}: the folder is not writable.")


def _demo(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    rules = _rules(args)
    built_in = GAME_MODULES.get(args.game)
    if built_in is not None and game is importlib.import_module(built_in).GAME:
        module = importlib.import_module(built_in + ".demo")
        lines = module.narrate(seed=args.seed, players=args.players, rules=rules, ascii=args.ascii)
    else:  # a registered game: every action in notation
        lines = narrate_any(game, rules, args.seed)
    for line in lines:
        print(line)
    return 0


def _play(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    rules = _rules(args)
    _seat(args, game, rules)
    if args.opponents.strip().lower() != "random":
        if is_module_spec(args.opponents.strip()):
            _importable_here()
        make_agent(args.opponents)
    play(
        game,
        rules,
        seat=args.seat,
        seed=args.seed,
        ascii=args.ascii,
        opponents=args.opponents.strip()
        if is_module_spec(args.opponents.strip())
        else args.opponents,
        pause=not args.fast,
    )
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from tablegames.simulation import parse_rule_options, simulate  # noqa: PLC0415

    game = get_game(args.game)
    agents = _agent_specs(args.agents)
    rules = parse_rule_options(args.game, args.rule)
    if args.players is not None:
        if not _takes_players(game):
            _rules(args)  # the game's own number of seats, or the one-line refusal
        else:
            rules.setdefault("players", args.players)
        if len(agents) == 1:
            agents = agents * args.players
    elif len(agents) == 1:
        agents = agents * game.seats(game.rules_from_json(rules))
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
    rules = _rules(args)
    _seat(args, game, rules)
    _output(args.output)
    state = position(game, rules, seed=args.seed, step=args.step)
    picture = svg(state if args.seat is None else state.view(args.seat))
    if args.output in (None, "-"):
        sys.stdout.write(picture)
    else:
        try:
            with open(args.output, "w", encoding="utf-8") as handle:
                handle.write(picture)
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or type(exc).__name__
            raise TableGamesError(f"Cannot write {excerpt(args.output)}: {reason}.") from None
    return 0


def _bench(args: argparse.Namespace) -> int:
    name = args.game or args.game_option
    if args.game and args.game_option and args.game != args.game_option:
        raise TableGamesError("Name one game to time, as bench texas42 or bench --game texas42.")
    if args.rule and not name:
        raise TableGamesError("--rule needs one game to time: name the game.")
    if args.rule and args.compare:
        raise TableGamesError("--compare times the standard rules: leave out --rule.")
    if args.solve:
        if args.rule or args.compare:
            raise TableGamesError(
                "--solve times the standard rules: leave out --rule and --compare."
            )
        from tablegames.solve.bench import (  # noqa: PLC0415 (only --solve)
            DEFAULT_CAP,
            SOLVE_GAMES,
            solve_report,
        )

        cap = DEFAULT_CAP if args.cap is None else args.cap
        lines = solve_report(
            [name] if name else SOLVE_GAMES, deals=args.deals, seed=args.seed, cap=cap
        )
    elif args.compare:
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
    parser = Parser(
        prog="tablegames",
        description=DESCRIPTION,
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"tablegames {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    games = sorted(available_games())
    demo = commands.add_parser("demo", help="watch a whole match played by random players")
    demo.add_argument("game", type=game_choice, choices=games)
    demo.add_argument("--seed", type=whole(1 - MAX_SEED, MAX_SEED - 1), default=1)
    demo.add_argument("--players", type=whole(1, MAX_PLAYERS), default=None)
    demo.add_argument("--ascii", action="store_true", help="plain AS and 6:4, no ♠ or [6|4]")
    demo.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=RULE_HELP,
        type=text_option,
    )
    demo.set_defaults(run=_demo)
    interactive = commands.add_parser(
        "play", help="play one seat against random, heuristic or search players"
    )
    interactive.add_argument("game", type=game_choice, choices=games)
    interactive.add_argument("--seat", type=whole(0, MAX_PLAYERS - 1), default=0)
    interactive.add_argument("--seed", type=whole(1 - MAX_SEED, MAX_SEED - 1), default=None)
    interactive.add_argument("--players", type=whole(1, MAX_PLAYERS), default=None)
    interactive.add_argument("--ascii", action="store_true", help="plain AS and 6:4, no ♠ or [6|4]")
    interactive.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=RULE_HELP,
        type=text_option,
    )
    interactive.add_argument(
        "--opponents",
        default="random",
        metavar="AGENT",
        type=text_option,
        help="the agent at the other seats (random by default): " + AGENT_HELP,
    )
    interactive.add_argument(
        "--fast", action="store_true", help="go on to the next deal without waiting for Enter"
    )
    interactive.set_defaults(run=_play)
    simulation = commands.add_parser(
        "simulate", help="play many matches between agents and show who wins"
    )
    simulation.add_argument("game", type=game_choice, choices=games)
    simulation.add_argument("-n", "--matches", type=whole(1, MAX_MATCHES), default=100)
    simulation.add_argument(
        "--agents",
        default="random",
        type=text_option,
        help="one agent a seat, comma-separated (heuristic,random,heuristic,random; one name"
        " for every seat): " + AGENT_HELP,
    )
    simulation.add_argument("--players", type=whole(1, MAX_PLAYERS), default=None)
    simulation.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=RULE_HELP,
        type=text_option,
    )
    simulation.add_argument(
        "--workers",
        type=whole(1, MAX_WORKERS),
        default=None,
        help="processes to use",
    )
    simulation.add_argument("--seed", type=whole(1 - MAX_SEED, MAX_SEED - 1), default=0)
    simulation.add_argument("--json", action="store_true", help="print the result as JSON")
    simulation.add_argument("--no-progress", action="store_true", help="no progress bar")
    simulation.set_defaults(run=_simulate)
    render = commands.add_parser("render", help="draw a position of a random match as SVG")
    render.add_argument("game", type=game_choice, choices=games)
    render.add_argument("--seed", type=whole(1 - MAX_SEED, MAX_SEED - 1), default=1)
    render.add_argument("--players", type=whole(1, MAX_PLAYERS), default=None)
    render.add_argument(
        "--seat",
        type=whole(0, MAX_PLAYERS - 1),
        default=None,
        help="draw this seat's view only",
    )
    render.add_argument(
        "--step",
        type=whole(0, MAX_ACTIONS),
        default=None,
        help="stop after this many actions",
    )
    render.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=RULE_HELP,
        type=text_option,
    )
    render.add_argument(
        "-o",
        "--output",
        default=None,
        type=text_option,
        help="the SVG file (default: stdout)",
    )
    render.set_defaults(run=_render)
    bench = commands.add_parser("bench", help="time random play: µs per decision, deals per second")
    bench.add_argument("game", nargs="?", type=game_choice, choices=games)
    bench.add_argument("--game", dest="game_option", type=game_choice, choices=games)
    bench.add_argument(
        "--compare",
        action="store_true",
        help="time OpenSpiel's closest games too (pyspiel), in turns; then what grows with a match",
    )
    bench.add_argument(
        "--server",
        action="store_true",
        help="the table server's load benchmark (extra: server; its options: bench --server -h)",
    )
    bench.add_argument(
        "--solve",
        action="store_true",
        help="time the exact solver from the first lead: nodes and seconds per solve",
    )
    bench.add_argument(
        "--deals", type=whole(1, 10_000), default=60, help="deals a game with --solve"
    )
    bench.add_argument(
        "--cap",
        type=number(0.001, MAX_SECONDS, "a number of seconds"),
        default=None,
        help="with --solve: seconds after which a solve stops, counted unfinished (default 60)",
    )
    bench.add_argument(
        "--seconds", type=number(0.0, MAX_SECONDS, "a number of seconds"), default=3.0
    )
    bench.add_argument("--seed", type=whole(1 - MAX_SEED, MAX_SEED - 1), default=0)
    bench.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=RULE_HELP,
        type=text_option,
    )
    bench.set_defaults(run=_bench)
    replay = commands.add_parser("replay", help="replay a JSON game record and check it")
    replay.add_argument("record", type=text_option)
    replay.set_defaults(run=_replay)
    commands.add_parser("serve", help="host tables: invite people by link (extra: server)")
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["serve"]:  # the server reads its own options
        from tablegames.server.serve import main as serve  # noqa: PLC0415

        return serve(arguments[1:])
    if arguments[:1] == ["bench"] and "--server" in arguments:  # so does its benchmark
        from tablegames.server.bench import main as bench_server  # noqa: PLC0415

        return bench_server([a for a in arguments[1:] if a != "--server"])
    try:
        args = parser.parse_args(argv)
        status: int = args.run(args)
    except (TableGamesError, UsageError) as exc:
        print(f"tablegames: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        sys.stderr.close()
        return 0
    return status
