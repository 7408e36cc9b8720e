"""What one Ninety-Two seat may know, and its JSON form (schema in ``docs/views.md``).

:class:`SeatView` holds a view's fields; :class:`~tablegames.ninety_two.state.NinetyTwoView`,
what ``state.view(seat)`` returns, is a ``SeatView`` that can also sample a full state (it needs
the state classes, so it lives with them). A seat sees its own cards, every call, the partners,
every card played and who took each trick, how many cards every seat holds, the stock's size
and the number of dead cards (their faces stay hidden), and the match so far.

>>> import random
>>> from tablegames import ninety_two
>>> state = ninety_two.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(0)))
>>> data = view_dict(state.view(1))
>>> data["phase"], len(data["hand"]), data["stock_size"], data["legal_actions"][:2]
('bid', 4, 36, ['pass', 'bid 1 C'])
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

from tablegames.core.actions import Pass
from tablegames.core.seats import Seat
from tablegames.core.wire import ClientView, actions_text, fields_dict
from tablegames.pieces.cards import CARD_UNIVERSE, CARDS, DECK_52, Card
from tablegames.pieces.sets import PieceSet
from tablegames.tricks.finished import FinishedTricks
from tablegames.tricks.model import TrickModel
from tablegames.tricks.table import SeatedTrick, Trick, TrickTable
from tablegames.tricks.tally import TrickTally

from .actions import Action, Bid
from .model import model_of
from .part import DealPart, DealResult, Phase, stock_left
from .rules import Rules
from .wire import result_dict

V = TypeVar("V", bound="SeatView")

PublicTricks = tuple[tuple[tuple[Seat, ...], tuple[Card, ...], Seat], ...]
"""A view's finished tricks: (seats in play order, cards in play order, winner), oldest first."""


def view_dict(view: SeatView) -> dict[str, Any]:
    """``view`` as JSON-ready data: see the Ninety-Two schema in ``docs/views.md``.

    >>> from tablegames import ninety_two
    >>> view_dict(ninety_two.new_match().view(0))["hand"]
    []
    """
    shown = {
        "calls": actions_text(view.calls),
        "high": None if view.high is None else str(view.high),
        "results": [result_dict(r) for r in view.results],
    }
    return fields_dict(view, "ninety-two", SeatView, shown)


@attrs.frozen(repr=False)
class SeatView(ClientView, FinishedTricks[Card]):
    """What one seat may know. ``trick`` pairs seats with the cards they played to the trick in
    progress; ``tricks`` lists finished tricks as (seats, cards in play order, winner).

    >>> from tablegames import ninety_two
    >>> view = ninety_two.new_match().view(0)
    >>> isinstance(view, SeatView), view.stock_size
    (True, 0)
    """

    seat: Seat
    """Whose view this is."""
    players: int
    """How many play: 4, 6 or 8."""
    phase: Phase
    """What the table is doing (see the game's ``Phase``)."""
    to_act: Seat | None
    """The seat that must act; ``None`` at a deal (chance) and once the match is over."""
    dealer: Seat
    """The dealer of this hand or deal (at a deal: the one about to deal)."""
    hand: PieceSet[Card]
    """This seat's own cards, in deck order (empty at a deal and once the match is over)."""
    hand_sizes: tuple[int, ...]
    """How many pieces each seat holds, by seat (all 0 at a deal)."""
    stock_size: int
    """Cards left in the face-down stock; ``0`` at a deal and once the stock cannot go round."""
    dead_count: int
    """Cards out of play, face down (they could not go round); ``0`` until then, and always with
    4 players."""
    calls: tuple[Bid | Pass, ...]
    """This deal's calls from the dealer's left; a ``Bid`` has ``tricks`` and ``suit``."""
    high: Bid | None
    """The standing (then winning) bid, whose ``suit`` is trump; ``None`` while nobody has bid."""
    bidder: Seat | None
    """The high bidder; ``None`` while nobody has bid."""
    partners: tuple[Seat, ...]
    """The partners the high bidder named, sorted; empty until they are named."""
    trick: tuple[tuple[Seat, Card], ...]
    """The trick in progress: (seat, card) in play order; empty between tricks."""
    tricks: PublicTricks
    """This deal's finished tricks: (seats in play order, cards in play order, winner), oldest
    first."""
    won: tuple[int, ...]
    """Tricks won this deal, by seat."""
    scores: tuple[int, ...]
    """The match score by seat, in points."""
    results: tuple[DealResult, ...]
    """Every finished deal of the match, oldest first (:class:`DealResult`)."""
    legal_actions: tuple[Action, ...]
    """This seat's legal actions, in a fixed order; empty unless ``to_act == seat``."""
    rules: Rules = attrs.field(kw_only=True, repr=False)
    """The rules of the match (public)."""

    wire = staticmethod(view_dict)

    @property
    def seated_tricks(self) -> tuple[SeatedTrick[Card], ...]:
        """This deal's finished tricks with who played each card: ((seat, card), ...) in play
        order, and the winner, as the other trick games' views give them.

        >>> from tablegames.ninety_two import new_match
        >>> new_match().view(0).seated_tricks, new_match().view(0).last_trick
        ((), None)
        """
        return tuple((tuple(zip(seats, cards)), winner) for seats, cards, winner in self.tricks)

    @property
    def model(self) -> TrickModel | None:
        """The trick model the deal is played under, during the play (``model_of`` of the
        winning bid's suit, under the rules); None outside the play.

        >>> from tablegames import ninety_two
        >>> ninety_two.new_match().view(0).model is None
        True
        """
        if self.phase is not Phase.PLAY or self.high is None:
            return None
        return model_of(self.high.suit, self.rules)


