"""What the solver reads off a contract's model once, before it searches: each piece's key as
a lead, which pieces beat it, and which pieces are interchangeable.

Two pieces are *interchangeable* (one choice for the search) when nothing a player could ever
see tells them apart but their rank, and no piece still in play ranks between them or level
with either: they lead the same suit, follow the same suits, stand in the same tier of a forced
order, add the same value to a trick, and rank alike in every suit they can win (the model's
``keys``). A special winner decides some tricks by something the keys do not show: the pieces
it tells apart (the model's ``special_pieces``: Ninety-Two's duplicate two; every tile under
sevens) are never merged, the others only as they are for the keys (the hook sees them by their
suits alone). All of it is read from the model's fields (those in :data:`UNDERSTOOD`; a model
that sets any other field away from its default is :attr:`Tables.understood` False, and then
the search merges nothing and bounds nothing by the keys); nothing here knows a game.

>>> from tablegames.texas42.model import model_for
>>> from tablegames.texas42.trumps import COUNT
>>> from tablegames.pieces import Domino
>>> tables = tables_for(model_for(5), COUNT)
>>> six_five, five_four, five_three = (Domino(6, 5).index, Domino(5, 4).index,
...     Domino(5, 3).index)
>>> bool(tables.same[five_four] >> five_three & 1)    # trumps of no count: one class
True
>>> tables.between[five_four * tables.size + five_three] == 0   # 5:4 and 5:3 are neighbours
True
>>> tables.same[six_five] >> five_four & 1            # 6:5 is a trump of count 0... also
1
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from tablegames.tricks.model import TrickModel

__all__ = ["CHUNK", "TABLES", "UNDERSTOOD", "Tables", "live_value", "tables_for", "understood"]

UNDERSTOOD = frozenset(
    {
        "universe",
        "lead_suit",
        "follow_masks",
        "strength",
        "trump",
        "suit_names",
        "special_winner",
        "special_pieces",
        "tiers",
        "tier_rule",
        "recipe",
        "keys",
        "follows",
    }
)
"""The fields of :class:`~tablegames.tricks.model.TrickModel` whose meaning the solver's
shortcuts are derived from (who may play what: ``lead_suit``, ``follow_masks``, ``tiers``; who
takes a trick: ``keys`` from ``strength`` and ``trump``, ``special_winner`` and the pieces it
tells apart, ``special_pieces``; the rest names things). A field added to the model later is
not in it: a model that sets such a field away from its default is not :func:`understood`,
and the search then takes none of the shortcuts that read the model (it merges no pieces and
bounds nothing by the keys)."""


def understood(model: TrickModel) -> bool:
    """True unless ``model`` sets a field the solver's shortcuts do not know of (see
    :data:`UNDERSTOOD`) away from its default.

    >>> from tablegames.tricks import plain_card_model
    >>> understood(plain_card_model(None))
    True
    """
    for field in attrs.fields(type(model)):
        if field.name in UNDERSTOOD or not field.init:
            continue
        default = field.default
        factory = getattr(default, "factory", None)
        if factory is not None:  # an attrs Factory: the default is what it makes
            default = factory()
        if default is attrs.NOTHING or getattr(model, field.name) != default:
            return False
    return True


CHUNK = 10
"""Pieces a row of :attr:`Tables.value_chunks` covers."""
_CHUNK_MASK = (1 << CHUNK) - 1


@attrs.frozen
class Tables:
    """A model's tables for the search (see the module doc); pieces by index.

    >>> from tablegames.tricks import plain_card_model
    >>> tables = tables_for(plain_card_model(None), None)
    >>> tables.size, tables.mergeable
    (52, True)
    """

    size: int
    """How many pieces the model's universe holds."""
    lead_key: tuple[int, ...]
    """By piece: its key in the trick it leads (higher takes it)."""
    beats: tuple[int, ...]
    """By piece: the mask of the pieces that would take a trick it leads from it."""
    over: tuple[int, ...]
    """By piece: the mask of the pieces that would take a trick from it in some suit led."""
    anywhere: int
    """The mask of the pieces that can take a trick whatever suit is led (trumps)."""
    values: tuple[int, ...]
    """By piece: what it adds to a trick's value (zeros when the game gives none)."""
    same: tuple[int, ...]
    """By piece: the mask of the other pieces of its class (those it may be interchangeable
    with); zero for every piece of a model whose pieces are never merged."""
    between: tuple[int, ...]
    """By pair ``p * size + q`` of pieces of one class: the mask of the other pieces ranking
    between them, or level with either, in some suit they can win (zero for pieces of
    different classes): while one of these is in play, ``p`` and ``q`` are told apart."""
    rank: tuple[int, ...]
    """By piece: its place in its class's order, lowest first."""
    understood: bool
    """False when the model sets a field the shortcuts do not know of (see
    :func:`understood`): then no piece has classmates and nothing is bounded by the keys."""
    mergeable: bool
    """True when some class holds more than one piece."""
    with_mates: int
    """The mask of the pieces with classmates (``same`` not zero)."""
    below: tuple[tuple[int, ...], ...]
    """By piece: its classmates ranked below it, the nearest first."""
    lower: tuple[int, ...]
    """By piece: the mask of its classmates ranked below it (the pieces of :attr:`below`)."""
    above: tuple[tuple[int, ...], ...]
    """By suit led and one more than the key of the piece heading a trick: the mask of the
    pieces that would head it instead."""
    orders: tuple[tuple[int, ...], ...]
    """Sort keys by piece, by number: 0 for a lead (its sure winners aside, the most valuable
    pieces first, highest first), then for each suit led its *dump* order (for a follower
    whose side holds the trick: its most valuable piece, then its lowest), then its *cheap*
    order (one whose side does not: its least valuable piece, then its lowest)."""
    value_chunks: tuple[tuple[int, ...], ...]
    """By ten pieces at a time (pieces 0..9, 10..19, ...) and a mask of them: what they add
    to the tricks they fall in (empty when no piece adds anything; see :func:`live_value`)."""


