"""The API reference (docs/api/, built by mkdocstrings) lists every field of every action, view
and result class with its docstring: a field shows only when it has a docstring (the string
under it), and only when its class is on a page. The classes are found, not listed by hand:
every member of each game's ``Action``, and every attrs class a view holds (results, tricks,
asks) in seeded matches of the four games."""

from __future__ import annotations

import ast
import importlib
import inspect
import itertools
import random
import re
import subprocess
import sys
import textwrap
import typing
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import pytest

from tablegames import ninety_two, preference, quartets, texas42
from tablegames.pieces.sets import PieceSet, Universe

ROOT = Path(__file__).resolve().parent.parent
MODULES = (texas42, ninety_two, preference, quartets)
NOT_RECORDS = (PieceSet, Universe)
"""attrs classes a view holds that are containers of pieces, not records with fields to read."""


def _walk(value: object, found: set[type], depth: int = 0) -> None:
    kind = type(value)
    if depth > 6 or kind in NOT_RECORDS:
        return
    if attrs.has(kind):
        found.add(kind)
        for field in attrs.fields(kind):
            _walk(getattr(value, field.name), found, depth + 1)
    elif isinstance(value, tuple | list):
        for item in value[:60]:
            _walk(item, found, depth + 1)


@cache
def record_classes() -> tuple[type, ...]:
    """Every action class (the members of each game's ``Action``), every view class and every
    attrs class reachable from a view (results and what they hold) in a seeded match."""
    found: set[type] = set()
    for module in MODULES:
        for member in typing.get_args(module.Action):
            found.add(typing.get_origin(member) or member)
        rng = random.Random(1)
        state = module.new_match(module.Rules())
        for _ in range(600):
            if state.is_over:
                break
            state = state.apply(
                state.chance_outcome(rng) if state.is_chance else rng.choice(state.legal_actions())
            )
            for seat in range(module.GAME.seats(state.rules)):
                _walk(state.view(seat), found)
    return tuple(sorted(found, key=lambda kind: f"{kind.__module__}.{kind.__qualname__}"))


def fields(kind: type) -> list[tuple[str, type]]:
    """Each public field of ``kind`` and the class that declares it."""
    out = []
    for field in attrs.fields(kind):
        if field.name.startswith("_"):
            continue
        owner = next(c for c in kind.__mro__ if field.name in inspect.get_annotations(c))
        out.append((field.name, owner))
    return out


def documented(owner: type) -> set[str]:
    """The fields ``owner`` declares with a string literal under them (what griffe reads as
    the field's docstring)."""
    body = ast.parse(textwrap.dedent(inspect.getsource(owner))).body[0].body  # type: ignore[attr-defined]
    return {
        here.target.id
        for here, after in itertools.pairwise(body)
        if isinstance(here, ast.AnnAssign)
        and isinstance(here.target, ast.Name)
        and isinstance(after, ast.Expr)
        and isinstance(after.value, ast.Constant)
        and isinstance(after.value.value, str)
        and after.value.value.strip()
    }


def directives() -> list[str]:
    """The objects the API pages render (``::: tablegames.texas42``)."""
    return [
        match[1]
        for page in sorted((ROOT / "docs" / "api").glob("*.md"))
        for match in re.finditer(r"^::: ([\w.]+)", page.read_text(encoding="utf-8"), re.M)
    ]


def _resolve(path: str) -> Any:
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            found = getattr(found, name)
        return found
    raise LookupError(path)


def rendered_paths(owner: type) -> list[str]:
    """The paths under which the API pages render ``owner``: a directive naming it, or a
    rendered module that exports it in ``__all__``."""
    paths = []
    for path in directives():
        target = _resolve(path)
        if target is owner:
            paths.append(path)
        elif (
            inspect.ismodule(target)
            and getattr(target, owner.__name__, None) is owner
            and owner.__name__ in getattr(target, "__all__", ())
        ):
            paths.append(f"{path}.{owner.__name__}")
    return paths


def _name(kind: type) -> str:
    return f"{kind.__module__}.{kind.__qualname__}"


def test_the_classes_found_are_the_actions_views_and_results() -> None:
    names = {_name(kind) for kind in record_classes()}
    for expected in (
        "tablegames.core.actions.Play",
        "tablegames.texas42.actions.Bid",
        "tablegames.preference.actions.Offer",
        "tablegames.preference.actions.Discard",
        "tablegames.quartets.actions.Ask",
        "tablegames.texas42.state.Texas42View",
        "tablegames.texas42.hand.HandResult",
        "tablegames.tricks.table.Trick",
        "tablegames.collecting.asking.Asked",
    ):
        assert expected in names


@pytest.mark.parametrize("kind", record_classes(), ids=_name)
def test_every_field_has_a_docstring(kind: type) -> None:
    missing = [name for name, owner in fields(kind) if name not in documented(owner)]
    assert not missing, f"{_name(kind)}: fields without a docstring: {missing}"


@pytest.mark.parametrize("kind", record_classes(), ids=_name)
def test_every_class_declaring_a_field_is_on_an_api_page(kind: type) -> None:
    owners = {owner for _, owner in fields(kind)} or {kind}
    missing = [_name(owner) for owner in owners if not rendered_paths(owner)]
    assert not missing, f"{_name(kind)}: no page of docs/api renders {missing}"


def test_the_built_reference_lists_every_field(tmp_path: Path) -> None:
    """Build the site as the docs session does and find each field's entry in it."""
    pytest.importorskip("mkdocstrings", reason="the docs extra builds the site")
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    ids = {
        anchor
        for page in (site / "api").rglob("index.html")
        for anchor in re.findall(r'id="(tablegames\.[\w.]+)"', page.read_text(encoding="utf-8"))
    }
    missing = [
        f"{_name(kind)}.{name}"
        for kind in record_classes()
        for name, owner in fields(kind)
        if not any(f"{path}.{name}" in ids for path in rendered_paths(owner))
    ]
    assert not missing, f"fields missing from the built API reference: {missing}"
