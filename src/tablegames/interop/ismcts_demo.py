"""OpenSpiel's information-set MCTS against random play on Texas 42, through the adapter.

The bot plays seats 0 and 2 (one side), uniform random play seats 1 and 3; chance is drawn
from the game's probabilities. Run it (needs the ``openspiel`` extra)::

    python -m tablegames.interop.ismcts_demo --matches 40 --target 30 --simulations 100

Importing this module does not need OpenSpiel; :func:`win_rate` does.

>>> Result(matches=4, wins=3, seconds=1.0).rate
0.75
"""

from __future__ import annotations

import argparse
import random
import time

import attrs

from .openspiel import load_game


@attrs.frozen
class Result:
    """How the ISMCTS side fared: matches played, matches won, time taken.

    >>> str(Result(10, 7, 2.5))
    'seats 0 and 2 won 7 of 10 matches (70%) in 2.5 s'
    """

    matches: int
    wins: int
    seconds: float

    @property
    def rate(self) -> float:
        """The share of matches the ISMCTS side won."""
        return self.wins / self.matches if self.matches else 0.0

    def __str__(self) -> str:
        return (
            f"seats 0 and 2 won {self.wins} of {self.matches} matches ({self.rate:.0%}) "
            f"in {self.seconds:.1f} s"
        )


def win_rate(matches: int, target: int = 30, simulations: int = 100, seed: int = 0) -> Result:
    """Play ``matches`` Texas 42 matches to ``target`` points, ISMCTS (``simulations`` per
    move, random rollouts) on seats 0 and 2 against random play, and count the side's wins.
    ``simulations=0`` plays seats 0 and 2 at random too: the baseline.

    >>> win_rate(0).matches
    0
    """
    if matches < 1:
        return Result(0, 0, 0.0)
    import numpy as np  # noqa: PLC0415 (optional extras)
    from open_spiel.python.algorithms import ismcts, mcts  # noqa: PLC0415

    game = load_game("texas42", target=target)
    rng = random.Random(seed)
    np_rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np_rng)
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=max(simulations, 1),
        random_state=np_rng,
    )
    wins = 0
    start = time.perf_counter()
    for _ in range(matches):
        state = game.new_initial_state()
        bot.reset()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            elif simulations and state.current_player() % 2 == 0:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        wins += state.returns()[0] > 0
    return Result(matches, wins, time.perf_counter() - start)


def main(argv: list[str] | None = None) -> Result:
    """Command line: ``--matches``, ``--target``, ``--simulations``, ``--seed``.

    >>> main(["--matches", "0", "--simulations", "0"]).wins
    Texas 42 to 30, random play on seats 0 and 2, ...: seats 0 and 2 won 0 of 0 matches (0%) ...
    0
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--target", type=int, default=30)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    result = win_rate(args.matches, args.target, args.simulations, args.seed)
    players = f"ISMCTS ({args.simulations} simulations)" if args.simulations else "random play"
    print(f"Texas 42 to {args.target}, {players} on seats 0 and 2, random on 1 and 3: {result}")
    return result


if __name__ == "__main__":
    main()
