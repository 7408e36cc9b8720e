"""Texas 42 actions and their notation: ``pass``, ``bid 30``, ``trump 5``, ``play 6:4``; with the
special contracts ``bid plunge``, ``bid splash``, ``trump nello suit|high|low``, ``trump sevens``.

>>> parse_action("Bid 84"), str(parse_action("play 4-6"))
(Bid.parse('bid 84'), 'play 6:4')
>>> parse_action("trump 7")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tablegames.core.errors.NotationError: '7' is not a trump: write 0 (blanks) to 6 (sixes), ...
>>> all(parse_action(str(a)) == a for a in action_space(Rules()))
True
"""

from __future__ import annotations

import functools
from typing import Union

import attrs

from tablegames.core.actions import (
    PASS,
    Deal,
    Pass,
    Play,
    count_field,
    malformed,
    register_field_check,
    trust,
)
from tablegames.core.errors import NotationError
from tablegames.core.notated import Notated, reads
from tablegames.core.notation import describe, expect_args, number, parse_shared, quote, words
from tablegames.core.violations import Violation
from tablegames.pieces.dominoes import DOMINOES, Domino

from .contracts import LAST_TRUMP, NELLO_MODES, NELLO_SUIT, NELLOS, SEVENS, contract_name
from .contracts import trump_word as special_word
from .rules import Rules
from .trumps import DOUBLES, NO_TRUMP


@attrs.frozen(repr=False)
class Bid(Notated):
    """Undertake to take ``amount`` points (30..42), or all 42 as 84 or 168.

    >>> str(Bid(30)), Bid(30) == parse_action("bid 30"), Bid.parse("Bid 30")
    ('bid 30', True, Bid.parse('bid 30'))
    """

    amount: int
    """The points bid: 30 to 42, or 84 (two marks), 168 and on up the marks ladder."""

    def __str__(self) -> str:
        return f"bid {self.amount}"


@attrs.frozen(repr=False)
class Trump(Notated):
    """The high bidder names ``suit`` as trumps: 0 blanks .. 6 sixes, 7 the doubles
    (``trump doubles``), or 8 for no trump (``trump none``, follow-me); the special contracts
    are 9..11 for nello with the doubles a suit, high or low (``trump nello suit``), and 12 for
    ``trump sevens``.

    >>> str(Trump(5)), Trump(5).name, str(Trump(11))
    ('trump 5', 'fives', 'trump nello low')
    """

    suit: int
    """What is named: 0 (blanks) to 6 (sixes), 7 doubles, 8 no trump, 9 to 11 nello (doubles a
    suit, high, low), 12 sevens."""

    def __str__(self) -> str:
        if self.suit == DOUBLES:
            return "trump doubles"
        if self.suit == NO_TRUMP:
            return "trump none"
        if NO_TRUMP < self.suit <= LAST_TRUMP:
            return f"trump {special_word(self.suit)}"
        return f"trump {self.suit}"

    @property
    def name(self) -> str:
        """The suit's name, e.g. ``fives``."""
        return contract_name(self.suit) if self.suit in range(LAST_TRUMP + 1) else str(self.suit)


@attrs.frozen(repr=False)
class SpecialBid(Notated):
    """``bid plunge`` or ``bid splash``: a bid of the special contracts, worth what the ruling
    says over the standing bid (see :func:`~tablegames.texas42.contracts.special_worth`).

    >>> str(SpecialBid("plunge")), parse_action("Bid Splash")
    ('bid plunge', SpecialBid.parse('bid splash'))
    """

    contract: str
    """``plunge`` or ``splash``."""

    def __str__(self) -> str:
        return f"bid {self.contract}"


def _bid_fields(action: Bid) -> Violation | None:
    return count_field(action.amount, "A bid is a whole number of points, as bid 30")


def _trump_fields(action: Trump) -> Violation | None:
    return count_field(
        action.suit,
        "Trumps are named by a number, 0 (blanks) to 6 (sixes), 7 for doubles or 8 for none",
    )


def _special_fields(action: SpecialBid) -> Violation | None:
    if action.contract in ("plunge", "splash"):
        return None
    return malformed(f"A special bid is plunge or splash, not {describe(action.contract)}.")


register_field_check(Bid, _bid_fields)
register_field_check(Trump, _trump_fields)
register_field_check(SpecialBid, _special_fields)

Action = Union[Pass, Bid, SpecialBid, Trump, Play[Domino], Deal[Domino]]  # noqa: UP007
"""Every Texas 42 action, the deal (a chance step) included."""

PLAYS: tuple[Play[Domino], ...] = tuple(Play(d) for d in DOMINOES)
trust(PLAYS)
TRUMPS: tuple[Trump, ...] = tuple(Trump(s) for s in range(LAST_TRUMP + 1))
"""Every trump choice, by number: 0..6, then doubles (7), no trump (8), nello (9..11) and
sevens (12)."""
trust(TRUMPS)
BIDS: dict[int, Bid] = {
    amount: Bid(amount) for amount in (*range(30, 43), 84, 126, 168, 210, 252, 294)
}
"""The one ``Bid`` of each amount any action space holds (ready-made, so ``check`` trusts
them); :func:`parse_action` and the legal actions hand these out.

>>> BIDS[30] == Bid(30)
True
"""
trust(BIDS.values())
PLUNGE = SpecialBid("plunge")
SPLASH = SpecialBid("splash")
trust((PLUNGE, SPLASH))


