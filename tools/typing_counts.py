"""Count ``Any`` in annotations and ``type: ignore`` comments over a source tree (issue 35's
figures), so the counts are repeatable: ``python tools/typing_counts.py [src]``.

``Any`` is counted where it stands in an annotation: a parameter's, a return's, a variable's
(``x: Any``, ``dict[str, Any]`` and ``Callable[..., Any]`` each count every ``Any`` written),
and in type aliases and ``cast`` targets written with ``Any``. ``type: ignore`` counts comments.
"""

from __future__ import annotations

import ast
import contextlib
import io
import sys
import tokenize
from pathlib import Path


def _anys(node: ast.AST | None) -> int:
    if node is None:
        return 0
    count = 0
    for sub in ast.walk(node):
        named = sub.id if isinstance(sub, ast.Name) else getattr(sub, "attr", None)
        if named == "Any":
            count += 1
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            with contextlib.suppress(SyntaxError):  # a string that is not a type
                count += _anys(ast.parse(sub.value, mode="eval"))
    return count


def any_in_annotations(source: str) -> int:
    """``Any`` written in the annotations of ``source``.

    >>> any_in_annotations("def f(x: Any, y: dict[str, Any]) -> 'Any': z: list[Any] = []")
    4
    """
    count = 0
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args
            every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
            every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
            count += sum(_anys(a.annotation) for a in every) + _anys(node.returns)
        elif isinstance(node, ast.AnnAssign):
            count += _anys(node.annotation)
            if isinstance(node.annotation, ast.Name) and node.annotation.id == "TypeAlias":
                count += _anys(node.value)
    return count


def type_ignores(source: str) -> int:
    """``type: ignore`` comments in ``source``.

    >>> type_ignores("x = 1  # type: ignore[assignment]\\ny = 2  # fine")
    1
    """
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return sum(1 for t in tokens if t.type == tokenize.COMMENT and "type: ignore" in t.string)


def counts(root: Path) -> tuple[int, int]:
    """``Any`` in annotations and ``type: ignore`` comments over the ``.py`` files below
    ``root``."""
    anys = ignores = 0
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        anys += any_in_annotations(source)
        ignores += type_ignores(source)
    return anys, ignores


if __name__ == "__main__":
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "src")
    anys, ignores = counts(root)
    print(f"Any in annotations: {anys}\ntype: ignore: {ignores}")
