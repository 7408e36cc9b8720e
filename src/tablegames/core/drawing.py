"""The picture and the text table of states and views (``_repr_svg_``, which Jupyter shows,
and ``str()``).

Both are drawn in :mod:`tablegames.render`, a floor above every game, so the core cannot
import it. The root package binds them here instead (:func:`bind_drawing`, at ``import
tablegames``; render itself is imported at the first picture or text): one slot, set once,
holding the two functions. With nothing bound, a state has no picture (``None``: Jupyter shows
its text) and its ``str()`` is its ``repr()``.

>>> from tablegames import texas42
>>> texas42.new_match()._repr_svg_().startswith("<svg")
True
>>> str(texas42.new_match()).splitlines()[0]
'Texas 42 · deal'
"""

from __future__ import annotations

from collections.abc import Callable

from .registries import DRAWING

_DRAWING = DRAWING
"""The bound drawing and text table (:data:`~tablegames.core.registries.DRAWING`): empty, or
one pair (a later binding replaces it)."""


def bind_drawing(draw: Callable[[object], str], text: Callable[[object], str | None]) -> None:
    """Have states and views drawn by ``draw`` and written out by ``text`` (the root package
    binds :func:`tablegames.render.svg` and :func:`tablegames.render.table_text.table_text`;
    ``text`` answers None for what it cannot write, a game it does not know).

    >>> bind_drawing(*_DRAWING[0])  # what ``import tablegames`` did
    >>> len(_DRAWING)
    1
    """
    _DRAWING[:] = [(draw, text)]


def drawing_of(subject: object) -> str | None:
    """``subject`` drawn as SVG by the bound drawing, or None when none is bound.

    >>> from tablegames import quartets
    >>> drawing_of(quartets.new_match().view(0)).count("<svg")
    1
    """
    return _DRAWING[0][0](subject) if _DRAWING else None


def text_of(subject: object) -> str:
    """``subject`` as the bound text table, or its ``repr`` when none is bound or the table
    cannot show it (a game written with the kit, which has no scene).

    >>> from tablegames import quartets
    >>> text_of(quartets.new_match().view(1)).splitlines()[0]
    'Quartets · deal · seen by seat 1'
    """
    text = _DRAWING[0][1](subject) if _DRAWING else None
    return repr(subject) if text is None else text
