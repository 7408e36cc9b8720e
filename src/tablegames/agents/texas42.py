"""A Texas 42 player with the rules of thumb of a decent partner.

Bidding: count the trumps of the best suit (the double of that suit counts twice) and the off
doubles; bid the lowest legal bid if the hand is worth it, and overbid the partner only with a
strong hand.
Trumps: the suit that makes the hand strongest. Play: pull trumps when your side holds the
contract, win cheaply, smear count onto a trick the partner is sure to take, duck otherwise.
(A contract other than trumps or no trump, if the rules offer one, is played at random.)
"""

from __future__ import annotations

import random

import attrs

from tablegames.core.actions import Pass, Play
from tablegames.pieces.dominoes import DOMINOES, Domino
from tablegames.texas42.actions import Action, Bid, Trump
from tablegames.texas42.model import DOUBLES, NO_TRUMP, model_of
from tablegames.texas42.state import Phase, Texas42View

from .trick_play import TrickSight, choose_play, played_in

ALL_TILES = (1 << len(DOMINOES)) - 1


def suit_strength(hand: list[Domino], suit: int) -> float:
    """How strong ``hand`` is with ``suit`` (0..6, or ``DOUBLES``) as trumps.

    Each trump counts 1, the highest trumps (the double, then 6 and 5 on the other end) a bit
    more, each off double 0.75 (it takes a trick of its suit).

    >>> from tablegames.pieces import dominoes
    >>> suit_strength(list(dominoes("6:6 6:5 6:4 6:3 1:1 2:0 3:0")), 6)
    6.75
    """
    if suit == DOUBLES:
        trumps = [d for d in hand if d.is_double]
        return len(trumps) * 1.25 + (0.5 if Domino(6, 6) in trumps else 0.0)
    score = 0.0
    for tile in hand:
        if tile.bears(suit):
            score += 1.0
            other = tile.other_end(suit)
            if tile.is_double:
                score += 1.5
            elif other >= 5:
                score += 0.5
        elif tile.is_double:
            score += 0.75
    return score


def hand_worth(hand: list[Domino]) -> int:
    """The highest bid ``hand`` is worth (below 30: pass).

    >>> from tablegames.pieces import dominoes
    >>> hand_worth(list(dominoes("6:6 6:5 6:4 6:3 6:2 5:5 4:4")))
    42
    >>> hand_worth(list(dominoes("6:1 5:2 4:0 3:1 2:1 1:0 3:2")))
    0
    """
    best = max(suit_strength(hand, s) for s in range(7))
    if best < 5.5:
        return 0
    return min(42, 30 + int((best - 5.5) * 4))


@attrs.frozen
class Texas42Heuristic:
    """The Texas 42 heuristic agent (see the module doc).

    >>> import random
    >>> from tablegames import texas42
    >>> strong = texas42.new_match().apply(texas42.deal_of(["6:6 6:5 6:4 6:3 6:2 5:5 4:4",
    ...     "5:4 5:3 5:2 5:1 5:0 4:3 4:2", "4:1 4:0 3:3 3:2 3:1 3:0 2:2",
    ...     "2:1 2:0 1:1 1:0 0:0 6:1 6:0"]))
    >>> agent = Texas42Heuristic()
    >>> str(agent.choose(strong.view(1), random.Random(0)))
    'pass'
    >>> strong = strong.apply(texas42.PASS).apply(texas42.PASS).apply(texas42.PASS)
    >>> str(agent.choose(strong.view(0), random.Random(0)))
    'bid 30'
    """

    def choose(self, view: Texas42View, rng: random.Random) -> Action:
        """The action this seat plays."""
        legal = view.legal_actions
        if view.phase is Phase.BID:
            return self._bid(view, legal)
        if view.phase is Phase.TRUMP:
            return self._trump(view, legal)
        return self._play(view, legal, rng)

    def _bid(self, view: Texas42View, legal: tuple[Action, ...]) -> Action:
        bids = [a for a in legal if isinstance(a, Bid)]
        passes = [a for a in legal if isinstance(a, Pass)]
        if not passes:
            return min(bids, key=lambda b: b.amount)
        worth = hand_worth(list(view.hand))
        if view.bidder is not None and view.bidder % 2 == view.seat % 2:
            worth -= 6  # the partner already holds the bid: only overbid with much more
        affordable = [b for b in bids if b.amount <= worth]
        if affordable:
            return min(affordable, key=lambda b: b.amount)
        return passes[0]

    def _trump(self, view: Texas42View, legal: tuple[Action, ...]) -> Action:
        hand = list(view.hand)
        trumps = [a for a in legal if isinstance(a, Trump)]
        return max(trumps, key=lambda t: suit_strength(hand, t.suit) if t.suit <= DOUBLES else 0)

    def _play(self, view: Texas42View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        if view.trump is None or view.trump > NO_TRUMP:
            # a contract this agent has no rules of thumb for: any legal play
            return legal[rng.randrange(len(legal))]
        model = model_of(view.trump, view.rules)  # the rules' own model: follow and all
        seen = view.hand.mask | played_in(view.tricks)
        for _, tile in view.trick:
            seen |= 1 << tile.index
        bidder = view.bidder
        table = TrickSight(
            model,
            tuple((seat, tile.index) for seat, tile in view.trick),
            view.seat,
            frozenset({view.seat, (view.seat + 2) % 4}),
            4,
            ALL_TILES & ~seen,
            value=_count,
            pull_trumps=bidder is not None and bidder % 2 == view.seat % 2,
        )
        plays = {a.piece.index: a for a in legal if isinstance(a, Play)}
        return plays[choose_play(table, list(plays))]


_COUNTS = tuple(d.count for d in DOMINOES)


def _count(index: int) -> int:
    return _COUNTS[index]


__all__ = ["Texas42Heuristic", "hand_worth", "suit_strength"]
