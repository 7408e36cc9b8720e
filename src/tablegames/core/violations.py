"""Violations: why an action is illegal, as a stable code and a sentence a player understands.

>>> v = Violation(ViolationCode.NOT_IN_HAND, "You do not hold 6:4.")
>>> v.code is ViolationCode.NOT_IN_HAND, str(v)
(True, 'You do not hold 6:4.')
"""

from __future__ import annotations

import enum

import attrs


class ViolationCode(str, enum.Enum):
    """Stable identifiers of the rules an action can break. Values never change once released.

    >>> ViolationCode("must_follow_suit") is ViolationCode.MUST_FOLLOW_SUIT
    True
    """

    # any game
    GAME_OVER = "game_over"
    OUT_OF_TURN = "out_of_turn"
    WRONG_PHASE = "wrong_phase"
    DEAL_EXPECTED = "deal_expected"
    BAD_DEAL = "bad_deal"
    UNKNOWN_ACTION = "unknown_action"
    MALFORMED_ACTION = "malformed_action"
    """An action whose fields have the wrong type or an absurd size (``Bid(30.0)``)."""
    BAD_SEAT = "bad_seat"
    """``seat=`` names no seat at this table (``check(action, seat=7)`` with four seats)."""
    # trick games
    NOT_IN_HAND = "not_in_hand"
    NOT_IN_DECK = "not_in_deck"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    BID_NOT_HIGHER = "bid_not_higher"
    BID_OUT_OF_RANGE = "bid_out_of_range"
    BID_NOT_ON_LADDER = "bid_not_on_ladder"
    MUST_BID = "must_bid"
    BAD_TRUMP = "bad_trump"
    # Ninety-Two
    PARTNERS_WRONG_NUMBER = "partners_wrong_number"
    PARTNERS_REPEATED = "partners_repeated"
    PARTNER_IS_BIDDER = "partner_is_bidder"
    NO_SUCH_SEAT = "no_such_seat"
    # Preference
    OFFER_NOT_HIGHER = "offer_not_higher"
    OFFER_OVER_STACK = "offer_over_stack"
    DISCARD_WRONG_COUNT = "discard_wrong_count"
    # Quartets
    ASK_SELF = "ask_self"
    ASK_PLAYER_OUT = "ask_player_out"
    ASK_HELD_CARD = "ask_held_card"
    ASK_RANK_NOT_HELD = "ask_rank_not_held"


@attrs.frozen
class Violation:
    """A broken rule: ``code`` for programs, ``message`` for people.

    >>> str(Violation(ViolationCode.NOT_IN_HAND, "You do not hold AH."))
    'You do not hold AH.'
    """

    code: ViolationCode
    message: str

    def __str__(self) -> str:
        return self.message