TABLES = 64
"""How many models' tables :func:`tables_for` keeps (by the model and the piece values, both
values): a solve meets one model, a match a dozen."""


def tables_for(model: TrickModel, values: Sequence[int] | None) -> Tables:
    """The tables of ``model`` with ``values`` (by piece: what it adds to a trick; None: all
    alike), made once for each (see :data:`TABLES`).

    >>> from tablegames.tricks import plain_card_model
    >>> from tablegames.pieces import Card, Suit
    >>> tables = tables_for(plain_card_model(Suit.HEARTS), None)
    >>> ace = Card.parse("AS").index
    >>> tables.beats[ace] == sum(1 << Card.parse(c).index for c in
    ...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH".split())
    True
    """
    return _tables(model, None if values is None else tuple(values))


@functools.lru_cache(maxsize=TABLES)
def _tables(model: TrickModel, values: tuple[int, ...] | None) -> Tables:
    size = len(model.lead_suit)
    worth = values if values is not None else (0,) * size
    keys = model.keys
    suits = range(len(model.follow_masks))
    lead_key = tuple(keys[model.lead_suit[p]][p] for p in range(size))
    beats = []
    for p in range(size):
        row = keys[model.lead_suit[p]]
        beats.append(sum(1 << q for q in range(size) if row[q] > row[p]))
    over = []
    for p in range(size):
        mask = 0
        for s in suits:
            row = keys[s]
            mask |= sum(1 << q for q in range(size) if q != p and row[q] >= row[p])
        over.append(mask)
    anywhere = sum(1 << p for p in range(size) if all(keys[s][p] >= 0 for s in suits))
    classes: dict[tuple[object, ...], list[int]] = {}
    known = understood(model)
    special = 0 if model.special_winner is None else model.special_pieces
    if known:
        for p in range(size):
            if special >> p & 1:
                continue  # the special winner tells it apart: never merged
            signature = (
                model.lead_suit[p],
                tuple(model.follow_masks[s] >> p & 1 for s in suits),
                tuple(tier >> p & 1 for tier in model.tiers),
                worth[p],
                tuple(keys[s][p] >= 0 for s in suits),
            )
            classes.setdefault(signature, []).append(p)
    same = [0] * size
    rank = [0] * size
    between = [0] * (size * size)
    for members in classes.values():
        if len(members) < 2:
            continue
        rows = [keys[s] for s in suits if keys[s][members[0]] >= 0]
        # Pieces that can win in no suit (a leader's, when nothing follows) rank alike.
        order = sorted(members, key=rows[0].__getitem__) if rows else sorted(members)
        if any(sorted(members, key=row.__getitem__) != order for row in rows) or any(
            len({row[p] for p in members}) < len(members) for row in rows
        ):
            continue  # ranked differently in different suits (or tied): never merged
        mask = sum(1 << p for p in members)
        for place, p in enumerate(order):
            same[p] = mask & ~(1 << p)
            rank[p] = place
        for p in members:
            for q in members:
                if p == q:
                    continue
                inside = 0
                for row in rows:
                    low, high = sorted((row[p], row[q]))
                    inside |= sum(
                        1 << r for r in range(size) if r not in (p, q) and low <= row[r] <= high
                    )
                between[p * size + q] = inside
    below = _below(same, rank)
    return Tables(
        size,
        lead_key,
        tuple(beats),
        tuple(over),
        anywhere,
        tuple(worth),
        tuple(same),
        tuple(between),
        tuple(rank),
        known,
        any(same),
        sum(1 << p for p in range(size) if same[p]),
        below,
        tuple(sum(1 << q for q in mates) for mates in below),
        _above(keys),
        _orders(keys, worth, lead_key),
        _value_chunks(worth),
    )


