"""A Preference player with the rules of thumb of a careful player.

Round one: name a suit only when the hand counts six tricks with it as trumps. Round two: offers
are paid into the pot and a made game pays at most a few chips back, so offer only the smallest
amount, and only with a hand that counts its six tricks. Widow: discard the two cards that leave
the strongest hand for the best trump suit. Play: win cheaply, duck behind a partner in defence
(the two defenders play together against the declarer), pull trumps as declarer.
"""

from __future__ import annotations

import random

import attrs

from tablegames.core.actions import Pass, Play
from tablegames.pieces.cards import DECK_32, Card, Rank, Suit
from tablegames.preference.actions import Action, Bid, Discard, Keep, Offer, Trump
from tablegames.preference.rules import trump_of
from tablegames.preference.scoring import contract_goal
from tablegames.preference.state import Phase, PreferenceView

from .trick_play import TrickSight, choose_play

GAME_TRICKS = 6
"""Tricks a declarer must take."""


def counted_tricks(hand: list[Card], trump: Suit | None) -> float:
    """The tricks ``hand`` can count on with ``trump`` as trumps (None: no trump): trump
    honours and length, side aces, and side kings with a guard.

    >>> from tablegames.pieces import cards
    >>> counted_tricks(list(cards("AH KH QH JH TH 9H 8H 7H AS KS")), Suit.HEARTS)
    9.5
    """
    total = 0.0
    for suit in Suit:
        ranks = sorted((c.rank for c in hand if c.suit == suit), reverse=True)
        if suit == trump:
            honours = sum(1 for r in ranks if r >= Rank.QUEEN)
            total += honours + max(len(ranks) - 3, 0)
        else:
            if ranks and ranks[0] == Rank.ACE:
                total += 1.0
            if Rank.KING in ranks and len(ranks) >= 2:
                total += 0.5
    return total


def best_trump(hand: list[Card]) -> tuple[Suit, float]:
    """The suit that counts the most tricks as trumps, and that count.

    >>> from tablegames.pieces import cards
    >>> best_trump(list(cards("AD KD QD JD TD 9D 8D 7D QS JS")))
    (<Suit.DIAMONDS: 1>, 8.0)
    """
    return max(((s, counted_tricks(hand, s)) for s in Suit), key=lambda pair: pair[1])


@attrs.frozen
class PreferenceHeuristic:
    """The Preference heuristic agent (see the module doc).

    >>> import random
    >>> from tablegames import preference
    >>> state = preference.new_match().apply(preference.deal_of(
    ...     ["", "AH KH QH JH TH 9H 8H 7H AS KS", "AD KD QD JD TD 9D 8D 7D QS JS",
    ...      "AC KC QC JC TC 9C 8C 7C TS 9S"], widow="8S 7S", dealer=0))
    >>> str(PreferenceHeuristic().choose(state.view(1), random.Random(0)))
    'bid H'
    """

    def choose(self, view: PreferenceView, rng: random.Random) -> Action:
        """The action this seat plays."""
        legal = view.legal_actions
        hand = list(view.hand)
        if view.phase is Phase.BID:
            # A bid is good when the tricks the hand counts with its trump clear its contract's
            # goal by half a trick; the bid that clears it by the most is named.
            margins = [
                (contract_goal(a.suit).margin(counted_tricks(hand, trump_of(a.suit))), a)
                for a in legal
                if isinstance(a, Bid)
            ]
            good = [(margin, bid) for margin, bid in margins if margin >= 0.5]
            if good:
                return max(good, key=lambda pair: pair[0])[1]
            return _pass(legal)
        if view.phase is Phase.OFFER:
            offers = [a for a in legal if isinstance(a, Offer) and a.chips <= 2]
            if offers and best_trump(hand)[1] >= GAME_TRICKS:
                return min(offers, key=lambda o: o.chips)
            return _pass(legal)
        if view.phase is Phase.WIDOW:
            return self._widow(view, legal)
        if view.phase is Phase.TRUMP:
            trumps = [a for a in legal if isinstance(a, Trump)]
            return max(trumps, key=lambda t: counted_tricks(hand, t.suit))
        return self._play(view, legal)

    def _widow(self, view: PreferenceView, legal: tuple[Action, ...]) -> Action:
        pool = set(view.hand) | set(view.widow)
        best: Action = next(a for a in legal if isinstance(a, Keep))
        best_count = best_trump(list(view.hand))[1]
        for action in legal:
            if isinstance(action, Discard):
                kept = [c for c in pool if c not in action.cards]
                count = best_trump(kept)[1]
                if count > best_count:
                    best, best_count = action, count
        return best

    def _play(self, view: PreferenceView, legal: tuple[Action, ...]) -> Action:
        model = view.model  # the contract's, in play
        assert model is not None and view.declarer is not None
        seen = view.hand.mask | view.widow.mask | view.discards.mask
        for _, cards, _ in view.tricks:
            for card in cards:
                seen |= 1 << card.index
        for _, card in view.trick:
            seen |= 1 << card.index
        declaring = view.seat == view.declarer
        team = (
            frozenset({view.seat})
            if declaring
            else frozenset(s for s in view.active if s != view.declarer)
        )
        table = TrickSight(
            model,
            tuple((seat, card.index) for seat, card in view.trick),
            view.seat,
            team,
            len(view.active),
            DECK_32.mask & ~seen,
            pull_trumps=declaring,
        )
        plays = {a.piece.index: a for a in legal if isinstance(a, Play)}
        return plays[choose_play(table, list(plays))]


def _pass(legal: tuple[Action, ...]) -> Action:
    passes = [a for a in legal if isinstance(a, Pass)]
    return passes[0] if passes else legal[0]


__all__ = ["GAME_TRICKS", "PreferenceHeuristic", "best_trump", "counted_tricks"]
