"""Quartets actions and their notation: ``ask 3 8S`` (seat, card); with ``ask="rank"``, ``ask 3 8``.

Cards accept ``10`` for ``T``, lower case and suit symbols; printing gives the canonical form.

>>> parse_action("ask 3 10♠"), str(parse_action("ASK 3 10s"))
(Ask.parse('ask 3 TS'), 'ask 3 TS')
>>> str(parse_action("ask 1 q"))
'ask 1 Q'
>>> all(parse_action(str(a)) == a for a in action_space(Rules(ask="rank")))
True
"""

from __future__ import annotations

import attrs

from tablegames.core.actions import Deal, count_field, malformed, register_field_check, trust
from tablegames.core.errors import NotationError
from tablegames.core.notated import Notated, reads
from tablegames.core.notation import describe, expect_args, number, parse_deal, quote, words
from tablegames.core.violations import Violation
from tablegames.pieces.cards import CARDS, Card, Rank

from .rules import Rules

MAX_PLAYERS = 9


@attrs.frozen(repr=False)
class Ask(Notated):
    """Ask the player at ``seat`` for ``card``.

    >>> str(Ask(3, Card.parse("8S"))), Ask.parse("ask 3 8♠")
    ('ask 3 8S', Ask.parse('ask 3 8S'))
    """

    seat: int
    """The seat asked: another player who still holds cards."""
    card: Card
    """The card asked for: one of a rank the asker holds, and not held by the asker."""

    def __str__(self) -> str:
        return f"ask {self.seat} {self.card}"


@attrs.frozen(repr=False)
class AskRank(Notated):
    """Ask the player at ``seat`` for every card of ``rank`` (option ``ask="rank"``).

    >>> str(AskRank(3, Rank.TEN)), AskRank.parse("ask 3 10")
    ('ask 3 T', AskRank.parse('ask 3 T'))
    """

    seat: int
    """The seat asked: another player who still holds cards."""
    rank: Rank
    """The rank asked for: one the asker holds."""

    def __str__(self) -> str:
        return f"ask {self.seat} {self.rank.letter}"


def _ask_fields(action: Ask | AskRank) -> Violation | None:
    seat = count_field(action.seat, "An ask names the seat asked by its number, as ask 3 8S")
    if seat is not None:
        return seat
    if type(action) is Ask and action.card.__class__ is not Card:
        return malformed(f"An ask names a card, as ask 3 8S, not {describe(action.card)}.")
    if type(action) is AskRank and action.rank.__class__ is not Rank:
        return malformed(f"An ask names a rank, as ask 3 8, not {describe(action.rank)}.")
    return None


register_field_check(Ask, _ask_fields)
register_field_check(AskRank, _ask_fields)

Action = Ask | AskRank | Deal[Card]
"""Every Quartets action, the deal (a chance step) included."""

ASKS: tuple[tuple[Ask, ...], ...] = tuple(
    tuple(Ask(seat, card) for card in CARDS) for seat in range(MAX_PLAYERS)
)
"""``ASKS[seat][card index]``: every card ask, made once."""
RANK_ASKS: tuple[tuple[AskRank, ...], ...] = tuple(
    tuple(AskRank(seat, rank) for rank in Rank) for seat in range(MAX_PLAYERS)
)
"""``RANK_ASKS[seat][rank - 2]``: every rank ask, made once."""
trust(a for table in (ASKS, RANK_ASKS) for row in table for a in row)


def parse_action(text: str) -> Action:
    """Read an action in Quartets notation (see module doc).

    >>> parse_action("ask 2 A♥")
    Ask.parse('ask 2 AH')
    """
    known = _CANONICAL.get(text) if type(text) is str else None
    if known is not None:
        return known
    parts = words(text)
    verb = parts[0]
    if verb == "ask":
        expect_args(parts, 2, "ask 3 8S (seat, card) or ask 3 8 (seat, rank)")
        seat = number(parts[1], "the seat asked")
        try:
            return Ask(seat, Card.parse(parts[2]))
        except NotationError:
            pass
        try:
            return AskRank(seat, Rank.parse(parts[2]))
        except NotationError:
            raise NotationError(
                f"{quote(parts[2])} is not a card or a rank: write 8S (a card) or 8 (a rank)"
            ) from None
    if verb == "deal":
        return parse_deal(parts, Card.parse, len(CARDS))
    raise NotationError(
        f"{quote(text)} is not a Quartets action: write ask 3 8S, or ask 3 8 for a rank"
    )


reads(parse_action, Ask, AskRank)

_CANONICAL: dict[str, Action] = {
    str(a): a for table in (ASKS, RANK_ASKS) for row in table for a in row
}


def action_space(rules: Rules) -> tuple[Action, ...]:
    """Every action that could ever be legal under ``rules`` (deals aside): each seat with
    each card, or with each rank under ``ask="rank"``.

    >>> len(action_space(Rules())), len(action_space(Rules(players=5, ask="rank")))
    (208, 65)
    """
    table = RANK_ASKS if rules.ask == "rank" else ASKS
    return tuple(a for seat in range(rules.players) for a in table[seat])
