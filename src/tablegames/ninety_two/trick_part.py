"""What stays put while one trick of a Ninety-Two deal is played, and the deal's play so far.

A state keeps one :class:`TrickPart`, shared by every state of the trick, next to the cards
played to it so far. Ending a trick builds the finished :class:`~tablegames.tricks.table.Trick`,
the next part and the next state, nothing more: the tricks core's
:class:`~tablegames.tricks.table.TrickTable` (tricks and cards won by seat) is put together
from the finished tricks only when someone asks for it (a view, the zones, the fingerprint).

>>> from tablegames.pieces import Card, Suit
>>> from tablegames.ninety_two.model import MODELS
>>> part = TrickPart.first((0, 1, 2, 3), 2, MODELS[Suit.HEARTS])
>>> part.turns
(2, 3, 0, 1)
>>> trick = part.finish(tuple(Card.parse(c).index for c in ("9C", "JC", "2H", "AC")))
>>> trick.winner
0
>>> part = part.next(trick, (0, 1, 2, 3), (0, 1, 2, 3))
>>> table = part.table((), 4)
>>> table.leader, table.won, table.tricks[0].seats
(0, (1, 0, 0, 0), (2, 3, 0, 1))
"""

from __future__ import annotations

import attrs

from tablegames.core.seats import Seat
from tablegames.tricks.model import TrickModel
from tablegames.tricks.table import Trick, TrickTable, turn_order
from tablegames.tricks.winner import trick_winner


@attrs.frozen(repr=False)
class TrickPart:
    """The trick being played: the seats that play to it, leader first; the seats still in
    play, clockwise (every seat until hands run out at the end of a deal); this deal's finished
    tricks; and the contract's model.

    >>> from tablegames.pieces import Suit
    >>> from tablegames.ninety_two.model import MODELS
    >>> TrickPart.first((0, 1, 2, 3), 1, MODELS[Suit.SPADES]).turns
    (1, 2, 3, 0)
    """

    turns: tuple[Seat, ...]
    order: tuple[Seat, ...]
    done: tuple[Trick, ...]
    model: TrickModel = attrs.field(eq=False)
    tally: list[tuple[tuple[int, ...], tuple[int, ...]]] = attrs.field(eq=False, factory=list)
    """A memo, filled the first time a table is asked for in this trick: the tricks and the
    cards each seat had won when the trick began (a cache of what ``done`` says, so it takes
    no part in equality)."""

    @classmethod
    def first(cls, order: tuple[Seat, ...], leader: Seat, model: TrickModel) -> TrickPart:
        """The first trick of a deal: ``leader`` leads, the seats of ``order`` play.

        >>> from tablegames.pieces import Suit
        >>> from tablegames.ninety_two.model import MODELS
        >>> TrickPart.first((0, 1, 2, 3), 3, MODELS[Suit.CLUBS]).done
        ()
        """
        return cls(turn_order(order, leader), order, (), model, [])

    def finish(self, pieces: tuple[int, ...]) -> Trick:
        """This trick once complete with ``pieces`` (in play order), and who takes it.

        >>> from tablegames.pieces import Card, Suit
        >>> from tablegames.ninety_two.model import MODELS
        >>> part = TrickPart.first((0, 1, 2, 3), 0, MODELS[Suit.HEARTS])
        >>> part.finish(tuple(Card.parse(c).index for c in ("AS", "KS", "QS", "2D"))).winner
        3
        """
        turns = self.turns
        return Trick(turns[0], pieces, turns, turns[trick_winner(pieces, self.model)])

    def next(self, finished: Trick, order: tuple[Seat, ...], turns: tuple[Seat, ...]) -> TrickPart:
        """The part of the next trick, after ``finished``: the seats of ``order`` play to it in
        the order ``turns`` (``turn_order(order, leader)``, leader first).

        >>> from tablegames.pieces import Card, Suit
        >>> from tablegames.ninety_two.model import MODELS
        >>> part = TrickPart.first((0, 1, 2, 3), 0, MODELS[Suit.HEARTS])
        >>> trick = part.finish(tuple(Card.parse(c).index for c in ("AS", "KS", "QS", "JS")))
        >>> len(part.next(trick, (1, 2), (2, 1)).done)
        1
        """
        return _make(turns, order, (*self.done, finished), self.model, [])

    def table(self, pieces: tuple[int, ...], seats: int) -> TrickTable:
        """The tricks core's table of this deal with ``pieces`` played to this trick so far;
        ``seats`` is the number of seats at the table.

        >>> from tablegames.pieces import Suit
        >>> from tablegames.ninety_two.model import MODELS
        >>> TrickPart.first((0, 1, 2, 3), 2, MODELS[Suit.HEARTS]).table((5,), 4).to_play
        3
        """
        tally = self.tally
        if not tally:  # the first table asked for in this trick
            won = [0] * seats
            taken = [0] * seats
            for trick in self.done:
                winner = trick.winner
                won[winner] += 1
                for piece in trick.pieces:
                    taken[winner] |= 1 << piece
            tally.append((tuple(won), tuple(taken)))
        won_now, taken_now = tally[0]
        return TrickTable(self.order, self.turns[0], pieces, won_now, taken_now, self.done)


_new = object.__new__
_SLOTS = TrickPart.__dict__
_set_turns = _SLOTS["turns"].__set__
_set_order = _SLOTS["order"].__set__
_set_done = _SLOTS["done"].__set__
_set_model = _SLOTS["model"].__set__
_set_tally = _SLOTS["tally"].__set__


def _make(
    turns: tuple[Seat, ...],
    order: tuple[Seat, ...],
    done: tuple[Trick, ...],
    model: TrickModel,
    tally: list[tuple[tuple[int, ...], tuple[int, ...]]],
) -> TrickPart:
    """A part from its fields, in the constructor's order: the slots are filled directly, as
    the frozen class's own ``__init__`` does, without its look-ups by name (one is built at the
    end of every trick)."""
    part: TrickPart = _new(TrickPart)
    _set_turns(part, turns)
    _set_order(part, order)
    _set_done(part, done)
    _set_model(part, model)
    _set_tally(part, tally)
    return part


def tricks_won(done: tuple[Trick, ...], seats: int) -> tuple[int, ...]:
    """By seat, how many of the finished tricks ``done`` it took.

    >>> tricks_won((Trick(0, (1, 2), (0, 1), 1), Trick(1, (3, 4), (1, 0), 1)), 2)
    (0, 2)
    """
    won = [0] * seats
    for trick in done:
        won[trick.winner] += 1
    return tuple(won)
