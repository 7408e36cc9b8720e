"""Preference rule settings. ``Rules()`` is the seed's game as decided in the rulings: stacks of
100 chips, antes of 5, payout and penalty 1 (spades), 2 (clubs), 3 (diamonds), 4 (hearts), a
match of 8 deals, every round-two offer paid into the pot.

Tables by trump suit are listed from the lowest suit to the highest: spades, clubs, diamonds,
hearts (the seed's suit order, hearts highest).

>>> Rules().payout_for(Suit.HEARTS), Rules(penalty=(2, 4, 6, 8)).penalty_for(Suit.CLUBS)
(4, 4)
>>> Rules(round_two_payment="loser")
Traceback (most recent call last):
...
tablegames.core.errors.RulesError: round_two_payment is 'all' or 'winner_only', not 'loser'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, TypeAlias, TypeGuard

import attrs

from tablegames.core.errors import RulesError
from tablegames.core.settings import MAX_CHIPS, MAX_DEALS, GameRules, choice, strict_rules, whole
from tablegames.core.text import describe
from tablegames.pieces.cards import Suit

RoundTwoPayment = Literal["all", "winner_only"]

SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
"""The suits from lowest to highest: spades, clubs, diamonds, hearts (``preference``).

>>> [s.letter for s in SUIT_ORDER]
['S', 'C', 'D', 'H']
"""

SUIT_RANK: dict[Suit, int] = {suit: rank for rank, suit in enumerate(SUIT_ORDER)}
"""A suit's place in :data:`SUIT_ORDER`: 0 for spades .. 3 for hearts.

>>> [SUIT_RANK[s] for s in (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)]
[0, 1, 2, 3]
"""


Contract: TypeAlias = Suit
"""What a round-one call names, the standing bid and the game a deal is played in: today a
trump suit. Every module types a call, a bid and a result's ``trump`` with this name, and reads
a contract through :data:`CONTRACT_RANK`, :func:`contract_of`, :func:`trump_of` and
:attr:`Rules.contracts`, so a new contract is added here (and in the rules it changes).

>>> Suit.HEARTS in Rules().contracts
True
"""

CONTRACT_RANK: dict[Contract, int] = dict(SUIT_RANK)
"""A contract's rank in round one (a call must rank above the standing one): 0 for spades ..
3 for hearts; listed lowest first.