def parse_action(text: str) -> Action:
    """Read an action in Texas 42 notation (see module doc).

    >>> parse_action("trump 0"), str(parse_action("play 4:6"))
    (Trump.parse('trump 0'), 'play 6:4')
    """
    parts = words(text)
    shared = parse_shared(parts, Domino.parse, PLAYS, len(DOMINOES))
    if shared is not None:
        return shared
    verb = parts[0]
    if verb == "bid":
        expect_args(parts, 1, "bid 30")
        word = parts[1].lower()
        if word == "plunge":
            return PLUNGE
        if word == "splash":
            return SPLASH
        amount = number(parts[1], "the points bid")
        return BIDS.get(amount) or Bid(amount)
    if verb == "trump":
        if len(parts) > 1 and parts[1].lower() == "nello":
            expect_args(parts, 2, "trump nello suit")
            mode = parts[2].lower()
            if mode not in NELLO_MODES:
                raise NotationError(
                    f"{quote(parts[2])} is not a nello doubles mode: write suit, high or low"
                )
            return TRUMPS[NELLO_SUIT + NELLO_MODES.index(mode)]
        expect_args(parts, 1, "trump 5")
        word = parts[1].lower()
        if word == "doubles":
            return TRUMPS[DOUBLES]
        if word in ("none", "follow-me"):
            return TRUMPS[NO_TRUMP]
        if word == "sevens":
            return TRUMPS[SEVENS]
        suit = number(parts[1], "the trump number 0..6, doubles or none")
        if suit >= DOUBLES:
            raise NotationError(
                f"{quote(parts[1])} is not a trump: write 0 (blanks) to 6 (sixes), doubles or none"
            )
        return TRUMPS[suit]
    raise NotationError(
        f"{quote(text)} is not a Texas 42 action: pass, bid 30, trump 5 or play 6:4"
    )


reads(parse_action, Bid, Trump, SpecialBid)


def action_space(rules: Rules) -> tuple[Action, ...]:
    """Every action that could ever be legal under ``rules`` (deals aside).

    >>> len(action_space(Rules())), len(action_space(Rules(bid_ladder="marks")))
    (51, 53)
    >>> tournament = Rules(scoring="marks", bid_ladder="marks", plunge=True, nello=True)
    >>> [str(a) for a in action_space(tournament) if str(a) not in map(str, action_space(Rules(
    ...     scoring="marks", bid_ladder="marks")))]
    ['bid 252', 'bid 294', 'bid plunge', 'trump nello suit', 'trump nello high', 'trump nello low']
    """
    bids = [*range(30, 43), 84, 168]
    if rules.bid_ladder == "marks":
        bids = [*range(30, 43), 84, 126, 168, 210]
        if rules.plunge or rules.splash:
            bids.append(252)  # e.g. a three-mark splash (126), 168, 210, 252
        if rules.plunge:
            bids.append(294)  # an opening plunge (168), 210, 252, 294: the most four calls reach
    specials = (
        *((PLUNGE,) if rules.plunge else ()),
        *((SPLASH,) if rules.splash else ()),
    )
    return (PASS, *(BIDS[b] for b in bids), *specials, *trump_choices(rules), *PLAYS)


def trump_choices(rules: Rules) -> tuple[Trump, ...]:
    """Every trump a high bidder may ever name under ``rules`` (what is open in a given hand
    also depends on the bid: see :func:`trump_options`).

    >>> [str(t) for t in trump_choices(Rules(doubles_trump=True, follow_me=True))][-2:]
    ['trump doubles', 'trump none']
    """
    return _trump_choices(rules, True)


def trump_options(rules: Rules, high_bid: int, special: bool) -> tuple[Trump, ...]:
    """The trumps that may be named in a hand won with ``high_bid``; ``special`` is True after
    a plunge or splash (the partner names an ordinary trump, never nello or sevens).

    >>> rules = Rules(scoring="marks", bid_ladder="marks", sevens=True)
    >>> str(trump_options(rules, 42, False)[-1]), str(trump_options(rules, 41, False)[-1])
    ('trump sevens', 'trump 6')
    """
    return _trump_choices(rules, high_bid >= 42 and not special)


TRUMP_CHOICES = 64
"""How many lists of trumps :func:`trump_options` keeps, by rules (a value) and whether the
special contracts are open: a match uses two, so the bound only matters to a process that
plays many rule mixes (then the oldest are forgotten)."""


@functools.lru_cache(maxsize=TRUMP_CHOICES)
def _trump_choices(rules: Rules, contracts: bool) -> tuple[Trump, ...]:
    nellos: tuple[Trump, ...] = ()
    if rules.nello and contracts:
        nello = rules.nello_doubles
        nellos = (
            tuple(TRUMPS[n] for n in NELLOS)
            if nello == "choose"
            else (TRUMPS[NELLO_SUIT + NELLO_MODES.index(nello)],)
        )
    return (
        *TRUMPS[:7],
        *((TRUMPS[DOUBLES],) if rules.doubles_trump else ()),
        *((TRUMPS[NO_TRUMP],) if rules.follow_me else ()),
        *nellos,
        *((TRUMPS[SEVENS],) if rules.sevens and contracts else ()),
    )
