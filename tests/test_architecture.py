"""docs/architecture.md is true: its map names every package and module of the library and
nothing else, its floors say where every import may go and the source keeps to them (the
imports inside functions included), the modules of a package form no circle at import, and
every cache and registry in the source is in its tables, and no module is over 500 lines."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "tablegames"
PAGE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")

_NAME = re.compile(r"^[a-z_0-9]+(/|\.py)$")


# --- the page ---------------------------------------------------------------------------------


def map_names() -> set[str]:
    """The packages (``core/``) and modules (``games.py``) the map at the top of the page names:
    the names an entry line starts with, before its description."""
    block = PAGE.split("```", 2)[1]
    names: set[str] = set()
    for line in block.splitlines()[1:]:
        if not line.startswith("  ") or line[2:3] == " ":
            continue  # the src/tablegames/ line, or a description carried on
        words = line.split()
        count = next((i for i, word in enumerate(words) if not _NAME.match(word)), len(words))
        assert count, f"a map entry that starts with no name: {line!r}"
        names.update(words[:count])
    return names


def section(title: str) -> str:
    """The text of the page's section ``## title``, up to the next section of that level."""
    start = PAGE.index(f"\n## {title}")
    end = PAGE.find("\n## ", start + 1)
    return PAGE[start : None if end < 0 else end]


def table_rows(title: str) -> list[list[str]]:
    """The cells of each row of the first table in the section ``title`` (header and rule
    lines left out)."""
    rows = []
    for line in section(title).splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows[1:]


def floors() -> dict[str, int]:
    """Each package, module or single module of a package the floors table names, with its
    floor."""
    out: dict[str, int] = {}
    for row in table_rows("Floors: what may import what"):
        floor = int(row[0])
        for name in re.findall(r"`([^`]+)`", row[-1]):
            assert name not in out, f"{name} stands on two floors"
            out[name] = floor
    return out


# --- the source -------------------------------------------------------------------------------


def units() -> set[str]:
    """The library's top-level packages (``core/``) and modules (``games.py``)."""
    found = {f"{p.name}/" for p in SRC.iterdir() if (p / "__init__.py").is_file()}
    return found | {p.name for p in SRC.glob("*.py")}


