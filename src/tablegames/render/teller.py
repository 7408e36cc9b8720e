"""The shape of telling a match, the same in every game: :class:`Teller` tells a deal, a move and
the end of a hand from two states and their views; :class:`TrickTeller` adds the tricks of the
trick games. Each game's words are a subclass in :mod:`tablegames.render.tellers`, typed by
that game's own state and view classes, so a field a game's view does not have is a type
error, not an ``AttributeError`` at the table.

>>> import random
>>> from tablegames import texas42
>>> from tablegames.render.tellers import TELLERS
>>> teller = TELLERS[texas42.Texas42View](you=None, ascii=True)
>>> state = texas42.new_match()
>>> deal = state.chance_outcome(random.Random(1))
>>> teller.tell(state, deal, state.apply(deal))[:2]
['', 'Hand 1: seat 0 deals.']
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Generic, TypeVar

from tablegames.core.actions import Play
from tablegames.core.registries import WITHHELD
from tablegames.core.seats import Seat

from .games import scene_of
from .protocols import TableState, TableView, TrickView
from .scene import Piece
from .text import action_text, piece_text, pieces_text

__all__ = ["Lines", "Teller", "Telling", "TrickTeller", "seats_text", "took_last"]

Lines = list[str]
"""Lines of text, as a teller writes them."""


S = TypeVar("S", bound=TableState)
V = TypeVar("V", bound=TableView)
T = TypeVar("T", bound=TrickView)
A = TypeVar("A")


def seats_text(seats: Iterable[Seat]) -> str:
    """``seat 2``, or ``seats 1, 3 and 5``.

    >>> seats_text([2]), seats_text([1, 3, 5])
    ('seat 2', 'seats 1, 3 and 5')
    """
    names = [str(s) for s in seats]
    if len(names) == 1:
        return f"seat {names[0]}"
    return "seats " + ", ".join(names[:-1]) + " and " + names[-1]


class Telling(ABC):
    """A teller as :mod:`tablegames.render.story` uses it, whatever the game: it takes states,
    views and actions as they come and tells them in its game's words (see :class:`Teller`).

    >>> from tablegames import quartets
    >>> from tablegames.render.tellers import TELLERS
    >>> status = TELLERS[quartets.QuartetsView].status_of(quartets.new_match().view(2), True)
    >>> status[0].split(" · ")[0]
    '  [deal] cards held — seat 0: 0, seat 1: 0, seat 2 (you): 0, seat 3: 0'
    """

    hand = "deal"
    """What the game calls one deal of the cards: ``hand`` in Texas 42, else ``deal``."""

    def __init__(self, you: Seat | None, ascii: bool) -> None:
        self.you = you
        """The seat of the player told (its hand and its own private moves are shown)."""
        self.ascii = ascii
        """Plain notation, no suit symbols or drawn tiles."""

    @abstractmethod
    def tell(self, before: object, action: object, after: object) -> Lines:
        """The lines that tell ``action``, which took the state ``before`` to ``after`` (see
        :func:`tablegames.render.story.told`)."""

    @classmethod
    @abstractmethod
    def status_of(cls, view: object, ascii: bool) -> Lines:
        """The status lines of ``view``, told to its seat (see
        :func:`tablegames.render.story.status_lines`)."""

    @abstractmethod
    def example(self, view: object, legal: Sequence[A]) -> A:
        """The one of ``legal`` a prompt shows as an example."""


class Teller(Telling, Generic[S, V]):
    """How one game tells its moves; the defaults suit every game, each game overrides.

    ``state_type`` and ``view_type`` are the game's state and view classes: a teller reads
    only those (a house-rules game's subclasses included), so everything it reads is typed.

    >>> from tablegames import preference, texas42
    >>> from tablegames.render.tellers import TELLERS
    >>> TELLERS[preference.PreferenceView].state_of(texas42.new_match())
    Traceback (most recent call last):
    ...
    TypeError: a PreferenceState is told here, not <class 'tablegames.texas42.state._Dealing'>
    """

    state_type: type[S]
    """The game's state class."""
    view_type: type[V]
    """The game's view class."""

    @classmethod
    def state_of(cls, state: object) -> S:
        """``state`` as this game's state (a TypeError for another game's)."""
        if not isinstance(state, cls.state_type):
            raise TypeError(f"a {cls.state_type.__name__} is told here, not {type(state)}")
        return state

    @classmethod
    def view_of(cls, view: object) -> V:
        """``view`` as this game's view (a TypeError for another game's)."""
        if not isinstance(view, cls.view_type):
            raise TypeError(f"a {cls.view_type.__name__} is told here, not {type(view)}")
        return view

    def seen(self, state: S, seat: Seat) -> V:
        """``seat``'s view of ``state``."""
        return self.view_of(state.view(seat))

    def tell(self, before: object, action: object, after: object) -> Lines:
        was_state, now_state = self.state_of(before), self.state_of(after)
        viewer = 0 if self.you is None else self.you
        was, now = self.seen(was_state, viewer), self.seen(now_state, viewer)
        if was_state.is_chance:
            return self.dealt(now_state, now)
        mover = was_state.to_act
        if mover is None:
            raise TypeError("a move is told from a state where a seat acts")
        lines = self.moved(was_state, action, now_state, (mover, was, now))
        if len(now.results) > len(was.results):
            lines.extend(self.result(now))
        return lines

    @classmethod
    def status_of(cls, view: object, ascii: bool) -> Lines:
        seen = cls.view_of(view)
        return cls(seen.seat, ascii).status(seen)

    def status(self, view: V) -> Lines:
        """The phase and the facts on one line, what is on the table, and the seat's hand."""
        lines = [f"  [{view.phase.value}] " + " · ".join(self.facts(view))]
        lines.extend(self.in_play(view))
        lines.extend(self.hand_lines(view))
        return lines

    def example(self, view: object, legal: Sequence[A]) -> A:
        return self.suggest(self.view_of(view), legal)

    def suggest(self, view: V, legal: Sequence[A]) -> A:
        """The legal action a prompt shows as an example: the first, unless the game knows
        better."""
        return legal[0]

    def moved(self, before: S, action: object, after: S, seen: tuple[Seat, V, V]) -> Lines:
        """The lines of a move (not a deal); ``seen`` is the seat that moved and the viewer's
        views before and after it."""
        return self.move(before, action, after)

    def in_play(self, view: V) -> Lines:
        """The status lines of what is on the table (a trick game's trick so far)."""
        return []

    def pieces(self, pieces: Iterable[Piece]) -> str:
        return pieces_text(pieces, ascii=self.ascii)

    def hand_lines(self, view: V) -> Lines:
        """The status lines that show the seat's own pieces."""
        return [f"  hand: {self.pieces(view.hand)}"]

    def by_seat(self, label: str, values: Iterable[object]) -> str:
        """``label`` and each seat's number, labelled with its seat: ``tricks — seat 0: 1,
        seat 1 (you): 0``."""
        shown = ", ".join(f"{self.mover(s)}: {v}" for s, v in enumerate(values))
        return f"{label} — {shown}"

    def hidden(self, seat: Seat | None) -> bool:
        """Whether ``seat``'s private moves are hidden: from a player, not from a spectator."""
        return self.you is not None and seat != self.you

    def mover(self, seat: Seat | None) -> str:
        return f"seat {seat}{' (you)' if seat == self.you and seat is not None else ''}"

    def dealt(self, state: S, view: V) -> Lines:
        number = len(view.results) + 1
        lines = ["", f"{self.hand.capitalize()} {number}: seat {view.dealer} deals."]
        if self.you is None:
            for seat in range(len(view.hand_sizes)):
                if view.hand_sizes[seat]:  # (not the Preference dealer, who sits out)
                    lines.append(f"  seat {seat} holds {self.pieces(state.hand(seat))}")
        else:
            lines.append(f"  you hold {self.pieces(view.hand)}")
        return lines

    def move(self, before: S, action: object, after: S) -> Lines:
        seat = before.to_act
        if type(action) in WITHHELD and self.hidden(seat):
            return [f"{self.mover(seat)}: {WITHHELD[type(action)]}"]
        return [f"{self.mover(seat)}: {action_text(action, ascii=self.ascii)}"]

    @abstractmethod
    def result(self, view: V) -> Lines:
        """How the hand or deal that just ended went, in the game's words."""

    @abstractmethod
    def facts(self, view: V) -> list[str]:
        """The short status facts of the view (calls, trump, score)."""


class TrickTeller(Teller[S, T]):
    """A trick game's teller: a play is told when its trick is complete (one line: the trick
    and who took it), or when it ends the hand.

    >>> from tablegames.pieces import Domino
    >>> from tablegames.render.tellers import TELLERS
    >>> from tablegames.texas42 import Texas42View
    >>> teller = TELLERS[Texas42View](you=None, ascii=True)
    >>> teller.trick(1, [(1, Domino(5, 5)), (2, Domino(5, 0))], 1)
    '  trick 1: seat 1 5:5, seat 2 5:0 -> seat 1 takes it (16 points)'
    """

    def moved(self, before: S, action: object, after: S, seen: tuple[Seat, T, T]) -> Lines:
        if not isinstance(action, Play):
            return self.move(before, action, after)
        mover, was, now = seen
        lines: Lines = []
        if len(now.tricks) > len(was.tricks):
            plays, winner = scene_of(now).last_trick or ((), mover)
            lines.append(self.trick(len(now.tricks), plays, winner))
            lines.extend(self.after_trick(was, now))
        elif len(now.results) > len(was.results):
            plays = (*was.trick, (mover, action.piece))
            lines.append(self.trick(len(was.tricks) + 1, plays, self.last_winner(was, now)))
        return lines

    def in_play(self, view: T) -> Lines:
        if not view.trick:
            return []
        return [f"  trick so far: {self.plays(view.trick)}"]

    def trick(self, number: int, plays: Iterable[tuple[Seat, Piece]], winner: Seat) -> str:
        plays = tuple(plays)
        arrow = "->" if self.ascii else "→"
        return f"  trick {number}: {self.plays(plays)} {arrow} seat {winner} takes it" + self.worth(
            plays
        )

    def plays(self, plays: Iterable[tuple[Seat, Piece]]) -> str:
        """The pieces of a trick and who played them: ``seat 1 [5|5], seat 2 [5|0]``."""
        return ", ".join(f"seat {s} {piece_text(p, ascii=self.ascii)}" for s, p in plays)

    def worth(self, plays: Iterable[tuple[Seat, Piece]]) -> str:
        return ""

    def after_trick(self, before: T, after: T) -> Lines:
        return []

    @abstractmethod
    def last_winner(self, before: T, after: T) -> Seat:
        """Who took the trick that ended the deal (the view has moved on to the next)."""


def took_last(won: Sequence[int], tricks: Sequence[int]) -> Seat:
    """The seat whose tricks in a deal's result (``tricks``) are more than it had won before
    the last trick (``won``): the seat that took the last trick.

    >>> took_last((3, 2, 4), (3, 3, 4))
    1
    """
    return next(s for s, n in enumerate(tricks) if n > won[s])