def _below(same: Sequence[int], rank: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    size = len(same)
    return tuple(
        tuple(
            sorted(
                (q for q in range(size) if same[p] >> q & 1 and rank[q] < rank[p]),
                key=rank.__getitem__,
                reverse=True,
            )
        )
        for p in range(size)
    )


def _above(keys: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    top_key = max(max(row) for row in keys)
    return tuple(
        tuple(sum(1 << p for p, key in enumerate(row) if key >= bar) for bar in range(top_key + 2))
        for row in keys
    )


def _orders(
    keys: Sequence[Sequence[int]], worth: Sequence[int], lead_key: Sequence[int]
) -> tuple[tuple[int, ...], ...]:
    spread = 1 << 12  # above any key: the value decides first, the key breaks ties
    size = len(worth)
    lead = tuple(-worth[p] * spread - lead_key[p] for p in range(size))
    dump = tuple(tuple(-worth[p] * spread + row[p] for p in range(size)) for row in keys)
    cheap = tuple(tuple(worth[p] * spread + row[p] for p in range(size)) for row in keys)
    return (lead, *dump, *cheap)


def _value_chunks(worth: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    if not any(worth):
        return ()
    size = len(worth)
    return tuple(
        tuple(
            sum(worth[start + bit] for bit in range(CHUNK) if start + bit < size and m >> bit & 1)
            for m in range(1 << CHUNK)
        )
        for start in range(0, size, CHUNK)
    )


def live_value(chunks: Sequence[Sequence[int]], mask: int) -> int:
    """What the pieces of ``mask`` add to the tricks they fall in, by a model's
    :attr:`Tables.value_chunks`.

    >>> from tablegames.texas42.model import model_for
    >>> from tablegames.texas42.trumps import COUNT
    >>> from tablegames.pieces import Domino
    >>> tables = tables_for(model_for(5), COUNT)
    >>> live_value(tables.value_chunks, 1 << Domino(5, 5).index | 1 << Domino(6, 4).index)
    20
    """
    total = 0
    for table in chunks:
        total += table[mask & _CHUNK_MASK]
        mask >>= CHUNK
    return total
