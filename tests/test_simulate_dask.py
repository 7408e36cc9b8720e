"""A Dask distributed client's executor runs simulate() unchanged and gives the same result."""

from __future__ import annotations

import pytest

from tablegames.simulation import simulate

distributed = pytest.importorskip("distributed")


def test_dask_local_cluster_gives_the_seeded_result() -> None:
    agents = ["heuristic", "random", "random", "random"]
    expected = simulate("ninety-two", agents, 8, rules={"target": 30}, seed=5)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        result = simulate(
            "ninety-two", agents, 8, rules={"target": 30}, seed=5, executor=client.get_executor()
        )
    assert result == expected
