"""TEMPORARY SCAFFOLD (the coordinator reverts this commit when merging): ``view.sample(rng)``
until the real, view-only implementation lands from another branch.

Every view remembers (weakly) a state it came from, and ``view.sample(rng)`` returns
``state.sample(view.seat, rng)``: the same distribution the real ``view.sample`` will have.
Build and test the search agent against ``view.sample(rng)`` only; never import this module.
"""

from __future__ import annotations

import random
from typing import Any

from tablegames.core.game import GameState
from tablegames.core.wire import ClientView

_VIEWS: dict[int, Any] = {}


def _sample(self: Any, rng: random.Random) -> Any:
    view, state = _VIEWS[id(self)]
    assert view is self
    return state.sample(self.seat, rng)


def install() -> None:
    """Wrap every game's ``view`` so that views can ``sample``."""
    for cls in _all_subclasses(GameState):
        if "view" in cls.__dict__:
            original = cls.__dict__["view"]

            def view(self: Any, seat: int, _original: Any = original) -> Any:
                result = _original(self, seat)
                _VIEWS[id(result)] = (result, self)
                if len(_VIEWS) > 50_000:
                    for key in list(_VIEWS)[:25_000]:
                        del _VIEWS[key]
                return result

            setattr(cls, "view", view)
    setattr(ClientView, "sample", _sample)


def _all_subclasses(cls: type) -> list[type]:
    out: list[type] = []
    stack = [cls]
    while stack:
        sub: type
        for sub in stack.pop().__subclasses__():
            out.append(sub)
            stack.append(sub)
    return out
