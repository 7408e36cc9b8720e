"""Asking another player for pieces, handing them over, and the public record of an ask.

An ask names another seat that still holds pieces and either one piece (``piece`` asks) or a
whole set (``set`` asks). The asker must hold part of that set, and, asking for one piece,
must not hold that piece. The seat asked hands over every piece asked for that it holds; the
asker then lays down any set it has completed.

>>> from tablegames.pieces import CARD_UNIVERSE
>>> model = SetModel(CARD_UNIVERSE, (0b0011, 0b1100), ("lows", "highs"), "card", "kind")
>>> hands, asked = ask((0b0001, 0b0110), asker=0, target=1, wanted=0b0010, model=model)
>>> hands, asked.given, asked.laid
((0, 4), 2, 3)
>>> print(ask_violation((0b0001, 0b0110), 0, 1, piece=2, set_id=1, model=model))
You hold none of the highs: you may ask only for a card of a kind you hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import attrs

from tablegames.core.seats import Seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.pieces.sets import bits

from .model import SetModel

AskKind = Literal["piece", "set"]
"""What an ask names: one exact piece, or a whole set."""


@attrs.frozen
class Asked:
    """One ask and its outcome, as every seat saw it.

    ``wanted`` is the mask of pieces asked for (one piece, or the whole set), ``given`` what
    the seat asked handed over (0: it had none), ``laid`` the pieces the asker then laid down.

    >>> Asked(0, 1, wanted=0b10, given=0b10, laid=0).got
    True
    """

    asker: Seat
    """The seat that asked."""
    target: Seat
    """The seat asked."""
    wanted: int
    """Mask of the pieces asked for: one piece, or the whole set when asking by set (bit *i*:
    the piece whose ``index`` is *i*)."""
    given: int
    """Mask of the pieces handed over; ``0`` when the seat asked had none (``got`` is False)."""
    laid: int
    """Mask of the pieces the asker then laid down (whole sets)."""

    @property
    def got(self) -> bool:
        """True when the seat asked had something to hand over."""
        return self.given != 0


def askable_pieces(hand: int, model: SetModel) -> int:
    """The pieces ``hand`` may ask for: those it lacks of the sets it holds part of.

    >>> from tablegames.pieces import CARD_UNIVERSE
    >>> askable_pieces(0b0001, SetModel(CARD_UNIVERSE, (0b0011, 0b1100), ("lows", "highs")))
    2
    """
    return model.span(model.held(hand)) & ~hand


def askable_sets(hand: int, model: SetModel) -> int:
    """The sets (mask of set ids) ``hand`` may ask for: those it holds part of.

    >>> from tablegames.pieces import CARD_UNIVERSE
    >>> askable_sets(0b0100, SetModel(CARD_UNIVERSE, (0b0011, 0b1100), ("lows", "highs")))
    2
    """
    return model.held(hand)


def ask_violation(
    hands: Sequence[int],
    asker: Seat,
    target: int,
    *,
    piece: int | None,
    set_id: int,
    model: SetModel,
) -> Violation | None:
    """Why ``asker`` may not ask ``target`` for ``piece`` (a piece index, or ``None`` for a
    whole set) of set ``set_id``, or ``None`` if it may.

    >>> from tablegames.pieces import CARD_UNIVERSE
    >>> model = SetModel(CARD_UNIVERSE, (0b0011, 0b1100), ("lows", "highs"))
    >>> print(ask_violation((0b01, 0b10), 0, 0, piece=1, set_id=0, model=model))
    You cannot ask yourself: ask another player.
    """
    players = len(hands)
    if not 0 <= target < players:
        return Violation(
            ViolationCode.NO_SUCH_SEAT,
            f"There is no seat {target}: the seats are 0 to {players - 1}.",
        )
    if target == asker:
        return Violation(ViolationCode.ASK_SELF, "You cannot ask yourself: ask another player.")
    if not hands[target]:
        return Violation(
            ViolationCode.ASK_PLAYER_OUT,
            f"Seat {target} has no {model.piece_noun}s left and is out of the deal: "
            f"ask a player who still holds {model.piece_noun}s.",
        )
    hand = hands[asker]
    if not hand & model.members[set_id]:
        return Violation(
            ViolationCode.ASK_RANK_NOT_HELD,
            f"You hold none of the {model.names[set_id]}: you may ask only for a "
            f"{model.piece_noun} of a {model.set_noun} you hold.",
        )
    if piece is not None and hand >> piece & 1:
        return Violation(
            ViolationCode.ASK_HELD_CARD,
            f"You hold {model.piece_name(piece)} yourself: "
            f"ask for a {model.piece_noun} you do not hold.",
        )
    return None


def ask(
    hands: tuple[int, ...], asker: Seat, target: Seat, wanted: int, model: SetModel
) -> tuple[tuple[int, ...], Asked]:
    """Carry out a legal ask for the pieces ``wanted``: the hands after it (sets completed laid
    down) and its public record.

    >>> from tablegames.pieces import CARD_UNIVERSE
    >>> model = SetModel(CARD_UNIVERSE, (0b0011, 0b1100), ("lows", "highs"))
    >>> ask((0b0100, 0b0010), 0, 1, 0b1000, model)[1].got
    False
    """
    given = hands[target] & wanted
    if not given:
        return hands, Asked(asker, target, wanted, 0, 0)
    new = list(hands)
    new[target] ^= given
    hand = hands[asker] | given
    laid = 0
    members = model.members
    for k in bits(model.held(given)):
        mask = members[k]
        if hand & mask == mask:
            laid |= mask
    new[asker] = hand & ~laid
    return tuple(new), Asked(asker, target, wanted, given, laid)
