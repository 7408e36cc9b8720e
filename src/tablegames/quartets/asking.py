"""An ask, the step of the asking phase, as a function: who may ask whom for what, what is
handed over, who asks next.

The seat to act asks another seat that still holds cards for one exact card of a rank it holds
and lacks (``ask 3 8S``), or, with ``ask="rank"``, for a rank it holds (``ask 3 8``). The seat
asked hands over what it holds of it; a set the asker completes is laid down at once. An ask
that got something lets the asker ask again; a failed one passes the turn to the seat asked (or,
with ``turn_passes="left"``, to the next seat on the asker's left holding cards). The rules
themselves are the collecting core's (:mod:`tablegames.collecting`); this module carries them
out on a Quartets state, the usual card ask by a few mask operations.

>>> from tablegames.quartets import Ask, Rules, deal_of, new_match
>>> from tablegames.pieces import Card
>>> hands = ["2C 2D 2H 3C 3D 3H 4C 4D 4H 5C 5D 5H 6C", "2S 3S 4S 5S 6D 6H 6S 7C 7D 7H 7S 8C 8D",
...          "8H 8S 9C 9D 9H 9S TC TD TH TS JC JD JH", "JS QC QD QH QS KC KD KH KS AC AD AH AS"]
>>> state = new_match(Rules(first_dealer=3)).apply(deal_of(hands, dealer=3))
>>> after = state.apply(Ask(2, Card.parse("6S")))     # seat 2 has no six: the turn passes
>>> after.to_act, after.asks.last
(2, Asked(asker=0, target=2, wanted=8796093022208, given=0, laid=0))
"""

from __future__ import annotations

from typing import TypeVar

from tablegames.collecting.asking import Asked, ask_violation
from tablegames.collecting.asking import ask as hand_over
from tablegames.collecting.turns import next_asker
from tablegames.core.history import LogNode, logged
from tablegames.core.seats import Seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.pieces.cards import Card, Rank

from .actions import MAX_PLAYERS, Ask, AskRank
from .dealing import end_deal
from .masks import RANK_CARDS
from .model import RANK_SETS
from .parts import Builders, Hands, StateSlots, deal_part, new_part

S = TypeVar("S")
MEMBERS = RANK_SETS.members


def ask(state: StateSlots, action: object, make: Builders[S]) -> S | Violation:
    """The state after ``action`` in the asking phase, or the rule it breaks.

    A card ask the rules allow is carried out here by mask operations (the hot path of every
    match); anything else goes through the collecting core's rules (:func:`checked_ask`),
    which say why an ask is refused.

    >>> import random
    >>> from tablegames.quartets import Rules, new_match
    >>> from tablegames.quartets.state import BUILD
    >>> state = new_match(Rules(players=3))
    >>> state = state.apply(state.chance_outcome(random.Random(0)))
    >>> action = state.legal_actions()[0]
    >>> ask(state, action, BUILD) == state.apply(action) == checked_ask(state, action, BUILD)
    True
    """
    asker = state._asker
    part = state._deal
    if type(action) is Ask and part.cards and asker is not None:
        target = action.seat
        targets = part.targets[asker]
        if target in targets:
            row = (_ASKED[asker] or _card_asks(asker))[target]
            bit, rank, missed, given, completed = row[action.card.index]
            hands = state.hands
            hand = hands[asker]
            if hand & rank and not hand & bit:
                log = state._log
                history = (log, action, log[2] + 1)
                asked = state._asks
                if not hands[target] & bit:
                    following = target if part.to_asked else targets[0]
                    asks = (asked, missed, asked[2] + 1)
                    return make.asking(hands, following, part, asks, history)
                hand |= bit
                new = list(hands)
                new[target] ^= bit
                if hand & rank != rank:
                    if new[target]:
                        new[asker] = hand
                        asks = (asked, given, asked[2] + 1)
                        return make.asking(tuple(new), asker, part, asks, history)
                    laid = 0
                else:
                    laid = rank
                    given = completed
                new[asker] = hand ^ laid
                asks = (asked, given, asked[2] + 1)
                return _after_got(state, tuple(new), target, laid, make, asks=asks, history=history)
    return checked_ask(state, action, make)


