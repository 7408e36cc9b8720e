"""The command line's options: every command, option and help text of ``tablegames``
(:func:`build_parser`); :mod:`tablegames.cli` runs the commands.

>>> parser = build_parser({name: lambda args: 0 for name in COMMANDS})
>>> parser.parse_args(["play", "texas42", "--seat", "2"]).seat
2
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping

from tablegames import __version__
from tablegames.cli_options import (
    MAX_SEED,
    Parser,
    game_choice,
    number,
    text_option,
    whole,
)
from tablegames.core.limits import MAX_ACTIONS
from tablegames.games import available_games

COMMANDS = ("demo", "play", "simulate", "render", "bench", "replay")
"""The commands :func:`build_parser` wires to a run function (``serve`` reads its own options)."""

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

SEED_HELP = "the seed of the shuffles and of the agents' choices: the same seed, the same deals"
"""The help of ``--seed`` (each command adds its default)."""
PLAYERS_HELP = (
    "how many players: Ninety-Two 4, 6 or 8; Quartets 2 to 9 (Texas 42 and Preference are for 4)"
)
"""The help of ``--players``."""

MAX_PLAYERS = 64
"""The most players any option may name (each game's rules then say what it allows)."""
MAX_MATCHES = 10_000_000
"""The most matches ``simulate -n`` plays."""
MAX_WORKERS = 256
"""The most processes ``simulate --workers`` starts."""
MAX_SECONDS = 3600.0
"""The longest ``bench --seconds`` times a game."""


def build_parser(runs: Mapping[str, Callable[[argparse.Namespace], int]]) -> Parser:
    """The parser of every command; each command's parsed options carry ``run``, its function
    from ``runs`` (by the names of :data:`COMMANDS`)."""
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
    _seed(demo, 1)
    _players(demo)
    _ascii(demo)
    _rule(demo)
    demo.set_defaults(run=runs["demo"])
    interactive = commands.add_parser(
        "play", help="play one seat against random, heuristic or search players"
    )
    interactive.add_argument("game", type=game_choice, choices=games)
    interactive.add_argument(
        "--seat",
        type=whole(0, MAX_PLAYERS - 1),
        default=0,
        help="your seat, from 0 (default 0); seats are numbered clockwise",
    )
    _seed(interactive, None)
    _players(interactive)
    _ascii(interactive)
    _rule(interactive)
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
    interactive.set_defaults(run=runs["play"])
    simulation = commands.add_parser(
        "simulate", help="play many matches between agents and show who wins"
    )
    simulation.add_argument("game", type=game_choice, choices=games)
    simulation.add_argument(
        "-n", "--matches", type=whole(1, MAX_MATCHES), default=100, help="matches to play (100)"
    )
    simulation.add_argument(
        "--agents",
        default="random",
        type=text_option,
        help="one agent a seat, comma-separated (heuristic,random,heuristic,random; one name"
        " for every seat): " + AGENT_HELP,
    )
    _players(simulation)
    _rule(simulation)
    simulation.add_argument(
        "--workers",
        type=whole(1, MAX_WORKERS),
        default=None,
        help="processes to use",
    )
    _seed(simulation, 0)
    simulation.add_argument("--json", action="store_true", help="print the result as JSON")
    simulation.add_argument("--no-progress", action="store_true", help="no progress bar")
    simulation.set_defaults(run=runs["simulate"])
    render = commands.add_parser("render", help="draw a position of a random match as SVG")
    render.add_argument("game", type=game_choice, choices=games)
    _seed(render, 1)
    _players(render)
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
        help="stop after this many actions, chance steps included (the match must last that long)",
    )
    _rule(render)
    render.add_argument(
        "-o",
        "--output",
        default=None,
        type=text_option,
        help="the SVG file (default: stdout)",
    )
    render.set_defaults(run=runs["render"])
    bench = commands.add_parser("bench", help="time random play: µs per decision, deals per second")
    bench.add_argument("game", nargs="?", type=game_choice, choices=games)
    bench.add_argument(
        "--game",
        dest="game_option",
        type=game_choice,
        choices=games,
        help="the one game to time (as naming it: bench texas42)",
    )
    bench.add_argument(
        "--compare",
        action="store_true",
        help="time OpenSpiel's closest games too (pyspiel), in turns; then what grows with a match",
    )
    bench.add_argument(
        "--solve",
        action="store_true",
        help="time the exact solver from the first lead: nodes and seconds per solve",
    )
    bench.add_argument(
        "--server",
        action="store_true",
        help="the table server's load benchmark (extra: server; its options: bench --server -h)",
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
        "--seconds",
        type=number(0.0, MAX_SECONDS, "a number of seconds"),
        default=3.0,
        help="seconds of play to time for each game (3)",
    )
    _seed(bench, 0)
    _rule(bench)
    bench.set_defaults(run=runs["bench"])
    replay = commands.add_parser("replay", help="replay a JSON game record and check it")
    replay.add_argument("record", type=text_option)
    replay.set_defaults(run=runs["replay"])
    commands.add_parser("serve", help="host tables: invite people by link (extra: server)")
    return parser


def _rule(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--rule", action="append", default=[], metavar="KEY=VALUE", help=RULE_HELP, type=text_option
    )


def _seed(command: argparse.ArgumentParser, default: int | None) -> None:
    shown = "a new one each time" if default is None else str(default)
    command.add_argument(
        "--seed",
        type=whole(1 - MAX_SEED, MAX_SEED - 1),
        default=default,
        help=f"{SEED_HELP} ({shown})",
    )


def _players(command: argparse.ArgumentParser) -> None:
    command.add_argument("--players", type=whole(1, MAX_PLAYERS), default=None, help=PLAYERS_HELP)


def _ascii(command: argparse.ArgumentParser) -> None:
    command.add_argument("--ascii", action="store_true", help="plain AS and 6:4, no ♠ or [6|4]")
