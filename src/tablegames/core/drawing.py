"""The picture hook of states and views (``_repr_svg_``, which Jupyter shows).

The drawing lives in :mod:`tablegames.render`, a floor above every game, so the core cannot
import it. The root package binds it here instead (:func:`bind_drawing`, at ``import
tablegames``; render itself is imported at the first picture): one slot, set once, holding
one function. With nothing bound, a state has no picture (``None``: Jupyter shows its text).

>>> from tablegames import texas42
>>> texas42.new_match()._repr_svg_().startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Callable

_DRAWING: list[Callable[[object], str]] = []
"""The bound drawing: empty, or one function (a later binding replaces it)."""


def bind_drawing(draw: Callable[[object], str]) -> None:
    """Have states and views drawn by ``draw`` (the root package binds
    :func:`tablegames.render.svg`).

    >>> bind_drawing(_DRAWING[0])  # what ``import tablegames`` did
    >>> len(_DRAWING)
    1
    """
    _DRAWING[:] = [draw]


def drawing_of(subject: object) -> str | None:
    """``subject`` drawn as SVG by the bound drawing, or None when none is bound.

    >>> from tablegames import quartets
    >>> drawing_of(quartets.new_match().view(0)).count("<svg")
    1
    """
    return _DRAWING[0](subject) if _DRAWING else None
