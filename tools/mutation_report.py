"""Summarise a mutmut run by rule module: killed, survived, timed out, equivalent, score.

Run after ``mutmut run`` (``nox -s mutation`` does both)::

    python tools/mutation_report.py            # reads ./mutants, writes .mutation/report.{md,json}

Mutants listed in ``mutation/equivalent.txt`` (one per line: the mutant's name, then the reason it
cannot change behaviour) are left out of the score. The score of a module is the share of its
other mutants that the tests kill (a timeout counts as killed; a mutant no test reaches does not).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped"}
STATUS.update(dict.fromkeys((36, 24, -24, 152, 255), "timeout"))
COLUMNS = ("killed", "timeout", "survived", "no tests", "equivalent", "not run")


def read_equivalent(path: Path) -> dict[str, str]:
    """The equivalent mutants: name -> one-line reason (blank lines and ``#`` comments skipped)."""
    out: dict[str, str] = {}
    if not path.exists():
        return out
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, _, reason = line.partition(" ")
        out[name] = reason.strip()
    return out


def module_of(meta: Path, root: Path) -> str:
    """``mutants/src/tablegames/tricks/table.py.meta`` -> ``tablegames.tricks.table``."""
    relative = meta.relative_to(root).with_suffix("").with_suffix("")
    return ".".join(relative.parts)


def classify(code: int | None, name: str, equivalent: dict[str, str]) -> str:
    """The report column of one mutant."""
    if name in equivalent:
        return "equivalent"
    if code is None:
        return "not run"
    return STATUS.get(code, "suspicious")


def collect(
    mutants: Path, equivalent: dict[str, str], only: set[str] | None = None
) -> dict[str, dict[str, list[str]]]:
    """Module -> column -> mutant names (only those in ``only``, when given: then only the modules
    with a mutant in it)."""
    root = mutants / "src"
    table: dict[str, dict[str, list[str]]] = {}
    for meta in sorted(root.rglob("*.py.meta")):
        data = json.loads(meta.read_text(encoding="utf-8"))
        codes: dict[str, int | None] = data.get("exit_code_by_key", {})
        if not codes:
            continue
        columns = table.setdefault(module_of(meta, root), {})
        for name, code in sorted(codes.items()):
            if only is not None and name not in only:
                continue
            columns.setdefault(classify(code, name, equivalent), []).append(name)
        if not columns:  # no mutant of this module is in ``only``: no row
            del table[module_of(meta, root)]
    return table


def score(columns: dict[str, list[str]]) -> float | None:
    """Killed (or timed out) over all run mutants that are not equivalent; None if none ran."""
    counts = Counter({k: len(v) for k, v in columns.items()})
    caught = counts["killed"] + counts["timeout"]
    judged = caught + counts["survived"] + counts["no tests"] + counts["suspicious"]
    return None if judged == 0 else 100.0 * caught / judged


def render(table: dict[str, dict[str, list[str]]], commit: str) -> str:
    """The markdown report: one row per module, then the surviving mutants by name."""
    lines = [
        f"# Mutation report (commit {commit})",
        "",
        "| module | " + " | ".join(COLUMNS) + " | score |",
        "|---|" + "---:|" * (len(COLUMNS) + 1),
    ]
    for module, columns in table.items():
        value = score(columns)
        cells = [str(len(columns.get(c, []))) for c in COLUMNS]
        shown = "not measured" if value is None else f"{value:.1f}%"
        lines.append(f"| {module} | " + " | ".join(cells) + f" | {shown} |")
    lines += ["", "## Not killed", ""]
    for columns in table.values():
        for column in ("survived", "no tests", "suspicious"):
            lines += [f"- {column}: `{name}`" for name in columns.get(column, [])]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the report and print the per-module table; the exit status is always 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--mutants", type=Path, default=Path("mutants"))
    parser.add_argument("--equivalent", type=Path, default=Path("mutation/equivalent.txt"))
    parser.add_argument("--out", type=Path, default=Path(".mutation"))
    parser.add_argument("--commit", default="working tree")
    parser.add_argument(
        "--only", type=Path, help="a file of mutant names, one a line: report only those (a sample)"
    )
    args = parser.parse_args(argv)
    only = None
    if args.only is not None:
        only = set(args.only.read_text(encoding="utf-8").split())
    table = collect(args.mutants, read_equivalent(args.equivalent), only)
    text = render(table, args.commit)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "report.md").write_text(text, encoding="utf-8")
    summary = {
        module: {**{c: len(v) for c, v in columns.items()}, "score": score(columns)}
        for module, columns in table.items()
    }
    (args.out / "report.json").write_text(json.dumps(summary, indent=2), encoding="utf-8")
    sys.stdout.write(text.split("\n## Not killed")[0] + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
