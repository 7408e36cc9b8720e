"""What one Texas 42 seat may know, and its JSON form (schema in ``docs/views.md``).

:class:`SeatView` holds a view's fields; :class:`~tablegames.texas42.state.Texas42View`, what
``state.view(seat)`` returns, is a ``SeatView`` that can also sample a full state (it needs the
state classes, so it lives with them). A seat sees its own tiles, every call, the trump and
every tile played, how many tiles the others hold, and the match so far.

>>> import random
>>> from tablegames import texas42
>>> state = texas42.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(0)))
>>> data = view_dict(state.view(1))
>>> data["phase"], data["to_act"], len(data["hand"]), data["legal_actions"][:2]
('bid', 1, 7, ['pass', 'bid 30'])
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

from tablegames.core.seats import Seat
from tablegames.core.wire import ClientView, fields_dict
from tablegames.pieces.dominoes import DOMINO_UNIVERSE, DOMINOES, DOUBLE_SIX, Domino
from tablegames.pieces.sets import PieceSet
from tablegames.tricks.finished import FinishedTricks
from tablegames.tricks.model import TrickModel
from tablegames.tricks.table import SeatedTrick, Trick, TrickTable, seated_trick
from tablegames.tricks.tally import TrickTally

from .actions import Action
from .hand import SEATS, HandPart, HandResult, Phase
from .model import model_of
from .rules import Rules
from .trumps import COUNT
from .wire import call_text, result_dict, trump_word

V = TypeVar("V", bound="SeatView")

PublicTricks = tuple[tuple[Seat, tuple[Domino, ...], Seat], ...]
"""A view's finished tricks: (leader, tiles in play order, winner), oldest first."""

_HIDDEN = (("contract", "specials", "aside_seat", "aside_size", "aside"), ("specials",))
"""The fields a view's dict leaves out, by whether a special contract is in play (the
special calls show in ``calls``)."""


def view_dict(view: SeatView) -> dict[str, Any]:
    """``view`` as JSON-ready data: see the Texas 42 schema in ``docs/views.md``.

    Under the special contracts ``calls`` shows ``bid plunge`` / ``bid splash``, and the keys
    ``contract``, ``aside_seat``, ``aside_size`` and ``aside`` (the seat's own laid-aside tiles
    in nello, else empty) are added once a plunge or splash is called or nello is named.

    >>> from tablegames import texas42
    >>> view_dict(texas42.new_match().view(0))["hand"]
    []
    """
    specials = dict(view.specials)
    shown = {
        "calls": [
            f"bid {specials[i]}" if i in specials else call_text(c)
            for i, c in enumerate(view.calls)
        ],
        "high_bid": view.high_bid or None,
        "trump": trump_word(view.trump),
        "results": [result_dict(r) for r in view.results],
    }
    special = bool(view.specials) or view.aside_seat is not None
    return fields_dict(view, "texas42", SeatView, shown, _HIDDEN[special])


