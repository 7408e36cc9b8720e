"""The trick a move finished, read from a seat's views before and after the move.

A trick game's view shows the trick in progress and this hand's finished tricks. A move that
finishes a trick in the middle of a hand adds it to the view's finished tricks; a move that
finishes the hand's last trick leads to a view of the next deal (or of the match's end), which
no longer shows it. Then the trick is the one in progress before the move with the piece the
move played, and the seat that takes it is the trick rule's (:func:`~.winner.trick_winner`,
under the model of the view before the move): who takes a trick is never worked out again from
counts of tricks won.

>>> import random
>>> from tablegames import ninety_two
>>> state, rng = ninety_two.new_match(), random.Random(5)
>>> state = state.apply(state.chance_outcome(rng))
>>> while state.phase is not ninety_two.Phase.DEAL:
...     action = state.legal_actions()[-1]
...     before, state = state.view(0), state.apply(action)
>>> plays, winner = finished_trick(before, state.view(0), action)
>>> state.view(0).tricks, len(plays), winner in dict(plays)
((), 4, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar, runtime_checkable

from tablegames.core.actions import Play
from tablegames.core.seats import Seat

from .model import TrickModel
from .table import SeatedTrick
from .winner import trick_winner

__all__ = ["FinishedTricks", "Indexed", "TrickView", "finished_trick"]


class Indexed(Protocol):
    """A piece as the trick rule reads it: by its index (``Card.index``, ``Domino.index``).

    >>> from tablegames.pieces import Card
    >>> isinstance(Card.parse("AS").index, int)
    True
    """

    @property
    def index(self) -> int:
        """The piece's index in its deck's universe."""
        ...


P = TypeVar("P", bound=Indexed)
P_co = TypeVar("P_co", bound=Indexed, covariant=True)


@runtime_checkable
class TrickView(Protocol[P_co]):
    """What a trick game's view shows of the play (every built-in trick game's view has it): the
    seat to act, the trick in progress as (seat, piece) in play order, this hand's finished
    tricks (``tricks``, and the last of them seated, ``last_trick``), and the model of the
    contract in play (None outside the play).

    >>> from tablegames import preference, quartets
    >>> isinstance(preference.new_match().view(0), TrickView)
    True
    >>> isinstance(quartets.new_match().view(0), TrickView)
    False
    """

    @property
    def to_act(self) -> Seat | None:
        """The seat that must act."""
        ...

    @property
    def trick(self) -> Sequence[tuple[Seat, P_co]]:
        """The trick in progress."""
        ...

    @property
    def tricks(self) -> Sequence[object]:
        """This hand's finished tricks, oldest first."""
        ...

    @property
    def last_trick(self) -> SeatedTrick[P_co] | None:
        """The last of them, seated."""
        ...

    @property
    def model(self) -> TrickModel | None:
        """The trick model of the contract in play."""
        ...


class FinishedTricks(Generic[P]):
    """What a trick game's view works out from this hand's finished tricks, written once for
    every such view (a base without fields): the view gives them seated, ``seated_tricks``,
    and this gives the last of them.

    >>> from tablegames import ninety_two
    >>> view = ninety_two.new_match().view(0)
    >>> isinstance(view, FinishedTricks), view.last_trick
    (True, None)
    """

    __slots__ = ()

    @property
    def seated_tricks(self) -> tuple[SeatedTrick[P], ...]:
        """This hand's finished tricks: (seat, piece) in play order, and the winner."""
        raise NotImplementedError

    @property
    def last_trick(self) -> SeatedTrick[P] | None:
        """The last finished trick of this hand, seated (see :attr:`seated_tricks`), or None."""
        seated = self.seated_tricks
        return seated[-1] if seated else None


def finished_trick(
    before: TrickView[P], after: TrickView[P], action: object
) -> SeatedTrick[P] | None:
    """The trick that ``action``, made at ``before``, finished, seated as :attr:`last_trick`
    gives it, or None when it finished none; ``before`` and ``after`` are one seat's views
    before and after the move.

    >>> from tablegames import texas42
    >>> view = texas42.new_match().view(0)
    >>> finished_trick(view, view, texas42.PASS) is None
    True
    """
    if len(after.tricks) > len(before.tricks):
        return after.last_trick
    model, seat = before.model, before.to_act
    if not isinstance(action, Play) or model is None or seat is None:
        return None
    if not before.trick or after.trick:  # a lead, or a trick still in progress
        return None
    piece: P = action.piece
    plays = (*before.trick, (seat, piece))
    position = trick_winner(tuple(p.index for _, p in plays), model)
    return plays, plays[position][0]
