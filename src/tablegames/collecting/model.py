"""The model a game supplies to the collecting core: which set each piece belongs to.

Pieces are known by their index in their universe, sets by a number 0..k-1. The core never asks
what a piece *is*, only which set it belongs to and which pieces make up each set. Sets may have
any size, and different sizes in one game.

>>> from tablegames.pieces import CARDS, CARD_UNIVERSE, Card
>>> by_rank = set_model(CARD_UNIVERSE, CARDS, key=lambda c: c.rank.letter, piece_noun="card")
>>> by_rank.set_of[Card.parse("8S").index] == by_rank.set_of[Card.parse("8C").index]
True
>>> by_rank.size(0), by_rank.names[0], len(by_rank.members)
(4, '2', 13)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

import attrs

from tablegames.pieces.sets import Piece, Universe, bits

P = TypeVar("P", bound=Piece)
K = TypeVar("K", bound=Hashable)


def _chunk_tables(count: int, image: Callable[[int], int]) -> tuple[tuple[int, ...], ...]:
    """For each group of 8 positions, the OR of ``image`` over every subset of the group."""
    tables = []
    for start in range(0, count, 8):
        width = min(8, count - start)
        table = [0] * 256
        for value in range(1, 1 << width):
            low = value & -value
            table[value] = table[value ^ low] | image(start + low.bit_length() - 1)
        tables.append(tuple(table))
    return tuple(tables)


def _through(tables: tuple[tuple[int, ...], ...], mask: int) -> int:
    out = 0
    for table in tables:
        if not mask:
            break
        out |= table[mask & 0xFF]
        mask >>= 8
    return out


@attrs.frozen(eq=False, repr=False)
class SetModel:
    """Which pieces of ``universe`` make up each set (see module doc).

    ``members[k]`` is the mask of the pieces of set ``k``; ``names[k]`` names it in messages
    (``eights``). ``piece_noun`` and ``set_noun`` are the words messages use (``card``, ``value``).

    >>> from tablegames.pieces import CARD_UNIVERSE
    >>> model = SetModel(CARD_UNIVERSE, (0b11, 0b1100), ("low", "high"))
    >>> model.set_of[:5], model.deck
    ((0, 0, 1, 1, -1), 15)
    """

    universe: Universe[Piece]
    members: tuple[int, ...]
    names: tuple[str, ...]
    piece_noun: str = "piece"
    set_noun: str = "set"
    set_of: tuple[int, ...] = attrs.field(init=False)
    """By piece index: the set the piece belongs to, or -1 for a piece the game does not use."""
    deck: int = attrs.field(init=False)
    """The mask of every piece in some set."""
    _held: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    _span: tuple[tuple[int, ...], ...] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        if len(self.names) != len(self.members) or not self.members:
            raise ValueError("a set model needs one name per set, and at least one set")
        set_of = [-1] * len(self.universe.pieces)
        deck = 0
        for k, mask in enumerate(self.members):
            if not mask or deck & mask:
                raise ValueError("sets must be non-empty and must not share pieces")
            deck |= mask
            for i in bits(mask):
                set_of[i] = k
        members = self.members
        object.__setattr__(self, "set_of", tuple(set_of))
        object.__setattr__(self, "deck", deck)
        object.__setattr__(
            self,
            "_held",
            _chunk_tables(len(set_of), lambda i: 0 if set_of[i] < 0 else 1 << set_of[i]),
        )
        object.__setattr__(self, "_span", _chunk_tables(len(members), lambda k: members[k]))

    def __repr__(self) -> str:
        return f"<SetModel {len(self.members)} sets of {self.universe.name}>"

    def held(self, hand: int) -> int:
        """The sets (a mask of set ids) of which ``hand`` holds at least one piece.

        >>> from tablegames.pieces import CARD_UNIVERSE
        >>> SetModel(CARD_UNIVERSE, (0b11, 0b1100), ("low", "high")).held(0b0110)
        3
        """
        return _through(self._held, hand)

    def span(self, sets: int) -> int:
        """Every piece of the sets in the mask of set ids ``sets``.

        >>> from tablegames.pieces import CARD_UNIVERSE
        >>> SetModel(CARD_UNIVERSE, (0b11, 0b1100), ("low", "high")).span(0b10)
        12
        """
        return _through(self._span, sets)

    def size(self, set_id: int) -> int:
        """How many pieces make up set ``set_id``."""
        return self.members[set_id].bit_count()

    def complete(self, hand: int) -> int:
        """The pieces of ``hand`` that form whole sets.

        >>> from tablegames.pieces import CARD_UNIVERSE
        >>> SetModel(CARD_UNIVERSE, (0b11, 0b1100), ("low", "high")).complete(0b0111)
        3
        """
        out = 0
        for mask in self.members:  # a test per set beats finding the sets held first
            if hand & mask == mask:
                out |= mask
        return out

    def count_sets(self, pieces: int) -> int:
        """How many whole sets lie in the mask ``pieces``.

        >>> from tablegames.pieces import CARD_UNIVERSE
        >>> SetModel(CARD_UNIVERSE, (0b11, 0b1100), ("low", "high")).count_sets(0b1111)
        2
        """
        return sum(
            1 for k in bits(self.held(pieces)) if pieces & self.members[k] == self.members[k]
        )

    def piece_name(self, piece: int) -> str:
        """The notation of the piece with index ``piece``."""
        return str(self.universe.pieces[piece])


def set_model(
    universe: Universe[P],
    pieces: Iterable[P],
    key: Callable[[P], K],
    *,
    name: Callable[[K], str] = str,
    piece_noun: str = "piece",
    set_noun: str = "set",
) -> SetModel:
    """The model whose sets are the ``pieces`` sharing a ``key``, numbered in order of their
    lowest piece; ``name(key)`` names each set in messages.

    >>> from tablegames.pieces import CARDS, CARD_UNIVERSE
    >>> pairs = set_model(CARD_UNIVERSE, CARDS, key=lambda c: (c.rank, c.suit.colour))
    >>> len(pairs.members), pairs.size(0)
    (26, 2)
    """
    groups: dict[K, int] = {}
    for piece in sorted(pieces, key=lambda p: p.index):
        k = key(piece)
        groups[k] = groups.get(k, 0) | 1 << piece.index
    return SetModel(
        universe,
        tuple(groups.values()),
        tuple(name(k) for k in groups),
        piece_noun=piece_noun,
        set_noun=set_noun,
    )
