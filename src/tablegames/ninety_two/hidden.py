"""Dealing the cards a seat cannot see, within what it knows: one function shared by
``NinetyTwoState.sample`` and ``NinetyTwoView.sample``, fed by the seat's knowledge only,
so that both draw alike from the same random numbers.

Hands are refilled from the stock, so a deal is a deck *order*. What a seat knows fixes, for
every position of the deck, who received that card and when (the first four rounds at the
deal, then one card each after every trick, trick winner first): those are the *slots*. The
sampler puts every card in a slot such that

- the seat's own cards (held or played) fill its own slots, and nobody else's (which of them
  came in which slot, a view does not hold: ``NinetyTwoState.sample`` then puts each back
  where the seat saw it arrive, at the deal or in a refill);
- a card played by a seat lies in one of that seat's slots received before the trick;
- a play shows what its player did not hold *then*: the pieces of a better priority by the
  play rule (:func:`~tablegames.tricks.follow.reveals`: the suit led, for a seat that did not
  follow). A refill undoes that: the cards a seat drew after the trick may be of that suit. So
  such a card lies in none of the seat's slots received before that trick (unless it had
  played the card already), and in any slot it received after;
- the other cards fill the others' slots, the stock and the dead cards.

It finds one at random (by augmenting paths, as
:func:`~tablegames.core.sampling.assign_hidden` does), then shuffles the
cards of each group of alike slots among that group's positions.

>>> slots(4, dealer=0, winners=(3,), leftovers="dead")[16:20]
[(3, 1), (0, 1), (1, 1), (2, 1)]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tablegames.core.actions import Deal
from tablegames.core.errors import TableGamesError
from tablegames.core.seats import Seat
from tablegames.pieces.cards import CARDS, Card
from tablegames.pieces.sets import bits
from tablegames.tricks.follow import reveals
from tablegames.tricks.model import TrickModel
from tablegames.tricks.table import TrickTable

from .rules import DECK_SIZE, HAND_SIZE, Rules

Plays = list[tuple[tuple[Seat, ...], tuple[int, ...]]]
"""The tricks of a deal so far, the one in progress last: the seats in play order and the
cards they played."""

_FULL = (1 << DECK_SIZE) - 1
_STOCK = -1
_DEAD = -2


def slots(
    players: int, *, dealer: Seat, winners: Sequence[Seat], leftovers: str
) -> list[tuple[Seat, int]]:
    """By deck position: who received the card there and after which trick (0: at the deal);
    ``(-1, 0)`` for the stock, ``(-2, 0)`` for dead cards. ``winners`` are the winners of the
    finished tricks, in order.

    >>> slots(4, dealer=0, winners=(), leftovers="dead")[:5]
    [(1, 0), (2, 0), (3, 0), (0, 0), (1, 0)]
    """
    out = [((dealer + 1 + i) % players, 0) for i in range(HAND_SIZE * players)]
    left = DECK_SIZE - len(out)
    for number, winner in enumerate(winners, 1):
        if left >= players:
            out.extend(((winner + i) % players, number) for i in range(players))
            left -= players
        elif left:
            if leftovers == "dead":
                out.extend((_DEAD, 0) for _ in range(left))
            else:
                out.extend(((winner + i) % players, number) for i in range(left))
            left = 0
    out.extend((_STOCK, 0) for _ in range(left))
    return out


def _match(pieces: int, capacity: list[int], forbidden: list[int], rng: random.Random) -> list[int]:
    """The pieces of mask ``pieces`` dealt into places of ``capacity`` each, none into a place
    that forbids it: random (random order, augmenting paths), like
    :func:`~tablegames.core.sampling.assign_hidden`, but each piece tries only the places that
    allow it (from a random one on, a free place first), so many small places stay cheap.

    >>> _match(0b111, [1, 2], [0b011, 0], random.Random(1))
    [4, 3]
    """
    order = list(bits(pieces))
    rng.shuffle(order)
    count = len(capacity)
    allowed: dict[int, list[int]] = {p: [] for p in order}
    for i in range(count):
        for p in bits(pieces & ~forbidden[i]):
            allowed[p].append(i)
    members: list[list[int]] = [[] for _ in range(count)]

    def place(piece: int, seen: set[int]) -> bool:
        options = allowed[piece]
        if not options:
            return False
        turn = rng.randrange(len(options))
        options = options[turn:] + options[:turn]
        for i in options:
            if i not in seen and len(members[i]) < capacity[i]:
                members[i].append(piece)
                return True
        for i in options:
            if i in seen:
                continue
            seen.add(i)
            for other in list(members[i]):
                if place(other, seen):
                    members[i].remove(other)
                    members[i].append(piece)
                    return True
        return False

    for piece in order:
        if not place(piece, set()):
            raise TableGamesError("no deck order fits what the seat has seen")
    return [sum(1 << p for p in held) for held in members]


def deal_hidden(
    players: int,
    *,
    dealer: Seat,
    seat: Seat,
    own: int,
    plays: Sequence[tuple[Sequence[Seat], tuple[int, ...]]],
    winners: Sequence[Seat],
    leftovers: str,
    model: TrickModel | None,
    rng: random.Random,
) -> list[int]:
    """A deck order (card indices, top first) that fits what ``seat`` knows: ``own`` is the
    mask of the cards it holds, ``plays`` every trick of this deal so far (the one in progress
    last) as the seats in play order and the cards they played, ``winners`` the winners of the
    finished tricks; ``leftovers`` is the rule of that name and ``model`` the contract's (None
    before play).

    >>> import random
    >>> order = deal_hidden(4, dealer=0, seat=2, own=0b1111, plays=(), winners=(),
    ...                     leftovers="dead", model=None, rng=random.Random(0))
    >>> sorted(order[i] for i in (1, 5, 9, 13)), sorted(order) == list(range(52))
    ([0, 1, 2, 3], True)
    """
    where = slots(players, dealer=dealer, winners=winners, leftovers=leftovers)
    tricks = len(plays)
    # upto[s][t]: the cards seat s played at tricks 1..t
    upto = [[0] * (tricks + 1) for _ in range(players)]
    voids: dict[Seat, list[tuple[int, int]]] = {}
    for number, (seats, pieces) in enumerate(plays, 1):
        for s in range(players):
            upto[s][number] = upto[s][number - 1]
        if not pieces:
            continue
        assert model is not None, "cards are played under a contract"
        for position, (s, p) in enumerate(zip(seats, pieces)):
            upto[s][number] |= 1 << p
            shown = reveals(pieces[:position], p, model)  # what s could not hold at this trick
            if shown:
                voids.setdefault(s, []).append((number, shown))
    played = 0
    for s in range(players):
        played |= upto[s][tricks]
    mine = own | upto[seat][tricks]
    groups: dict[tuple[Seat, int], list[int]] = {}
    for position, key in enumerate(where):
        groups.setdefault(key, []).append(position)
    places: dict[int, list[int]] = {}  # slots alike (the same cards forbidden) share a place
    for (holder, since), positions in groups.items():
        if holder < 0:
            forbid = mine | played
        else:
            # Not the seat's own cards (or only them); of the cards played, only the holder's,
            # played after it received this slot.
            forbid = _FULL & ~mine if holder == seat else mine
            forbid |= played & ~(upto[holder][tricks] & ~upto[holder][min(since, tricks)])
            for number, shown in voids.get(holder, ()):
                if number > since:  # it held this slot when its play showed what it lacked
                    forbid |= shown & ~upto[holder][number - 1]
        places.setdefault(forbid, []).extend(positions)
    keys = list(places)
    assigned = _match(_FULL, [len(places[k]) for k in keys], keys, rng)
    order = [0] * DECK_SIZE
    for index, forbid in enumerate(keys):
        cards = list(bits(assigned[index]))
        rng.shuffle(cards)
        for position, card in zip(places[forbid], cards):
            order[position] = card
    return order


def plays_of(table: TrickTable | None) -> tuple[Plays, list[Seat]]:
    """What a deal's ``table`` (None before play) shows of its tricks, as :func:`deal_hidden`
    takes it: every trick's seats and cards (the one in progress last) and the finished
    tricks' winners.

    >>> from tablegames.tricks import TrickTable, plain_card_model
    >>> table = TrickTable.start((0, 1), 0, 2).play(12, plain_card_model(None))
    >>> plays_of(table), plays_of(None)
    (([((0,), (12,))], []), ([], []))
    """
    if table is None:
        return [], []
    plays: Plays = [(t.seats, t.pieces) for t in table.tricks]
    plays.append((table.seats_in_trick, table.pieces))
    return plays, [t.winner for t in table.tricks]


def resampled_deal(  # noqa: PLR0917 (what the seat knows, piece by piece)
    seat: Seat,
    own: int,
    rules: Rules,
    dealer: Seat,
    table: TrickTable | None,
    model: TrickModel | None,
    rng: random.Random,
    dealt: Deal[Card] | None = None,
) -> Deal[Card]:
    """A deal of this deal's cards that ``seat`` cannot tell from the real one (what
    ``NinetyTwoState.sample`` replays this deal's actions on): ``own`` is the mask of the cards
    it holds, ``table`` this deal's play (None before play) under ``model``, the contract's.
    Given ``dealt``, the real deal, each of the seat's own cards goes back where the seat saw
    it arrive (the deal, or a refill after a given trick): the same cards fill the seat's
    positions either way, so nothing else is drawn otherwise, and the seat's record of the
    deal is the real one.

    >>> from tablegames import ninety_two
    >>> state = ninety_two.new_match().apply(ninety_two.deal_of(["AH KH QH JH", "AS KS QS JS",
    ...     "AD KD QD JD", "AC KC QC JC"]))
    >>> deal = resampled_deal(1, state.hands[1], state.rules, 0, None, None, random.Random(1))
    >>> ninety_two.new_match().apply(deal).hands[1] == state.hands[1]
    True
    >>> real = ninety_two.deal_of(["AH KH QH JH", "AS KS QS JS", "AD KD QD JD", "AC KC QC JC"])
    >>> again = resampled_deal(1, state.hands[1], state.rules, 0, None, None, random.Random(1),
    ...     real)
    >>> again.order[0:16:4] == real.order[0:16:4]     # seat 1's four, where it received them
    True
    """
    plays, winners = plays_of(table)
    order = deal_hidden(
        rules.players,
        dealer=dealer,
        seat=seat,
        own=own,
        plays=plays,
        winners=winners,
        leftovers=rules.leftovers,
        model=model,
        rng=rng,
    )
    if dealt is not None:
        where = slots(rules.players, dealer=dealer, winners=winners, leftovers=rules.leftovers)
        for position, (holder, _) in enumerate(where):
            if holder == seat:
                order[position] = dealt.order[position].index
    return Deal(tuple(CARDS[c] for c in order))
