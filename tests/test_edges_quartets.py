"""Quartets (Authors) at its edges: the contract walked along whole matches under every option.

Each test states one rule and cites the seed sentence (seed 004_0071cdeea99a8726.txt, English in
shared/seeds/README.md) or the ruling (shared/rulings.md) it checks. They were written to kill
mutants that survived ``nox -s mutation`` (docs/testing.md).
"""

from __future__ import annotations

from itertools import pairwise

from edges_contract import walk
from tablegames.quartets import GAME, Phase, Rules


def test_views_zones_samples_and_points_along_matches() -> None:
    """Rulings: 'A completed set is laid down at once and scores its owner 1 point'; 'A deal
    ends when all 13 sets are down. A match is a set number of deals (default: one per player);
    most points wins, joint winners on a tie.' Design: views, zones and samples."""
    cases = [
        (Rules(players=3), 1),
        (Rules(players=4, turn_passes="left", deals=1), 2),
        (Rules(players=5, ask="rank", deals=1), 3),
    ]
    for rules, seed in cases:
        states = walk(GAME, rules, seed, sample_every=9, skip=frozenset({"laid", "asks"}))
        final = states[-1]
        deals = rules.deals if rules.deals is not None else rules.players
        assert final.is_over and final.phase is Phase.OVER and len(final.results) == deals
        assert all(sum(result.points) == 13 for result in final.results)
        totals = tuple(sum(r.points[s] for r in final.results) for s in range(rules.players))
        assert final.scores == totals
        best = max(totals)
        assert final.winners == tuple(s for s in range(rules.players) if totals[s] == best)
        for before, after in pairwise(states):
            if before.phase is Phase.ASK and after.phase is Phase.ASK:
                laid = sum(len(s) for s in after.view(0).laid)
                assert laid == 4 * sum(after.view(0).points)
