"""The Quartets observation: what one seat's view holds, seats counted from the observer.

Seats are relative (0: the observer, 1: its left, ... clockwise), one slot per player; cards are
numbered as in ``CARDS`` (``suit * 13 + rank - 2``). The asks of this deal are summed up per seat:
which cards it asked for (it holds part of their set), which it received, which it was asked for
and did not hold.

>>> from tablegames import quartets
>>> names = layout(quartets.Rules(players=3)).names()
>>> names[names.index("laid") :][:4]
('laid', 'asked_for', 'received', 'denied')
"""

from __future__ import annotations

from tablegames.quartets import Phase, QuartetsView, Rules

from .encoding import INDEX, Encoding, deck_positions, positions_of, relative
from .layout import Layout, Writer
from .segments import seat_segments, write_seat

CARDS = 52
SETS = 13


def layout(rules: Rules) -> Layout:
    """The Quartets layout for ``rules.players`` seats.

    >>> layout(Rules(players=2)).size
    486
    """
    n = rules.players
    return Layout.of(
        *seat_segments(Phase, n, CARDS, "cards"),
        ("hand_sizes", n, "cards held by each relative seat / 52"),
        ("laid", n * CARDS, "cards each relative seat laid down in sets this deal"),
        ("asked_for", n * CARDS, "cards each relative seat asked for this deal"),
        ("received", n * CARDS, "cards each relative seat received from an ask this deal"),
        ("denied", n * CARDS, "cards each relative seat was asked for and did not hold"),
        ("last_asker", n, "relative seat that made the last ask"),
        ("last_target", n, "relative seat asked last"),
        ("points", n, "sets laid this deal by each relative seat / 13"),
        ("scores", n, "match score of each relative seat / 13"),
        ("deals_done", 1, "deals finished / deals in the match"),
    )


def encoding(rules: Rules) -> Encoding[QuartetsView]:
    """The Quartets encoding under ``rules``.

    >>> encoding(Rules(players=9)).size
    1991
    """
    n = rules.players
    deals = float(rules.deals or n)

    def fill(w: Writer, view: QuartetsView) -> None:
        me = view.seat
        write_seat(w, view, Phase, n, INDEX)
        for seat in range(n):
            r = relative(seat, me, n)
            w.bit("hand_sizes", r, view.hand_sizes[seat] / CARDS)
            w.bit("points", r, view.points[seat] / SETS)
            w.bit("scores", r, view.scores[seat] / SETS)
            w.bits("laid", (r * CARDS + p for p in positions_of(view.laid[seat], INDEX)))
        for ask in view.asks:
            asker = relative(ask.asker, me, n)
            target = relative(ask.target, me, n)
            w.bits("asked_for", (asker * CARDS + p for p in deck_positions(ask.wanted, INDEX)))
            w.bits("received", (asker * CARDS + p for p in deck_positions(ask.given, INDEX)))
            missing = ask.wanted & ~ask.given
            w.bits("denied", (target * CARDS + p for p in deck_positions(missing, INDEX)))
        if view.asks:
            w.one_hot("last_asker", relative(view.asks[-1].asker, me, n))
            w.one_hot("last_target", relative(view.asks[-1].target, me, n))
        w.bit("deals_done", 0, len(view.results) / deals)

    return Encoding("quartets", layout(rules), fill)
