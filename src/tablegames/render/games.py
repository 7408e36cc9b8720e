"""Scenes of the four games, from a seat's view or from a full state.

A view's scene shows that seat's hand face up and only counts of the others; a full state's
scene shows every hand. Everything drawn comes from the views' public fields (and, for a full
state, ``hand(seat)`` and ``zones()``), so a view's picture can show nothing the view hides.

>>> import random
>>> from tablegames import texas42
>>> state = texas42.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(1)))
>>> scene = scene_of(state.view(2))
>>> [s.face_up for s in scene.seats], scene.seats[1].tags
([False, False, True, False], ('to act',))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from tablegames.core.errors import TableGamesError
from tablegames.core.game import GameState
from tablegames.core.seats import Seat
from tablegames.ninety_two.state import NinetyTwoView
from tablegames.pieces.cards import CARD_UNIVERSE, Card
from tablegames.pieces.sets import PieceSet
from tablegames.preference.state import PreferenceView
from tablegames.quartets.model import RANK_SETS
from tablegames.quartets.state import QuartetsView
from tablegames.texas42.contracts import contract_name
from tablegames.texas42.state import Texas42View

from .contract_words import declarer_needs
from .protocols import HoldsHands, TableView
from .scene import Piece, Pile, Scene, SeatScene
from .text import action_text, piece_text, pieces_text, plural

_ASKS_SHOWN = 4


def scene_of(subject: object) -> Scene:
    """The scene of a view (one seat's picture) or of a full state (every hand face up).

    >>> from tablegames import quartets
    >>> scene_of(quartets.new_match(quartets.Rules(players=5))).title
    'Quartets'
    """
    if isinstance(subject, GameState):
        return _state_scene(subject)
    scene = _view_scene(subject)  # a subclass of a game's view (house rules) is drawn as the game's
    if scene is None:
        raise TableGamesError(
            f"cannot draw a {type(subject).__name__}: draw a state or a view of one of the games"
        )
    return scene


def _state_scene(state: GameState[object]) -> Scene:
    scene = scene_of(state.view(0))
    zones = state.zones()
    if not isinstance(state, HoldsHands):
        raise TableGamesError(f"cannot draw a {type(state).__name__}: it shows no hands")
    seats = tuple(attrs.evolve(s, hand=tuple(state.hand(s.seat))) for s in scene.seats)
    piles = tuple(
        attrs.evolve(p, pieces=tuple(zones[p.name]))
        if p.name in _OPEN_PILES and p.name in zones
        else p
        for p in scene.piles
    )
    facts = scene.facts
    if state.is_over:
        label = "winner" if len(state.winners) == 1 else "winners"
        facts = (*facts, (label, _seats_named(state.winners)))
    return attrs.evolve(scene, viewer=None, seats=seats, piles=piles, facts=facts)


def _seats_named(seats: tuple[Seat, ...]) -> str:
    """``seat 2``, or ``seats 0 and 2``."""
    return ("seat " if len(seats) == 1 else "seats ") + " and ".join(map(str, seats))


_OPEN_PILES = ("widow", "discards")
"""Piles a full state's picture shows face up (the stock stays a count: it is large)."""


def _seat_of_call(dealer: Seat, index: int, players: int) -> Seat:
    return (dealer + 1 + index) % players


def _common_tags(view: TableView, seat: Seat) -> list[str]:
    tags = []
    if seat == view.dealer:
        tags.append("dealer")
    if seat == view.to_act:
        tags.append("to act")
    return tags


def _hand(view: TableView, seat: Seat) -> tuple[Piece, ...] | None:
    return tuple(view.hand) if seat == view.seat else None


LastTrick = tuple[tuple[tuple[Seat, Piece], ...], Seat]
"""A finished trick as (seat, piece) pairs in play order, and its winner."""

Middle = tuple[Sequence[tuple[Seat, Piece]], LastTrick | None, Sequence[Pile]]
"""What lies in the middle of the table: the trick in progress, the last finished trick and its
winner, and the piles."""


def _texas42(view: Texas42View) -> Scene:
    calls: dict[Seat, str] = {}
    specials = dict(view.specials)
    for i, call in enumerate(view.calls):
        text = f"bid {specials[i]}" if i in specials else f"bid {call}"
        calls[_seat_of_call(view.dealer, i, 4)] = "pass" if call == 0 else text
    won = [0, 0, 0, 0]
    for _, _, winner in view.tricks:
        won[winner] += 1
    seats = []
    for s in range(4):
        tags = _common_tags(view, s)
        if s == view.bidder and view.trump is not None:
            tags.append(calls[s] if view.contract != "bid" else f"bid {view.high_bid}")
        elif s in calls:
            tags.append(calls[s])
        if s == view.aside_seat:
            tags.append("tiles laid aside")
        score = plural(won[s], "trick") if view.tricks else ""
        seats.append(SeatScene(s, tuple(tags), _hand(view, s), view.hand_sizes[s], score))
    facts: list[tuple[str, str]] = []
    bid = f"bid {view.high_bid}"
    if view.contract != "bid":
        bid = f"{view.contract} ({view.high_bid})"
    if view.trump is not None:
        facts.append(("trump", contract_name(view.trump)))
        facts.append(("contract", f"{bid} by seat {view.bidder}"))
    elif view.high_bid:
        facts.append(("high bid", f"{bid} by seat {view.bidder}"))
    if view.tricks or view.trick:
        a, b = view.hand_points
        facts.append(("this hand", f"seats 0 & 2: {a} points, seats 1 & 3: {b}"))
    facts.append(("score", f"seats 0 & 2: {view.scores[0]}, seats 1 & 3: {view.scores[1]}"))
    laid = view.aside_seat is not None
    aside = (Pile("aside", view.aside_size, tuple(view.aside)),) if laid else ()
    return _scene("Texas 42", view, seats, facts, (view.trick, view.last_trick, aside))


def _ninety_two(view: NinetyTwoView) -> Scene:
    n = view.players
    calls: dict[Seat, str] = {}
    for i, call in enumerate(view.calls):
        calls[_seat_of_call(view.dealer, i, n)] = action_text(call)
    seats = []
    for s in range(n):
        tags = _common_tags(view, s)
        if s == view.bidder and view.partners:
            tags.append("bidder")
        elif s in view.partners:
            tags.append("partner")
        elif s in calls:
            tags.append(calls[s])
        won = view.won[s]
        score = plural(view.scores[s], "point") + (
            f", {plural(won, 'trick')}" if view.tricks else ""
        )
        seats.append(SeatScene(s, tuple(tags), _hand(view, s), view.hand_sizes[s], score))
    facts: list[tuple[str, str]] = []
    if view.high is not None:
        suit = view.high.suit
        facts.append(("trump", f"{suit.plural} {suit.symbol}"))
        names = [str(p) for p in view.partners]
        partners = " and ".join(filter(None, (", ".join(names[:-1]), "".join(names[-1:]))))
        several = "s" if len(view.partners) > 1 else ""
        team = f" with seat{several} {partners}" if view.partners else ""
        facts.append(("contract", f"{action_text(view.high)} by seat {view.bidder}{team}"))
    piles = [Pile("stock", view.stock_size)]
    if view.dead_count:
        piles.append(Pile("dead", view.dead_count))
    shown = piles if view.phase.value not in ("deal", "over") else ()
    return _scene(
        f"Ninety-Two, {n} players", view, seats, facts, (view.trick, view.last_trick, shown)
    )


def _preference(view: PreferenceView) -> Scene:
    calls: dict[Seat, str] = {}
    for i, suit in enumerate(view.calls):
        calls[view.active[i]] = "pass" if suit is None else f"bid {suit.symbol}"
    for i, chips in enumerate(view.offers):
        calls[view.active[i]] = "pass" if chips == 0 else f"offer {chips}"
    seats = []
    for s in range(4):
        tags = _common_tags(view, s)
        if s == view.dealer and view.phase.value not in ("deal", "over"):
            tags.append("sits out")
        if s == view.declarer and view.phase.value in ("widow", "trump", "play"):
            tags.append("declarer")
        elif s in calls:
            tags.append(calls[s])
        score = plural(view.stacks[s], "chip")
        if view.tricks or view.trick:
            score += f", {plural(view.tricks_won[s], 'trick')}"
        seats.append(SeatScene(s, tuple(tags), _hand(view, s), view.hand_sizes[s], score))
    facts: list[tuple[str, str]] = [("pot", plural(view.pot, "chip"))]
    if view.trump is not None:
        name = "trump" if view.phase.value in ("play",) else "standing bid"
        facts.append((name, f"{view.trump.plural} {view.trump.symbol}"))
    if view.goal is not None:
        facts.append(
            ("declarer", f"seat {view.declarer}: {declarer_needs(view.goal, of_all=True)}")
        )
    piles = []
    if view.widow_size:
        piles.append(Pile("widow", view.widow_size, tuple(view.widow)))
    if view.discards_size:
        piles.append(Pile("discards", view.discards_size, tuple(view.discards)))
    return _scene("Preference", view, seats, facts, (view.trick, view.last_trick, piles))


def _sets(laid: PieceSet[Card]) -> tuple[tuple[Piece, ...], ...]:
    cards = tuple(laid)
    return tuple(
        tuple(c for c in cards if c.rank == rank) for rank in sorted({c.rank for c in cards})
    )


def _quartets(view: QuartetsView) -> Scene:
    n = len(view.hand_sizes)
    seats = []
    for s in range(n):
        tags = _common_tags(view, s)
        if view.phase.value == "ask" and not view.hand_sizes[s]:
            tags.append("out")
        score = plural(view.scores[s], "point")
        if view.phase.value == "ask":
            score += f", {view.points[s]} this deal"
        seats.append(
            SeatScene(
                s, tuple(tags), _hand(view, s), view.hand_sizes[s], score, _sets(view.laid[s])
            )
        )
    facts = []
    for asked in view.asks[-_ASKS_SHOWN:]:
        wanted = PieceSet(asked.wanted, CARD_UNIVERSE)
        if len(wanted) == 1:
            what = piece_text(next(iter(wanted)))
        else:
            what = "the " + RANK_SETS.names[RANK_SETS.set_of[next(iter(wanted)).index]]
        given = PieceSet(asked.given, CARD_UNIVERSE)
        outcome = f"given {pieces_text(given)}" if given else "none"
        facts.append(("ask", f"seat {asked.asker} asked seat {asked.target} for {what}: {outcome}"))
    return _scene("Quartets", view, seats, facts)


def _scene(
    title: str,
    view: TableView,
    seats: Iterable[SeatScene],
    facts: Iterable[tuple[str, str]],
    middle: Middle = ((), None, ()),
) -> Scene:
    """The scene of ``view``: its game's title, the seats, the facts and the middle."""
    trick, last, piles = middle
    return Scene(
        title,
        view.seat,
        view.phase.value,
        view.to_act,
        tuple(seats),
        tuple(trick),
        last,
        tuple(piles),
        tuple(facts),
    )


def _view_scene(view: object) -> Scene | None:
    """The scene of a view of one of the four games (or of a subclass: house rules)."""
    if isinstance(view, Texas42View):
        return _texas42(view)
    if isinstance(view, NinetyTwoView):
        return _ninety_two(view)
    if isinstance(view, PreferenceView):
        return _preference(view)
    if isinstance(view, QuartetsView):
        return _quartets(view)
    return None
