"""simulate(): results depend only on the seed; the CLI prints a table or JSON."""

from __future__ import annotations

import functools
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from budget import quick
from tablegames.agents import RandomAgent
from tablegames.cli import main
from tablegames.core.errors import RulesError, TableGamesError
from tablegames.simulation import parse_rule_options, simulate, wilson_interval

AGENTS = ["heuristic", "random", "heuristic", "random"]


def test_results_depend_only_on_the_seed() -> None:
    local = simulate("texas42", AGENTS, 12, rules={"target": 60}, seed=3)
    with ThreadPoolExecutor(3) as pool:
        threaded = simulate("texas42", AGENTS, 12, rules={"target": 60}, seed=3, executor=pool)
    processes = simulate("texas42", AGENTS, 12, rules={"target": 60}, seed=3, workers=2)
    small_batches = simulate("texas42", AGENTS, 12, rules={"target": 60}, seed=3, batch=1)
    assert local == threaded == processes == small_batches
    assert local != simulate("texas42", AGENTS, 12, rules={"target": 60}, seed=4)


def test_result_by_seat() -> None:
    result = simulate("quartets", ["heuristic", "random", "random"], 6, rules={"deals": 1})
    assert result.rules["players"] == 3 and result.matches == 6
    assert sum(result.wins) >= 6 and len(result.mean_returns) == 3
    for rate, (low, high) in zip(result.win_rate, result.win_interval):
        assert low <= rate <= high
    assert result.hands_per_match == 1.0
    assert sum(result.mean_returns) == pytest.approx(13.0)  # every set is laid by someone
    assert result.decisions_per_second > 0


def test_texas42_sides_win_together() -> None:
    result = simulate("texas42", AGENTS, 10, rules={"target": 40}, seed=9)
    assert result.wins[0] == result.wins[2] and result.wins[1] == result.wins[3]
    assert result.wins[0] + result.wins[1] == 10


def test_agents_as_picklable_factories() -> None:
    factory = functools.partial(RandomAgent, None)
    by_name = simulate("preference", ["random"] * 4, 4, rules={"deals": 2}, seed=1)
    by_factory = simulate("preference", [factory] * 4, 4, rules={"deals": 2}, seed=1, workers=2)
    assert by_name.wins == by_factory.wins and by_name.mean_returns == by_factory.mean_returns


def test_refusals() -> None:
    with pytest.raises(TableGamesError, match="played by 4 players"):
        simulate("texas42", ["random"] * 3, 1)
    with pytest.raises(TableGamesError, match="at least one match"):
        simulate("texas42", AGENTS, 0)
    with pytest.raises(TableGamesError, match="No agent is called"):
        simulate("texas42", ["random", "psychic", "random", "random"], 1)
    with pytest.raises(RulesError, match="target"):
        simulate("texas42", AGENTS, 1, rules={"target": -3})
    with pytest.raises(RulesError, match="KEY=VALUE"):
        parse_rule_options("texas42", ["target"])


def test_wilson_interval() -> None:
    low, high = wilson_interval(650, 1000)
    assert 0.619 < low < 0.621 and 0.678 < high < 0.680


def test_cli_json_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "texas42", "-n", "3", "--agents", ",".join(AGENTS)]
    assert main([*argv, "--rule", "target=40", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["matches"] == 3 and data["agents"] == AGENTS
    assert len(data["wins"]) == len(data["win_rate"]) == len(data["mean_returns"]) == 4
    assert data["rules"]["target"] == 40
    assert main([*argv, "--rule", "target=40"]) == 0
    out = capsys.readouterr().out
    assert "heuristic" in out and "3 matches" in out
    assert main(["simulate", "quartets", "-n", "2", "--agents", "random", "--players", "5"]) == 0
    assert "4     random" in capsys.readouterr().out


def test_cli_refuses_bad_rules_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "texas42", "--rule", "target=ten"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "target" in err
    assert main(["simulate", "texas42", "--rule", "colour=red"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'colour'" in err


def test_cli_play_against_heuristic_opponents(capsys: pytest.CaptureFixture[str]) -> None:
    from tablegames.interactive import play
    from tablegames.texas42 import GAME, Rules

    lines: list[str] = []
    final = play(
        GAME,
        Rules(),
        seat=0,
        seed=2,
        read=lambda _: "quit",
        write=lines.append,
        opponents="heuristic",
    )
    assert not final.is_over and any(line.startswith("seat ") for line in lines)


def test_progress_bar_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    simulate("texas42", AGENTS, 3, rules={"target": 20}, progress=True)
    captured = capsys.readouterr()
    assert "match" in captured.err and captured.out == ""


def test_simulate_is_on_the_package() -> None:
    import tablegames

    result = tablegames.simulate("quartets", ["random"] * 3, 1, rules={"deals": 1})
    assert result.matches == 1
    with pytest.raises(AttributeError):
        tablegames.no_such_name  # noqa: B018


def test_ladder_writes_the_strength_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every rung gets its row. Under the ``ci`` profile the solver rungs' agent is the solver
    with one world and 500 plays a decision (a real solver, a few seconds a match, instead of a
    minute); the thorough profile plays the published rungs."""
    import attrs

    from tablegames import ladder

    if quick():
        cheap = tuple(
            attrs.evolve(r, agents=tuple(_cheap_solver(a) for a in r.agents))
            if r.agents[0].startswith("solver")
            else r
            for r in ladder.RUNGS
        )
        monkeypatch.setattr(ladder, "run_ladder", functools.partial(ladder.run_ladder, rungs=cheap))
    page = tmp_path / "strength.md"
    assert ladder.main(["--matches", "2", "--seed", "1", "--output", str(page)]) in (0, 1)
    text = page.read_text()
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    assert len(rows) == 1 + len(ladder.RUNGS)
    assert "--matches 2 --seed 1" in text
    assert "The solver rows measure the solver agent" in text
    assert sum("solver partners" in row for row in rows) == 2
    assert sum("one solver seat" in row for row in rows) == 4


def _cheap_solver(agent: str) -> str:
    """A solver rung's agents, cheaper: one world of 500 plays, one-world calls and search."""
    if agent.startswith("solver"):
        return "solver:1:nodes500:calls1"
    return "search:1" if agent.startswith("search") else agent
