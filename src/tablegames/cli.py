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
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from tablegames.agents.registry import is_module_spec, make_agent
from tablegames.bench import compare, run
from tablegames.cli_options import UsageError, one_line
from tablegames.cli_parser import build_parser
from tablegames.core.bounded_json import read_text_file
from tablegames.core.errors import TableGamesError, excerpt
from tablegames.core.game import Game
from tablegames.core.records import read_record
from tablegames.games import get_game
from tablegames.interactive import play
from tablegames.rule_options import rules_from_options
from tablegames.watch import narrate_any


def _rules(args: argparse.Namespace, name: str | None = None) -> object:
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

    kind = game.rules_type
    return (
        isinstance(kind, type)
        and attrs.has(kind)
        and any(f.name == "players" for f in attrs.fields(kind))
    )


def _seat(args: argparse.Namespace, game: Game[Any, Any], rules: object) -> None:
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
    for line in narrate_any(game, rules, args.seed, ascii=args.ascii):  # as terminal play tells it
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
    if args.step is not None and len(state.history) < args.step:
        done = len(state.history)
        raise TableGamesError(
            f"--step {args.step} is past the end: the match of seed {args.seed} is over after "
            f"{done} actions; --step {done} draws its end."
        )
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
    parser = build_parser(
        {
            "demo": _demo,
            "play": _play,
            "simulate": _simulate,
            "render": _render,
            "bench": _bench,
            "replay": _replay,
        }
    )
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
