"""tablegames: the rules of Texas 42, Ninety-Two, Preference and Quartets, strictly typed.

>>> from tablegames import texas42
>>> state = texas42.new_match()
>>> state.is_chance
True
>>> import tablegames
>>> tablegames.__version__ == __import__("tablegames.__about__").__about__.__version__
True
>>> tablegames.simulate("quartets", ["heuristic", "random"], 1, rules={"deals": 1}).matches
1
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.__about__ import __version__
from tablegames.core.drawing import bind_drawing

if TYPE_CHECKING:
    from tablegames.simulation import simulate


def _svg(subject: object) -> str:
    """States' and views' pictures (``_repr_svg_``): :func:`tablegames.render.svg`, imported at
    the first picture (it loads every game). The root package binds it: the core, below
    render, cannot import it."""
    from tablegames.render import svg  # noqa: PLC0415

    return svg(subject)


def _text(subject: object) -> str | None:
    """States' and views' ``str()``: :func:`tablegames.render.table_text.table_text`, or None
    for a game the pictures do not know (its ``repr`` is shown instead)."""
    from tablegames.core.errors import TableGamesError  # noqa: PLC0415
    from tablegames.render.table_text import table_text  # noqa: PLC0415

    try:
        return table_text(subject)
    except TableGamesError:  # a game from elsewhere: no scene to draw
        return None


bind_drawing(_svg, _text)


def __getattr__(name: str) -> Any:
    """``tablegames.simulate`` is imported on first use (it loads every game)."""
    if name == "simulate":
        from tablegames.simulation import simulate  # noqa: PLC0415

        return simulate
    raise AttributeError(f"module 'tablegames' has no attribute {name!r}")


__all__ = ["__version__", "simulate"]