@attrs.frozen(repr=False)
class SeatView(ClientView, FinishedTricks[Domino]):
    """What one seat may know. ``trick`` pairs seats with the tiles they played to the trick in
    progress; ``tricks`` lists finished tricks as (leader, tiles in play order, winner).

    >>> import random
    >>> from tablegames import texas42
    >>> state = texas42.new_match()
    >>> view = state.apply(state.chance_outcome(random.Random(0))).view(1)
    >>> isinstance(view, SeatView), len(view.hand), view.hand_sizes, view.legal_actions[0]
    (True, 7, (7, 7, 7, 7), Pass())
    """

    seat: Seat
    """Whose view this is."""
    phase: Phase
    """What the table is doing (see the game's ``Phase``)."""
    to_act: Seat | None
    """The seat that must act; ``None`` at a deal (chance) and once the match is over."""
    dealer: Seat
    """The dealer of this hand or deal (at a deal: the one about to deal)."""
    hand: PieceSet[Domino]
    """This seat's own tiles, in deck order (empty at a deal, once the match is over, and for
    the nello partner)."""
    hand_sizes: tuple[int, ...]
    """How many pieces each seat holds, by seat (all 0 at a deal)."""
    calls: tuple[int, ...]
    """This hand's calls, from the dealer's left: ``0`` a pass, else the bid in points (a plunge
    or splash as its worth; see ``specials``)."""
    high_bid: int
    """The standing bid in points; ``0`` while nobody has bid."""
    bidder: Seat | None
    """The high bidder; ``None`` while nobody has bid, and in a hand thrown in."""
    trump: int | None
    """The trump named: ``0``..``6`` a number, ``7`` doubles, ``8`` no trump (follow-me),
    ``9``..``11`` nello (doubles a suit, high, low), ``12`` sevens (``contracts.contract_name``
    says it in words); ``None`` until named."""
    trick: tuple[tuple[Seat, Domino], ...]
    """The trick in progress: (seat, tile) in play order; empty between tricks."""
    tricks: PublicTricks
    """This hand's finished tricks: (leader, tiles in play order, winner), oldest first."""
    hand_points: tuple[int, int]
    """Points taken this hand by side (0: seats 0 and 2; 1: seats 1 and 3): a point a trick plus
    the count tiles."""
    scores: tuple[int, int]
    """The match score by side, in points (or marks under ``scoring="marks"``)."""
    results: tuple[HandResult, ...]
    """Every finished hand of the match, oldest first (:class:`HandResult`)."""
    legal_actions: tuple[Action, ...]
    """This seat's legal actions, in a fixed order; empty unless ``to_act == seat``."""

    wire = staticmethod(view_dict)
    contract: str = attrs.field(default="bid", repr=False)
    """``bid``, or ``plunge`` / ``splash`` when that special bid stands."""
    specials: tuple[tuple[int, str], ...] = attrs.field(default=(), repr=False)
    """The plunge and splash calls: (position among ``calls``, contract)."""
    aside_seat: Seat | None = attrs.field(default=None, repr=False)
    """In nello, the seat whose tiles are laid aside (face down)."""
    aside_size: int = attrs.field(default=0, repr=False)
    """How many tiles are laid aside."""
    aside: PieceSet[Domino] = attrs.field(default=PieceSet(0, DOMINO_UNIVERSE), repr=False)
    """The laid-aside tiles, shown only to the seat that laid them aside."""
    rules: Rules = attrs.field(kw_only=True, repr=False)
    """The rules of the match (public)."""

    @property
    def seated_tricks(self) -> tuple[SeatedTrick[Domino], ...]:
        """This hand's finished tricks with who played each tile: ((seat, tile), ...) in play
        order, and the winner (the seats are the game's: clockwise from the leader, the nello
        partner left out).

        >>> import random
        >>> from tablegames import texas42
        >>> state, rng = texas42.new_match(), random.Random(2)
        >>> while not state.view(0).tricks:
        ...     state = state.apply(state.chance_outcome(rng) if state.is_chance
        ...                         else rng.choice(state.legal_actions()))
        >>> view = state.view(0)
        >>> plays, winner = view.last_trick
        >>> len(plays) in (3, 4), winner in dict(plays), view.seated_tricks[-1] == view.last_trick
        (True, True, True)
        """
        order = tuple(s for s in range(SEATS) if s != self.aside_seat)
        return tuple(seated_trick(order, *trick) for trick in self.tricks)

    @property
    def model(self) -> TrickModel | None:
        """The trick model of the contract the hand is played under, during the play
        (``model_of`` of the trump named, under the rules); None outside the play.

        >>> from tablegames import texas42
        >>> texas42.new_match().view(0).model is None
        True
        """
        if self.phase is not Phase.PLAY or self.trump is None:
            return None
        return model_of(self.trump, self.rules)


def aside_seat(part: HandPart) -> Seat | None:
    """In nello, the bidder's partner, whose tiles are laid aside; None otherwise.

    >>> from tablegames.texas42.hand import start_part
    >>> aside_seat(start_part(Rules(), 0, (0, 0), ())) is None
    True
    """
    if not part.aside:
        return None
    return (part.bidder + 2) % SEATS  # type: ignore[operator]


