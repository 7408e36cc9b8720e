"""Every registry the core keeps, declared in one place: what each one holds, by what key, who
fills it and when, and how large it grows. The games fill them as their modules are imported
(a game's ``actions.py`` registers its action classes), the root package fills the drawing slot
at ``import tablegames``; the core only reads them. :func:`filled` lists what is in each.

- :data:`FIELD_CHECKS`, by action class: each game's ``actions.py`` and the core's ``Deal``,
  through :func:`~tablegames.core.actions.register_field_check`;
- :data:`LATE_CHECKS`, by action class: the core, for ``Play``;
- :data:`WITHHELD`, by action class: Preference's ``actions.py`` (``Discard``);
- :data:`DRAWING`, one slot: the root package (:func:`~tablegames.core.drawing.bind_drawing`);
- the notation readers, by action class (a class attribute): each game's ``actions.py``,
  through :func:`~tablegames.core.notated.reads`.

Each holds one entry per action class (or one in all), so none grows with play.

>>> import tablegames.preference, tablegames.texas42
>>> filled()["WITHHELD"]
('tablegames.preference.actions.Discard',)
>>> "tablegames.texas42.actions.Bid" in filled()["FIELD_CHECKS"]
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .violations import Violation

__all__ = ["DRAWING", "FIELD_CHECKS", "LATE_CHECKS", "WITHHELD", "FieldCheck", "filled"]

FieldCheck = Callable[[Any], "Violation | None"]
"""A function that returns the violation of an action whose fields are malformed, else None."""

FIELD_CHECKS: dict[type, FieldCheck] = {}
"""The field check of each action class, by exact class: ``check``, ``apply`` and
``transition`` run it before the rules (see
:func:`~tablegames.core.actions.register_field_check`). One per action class."""

LATE_CHECKS: dict[type, FieldCheck] = {}
"""Field checks run only when the rules refuse an action or fail on it: for classes whose
well-formed instances are all ready-made (``Play``), so the legal path pays nothing. One per
action class."""

WITHHELD: dict[type, str] = {}
"""Action classes only their maker may see, with the text others see instead (Preference's
``Discard`` is ``discard (hidden)``): what a seat record and the story of a match show the other
seats (:mod:`tablegames.core.seat_record`). One per action class."""

DRAWING: list[tuple[Callable[[object], str], Callable[[object], str | None]]] = []
"""The bound drawing and text table of states and views (:mod:`tablegames.core.drawing`):
empty, or one pair (a later binding replaces it)."""


def filled() -> dict[str, tuple[str, ...]]:
    """What each registry holds now, by the qualified names of its keys (the notation readers:
    the action classes that read their notation, and the module of each one's reader).

    >>> sorted(filled())
    ['DRAWING', 'FIELD_CHECKS', 'LATE_CHECKS', 'WITHHELD', 'notation readers']
    >>> filled()["LATE_CHECKS"]
    ('tablegames.core.actions.Play',)
    """
    from .notated import Notated  # noqa: PLC0415 (notated imports the pieces, below nothing here)

    readers = []
    stack = list(Notated.__subclasses__())
    while stack:
        kind = stack.pop()
        stack.extend(kind.__subclasses__())
        read = kind.__dict__.get("_read")
        if read is not None:
            readers.append(f"{_name(kind)} ({read.__func__.__module__})")
    return {
        "FIELD_CHECKS": tuple(sorted(map(_name, FIELD_CHECKS))),
        "LATE_CHECKS": tuple(sorted(map(_name, LATE_CHECKS))),
        "WITHHELD": tuple(sorted(map(_name, WITHHELD))),
        "DRAWING": tuple(f"{f.__module__}.{f.__qualname__}" for pair in DRAWING for f in pair),
        "notation readers": tuple(sorted(readers)),
    }


def _name(kind: type) -> str:
    return f"{kind.__module__}.{kind.__qualname__}"
