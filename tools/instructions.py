"""Count the machine instructions of a decision: a measure of speed that other jobs cannot disturb.

Timings on a shared machine move by 20% or more from run to run; the number of instructions the
interpreter executes does not (with ``PYTHONHASHSEED=0``). This runs the benchmark's decision loop
(seed 0, chance steps included) for two numbers of decisions under valgrind's callgrind and
prints the difference per decision, for each game named (all four by default). The collector's
schedule moves a count: a full collection that falls in a different moment of play (after an
unrelated import allocated a few dozen objects more, say) moved one count by 2.4%. So each count
is taken under a few shifts of that schedule (the playing process first keeps ``shift`` small
lists alive) and the median is printed::

    python tools/instructions.py                  # needs valgrind (Debian: apt install valgrind)
    python tools/instructions.py quartets --decisions 3000 9000

Compare two versions by running it in each checkout. Fewer instructions is not always less time
(memory and branches count too), so confirm a change with ``python -m tablegames bench``.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

GAMES = ("texas42", "ninety-two", "preference", "quartets")


SHIFTS = (0, 97, 331)
"""The collector's schedules a count is taken under: how many small lists the playing process
keeps alive before it plays (see the module doc)."""


def play(name: str, decisions: int, shift: int = 0) -> None:
    """The decisions of the benchmark's loop (``tablegames.bench``), seed 0, nothing timed;
    ``shift`` small lists are kept alive first (see :data:`SHIFTS`)."""
    from tablegames.games import get_game  # noqa: PLC0415 (only in the counted process)

    ballast = [[number] for number in range(shift)]
    game = get_game(name)
    rules = game.rules_type()
    rng = random.Random(0)
    done = 0
    while done < decisions:
        state = game.new_match(rules)
        while not state.is_over and done < decisions:
            if state.is_chance:
                state = state.apply(state.chance_outcome(rng))
                continue
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
            done += 1
    del ballast


def count(name: str, decisions: int, shift: int) -> int:
    """Instructions callgrind counts for a process that plays ``decisions`` decisions under the
    collector's schedule ``shift``."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    source = str(Path(__file__).resolve().parents[1] / "src")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [source, env.get("PYTHONPATH")]))
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable]
    command += [__file__, "--play", name, str(decisions), str(shift)]
    run = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES), help="games to count")
    parser.add_argument("--decisions", nargs=2, type=int, default=(3000, 9000), metavar="N")
    parser.add_argument("--play", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play:
        play(args.play[0], int(args.play[1]), int(args.play[2]))
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt install valgrind)", file=sys.stderr)
        return 2
    low, high = args.decisions
    for name in args.games:
        each = [(count(name, high, k) - count(name, low, k)) / (high - low) for k in SHIFTS]
        per = statistics.median(each)
        shown = ", ".join(f"{one:,.0f}" for one in each)
        print(f"{name:<11} {per:9,.0f} instructions per decision (chance steps included; {shown})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
