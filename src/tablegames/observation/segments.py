"""The segments every game's observation shares, and how they are filled: written once here, each
game's module adds its own.

Every observation begins with the phase, the seat to act, the dealer and the observer's own
pieces; the trick games' observations also hold the trick in progress (who led it and the piece
each seat played) and the pieces each seat played to this hand's finished tricks (from the
view's ``seated_tricks``). Seats are relative to the observer (see
:func:`~tablegames.observation.encoding.relative`); ``position`` maps a piece's index to its
place in the game's deck.

>>> from tablegames import preference
>>> specs = (*seat_segments(preference.Phase, 4, 32, "cards"), *trick_segments(4, 32, "card",
...     "cards", "deal"))
>>> [name for name, *_ in specs]
['phase', 'to_act', 'dealer', 'hand', 'trick_leader', 'trick', 'played']
"""

from __future__ import annotations

import enum

from tablegames.ninety_two import NinetyTwoView
from tablegames.preference import PreferenceView
from tablegames.quartets import QuartetsView
from tablegames.texas42 import Texas42View

from .encoding import positions_of, relative, relative_or_none
from .layout import Writer

__all__ = [
    "GameView",
    "Spec",
    "TrickGameView",
    "seat_segments",
    "trick_segments",
    "write_seat",
    "write_trick",
]

Spec = tuple[str, int, str] | tuple[str, int, str, bool] | tuple[str, int, str, bool, float]
"""A segment as :meth:`~tablegames.observation.layout.Layout.of` reads it: (name, size,
meaning[, private[, low]])."""


TrickGameView = Texas42View | NinetyTwoView | PreferenceView
"""A trick game's view (what :func:`write_trick` reads)."""

GameView = TrickGameView | QuartetsView
"""Any built-in game's view (what :func:`write_seat` reads)."""


def seat_segments(
    phases: type[enum.Enum],
    seats: int,
    pieces: int,
    own: str,
    dealer: str = "relative seat of the dealer",
) -> tuple[Spec, ...]:
    """The segments every observation begins with: the phase (one-hot over ``phases``), the
    seat to act and the dealer (one slot per seat of ``seats``), and the observer's own
    ``pieces`` (``own``: what they are called); ``dealer`` says what the dealer's slot means.

    >>> from tablegames import texas42
    >>> [spec[:2] for spec in seat_segments(texas42.Phase, 4, 28, "tiles")]
    [('phase', 5), ('to_act', 4), ('dealer', 4), ('hand', 28)]
    """
    return (
        ("phase", len(phases), "phase, one-hot: " + ", ".join(p.value for p in phases)),
        ("to_act", seats, "relative seat to act, one-hot (none at a deal or the end)"),
        ("dealer", seats, dealer),
        ("hand", pieces, f"the observer's own {own}", True),
    )


def write_seat(
    w: Writer,
    view: GameView,
    phases: type[enum.Enum],
    seats: int,
    position: dict[int, int],
) -> None:
    """Fill the segments of :func:`seat_segments` from ``view`` (``position``: the place in
    the deck of each piece index).

    >>> from tablegames import quartets
    >>> from tablegames.observation.encoding import INDEX
    >>> from tablegames.observation.layout import Layout, Writer
    >>> layout = Layout.of(*seat_segments(quartets.Phase, 4, 52, "cards"))
    >>> out = layout.blank()
    >>> write_seat(Writer(layout, out), quartets.new_match().view(0), quartets.Phase, 4, INDEX)
    >>> sum(out)
    2.0
    """
    me = view.seat
    w.one_hot("phase", tuple(phases).index(view.phase))
    w.one_hot("to_act", relative_or_none(view.to_act, me, seats))
    w.one_hot("dealer", relative(view.dealer, me, seats))
    w.bits("hand", positions_of(view.hand, position))


def trick_segments(seats: int, pieces: int, piece: str, plural: str, hand: str) -> tuple[Spec, ...]:
    """The trick games' segments of the play: the relative seat that led the trick in
    progress, the ``piece`` each seat played to it, and the pieces (``plural``) each seat
    played in this ``hand``'s finished tricks; ``pieces`` is the deck's size.

    >>> [spec[1] for spec in trick_segments(3, 32, "card", "cards", "deal")]
    [3, 96, 96]
    """
    return (
        ("trick_leader", seats, "relative seat that led the trick in progress"),
        ("trick", seats * pieces, f"{piece} each relative seat played to the trick in progress"),
        (
            "played",
            seats * pieces,
            f"{plural} each relative seat played in this {hand}'s done tricks",
        ),
    )


def write_trick(
    w: Writer, view: TrickGameView, seats: int, pieces: int, position: dict[int, int]
) -> None:
    """Fill the segments of :func:`trick_segments` from ``view``.

    >>> from tablegames import texas42
    >>> from tablegames.observation.encoding import INDEX
    >>> from tablegames.observation.layout import Layout, Writer
    >>> layout = Layout.of(*trick_segments(4, 28, "tile", "tiles", "hand"))
    >>> out = layout.blank()
    >>> write_trick(Writer(layout, out), texas42.new_match().view(0), 4, 28, INDEX)
    >>> sum(out)
    0.0
    """
    me = view.seat
    if view.trick:
        w.one_hot("trick_leader", relative(view.trick[0][0], me, seats))
    for seat, piece in view.trick:
        w.bit("trick", relative(seat, me, seats) * pieces + position[piece.index])
    for plays, _winner in view.seated_tricks:
        for seat, piece in plays:
            w.bit("played", relative(seat, me, seats) * pieces + position[piece.index])
