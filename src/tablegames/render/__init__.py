"""Pictures of the games: SVG drawings of states and views, and pieces as text.

``svg(view)`` draws one seat's view: the table with the seats around it, that seat's hand face
up and the others as backs with counts, the trick on the table and who played what, trump or
contract, calls, scores or chips, and the stock or widow as counts. ``svg(state)`` draws a
full state with every hand face up. Pictures are plain SVG text (no dependency), the same
input always gives the same bytes, and each face drawn names its piece in ``data-piece``.

States and views have ``_repr_svg_``, so a Jupyter notebook shows them as pictures.

>>> import random
>>> from tablegames import preference
>>> state = preference.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(4)))
>>> picture = svg(state.view(1))
>>> picture.startswith("<svg") and picture.count('class="card"') == 10
True
"""

from __future__ import annotations

from .games import scene_of
from .picture import svg_of_scene
from .scene import Pile, Scene, SeatScene
from .text import action_text, piece_text, pieces_text, suit_text

__all__ = [
    "Pile",
    "Scene",
    "SeatScene",
    "action_text",
    "piece_text",
    "pieces_text",
    "scene_of",
    "suit_text",
    "svg",
]


def svg(subject: object) -> str:
    """The SVG picture of a view (one seat's knowledge) or of a full state (every hand).

    >>> from tablegames import texas42
    >>> svg(texas42.new_match()).count("<svg")
    1
    """
    return svg_of_scene(scene_of(subject))
