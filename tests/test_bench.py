"""The benchmark's reports: what they contain, never how fast anything is."""

from __future__ import annotations

import pytest

from tablegames import bench
from tablegames.cli import main
from tablegames.games import GAME_MODULES, get_game


def test_compare_says_plainly_when_openspiel_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "load_pyspiel", lambda: None)
    lines = list(bench.compare("quartets", seconds=0.02, growth=False))
    assert lines[1].startswith("Quartets")
    assert "ratio" not in "".join(lines)
    assert "OpenSpiel is not installed" in lines[-1]


def test_compare_times_each_game_beside_its_openspiel_peer() -> None:
    if bench.load_pyspiel() is None:
        pytest.skip("open-spiel is not installed (the bench extra)")
    lines = list(bench.compare(seconds=0.2, growth=False))
    assert len(lines) == 1 + len(GAME_MODULES)
    for line, name in zip(lines[1:], GAME_MODULES):
        assert f"{bench.SPIEL_PEERS[name]} (pyspiel)" in line and "ratio" in line


@pytest.mark.parametrize("name", list(GAME_MODULES))
def test_a_retained_state_costs_under_700_bytes(name: str) -> None:
    assert 0 < bench.retained_bytes(name, seed=3) < 700


def test_growth_is_measured_at_the_same_moment_of_an_early_and_a_late_deal() -> None:
    rules = {"players": 3, "deals": 6}
    game_rules = get_game("quartets").rules_type(**rules)
    sample, printing, decisions = bench.costs_over_a_match("quartets", rules=game_rules, repeats=1)
    assert decisions > 100
    assert len(sample) == len(printing) == 2


def test_the_command_line_takes_the_game_as_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", "quartets", "--seconds", "0.05"]) == 0
    assert capsys.readouterr().out.startswith("Quartets")