>>> CONTRACT_RANK[Suit.HEARTS] > CONTRACT_RANK[Suit.DIAMONDS]
True
"""

_BY_LETTER: dict[str, Contract] = {contract.letter: contract for contract in CONTRACT_RANK}


def contract_of(letter: str) -> Contract | None:
    """The contract written ``letter`` in records and JSON (a suit's letter), or None: the one
    place a contract's letter is read back.

    >>> contract_of("H"), contract_of("h")
    (<Suit.HEARTS: 2>, None)
    """
    return _BY_LETTER.get(letter)


def parse_contract(text: str) -> Contract:
    """A contract as a player writes it in ``bid H``: a suit's letter or symbol, in any case.

    >>> parse_contract("♦"), parse_contract("h")
    (<Suit.DIAMONDS: 1>, <Suit.HEARTS: 2>)
    """
    return Suit.parse(text)


def is_contract(value: object) -> TypeGuard[Contract]:
    """Whether ``value`` is a contract (a bid's field check).

    >>> is_contract(Suit.SPADES), is_contract("S")
    (True, False)
    """
    return value.__class__ is Suit


def trump_of(contract: Contract) -> Suit | None:
    """The trump suit a deal in ``contract`` is played with (None: no trump); a suit's contract
    is played with that suit as trumps.

    >>> trump_of(Suit.CLUBS)
    <Suit.CLUBS: 0>
    """
    return contract


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    """A tuple of a list or tuple's items; anything else (a list whose ``len`` or iteration
    fails, too) is kept as it is, for the check to refuse.

    >>> _ints([1, 2, 3, 4])
    (1, 2, 3, 4)
    """
    if type(value) is tuple:
        return value
    if isinstance(value, (list, tuple)):
        try:
            return tuple(value)
        except Exception:  # a hostile subclass: refused by the check as it stands
            return value  # type: ignore[return-value]
    return value  # type: ignore[return-value]


@strict_rules
@attrs.frozen(cache_hash=True)
class Rules(GameRules):
    """The settings of a Preference match (see docs/preference.md for each rule and its reason).

    Chip amounts (stack, ante, payouts, penalties) are at most 10,000 and a match at most 1,000
    deals.

    >>> Rules(deals=4).deals, Rules(payout=[1, 1, 2, 2]).payout
    (4, (1, 1, 2, 2))
    """

    starting_stack: int = 100
    """Chips each of the four participants holds when the match begins."""
    ante: int = 5
    """Chips each participant puts into the pot at the start, and again whenever a deal starts
    with the pot empty."""
    payout: tuple[int, ...] = attrs.field(default=(1, 2, 3, 4), converter=_ints)
    """Chips a made game takes from the pot, by trump: spades, clubs, diamonds, hearts."""
    penalty: tuple[int, ...] = attrs.field(default=(1, 2, 3, 4), converter=_ints)
    """Chips a failed game pays into the pot, by trump: spades, clubs, diamonds, hearts."""
    deals: int = 8
    """Deals in a match, thrown-in deals included (8: everyone deals twice)."""
    round_two_payment: RoundTwoPayment = "all"
    """``all``: every round-two offer is paid into the pot when made. ``winner_only``: only the
    winning offer is paid, when round two ends."""
    first_dealer: int = 0
    """Seat of the first dealer; the deal then passes left (clockwise)."""

    def __attrs_post_init__(self) -> None:
        for name in ("starting_stack", "ante", "deals", "first_dealer"):
            if type(getattr(self, name)) is not int:
                raise RulesError(f"{name} is a whole number, not {describe(getattr(self, name))}")
        if self.starting_stack < 0:
            raise RulesError(
                f"starting_stack cannot be negative, not {describe(self.starting_stack)}"
            )
        whole("starting_stack", self.starting_stack, 0, MAX_CHIPS)
        if self.ante < 1:
            raise RulesError(f"ante is at least 1 chip, not {describe(self.ante)}")
        whole("ante", self.ante, 1, MAX_CHIPS)
        for name in ("payout", "penalty"):
            table = getattr(self, name)
            if (
                type(table) is not tuple
                or len(table) != 4
                or any(type(v) is not int or not 0 <= v <= MAX_CHIPS for v in table)
            ):
                raise RulesError(
                    f"{name} lists 4 chip amounts of 0 to {MAX_CHIPS} (spades, clubs, diamonds, "
                    f"hearts), not {describe(table)}"
                )
        if self.deals < 1:
            raise RulesError(f"deals must be at least 1, not {describe(self.deals)}")
        whole("deals", self.deals, 1, MAX_DEALS)
        choice("round_two_payment", self.round_two_payment, ("all", "winner_only"))
        if self.first_dealer not in range(4):
            raise RulesError(f"first_dealer is a seat 0..3, not {describe(self.first_dealer)}")

    @property
    def contracts(self) -> tuple[Contract, ...]:
        """The contracts round one may name under these rules, lowest first (the bids, and the
        slots of a contract in an observation).

        >>> [c.letter for c in Rules().contracts]
        ['S', 'C', 'D', 'H']
        """
        return SUIT_ORDER

    def payout_for(self, trump: Contract) -> int:
        """What a made game with ``trump`` takes from the pot (before the pot's limit).

        >>> Rules(payout=(1, 2, 3, 9)).payout_for(Suit.HEARTS)
        9
        """
        return self.payout[CONTRACT_RANK[trump]]

    def penalty_for(self, trump: Contract) -> int:
        """What a failed game with ``trump`` pays into the pot.

        >>> Rules().penalty_for(Suit.SPADES)
        1
        """
        return self.penalty[CONTRACT_RANK[trump]]

    @property
    def max_offer(self) -> int:
        """No round-two offer can ever exceed this: a stack only grows by payouts, at most one a
        deal and at most the largest payout, and the last deal's offers come before its own.

        >>> Rules().max_offer
        128
        """
        return self.starting_stack + (self.deals - 1) * max(self.payout)
