"""The registry: built-ins from a source tree, entry points of installed plugins, run-time
registration, and the command line and records working with any registered game."""

from __future__ import annotations

import importlib.metadata
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from tablegames import games, texas42
from tablegames.cli import main
from tablegames.core.errors import TableGamesError
from tablegames.core.game import play_randomly
from tablegames.games import (
    ENTRY_POINT_GROUP,
    GAME_MODULES,
    available_games,
    get_game,
    refresh_games,
    register_game,
    unregister_game,
)

ROOT = Path(__file__).resolve().parent.parent

MINE = attrs.evolve(texas42.GAME, name="house-42", title="House 42")


@pytest.fixture(autouse=True)
def _clean_registry() -> Iterator[None]:
    refresh_games()
    yield
    unregister_game(MINE.name)
    refresh_games()


def _fake_entry_points(
    monkeypatch: pytest.MonkeyPatch, entries: dict[str, str]
) -> list[str | None]:
    """Make importlib.metadata report ``entries`` (name -> "module:attr") in the group."""
    asked: list[str | None] = []
    points = [importlib.metadata.EntryPoint(n, v, ENTRY_POINT_GROUP) for n, v in entries.items()]

    def entry_points(*, group: str | None = None) -> Any:
        asked.append(group)
        return [p for p in points if p.group == group]

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    refresh_games()
    return asked


def test_a_source_tree_without_entry_points_still_has_the_built_ins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _fake_entry_points(monkeypatch, {})
    assert sorted(available_games()) == sorted(GAME_MODULES)
    assert get_game("texas42") is texas42.GAME


def test_an_entry_point_adds_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    module = type(sys)("fake_plugin_for_tablegames")
    module.GAME = MINE  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    asked = _fake_entry_points(monkeypatch, {"house-42": f"{module.__name__}:GAME"})
    assert get_game("house-42") is MINE
    assert "house-42" in available_games()
    assert asked == [ENTRY_POINT_GROUP]  # read once, then cached


def test_an_entry_point_from_a_dist_info_on_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "dist_plugin_42.py").write_text(
        "import attrs\nfrom tablegames import texas42\n"
        "GAME = attrs.evolve(texas42.GAME, name='dist-42', title='Dist 42')\n"
    )
    info = tmp_path / "dist_plugin_42-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: dist-plugin-42\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        f"[{ENTRY_POINT_GROUP}]\ndist-42 = dist_plugin_42:GAME\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    refresh_games()
    assert get_game("dist-42").title == "Dist 42"
    monkeypatch.delitem(sys.modules, "dist_plugin_42", raising=False)


def test_a_broken_plugin_is_named_and_leaves_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_entry_points(monkeypatch, {"broken": "no_such_module_anywhere:GAME"})
    with pytest.raises(TableGamesError, match="could not be loaded"):
        get_game("broken")
    assert sorted(available_games()) == sorted(GAME_MODULES)


def test_an_entry_point_must_name_its_own_descriptor(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_entry_points(monkeypatch, {"other-name": "tablegames.texas42:GAME"})
    with pytest.raises(TableGamesError, match="is not the Game descriptor"):
        get_game("other-name")


def test_register_game_at_run_time() -> None:
    assert "house-42" not in available_games()
    assert register_game(MINE) is MINE
    assert register_game(MINE) is MINE  # the same again is harmless
    assert available_games()["house-42"] is MINE
    other = attrs.evolve(MINE, title="Other")
    with pytest.raises(TableGamesError, match="already registered"):
        register_game(other)
    register_game(other, replace=True)
    assert get_game("house-42").title == "Other"
    unregister_game("house-42")
    with pytest.raises(TableGamesError, match="no game called"):
        get_game("house-42")


def test_register_game_refuses_what_is_not_a_descriptor() -> None:
    with pytest.raises(TableGamesError, match="Game descriptor"):
        register_game("texas42")  # type: ignore[arg-type]


def test_a_built_in_name_cannot_be_taken_by_accident() -> None:
    with pytest.raises(TableGamesError, match="already registered"):
        register_game(attrs.evolve(texas42.GAME, title="Fake"))


def _pyproject() -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib

        with open(ROOT / "pyproject.toml", "rb") as handle:
            return tomllib.load(handle)
    pytest.skip("reading pyproject.toml needs tomllib (Python 3.11)")


def test_pyproject_declares_the_built_ins_and_the_hypothesis_hook() -> None:
    project: Any = _pyproject()["project"]
    declared = project["entry-points"][ENTRY_POINT_GROUP]
    assert set(declared) == set(GAME_MODULES)
    for name, value in declared.items():
        module, attr = value.split(":")
        assert module == GAME_MODULES[name] and attr == "GAME"
        assert importlib.metadata.EntryPoint(name, value, ENTRY_POINT_GROUP).load() is get_game(
            name
        )
    hook = project["entry-points"]["hypothesis"]["tablegames"]
    assert hook == "tablegames.testing.setup:_hypothesis_setup_hook"
    assert callable(importlib.metadata.EntryPoint("t", hook, "hypothesis").load())


def test_records_and_the_command_line_work_with_a_registered_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    register_game(MINE)
    assert main(["demo", "house-42", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("House 42 — random players, seed 3.")
    assert "Winners: seats" in out
    state = play_randomly(MINE.new_match(MINE.rules_type(target=40)), random.Random(1), 60)
    record = json.loads(MINE.record(state).to_json())
    assert record["game"] == "house-42"
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"{len(state.history)} actions replayed")
    assert games.get_game(record["game"]).replay(MINE.record(state)) == state


NEW_MODULES = (
    "tablegames.games",
    "tablegames.house",
    "tablegames.kit",
    "tablegames.watch",
    "tablegames.testing.strategies",
    "tablegames.testing.setup",
    "tablegames.testing.server",
    "tablegames.examples.whist3",
    "tablegames.examples.house42",
)


@pytest.mark.parametrize("module_name", NEW_MODULES)
def test_new_public_functions_and_classes_have_a_doctest(module_name: str) -> None:
    import importlib
    import inspect

    module = importlib.import_module(module_name)
    assert ">>>" in (module.__doc__ or ""), f"{module_name} has no example"
    for name in getattr(module, "__all__", ()):
        value = getattr(module, name)
        if not (inspect.isfunction(value) or inspect.isclass(value)):
            continue
        home = value.__module__
        if home != module_name and not home.startswith(module_name + "."):
            continue  # a re-export: documented where it is defined
        doc = inspect.getdoc(value) or ""
        assert ">>>" in doc, f"{module_name}.{name} has no doctest example"
