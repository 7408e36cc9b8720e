"""Rules of thumb for playing to a trick, shared by every trick-taking game's heuristic agent.

Pieces are their indices in their universe and a :class:`~tablegames.tricks.TrickModel` says
how they rank. The rules: lead a sure winner (a "boss") or pull trumps when your side holds the
contract, else lead low; when your side already holds the trick, play low (or give it your
counting pieces when it is safe); else win as cheaply as possible, and when you cannot win,
throw your least useful piece.

>>> from tablegames.pieces import CARDS, Card, Suit
>>> from tablegames.tricks import plain_card_model
>>> index = lambda text: Card.parse(text).index
>>> table = TrickSight(plain_card_model(Suit.HEARTS), ((1, index("9C")),), seat=2,
...     team=frozenset({2}), players=3, unseen=0)
>>> str(CARDS[choose_play(table, [index("TC"), index("AC"), index("2H")])])
'TC'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from tablegames.core.seats import Seat
from tablegames.pieces.sets import Piece
from tablegames.tricks.model import TrickModel
from tablegames.tricks.winner import leading_position, trick_winner


def _no_value(_: int) -> int:
    return 0


@attrs.frozen
class TrickSight:
    """What a player knows when it must play to a trick.

    ``trick`` pairs seats with the piece indices played so far; ``team`` holds the seats on the
    player's side (itself included); ``players`` is how many will play to this trick;
    ``unseen`` is the mask of pieces the player has not seen (they may be in other hands);
    ``value(piece)`` is what a piece is worth in points when won (Texas 42 count tiles).

    >>> from tablegames.tricks import plain_card_model
    >>> TrickSight(plain_card_model(None), (), 0, frozenset({0}), 4, 0).leading
    True
    """

    model: TrickModel
    trick: tuple[tuple[Seat, int], ...]
    seat: Seat
    team: frozenset[Seat]
    players: int
    unseen: int
    value: Callable[[int], int] = _no_value
    pull_trumps: bool = False
    """Lead trumps while opponents may still hold some (the side that holds the contract)."""

    @property
    def leading(self) -> bool:
        """True when the trick is empty."""
        return not self.trick

    @property
    def last(self) -> bool:
        """True when this player plays the trick's last piece.

        >>> from tablegames.tricks import plain_card_model
        >>> TrickSight(plain_card_model(None), ((0, 1), (1, 2)), 2, frozenset({2}), 3, 0).last
        True
        """
        return len(self.trick) + 1 >= self.players

    def is_trump(self, piece: int) -> bool:
        """True if ``piece`` is a trump.

        >>> from tablegames.pieces import Card, Suit
        >>> from tablegames.tricks import plain_card_model
        >>> table = TrickSight(plain_card_model(Suit.HEARTS), (), 0, frozenset({0}), 3, 0)
        >>> table.is_trump(Card.parse("7H").index), table.is_trump(Card.parse("AS").index)
        (True, False)
        """
        trump = self.model.trump
        return trump is not None and bool(self.model.follow_masks[trump] >> piece & 1)

    def rank(self, piece: int) -> int:
        """How high ``piece`` ranks in the suit it leads.

        >>> from tablegames.pieces import Card
        >>> from tablegames.tricks import plain_card_model
        >>> table = TrickSight(plain_card_model(None), (), 0, frozenset({0}), 3, 0)
        >>> table.rank(Card.parse("AS").index) > table.rank(Card.parse("KS").index)
        True
        """
        return self.model.strength[self.model.lead_suit[piece]][piece]

    def low_key(self, piece: int) -> tuple[int, bool, int]:
        """Sort key: the least useful piece first (no value, not a trump, low rank).

        >>> from tablegames.pieces import CARDS, Card, Suit
        >>> from tablegames.tricks import plain_card_model
        >>> table = TrickSight(plain_card_model(Suit.HEARTS), (), 0, frozenset({0}), 3, 0)
        >>> str(CARDS[min((Card.parse(c).index for c in ("7H", "9S", "AC")), key=table.low_key)])
        '9S'
        """
        return (self.value(piece), self.is_trump(piece), self.rank(piece))

    def winning_position(self) -> int:
        """The position (0 = the lead) of the piece winning the trick so far.

        >>> from tablegames.pieces import Card
        >>> from tablegames.tricks import plain_card_model
        >>> trick = tuple((s, Card.parse(c).index) for s, c in ((0, "9C"), (1, "KC"), (2, "AD")))
        >>> TrickSight(plain_card_model(None), trick, 3, frozenset({3}), 4, 0).winning_position()
        1
        """
        return leading_position(tuple(piece for _, piece in self.trick), self.model)

    def wins_with(self, piece: int) -> bool:
        """True if playing ``piece`` takes the trick (when last) or leads it for now.

        >>> from tablegames.pieces import Card
        >>> from tablegames.tricks import plain_card_model
        >>> table = TrickSight(plain_card_model(None), ((0, Card.parse("9C").index),), 1,
        ...     frozenset({1}), 3, 0)
        >>> table.wins_with(Card.parse("TC").index), table.wins_with(Card.parse("AD").index)
        (True, False)
        """
        if self.leading:
            return True
        pieces = (*(p for _, p in self.trick), piece)
        last = len(pieces) - 1
        if len(pieces) >= self.players:
            return trick_winner(pieces, self.model) == last
        return leading_position(pieces, self.model) == last

    def is_safe(self, piece: int, led_suit: int, *, suit_only: bool = False) -> bool:
        """True if no unseen piece can beat ``piece`` in a trick led in ``led_suit``.

        With ``suit_only``, only unseen pieces of the suit led count (a player void in the suit
        might still trump: a chance a leader takes).

        >>> from tablegames.pieces import Card, Suit, cards
        >>> from tablegames.tricks import plain_card_model
        >>> table = TrickSight(plain_card_model(Suit.HEARTS), (), 0, frozenset({0}), 3,
        ...     unseen=cards("AS 2H").mask)
        >>> king = Card.parse("KS").index
        >>> table.is_safe(king, Suit.SPADES)
        False
        >>> table.unseen == cards("AS 2H").mask and not table.is_safe(
        ...     Card.parse("QS").index, Suit.SPADES, suit_only=True)
        True
        """
        keys = self.model.keys[led_suit]
        mine = keys[piece]
        unseen = self.unseen
        if suit_only:
            unseen &= self.model.follow_masks[led_suit]
        while unseen:
            low = unseen & -unseen
            if keys[low.bit_length() - 1] > mine:
                return False
            unseen ^= low
        return True


def played_in(tricks: Sequence[tuple[object, Sequence[Piece], object]]) -> int:
    """The mask of the pieces played to a view's finished tricks (entries of the form
    ``(who, pieces, winner)``, pieces with an ``index``).

    >>> from tablegames.pieces import cards
    >>> played_in((((0, 1), tuple(cards("AS 2S")), 0),)) == cards("AS 2S").mask
    True
    """
    mask = 0
    for _, pieces, _ in tricks:
        for piece in pieces:
            mask |= 1 << piece.index
    return mask


def choose_play(table: TrickSight, legal: Sequence[int], *, want_win: bool = True) -> int:
    """The piece to play (one of ``legal``) by the rules of thumb in the module doc.

    ``want_win=False`` plays to lose the trick (a side that already has the tricks it bid).

    >>> from tablegames.pieces import CARDS, Card
    >>> from tablegames.tricks import plain_card_model
    >>> index = lambda text: Card.parse(text).index
    >>> table = TrickSight(plain_card_model(None), ((0, index("9C")), (1, index("KC"))), seat=2,
    ...     team=frozenset({2, 0}), players=3, unseen=0)
    >>> str(CARDS[choose_play(table, [index("AC"), index("TC")])])
    'AC'
    """
    if not legal:
        raise ValueError("no legal piece to play")
    pieces = list(legal)
    if not want_win:
        losers = [p for p in pieces if not table.wins_with(p)]
        if losers:
            return max(losers, key=table.rank)
        return min(pieces, key=table.low_key)
    if table.leading:
        return _lead(table, pieces)
    position = table.winning_position()
    holder, best = table.trick[position]
    led = table.model.lead_suit[table.trick[0][1]]
    if holder in table.team:
        if table.last or table.is_safe(best, led):
            return min(pieces, key=lambda p: (-table.value(p), table.is_trump(p), table.rank(p)))
        return min(pieces, key=table.low_key)
    winners = [p for p in pieces if table.wins_with(p)]
    if not winners:
        return min(pieces, key=table.low_key)
    if not table.last:
        safe = [p for p in winners if table.is_safe(p, led)]
        if safe:
            winners = safe
    return min(winners, key=lambda p: (table.value(p), table.model.keys[led][p]))


def _lead(table: TrickSight, pieces: list[int]) -> int:
    model = table.model
    trumps = [p for p in pieces if table.is_trump(p)]
    trump = model.trump
    if (
        table.pull_trumps
        and trumps
        and trump is not None
        and table.unseen & model.follow_masks[trump]
    ):
        return max(trumps, key=table.rank)
    bosses = [p for p in pieces if table.is_safe(p, model.lead_suit[p], suit_only=True)]
    plain_bosses = [p for p in bosses if not table.is_trump(p)]
    if plain_bosses:
        return max(plain_bosses, key=lambda p: (table.value(p), table.rank(p)))
    if bosses and not (set(pieces) - set(trumps)):
        return max(bosses, key=table.rank)
    return min(pieces, key=table.low_key)


__all__ = ["TrickSight", "choose_play", "played_in"]
