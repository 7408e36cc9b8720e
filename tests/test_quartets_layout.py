"""How Quartets and the collecting core are built, checked: their modules import one way (no circle,
type-checking imports included), their only module-level memos stay within their documented sizes
however many matches are played, a deal part's remembered listings are its own, a start position
costs nothing to make (docs/contract.md, "Sampling from a view": the cost depends on the current
deal only), and a state's construction is type-checked.
"""

from __future__ import annotations

import ast
import pickle
import random
from pathlib import Path

import pytest

from mypy_snippets import mypy_errors, needs_mypy
from tablegames.core.game import play_randomly, random_action
from tablegames.quartets import GAME, Phase, Rules, actions, asking, masks, new_match, parts
from tablegames.quartets.start import StartNotation
from tablegames.quartets.state import start_state

SOURCE = Path(__file__).resolve().parents[1] / "src" / "tablegames"


def _imports(package: Path) -> dict[str, set[str]]:
    """By module of ``package``: the modules of the package it imports, wherever the import
    statement is (module level, in a function, under ``TYPE_CHECKING``)."""
    name = f"tablegames.{package.name}"
    modules = {path.stem for path in package.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in package.glob("*.py"):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level == 1 and module:
                    found.add(module.split(".")[0])
                elif node.level == 1:
                    found.update(alias.name for alias in node.names)
                elif module.startswith(name + "."):
                    found.add(module[len(name) + 1 :].split(".")[0])
                elif module == name:
                    found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith(name + "."):
                        found.add(alias.name[len(name) + 1 :].split(".")[0])
        graph[path.stem] = (found & modules) - {path.stem}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The groups of modules that import one another round a circle: each module that reaches
    itself by one import or more, with every module it reaches that reaches it back."""
    reach = {module: _reach(graph, module) for module in graph}
    groups: list[set[str]] = []
    for module in sorted(graph):
        if module in reach[module]:
            group = {other for other in reach[module] if module in reach[other]}
            if group not in groups:
                groups.append(group)
    return groups


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    """The modules ``start`` imports, directly or through others."""
    seen: set[str] = set()
    frontier = list(graph[start])
    while frontier:
        module = frontier.pop()
        if module not in seen:
            seen.add(module)
            frontier.extend(graph[module])
    return seen


def test_the_circle_finder_finds_a_circle(tmp_path: Path) -> None:
    package = tmp_path / "toy"
    package.mkdir()
    (package / "a.py").write_text("from .b import x\n")
    (package / "b.py").write_text("def f():\n    from .c import y\n")
    (package / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import z\n"
    )
    (package / "d.py").write_text("from . import a\n")
    assert _circles(_imports(package)) == [{"a", "b", "c"}]


@pytest.mark.parametrize("package", ["quartets", "collecting"])
def test_the_modules_of_a_package_import_one_way(package: str) -> None:
    graph = _imports(SOURCE / package)
    assert graph, "no modules read"
    assert _circles(graph) == []
    if package == "quartets":  # the steps and views sit below the facade
        for module in ("parts", "dealing", "asking", "listing", "view_sampling", "start"):
            assert "state" not in graph[module]
        assert {"asking", "dealing", "view_sampling"} <= graph["state"]


def test_the_module_level_memos_stay_within_their_documented_sizes() -> None:
    # Every table size at once, both ask rules, both turn rules: the memos fill and stop.
    for players in range(2, 10):
        for ask in ("card", "rank"):
            rules = Rules(players=players, deals=1, ask=ask, turn_passes="left")
            play_randomly(new_match(rules), random.Random(players))
    assert len(asking._ASKED) == 9  # by asker
    assert all(row is None or len(row) == 9 for row in asking._ASKED)
    assert all(row is None or all(len(by) in (0, 52) for by in row) for row in asking._ASKED)
    info = parts.targets_of.cache_info()
    assert info.maxsize == 1024 and info.currsize <= 1020
    assert len(actions._CANONICAL) == 9 * 52 + 9 * 13
    assert [len(runs) for runs in masks._RUNS] == [1 << 13] * 4


def test_a_deal_part_remembers_its_own_seats_listings_and_pickles_without_them() -> None:
    rng = random.Random(4)
    state = new_match(Rules(players=5))
    state = state.apply(state.chance_outcome(rng))
    other = new_match(Rules(players=5)).apply(state.chance_outcome(random.Random(5)))
    asker = state.to_act
    assert asker is not None and other.to_act == asker
    listed = state.legal_actions()
    other.legal_actions()
    assert state._deal.listed[asker] == (state.hands[asker], state._deal.listed[asker][1], listed)
    assert state._deal.listed is not other._deal.listed
    assert other._deal.listed[asker][0] == other.hands[asker] != state.hands[asker]
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy._deal.listed[asker][0] == -1
    assert copy.legal_actions() == listed


def test_a_start_position_is_written_out_only_when_read() -> None:
    # A long match's start: the notation is the same data, written afresh at each reading.
    rng = random.Random(1)
    state = play_randomly(new_match(Rules(players=2, deals=1000)), rng, 20_000)
    while state.phase is not Phase.ASK or len(state.asks) < 3:
        state = state.apply(random_action(state, rng))
    assert len(state.results) > 100
    start = start_state(state.rules, state.dealer, state.scores, state.results, over=False)
    notation = start.history.start  # type: ignore[attr-defined]
    assert isinstance(notation, StartNotation)
    written = dict(notation)
    assert written["results"][-1] == {
        "dealer": state.results[-1].dealer,
        "points": list(state.results[-1].points),
    }
    assert notation["results"] is not notation["results"] and notation == written
    # A world sampled from a view that late in the match round-trips through its record.
    view = state.view(0)
    world = view.sample(random.Random(2))
    assert world.view(0) == view
    assert GAME.replay(GAME.record(world)) == world


@needs_mypy
def test_mypy_refuses_a_quartets_state_built_with_swapped_fields(tmp_path: Path) -> None:
    code, errors, output = mypy_errors(
        tmp_path,
        """
        from tablegames.core.history import EMPTY_LOG
        from tablegames.quartets import Rules
        from tablegames.quartets.parts import deal_part
        from tablegames.quartets.state import BUILD

        part = deal_part(Rules(), (0,) * 4, 0, laid=(0,) * 4, scores=(0,) * 4, results=())
        BUILD.asking((1, 2, 3, 4), 0, part, EMPTY_LOG, EMPTY_LOG)
        BUILD.asking(part, 0, (1, 2, 3, 4), EMPTY_LOG, EMPTY_LOG)
        """,
    )
    assert code == 1, output
    assert {line.split(":")[1] for line in errors} == {"9"}, output
    assert any('Argument 1 has incompatible type "DealPart"' in e for e in errors)
