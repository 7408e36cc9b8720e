"""Immutable piece sets backed by an integer bitmask.

A :class:`PieceSet` holds pieces of one :class:`Universe` (the 28 dominoes, or the 52 cards).
Bit ``i`` of the mask stands for the piece whose ``index`` is ``i``, so membership, unions and
"which of my pieces follow the suit led" are a few integer operations.

>>> from tablegames.pieces import cards
>>> hand = cards("AH KH 7S")
>>> len(hand), str(hand)
(3, 'KH AH 7S')
>>> str(hand - cards("KH"))
'AH 7S'
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from importlib import import_module
from typing import Generic, Protocol, TypeVar

import attrs

from tablegames.errors import NotationError, TableGamesError, excerpt


class Piece(Protocol):
    """Anything with a stable position in its universe: a domino or a card.

    >>> from tablegames.pieces import Card
    >>> Card.parse("2C").index, Card.parse("AS").index
    (0, 51)
    """

    @property
    def index(self) -> int:
        """The piece's bit position in its universe."""
        ...


P = TypeVar("P", bound=Piece)
P_co = TypeVar("P_co", bound=Piece, covariant=True)
T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)

MAX_SET_TEXT = 4096
"""The longest text :func:`~tablegames.pieces.cards` and :func:`~tablegames.pieces.dominoes`
read (a whole deck in notation takes under 200 characters)."""
MAX_PIECE_TEXT = 64
"""The longest text read as one piece, suit or rank (``Card.parse``, ``Domino.parse``,
``Suit.parse``, ``Rank.parse``): a longer one is refused by its length before it is read
(``10 ♦`` takes four characters; the rest is room for spaces)."""


def parse_repr(piece: object, *fields: str) -> str:
    """The ``repr`` of a domino or a card: the call that reads it back from its notation,
    ``Card.parse('AS')``; a piece made around its constructor (not a real piece) shows its
    fields instead, never raising.

    >>> from tablegames.pieces import Domino
    >>> parse_repr(Domino(6, 4), "high", "low")
    "Domino.parse('6:4')"
    >>> forged = object.__new__(Domino)
    >>> object.__setattr__(forged, "high", 9.5)
    >>> parse_repr(forged, "high", "low")
    'Domino(high=9.5, low=?)'
    """
    from .well_formed import is_piece  # noqa: PLC0415 (it imports the piece classes)

    name = type(piece).__name__
    if is_piece(piece):
        return f"{name}.parse({str(piece)!r})"
    return f"{name}({fields_text(piece, fields)})"


def fields_text(value: object, fields: Iterable[str]) -> str:
    """``name=repr`` of each field of ``value``, each repr short, ``?`` for a field never set;
    never raises (what the reprs of malformed pieces and actions show).

    >>> from tablegames.pieces import Domino
    >>> fields_text(Domino(6, 4), ("high", "low", "absent"))
    'high=6, low=4, absent=?'
    """
    shown = []
    for field in fields:
        try:
            item = object.__getattribute__(value, field)
        except AttributeError:
            shown.append(f"{field}=?")
        else:
            shown.append(f"{field}={_short(item)}")
    return ", ".join(shown)


def _short(value: object) -> str:
    """A field's repr, at most 40 characters and ``…``, never raising."""
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__
        return f"a {type(value).__name__} object"
    return text if len(text) <= 40 else text[:40] + "…"


def shown(value: object) -> str:
    """A short, safe rendering of a bad value for a piece's message (never long, never
    raising): a number as it is, anything else its repr cut short.

    >>> shown(7), shown(10**12), shown([1, 2])
    ('7', 'a very large number', '[1, 2]')
    """
    if type(value) is int:
        return str(value) if -(10**9) < value < 10**9 else "a very large number"
    try:
        return excerpt(repr(value))[1:-1]
    except Exception:  # a hostile __repr__
        return f"a {type(value).__name__}"


def piece_text(text: object, name: str, example: str) -> str:
    """``text``, checked to be what one piece (or suit, or rank) is written as: text, and no
    longer than :data:`MAX_PIECE_TEXT` (a longer one is refused unread). ``name`` and
    ``example`` are what the message says (``"card"``, ``"AH or 10D"``).

    >>> piece_text("6:4", "domino", "6:4")
    '6:4'
    >>> piece_text(64, "domino", "6:4")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.NotationError: A domino is written as text, as 6:4, not 64.
    >>> piece_text("6" * 100, "domino", "6:4")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.NotationError: '6666... is not a domino: a domino is written in a \
few characters, as 6:4
    """
    if type(text) is not str:
        raise NotationError(f"A {name} is written as text, as {example}, not {shown(text)}.")
    if len(text) > MAX_PIECE_TEXT:
        raise NotationError(
            f"{excerpt(text)} is not a {name}: a {name} is written in a few characters, "
            f"as {example}"
        )
    return text


