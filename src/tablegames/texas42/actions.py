"""Texas 42 actions and their notation: ``pass``, ``bid 30``, ``trump 5``, ``play 6:4``.

>>> parse_action("Bid 84"), str(parse_action("play 4-6"))
(Bid(amount=84), 'play 6:4')
>>> parse_action("trump 7")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tablegames.core.errors.NotationError: '7' is not a trump: write 0 (blanks) to 6 (sixes), ...
>>> all(parse_action(str(a)) == a for a in action_space(Rules()))
True
"""

from __future__ import annotations

from typing import Union

import attrs

from tablegames.core.actions import (
    PASS,
    Deal,
    Pass,
    Play,
    is_count,
    malformed,
    register_field_check,
    trust,
)
from tablegames.core.errors import NotationError
from tablegames.core.notation import describe, expect_args, number, parse_shared, quote, words
from tablegames.core.violations import Violation
from tablegames.pieces.dominoes import DOMINOES, Domino

from .model import DOUBLES, NO_TRUMP, trump_name
from .rules import Rules


@attrs.frozen
class Bid:
    """Undertake to take ``amount`` points (30..42), or all 42 as 84 or 168.

    >>> str(Bid(30)), Bid(30) == parse_action("bid 30")
    ('bid 30', True)
    """

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@attrs.frozen
class Trump:
    """The high bidder names ``suit`` as trumps: 0 blanks .. 6 sixes, 7 the doubles
    (``trump doubles``), or 8 for no trump (``trump none``, follow-me).

    >>> str(Trump(5)), Trump(5).name
    ('trump 5', 'fives')
    """

    suit: int

    def __str__(self) -> str:
        if self.suit == DOUBLES:
            return "trump doubles"
        if self.suit == NO_TRUMP:
            return "trump none"
        return f"trump {self.suit}"

    @property
    def name(self) -> str:
        """The suit's name, e.g. ``fives``."""
        return trump_name(self.suit) if self.suit in range(NO_TRUMP + 1) else str(self.suit)


def _bid_fields(action: Bid) -> Violation | None:
    if is_count(action.amount):
        return None
    return malformed(
        f"A bid is a whole number of points, as bid 30, not {describe(action.amount)}."
    )


def _trump_fields(action: Trump) -> Violation | None:
    if is_count(action.suit):
        return None
    return malformed(
        f"Trumps are named by a number, 0 (blanks) to 6 (sixes), 7 for doubles or 8 for none, "
        f"not {describe(action.suit)}."
    )


register_field_check(Bid, _bid_fields)
register_field_check(Trump, _trump_fields)

Action = Union[Pass, Bid, Trump, Play[Domino], Deal[Domino]]  # noqa: UP007 (a runtime alias)
"""Every Texas 42 action, the deal (a chance step) included."""

PLAYS: tuple[Play[Domino], ...] = tuple(Play(d) for d in DOMINOES)
trust(PLAYS)
TRUMPS: tuple[Trump, ...] = tuple(Trump(s) for s in range(NO_TRUMP + 1))
"""Every trump choice, by number: 0..6, then doubles (7) and no trump (8)."""
trust(TRUMPS)


def parse_action(text: str) -> Action:
    """Read an action in Texas 42 notation (see module doc).

    >>> parse_action("trump 0"), str(parse_action("play 4:6"))
    (Trump(suit=0), 'play 6:4')
    """
    parts = words(text)
    shared = parse_shared(parts, Domino.parse, PLAYS, len(DOMINOES))
    if shared is not None:
        return shared
    verb = parts[0]
    if verb == "bid":
        expect_args(parts, 1, "bid 30")
        return Bid(number(parts[1], "the points bid"))
    if verb == "trump":
        expect_args(parts, 1, "trump 5")
        word = parts[1].lower()
        if word == "doubles":
            return TRUMPS[DOUBLES]
        if word in ("none", "follow-me"):
            return TRUMPS[NO_TRUMP]
        suit = number(parts[1], "the trump number 0..6, doubles or none")
        if suit >= DOUBLES:
            raise NotationError(
                f"{quote(parts[1])} is not a trump: write 0 (blanks) to 6 (sixes), doubles or none"
            )
        return TRUMPS[suit]
    raise NotationError(
        f"{quote(text)} is not a Texas 42 action: pass, bid 30, trump 5 or play 6:4"
    )


def action_space(rules: Rules) -> tuple[Action, ...]:
    """Every action that could ever be legal under ``rules`` (deals aside).

    >>> len(action_space(Rules())), len(action_space(Rules(bid_ladder="marks")))
    (51, 53)
    """
    bids = [*range(30, 43), 84, 168]
    if rules.bid_ladder == "marks":
        bids = [*range(30, 43), 84, 126, 168, 210]
    return (PASS, *(Bid(b) for b in bids), *trump_choices(rules), *PLAYS)


def trump_choices(rules: Rules) -> tuple[Trump, ...]:
    """The trumps a high bidder may name under ``rules``.

    >>> [str(t) for t in trump_choices(Rules(doubles_trump=True, follow_me=True))][-2:]
    ['trump doubles', 'trump none']
    """
    return (
        *TRUMPS[:7],
        *((TRUMPS[DOUBLES],) if rules.doubles_trump else ()),
        *((TRUMPS[NO_TRUMP],) if rules.follow_me else ()),
    )