def seat_view(  # noqa: PLR0917 (a position's parts, as a state holds them)
    cls: type[V],
    seat: Seat,
    phase: Phase,
    to_act: Seat | None,
    part: HandPart,
    hands: tuple[int, ...],
    pieces: tuple[int, ...],
    tally: TrickTally | None,
    legal: tuple[Action, ...],
) -> V:
    """The view of ``seat`` (a ``cls``) of the position whose parts are given: ``hands`` as they
    are, the ``pieces`` of the trick in progress, the ``tally`` of the hand's tricks (None
    before play), and ``legal``, the actions of the seat to act.

    >>> from tablegames.texas42.hand import start_part
    >>> view = seat_view(SeatView, 0, Phase.DEAL, None, start_part(Rules(), 0, (0, 0), ()),
    ...     (0,) * 4, (), None, ())
    >>> view.hand_sizes, view.tricks
    ((0, 0, 0, 0), ())
    """
    extra: dict[str, Any] = {}
    if part.extra is not None:
        laid = aside_seat(part)
        extra = {
            "contract": part.contract,
            "specials": part.specials,
            "aside_seat": laid,
            "aside_size": part.aside.bit_count(),
            "aside": PieceSet(part.aside if seat == laid else 0, DOMINO_UNIVERSE),
        }
    if tally is None:
        trick: tuple[tuple[Seat, Domino], ...] = ()
        tricks: PublicTricks = ()
        points = (0, 0)
    else:
        trick = tuple(zip(tally.turns, map(DOMINOES.__getitem__, pieces)))
        tricks, points = tally.fold(_add_public_trick, _NO_PUBLIC_TRICKS)
    dealt = phase is not Phase.DEAL and phase is not Phase.OVER
    return cls(
        seat=seat,
        phase=phase,
        to_act=to_act,
        dealer=part.dealer,
        hand=PieceSet(hands[seat] if dealt else 0, DOMINO_UNIVERSE),
        hand_sizes=tuple(map(int.bit_count, hands)),
        calls=part.calls,
        high_bid=part.high_bid,
        bidder=part.bidder,
        trump=part.trump,
        trick=trick,
        tricks=tricks,
        hand_points=points,
        scores=part.scores,
        results=part.results,
        legal_actions=legal if to_act == seat else (),
        rules=part.rules,
        **extra,
    )


def zones_of(
    part: HandPart, hands: tuple[int, ...], table: TrickTable | None, *, dealt: bool
) -> dict[str, PieceSet[Domino]]:
    """Where every tile is (a state's ``zones``): the boneyard before a deal, else the hands,
    in nello the tiles laid aside, and in play the trick and the tiles each seat has won.

    >>> from tablegames.texas42.hand import start_part
    >>> list(zones_of(start_part(Rules(), 0, (0, 0), ()), (0,) * 4, None, dealt=False))
    ['boneyard']
    """
    if not dealt:
        return {"boneyard": DOUBLE_SIX}
    zones = {f"hand {s}": PieceSet(hands[s], DOMINO_UNIVERSE) for s in range(SEATS)}
    if part.aside:
        zones[f"aside {aside_seat(part)}"] = PieceSet(part.aside, DOMINO_UNIVERSE)
    if table is not None:
        zones["trick"] = PieceSet(table.in_play, DOMINO_UNIVERSE)
        for s in range(SEATS):
            zones[f"won {s}"] = PieceSet(table.taken[s], DOMINO_UNIVERSE)
    return zones


_NO_PUBLIC_TRICKS: tuple[PublicTricks, tuple[int, int]] = ((), (0, 0))


def _add_public_trick(
    before: tuple[PublicTricks, tuple[int, int]], trick: Trick
) -> tuple[PublicTricks, tuple[int, int]]:
    """The finished tricks as a view shows them, and each side's points (tricks plus count),
    with ``trick`` added (folded once per trick: see :meth:`TrickTally.fold`)."""
    tricks, (ours, theirs) = before
    tiles = tuple(DOMINOES[p] for p in trick.pieces)
    gained = 1 + sum(COUNT[p] for p in trick.pieces)
    points = (ours + gained, theirs) if trick.winner % 2 == 0 else (ours, theirs + gained)
    return (*tricks, (trick.leader, tiles, trick.winner)), points