def bits(mask: int) -> Iterator[int]:
    """Yield the positions of the set bits of ``mask``, lowest first.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class MaskDecoder(Generic[T_co]):
    """Turn a mask into the tuple of items at its set bits, by table look-up, 8 bits at a time.

    This is the hot path of every ``legal_actions()``: a hand's legal plays are a mask, and the
    decoder maps it to ready-made action objects without a Python loop over the bits.

    >>> MaskDecoder("abcdefghij").decode(0b1000000101)
    ('a', 'c', 'j')
    """

    __slots__ = ("_tables",)

    def __init__(self, items: Iterable[T_co]) -> None:
        seq = tuple(items)
        tables: list[tuple[tuple[T_co, ...], ...]] = []
        for start in range(0, len(seq), 8):
            chunk = seq[start : start + 8]
            tables.append(
                tuple(tuple(chunk[i] for i in range(len(chunk)) if v >> i & 1) for v in range(256))
            )
        self._tables = tuple(tables)

    def decode(self, mask: int) -> tuple[T_co, ...]:
        """The items whose bits are set in ``mask``, in index order."""
        out: tuple[T_co, ...] = ()
        for table in self._tables:
            if not mask:
                break
            out += table[mask & 0xFF]
            mask >>= 8
        return out


_REGISTERED: weakref.WeakValueDictionary[str, Universe[Piece]] = weakref.WeakValueDictionary()
"""The first universe made under each name, while it lives; pickles of it are restored by
reference. Held weakly, so universes made and dropped (a stream of them) leave nothing behind."""


@attrs.frozen(eq=False, repr=False)
class Universe(Generic[P_co]):
    """Every piece of one kind, in index order, with the parser for its notation.

    Universes are values: two universes are equal when they have the same name and pieces, so
    piece sets compare and combine whatever object their universe is. The first universe made
    under a name (the library's ``cards`` and ``dominoes``) is a module singleton: pickling
    restores it by reference, and copying returns it unchanged.

    >>> import copy, pickle
    >>> from tablegames.pieces import DOMINO_UNIVERSE
    >>> len(DOMINO_UNIVERSE.pieces), DOMINO_UNIVERSE.name
    (28, 'dominoes')
    >>> pickle.loads(pickle.dumps(DOMINO_UNIVERSE)) is DOMINO_UNIVERSE
    True
    >>> copy.deepcopy(DOMINO_UNIVERSE) is DOMINO_UNIVERSE
    True
    """

    name: str
    pieces: tuple[P_co, ...]
    parse_piece: Callable[[str], P_co]
    decoder: MaskDecoder[P_co] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "decoder", MaskDecoder(self.pieces))
        _REGISTERED.setdefault(self.name, self)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Universe):
            return NotImplemented
        return self.name == other.name and self.pieces == other.pieces

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self.name)

    def __reduce__(self) -> tuple[Callable[..., object], tuple[object, ...]]:
        if _REGISTERED.get(self.name) is self:
            return (_registered_universe, (self.name, len(self.pieces)))
        return (Universe, (self.name, self.pieces, self.parse_piece))

    def __copy__(self) -> Universe[P_co]:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Universe[P_co]:
        return self

    def __repr__(self) -> str:
        return f"<Universe {self.name}>"


def _registered_universe(name: str, size: int) -> Universe[Piece]:
    """Unpickle a module-level universe: the one this process knows under ``name``."""
    if name not in _REGISTERED:
        import_module("tablegames.pieces")  # defines the library's universes
    universe = _REGISTERED.get(name)
    if universe is None or len(universe.pieces) != size:
        raise TableGamesError(f"No universe of {size} pieces named {name!r} exists here.")
    return universe


def mask_of(universe: Universe[P], pieces: Iterable[P] | str) -> int:
    """The mask of ``pieces``: pieces, a :class:`PieceSet`, or notation separated by spaces.

    >>> from tablegames.pieces import CARD_UNIVERSE, cards
    >>> mask_of(CARD_UNIVERSE, "2C 4C"), mask_of(CARD_UNIVERSE, cards("3C"))
    (5, 2)
    """
    if isinstance(pieces, str):
        pieces = [universe.parse_piece(text) for text in pieces.split()]
    mask = 0
    for piece in pieces:
        mask |= 1 << piece.index
    return mask


def hand_masks(universe: Universe[P], hands: object, seats: int, deal: str) -> list[int]:
    """The masks of the ``seats`` hands a deal helper is given (each notation text, a
    :class:`PieceSet` or a sequence of pieces of ``universe``), or :class:`NotationError`
    saying what is wrong (``deal`` names the deal in the sentence).

    >>> from tablegames.pieces import DOMINO_UNIVERSE
    >>> hand_masks(DOMINO_UNIVERSE, ["0:0", "1:0"], 2, "A deal")
    [1, 2]
    >>> hand_masks(DOMINO_UNIVERSE, ["6:6"], 4, "A Texas 42 deal")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.NotationError: A Texas 42 deal names 4 hands, not 1.
    """
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
        raise NotationError(f"{deal} names {seats} hands in a list, not {_kind(hands)}.")
    if len(hands) != seats:
        raise NotationError(f"{deal} names {seats} hands, not {len(hands)}.")
    kind = type(universe.pieces[0])
    masks = []
    for hand in hands:
        if isinstance(hand, str):
            masks.append(mask_of(universe, hand))
        elif isinstance(hand, PieceSet) and hand.universe == universe:
            masks.append(hand.mask)
        elif isinstance(hand, Sequence) and all(type(piece) is kind for piece in hand):
            masks.append(mask_of(universe, hand))
        else:
            raise NotationError(
                f"{deal}'s hands are notation, piece sets or lists of pieces, not {_kind(hand)}."
            )
    return masks


def _kind(value: object) -> str:
    """A short name of what ``value`` is, for a refusal."""
    if isinstance(value, str):
        return f"the text {excerpt(value)}"
    name = type(value).__name__
    return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"


@attrs.frozen(repr=False)
class PieceSet(Generic[P]):
    """An immutable set of pieces of one universe.

    Iteration is in index order (dominoes 0:0 .. 6:6; cards clubs, diamonds, hearts, spades, each
    2 up to ace). Set operators return new sets.

    >>> from tablegames.pieces import dominoes
    >>> d = dominoes("6:4 5:5 3:2")
    >>> dominoes("4:6") <= d, len(d | dominoes("0:0"))
    (True, 4)
    """

    mask: int
    universe: Universe[P]

    @classmethod
    def of(cls, universe: Universe[P], pieces: Iterable[P]) -> PieceSet[P]:
        """The set of ``pieces``, all from ``universe``."""
        mask = 0
        for piece in pieces:
            mask |= 1 << piece.index
        return cls(mask, universe)

    def __contains__(self, piece: object) -> bool:
        index = getattr(piece, "index", None)
        if type(index) is not int or not 0 <= index < len(self.universe.pieces):
            return False
        return self.universe.pieces[index] == piece and bool(self.mask >> index & 1)

    def __iter__(self) -> Iterator[P]:
        return iter(self.universe.decoder.decode(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def _same(self, other: PieceSet[P]) -> None:
        if other.universe is not self.universe and other.universe != self.universe:
            raise TypeError(f"cannot combine {self.universe.name} with {other.universe.name}")

    def __or__(self, other: PieceSet[P]) -> PieceSet[P]:
        self._same(other)
        return PieceSet(self.mask | other.mask, self.universe)

    def __and__(self, other: PieceSet[P]) -> PieceSet[P]:
        self._same(other)
        return PieceSet(self.mask & other.mask, self.universe)

    def __sub__(self, other: PieceSet[P]) -> PieceSet[P]:
        self._same(other)
        return PieceSet(self.mask & ~other.mask, self.universe)

    def __xor__(self, other: PieceSet[P]) -> PieceSet[P]:
        self._same(other)
        return PieceSet(self.mask ^ other.mask, self.universe)

    def __le__(self, other: PieceSet[P]) -> bool:
        self._same(other)
        return self.mask & ~other.mask == 0

    def __ge__(self, other: PieceSet[P]) -> bool:
        return other <= self

    def isdisjoint(self, other: PieceSet[P]) -> bool:
        """True when no piece is in both sets."""
        self._same(other)
        return self.mask & other.mask == 0

    def with_piece(self, piece: P) -> PieceSet[P]:
        """A copy with ``piece`` added."""
        return PieceSet(self.mask | 1 << piece.index, self.universe)

    def without(self, piece: P) -> PieceSet[P]:
        """A copy with ``piece`` removed (no error if absent)."""
        return PieceSet(self.mask & ~(1 << piece.index), self.universe)

    def __str__(self) -> str:
        return " ".join(str(p) for p in self)

    def __repr__(self) -> str:
        """The call that reads the set back when its universe is the cards or the dominoes,
        ``cards('KH AS')`` (paste it where :func:`~tablegames.pieces.cards` is imported).

        >>> from tablegames.pieces import cards, dominoes
        >>> cards("AS KH"), dominoes("6:4"), eval(repr(cards("AS KH"))) == cards("AS KH")
        (cards('KH AS'), dominoes('6:4'), True)
        """
        if self.universe.name in ("cards", "dominoes") and _REGISTERED.get(self.universe.name) is (
            self.universe
        ):
            return f"{self.universe.name}({str(self)!r})"
        return f"PieceSet({self.universe.name}: {self})"

    def to_json(self) -> list[str]:
        """The pieces in notation, index order."""
        return [str(p) for p in self]