def modules() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def dotted(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def file_of(name: str) -> Path | None:
    """The file of module ``name`` (``tablegames.core.game``), if it is one of ours."""
    if name.split(".", maxsplit=1)[0] != "tablegames":
        return None
    base = SRC.joinpath(*name.split(".")[1:])
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _type_checking(test: ast.expr) -> bool:
    name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", None)
    return name == "TYPE_CHECKING"


def import_nodes(path: Path, *, at_import: bool = False) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import of ``path`` that runs: all of them but those for the type checker alone;
    with ``at_import``, only those that run when the module is imported (not in a function)."""
    stack: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if at_import and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _base(path: Path, node: ast.ImportFrom) -> str:
    """The module an ``from ... import`` names, its dots resolved."""
    if not node.level:
        return node.module or ""
    package = dotted(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    package = package[: len(package) - node.level + 1]
    return ".".join([*package, *([node.module] if node.module else [])])


def imported(path: Path, *, at_import: bool = False) -> set[Path]:
    """The files of ours that ``path`` imports. ``from package import name`` counts as an import
    of the submodule ``name`` when there is one, else of the module the package's
    ``__init__`` took ``name`` from (``from tablegames import __version__`` is ``__about__``'s)."""
    out: set[Path] = set()
    for node in import_nodes(path, at_import=at_import):
        if isinstance(node, ast.Import):
            out |= {p for a in node.names if (p := file_of(a.name)) is not None}
            continue
        base = _base(path, node)
        if base.split(".")[0] != "tablegames":
            continue
        for alias in node.names:
            target = file_of(f"{base}.{alias.name}") or _origin(file_of(base), alias.name)
            if target is not None:
                out.add(target)
    return out


def _origin(path: Path | None, name: str) -> Path | None:
    """Where ``name`` comes from when the package ``path`` re-exports it, else ``path``."""
    if path is None or path.name != "__init__.py":
        return path
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if (alias.asname or alias.name) == name:
                    return _origin(file_of(_base(path, node)), alias.name)
    return path


def unit_of(path: Path, named: set[str]) -> str:
    """The floors table's entry for ``path``: the module itself when the table names it on its
    own (``solve/bench.py``), else its top-level package or module."""
    rel = path.relative_to(SRC)
    if rel.as_posix() in named:
        return rel.as_posix()
    return f"{rel.parts[0]}/" if len(rel.parts) > 1 else rel.name


# --- the tests --------------------------------------------------------------------------------


def test_the_map_names_every_package_and_module_and_nothing_else() -> None:
    names = map_names()
    assert names == units(), (
        f"missing from the map: {sorted(units() - names)}; "
        f"named but not in src/tablegames: {sorted(names - units())}"
    )


def test_every_package_and_module_stands_on_one_floor() -> None:
    table = floors()
    whole = {name for name in table if "/" not in name.rstrip("/")}
    assert whole == units(), (
        f"on no floor: {sorted(units() - whole)}; not in the source: {sorted(whole - units())}"
    )
    for name in set(table) - whole:
        assert (SRC / name).is_file(), f"the floors table names {name}, which is not a module"
        assert table[name] != table[name.split("/")[0] + "/"], f"{name} is on its package's floor"


def test_imports_go_down_the_floors() -> None:
    table = floors()
    named = set(table)
    wrong = []
    for path in modules():
        mine = unit_of(path, named)
        for target in imported(path):
            theirs = unit_of(target, named)
            if theirs != mine and table[theirs] >= table[mine]:
                where = "sideways" if table[theirs] == table[mine] else "up"
                wrong.append(
                    f"{path.relative_to(SRC)} (floor {table[mine]}) imports "
                    f"{target.relative_to(SRC)} (floor {table[theirs]}): {where}"
                )
    assert not wrong, "\n".join(wrong)


def test_the_modules_of_a_package_form_no_circle_at_import() -> None:
    graph = {path: imported(path, at_import=True) - {path} for path in modules()}
    seen: set[Path] = set()

    def visit(path: Path, trail: list[Path]) -> None:
        if path in trail:
            circle = [*trail[trail.index(path) :], path]
            names = " -> ".join(str(p.relative_to(SRC)) for p in circle)
            pytest.fail(f"a circle at import: {names}")
        if path in seen:
            return
        for target in sorted(graph[path]):
            visit(target, [*trail, path])
        seen.add(path)

    for path in graph:
        visit(path, [])
    assert len(seen) == len(graph)


def test_no_module_is_over_500_lines() -> None:
    modules = sorted(SRC.rglob("*.py"))
    assert len(modules) > 200
    lines = {
        str(m.relative_to(SRC)): len(m.read_text(encoding="utf-8").splitlines()) for m in modules
    }
    assert max(lines.values()) > 400  # the count reads real modules
    assert {name: n for name, n in lines.items() if n > 500} == {}


def test_a_wrong_import_would_be_found() -> None:
    """The checks above see what they must: a game importing render, a relative import up a
    package, a name re-exported by a package."""
    table, named = floors(), set(floors())
    state = SRC / "texas42" / "state.py"
    assert SRC / "render" / "story.py" not in imported(state)
    render = unit_of(SRC / "render" / "story.py", named)
    assert table[render] > table[unit_of(state, named)]
    assert SRC / "core" / "game_state.py" in imported(SRC / "core" / "game.py")
    assert SRC / "__about__.py" in imported(SRC / "cli_parser.py")
    assert SRC / "texas42" / "__init__.py" in imported(SRC / "agents" / "solver.py")
    assert unit_of(SRC / "solve" / "bench.py", named) == "solve/bench.py"
    assert SRC / "render" / "__init__.py" in imported(SRC / "__init__.py")  # inside a function
    assert SRC / "render" / "__init__.py" not in imported(SRC / "__init__.py", at_import=True)


def _cached(tree: ast.Module) -> Iterator[str]:
    """The functions of a module with a ``functools`` cache, by qualified name."""
    stack: list[tuple[ast.AST, str]] = [(tree, "")]
    while stack:
        node, prefix = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                if not isinstance(child, ast.ClassDef):
                    for decorator in child.decorator_list:
                        call = decorator.func if isinstance(decorator, ast.Call) else decorator
                        if ast.unparse(call) in ("functools.lru_cache", "functools.cache"):
                            yield prefix + child.name
                stack.append((child, f"{prefix}{child.name}."))


_EMPTY = ("{}", "[]", "set()", "dict()", "list()")


def _stores(tree: ast.Module) -> Iterator[str]:
    """The module-level names bound to a store that starts empty and is filled later (a dict,
    list or set, a weak dictionary), or to a function given a cache by a call."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        else:
            continue
        text = ast.unparse(value)
        if isinstance(target, ast.Name) and (
            text in _EMPTY
            or re.fullmatch(r"weakref\.Weak(Key|Value)Dictionary\(\)", text)
            or text.startswith("functools.lru_cache(")
        ):
            yield target.id


def kept() -> list[tuple[str, str]]:
    """Every cache and store of the source, as (file under src/tablegames, name)."""
    out = []
    for path in modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(SRC).as_posix()
        out += [(rel, name) for name in (*_cached(tree), *_stores(tree))]
    return out


def test_every_cache_and_registry_is_in_the_pages_tables() -> None:
    rows = [" ".join(row[:2]) for title in ("Registries", "Caches") for row in table_rows(title)]
    found = kept()
    assert len(found) > 20
    missing = [
        f"{path} {name}"
        for path, name in found
        if not any(f"`{path}`" in row and f"`{name}`" in row for row in rows)
    ]
    assert not missing, "not in the page's Caches or Registries table: " + ", ".join(missing)


def test_every_cache_has_its_key_and_bound() -> None:
    for title in ("Registries", "Caches"):
        for row in table_rows(title):
            assert all(row), f"an empty cell in {title}: {row}"
            assert re.search(r"`[^`]+\.py`", row[1]), f"{title}: {row[0]} says not where"


def test_a_registry_filled_from_elsewhere_names_who_fills_it() -> None:
    """A module that stores into another module's registry at import (``WITHHELD[Discard] =
    ...``) is named in that registry's row, so reading the core shows who fills it."""
    rows = table_rows("Registries")
    stores = 0
    for path in modules():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.Assign) or not isinstance(node.targets[0], ast.Subscript):
                continue
            name = ast.unparse(node.targets[0].value)
            row = next((r for r in rows if f"`{name}`" in r[1]), None)
            assert row is not None, f"{path.relative_to(SRC)} fills {name}, not in Registries"
            filler = path.relative_to(SRC).as_posix()
            short = "/".join(filler.split("/")[-2:]) if "/" in filler else filler
            assert short in row[4] or filler in row[4], f"{name}'s row does not name {filler}"
            stores += 1
    assert stores >= 2  # Preference's withheld discard, the core's late check of Play
