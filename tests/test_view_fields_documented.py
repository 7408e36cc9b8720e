"""Every field of every view class and of the results a view holds has a docstring, so the API
reference (docs/api/) and ``help()`` say what it means (docs/views.md, "The typed fields")."""

from __future__ import annotations

import ast
import inspect
import itertools
import textwrap
from typing import Any

import attrs
import pytest

from tablegames import ninety_two, preference, quartets, texas42
from tablegames.collecting import Asked
from tablegames.ninety_two.view import SeatView as NinetyTwoSeatView
from tablegames.preference.view import SeatView as PreferenceSeatView
from tablegames.texas42.view import SeatView

CLASSES: list[Any] = [
    SeatView,
    texas42.HandResult,
    quartets.QuartetsView,
    quartets.DealResult,
    Asked,
    NinetyTwoSeatView,
    ninety_two.DealResult,
    PreferenceSeatView,
    preference.DealResult,
]


def documented_fields(cls: type) -> set[str]:
    """The names of ``cls``'s own annotated fields that a string literal follows."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    out: set[str] = set()
    for here, after in itertools.pairwise(body):
        if (
            isinstance(here, ast.AnnAssign)
            and isinstance(here.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
            and after.value.value.strip()
        ):
            out.add(here.target.id)
    return out


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: getattr(c, "__qualname__", str(c)))
def test_every_field_says_what_it_means(cls: type) -> None:
    own = {f.name for f in attrs.fields(cls) if f.name in inspect.get_annotations(cls)}
    assert own, f"{cls.__qualname__} declares no fields of its own"
    missing = sorted(own - documented_fields(cls))
    assert not missing, f"{cls.__qualname__} fields without a docstring: {missing}"