def checked_ask(state: StateSlots, action: object, make: Builders[S]) -> S | Violation:
    """The state after ``action`` in the asking phase by the collecting core's rules (which
    also say why an ask is refused): what :func:`ask` does by masks for the usual card ask.

    >>> import random
    >>> from tablegames.quartets import Rules, new_match
    >>> from tablegames.quartets.state import BUILD
    >>> state = new_match(Rules(players=3))
    >>> state = state.apply(state.chance_outcome(random.Random(0)))
    >>> print(checked_ask(state, AskRank(1, Rank.TWO), BUILD))
    Under these rules you ask for one exact card, as ask 3 8S, not for a rank.
    """
    cards = state._deal.cards
    if type(action) is Ask:
        if not cards:
            return Violation(
                ViolationCode.UNKNOWN_ACTION,
                "Under these rules you ask for a rank, as ask 3 8, not for one card.",
            )
        card: object = action.card
        if not isinstance(card, Card):
            return Violation(ViolationCode.NOT_IN_DECK, f"{card!r} is not a playing card.")
        index = card.index
        return _ask(
            state, action, make, target=action.seat, piece=index, set_id=RANK_SETS.set_of[index]
        )
    if type(action) is AskRank:
        if cards:
            return Violation(
                ViolationCode.UNKNOWN_ACTION,
                "Under these rules you ask for one exact card, as ask 3 8S, not for a rank.",
            )
        rank: object = action.rank
        if not isinstance(rank, Rank):
            return Violation(ViolationCode.NOT_IN_DECK, f"{rank!r} is not a rank.")
        result = _ask(state, action, make, target=action.seat, piece=None, set_id=rank - 2)
        if isinstance(result, Violation) and result.code is ViolationCode.ASK_RANK_NOT_HELD:
            return Violation(result.code, _rank_not_held(rank))
        return result
    return Violation(ViolationCode.WRONG_PHASE, _ASK_NOW[not cards])


def _ask(
    state: StateSlots,
    action: object,
    make: Builders[S],
    *,
    target: int,
    piece: int | None,
    set_id: int,
) -> S | Violation:
    """Any ask, checked by the rules: refused with their violation, or carried out."""
    hands = state.hands
    asker = state._asker
    assert asker is not None
    violation = ask_violation(hands, asker, target, piece=piece, set_id=set_id, model=RANK_SETS)
    if violation is not None:
        return violation
    wanted = MEMBERS[set_id] if piece is None else 1 << piece
    hands, asked = hand_over(hands, asker, target, wanted, RANK_SETS)
    history = logged(state._log, action)
    asks = logged(state._asks, asked)
    if asked.given:
        return _after_got(state, hands, target, asked.laid, make, asks=asks, history=history)
    following = next_asker(hands, asker, target, False, state._deal.rules.turn_passes)
    return make.asking(hands, following, state._deal, asks, history)


def _after_got(
    state: StateSlots,
    hands: Hands,
    target: Seat,
    laid: int,
    make: Builders[S],
    *,
    asks: LogNode,
    history: LogNode,
) -> S:
    """The state after the seat to ask got something from ``target``: ``hands`` as they are
    after it, ``laid`` the set it then laid down (0 for none)."""
    asker = state._asker
    assert asker is not None
    part = state._deal
    laid_by = part.laid
    if laid:
        new = list(laid_by)
        new[asker] |= laid
        laid_by = tuple(new)
    following = next_asker(hands, asker, target, True)
    if following is None:
        return end_deal(part, laid_by, history, make)
    if hands[asker] and hands[target]:  # nobody went out: the same seats may be asked
        part = new_part(
            part.rules,
            part.dealer,
            laid_by,
            part.scores,
            part.results,
            part.targets,
            part.cards,
            part.to_asked,
            part.listed,
        )
    else:
        part = deal_part(
            part.rules,
            hands,
            part.dealer,
            laid=laid_by,
            scores=part.scores,
            results=part.results,
        )
    return make.asking(hands, following, part, asks, history)


CardAsk = tuple[int, int, Asked, Asked, Asked]
"""What the fast path needs of one card ask: the card's bit, the mask of its rank, and the
public records of the ask when it got nothing, when it got the card, and when the asker then
laid the rank down."""

_ASKED: list[tuple[tuple[CardAsk, ...], ...] | None] = [None] * MAX_PLAYERS
"""By asker, by seat asked, by card index: the records of that ask (:data:`CardAsk`), keyed
by those three numbers. Made for an asker at its first card ask (8 x 52 entries, some 1,250
records), at most 9 askers; records are immutable values, so every state shares them."""


def _card_asks(asker: Seat) -> tuple[tuple[CardAsk, ...], ...]:
    """Make ``asker``'s table of :data:`_ASKED` (an empty row for the asker itself).

    >>> _card_asks(0)[1][5][3]
    Asked(asker=0, target=1, wanted=32, given=32, laid=0)
    """
    table = tuple(
        ()
        if target == asker
        else tuple(
            (
                1 << index,
                RANK_CARDS[index],
                Asked(asker, target, 1 << index, 0, 0),
                Asked(asker, target, 1 << index, 1 << index, 0),
                Asked(asker, target, 1 << index, 1 << index, RANK_CARDS[index]),
            )
            for index in range(52)
        )
        for target in range(MAX_PLAYERS)
    )
    _ASKED[asker] = table
    return table


def _rank_not_held(rank: Rank) -> str:
    return (
        f"You hold no {rank.letter} (the {RANK_SETS.names[rank - 2]}): you may ask only for a "
        "rank you hold."
    )


_ASK_NOW = (
    "It is time to ask a player for a card, as ask 3 8S.",
    "It is time to ask a player for a rank, as ask 3 8.",
)