def seat_view(  # noqa: PLR0917 (a position's parts, as a state holds them)
    cls: type[V],
    seat: Seat,
    phase: Phase,
    to_act: Seat | None,
    part: DealPart,
    hands: tuple[int, ...],
    pieces: tuple[int, ...],
    tally: TrickTally | None,
    legal: tuple[Action, ...],
) -> V:
    """The view of ``seat`` (a ``cls``) of the position whose parts are given: ``hands`` as they
    are, the ``pieces`` of the trick in progress, the ``tally`` of the deal's tricks (None
    outside play), and ``legal``, the actions of the seat to act.

    >>> from tablegames.ninety_two.part import start_part
    >>> view = seat_view(SeatView, 0, Phase.DEAL, None, start_part(Rules(), 0, (0,) * 4, ()),
    ...     (0,) * 4, (), None, ())
    >>> view.hand_sizes, view.tricks, view.won
    ((0, 0, 0, 0), (), (0, 0, 0, 0))
    """
    players = len(hands)
    if tally is None:
        trick: tuple[tuple[Seat, Card], ...] = ()
        tricks: PublicTricks = ()
        won = (0,) * players
    else:
        trick = tuple(zip(tally.turns, map(CARDS.__getitem__, pieces)))
        tricks = tally.fold(_add_public_trick, ())
        won = tally.won
    dealt = phase is not Phase.DEAL and phase is not Phase.OVER
    return cls(
        seat=seat,
        players=players,
        phase=phase,
        to_act=to_act,
        dealer=part.dealer,
        hand=PieceSet(hands[seat] if dealt else 0, CARD_UNIVERSE),
        hand_sizes=tuple(map(int.bit_count, hands)),
        stock_size=len(stock_left(part, tally)),
        dead_count=part.dead.bit_count(),
        calls=part.calls,
        high=part.high,
        bidder=part.bidder,
        partners=part.partners,
        trick=trick,
        tricks=tricks,
        won=won,
        scores=part.scores,
        results=part.results,
        legal_actions=legal if to_act == seat else (),
        rules=part.rules,
    )


def _add_public_trick(before: PublicTricks, trick: Trick) -> PublicTricks:
    """The finished tricks as a view shows them, with ``trick`` added (folded once per trick:
    see :meth:`TrickTally.fold`)."""
    return (*before, (trick.seats, tuple(map(CARDS.__getitem__, trick.pieces)), trick.winner))


def zones_of(
    part: DealPart,
    stock: tuple[int, ...],
    hands: tuple[int, ...],
    table: TrickTable | None,
    *,
    dealt: bool,
) -> dict[str, PieceSet[Card]]:
    """Where every card is (a state's ``zones``): the deck before a deal, else the hands, the
    ``stock`` (what is left of it), the dead cards, the trick in progress and the cards each
    seat has won.

    >>> from tablegames.ninety_two.part import start_part
    >>> list(zones_of(start_part(Rules(), 0, (0,) * 4, ()), (), (0,) * 4, None, dealt=False))
    ['deck']
    """
    if not dealt:
        return {"deck": DECK_52}
    seats = range(len(hands))
    zones = {f"hand {s}": PieceSet(hands[s], CARD_UNIVERSE) for s in seats}
    zones["stock"] = PieceSet(sum(1 << card for card in stock), CARD_UNIVERSE)
    zones["dead"] = PieceSet(part.dead, CARD_UNIVERSE)
    zones["trick"] = PieceSet(0 if table is None else table.in_play, CARD_UNIVERSE)
    for s in seats:
        zones[f"won {s}"] = PieceSet(0 if table is None else table.taken[s], CARD_UNIVERSE)
    return zones
