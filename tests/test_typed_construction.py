"""Building a state is type-checked: the quick builders of :mod:`tablegames.core.frozen` have
the signature of the class they build, so ``mypy --strict`` refuses a construction whose
arguments are swapped (docs/architecture.md, "Typed construction")."""

from __future__ import annotations

from pathlib import Path

import attrs

from mypy_snippets import mypy_errors, needs_mypy
from tablegames.core.frozen import builder

SNIPPET = """
from tablegames.core.frozen import builder
from tablegames.tricks.table import Trick

make = builder(Trick)
make(0, (1, 2), (0, 1), 1)          # leader, pieces, seats, winner: fine
make((1, 2), 0, (0, 1), 1)          # leader and pieces swapped: mypy must refuse
"""


def test_a_builder_has_the_signature_of_its_class() -> None:
    @attrs.frozen
    class Point:
        x: int
        y: str

    make = builder(Point)
    assert make(1, "a") == Point(1, "a")


@needs_mypy
def test_mypy_refuses_swapped_arguments(tmp_path: Path) -> None:
    code, errors, output = mypy_errors(tmp_path, SNIPPET)
    assert code == 1, output
    # Exactly the line with the swap, and both of its misplaced arguments.
    assert {line.split(":")[1] for line in errors} == {"7"}, output
    assert any('Argument 1 has incompatible type "tuple[int, int]"' in e for e in errors)
    assert any('Argument 2 has incompatible type "int"' in e for e in errors)
