"""A Ninety-Two player with the rules of thumb of a decent player.

Bidding: count the tricks the hand can promise (trumps and aces of the longest, strongest
suit); pass unless the team can take them. Partners: the players who bid the same trump, else
the strongest bidders. Play: the team must take *exactly* its bid, so the bidding team plays to
win until it has its tricks and then to lose; defenders take every trick they can (a failed bid
pays them three points a trick).
"""

from __future__ import annotations

import random

import attrs

from tablegames.core.actions import Pass, Play
from tablegames.ninety_two.actions import Action, Bid, Partners
from tablegames.ninety_two.model import model_of
from tablegames.ninety_two.state import NinetyTwoView, Phase
from tablegames.pieces.cards import Card, Rank, Suit

from .trick_play import TrickSight, choose_play, played_in

ALL_CARDS = (1 << 52) - 1


def promised_tricks(hand: list[Card], trump: Suit, tricks_per_deal: int) -> int:
    """Tricks a team can count on with ``hand`` and ``trump``: two fewer than half the deal, plus
    one for each trump beyond one and each ace or trump honour (hands are refilled, so a
    four-card hand says little).

    >>> from tablegames.pieces import cards
    >>> promised_tricks(list(cards("AS KS QS 2C")), Suit.SPADES, 13)
    9
    """
    count = tricks_per_deal // 2 - 2
    trumps = [c for c in hand if c.suit == trump]
    count += max(len(trumps) - 1, 0)
    count += sum(1 for c in hand if c.rank == Rank.ACE or (c.suit == trump and c.rank >= 12))
    return min(count, tricks_per_deal)


@attrs.frozen
class NinetyTwoHeuristic:
    """The Ninety-Two heuristic agent (see the module doc).

    >>> import random
    >>> from tablegames import ninety_two
    >>> state = ninety_two.new_match().apply(ninety_two.deal_of(
    ...     ["AS KS QS 2C", "3C 4C 5C 6C", "7C 8C 9C TC", "2D 3D 4D 5D"], "6S 7S 8S 9S"))
    >>> str(NinetyTwoHeuristic().choose(state.view(1), random.Random(0)))  # four clubs
    'bid 7 C'
    >>> state = state.apply(ninety_two.parse_action("bid 7 C"))
    >>> str(NinetyTwoHeuristic().choose(state.view(2), random.Random(0)))  # worth 7: no higher
    'pass'
    """

    def choose(self, view: NinetyTwoView, rng: random.Random) -> Action:
        """The action this seat plays."""
        legal = view.legal_actions
        if view.phase is Phase.BID:
            return self._bid(view, legal)
        if view.phase is Phase.PARTNERS:
            return self._partners(view, legal)
        return self._play(view, legal)

    def ranked(self, view: NinetyTwoView) -> tuple[Action, ...]:
        """The legal actions, the most promising first: the action :meth:`choose` plays, then,
        when bidding, a pass and the bids closest to what the hand promises in their trump,
        stronger trumps first (of dozens of bids, the ones worth searching); else the rest in
        the order of ``legal_actions``.

        >>> import random
        >>> from tablegames import ninety_two
        >>> state = ninety_two.new_match().apply(ninety_two.deal_of(
        ...     ["AS KS QS 2C", "3C 4C 5C 6C", "7C 8C 9C TC", "2D 3D 4D 5D"], "6S 7S 8S 9S"))
        >>> [str(a) for a in NinetyTwoHeuristic().ranked(state.view(1))[:4]]
        ['bid 7 C', 'pass', 'bid 8 C', 'bid 6 C']
        """
        first = self.choose(view, random.Random(0))
        rest = [a for a in view.legal_actions if a != first]
        if view.phase is Phase.BID:
            hand = list(view.hand)
            deal_tricks = _tricks_per_deal(view)
            promised = {suit: promised_tricks(hand, suit, deal_tricks) for suit in Suit}
            strongest = sorted(Suit, key=lambda suit: _suit_weight(hand, suit), reverse=True)
            place = {suit: index for index, suit in enumerate(strongest)}

            def distance(action: Action) -> tuple[float, int]:
                if isinstance(action, Bid):
                    off = abs(action.tricks - promised[action.suit])
                    return (off + place[action.suit], -action.tricks)
                return (0.5, 0)

            rest.sort(key=distance)
        return (first, *rest)

    def _bid(self, view: NinetyTwoView, legal: tuple[Action, ...]) -> Action:
        hand = list(view.hand)
        deal_tricks = _tricks_per_deal(view)
        bids = {(a.tricks, a.suit): a for a in legal if isinstance(a, Bid)}
        trump = max(Suit, key=lambda suit: _suit_weight(hand, suit))
        best = bids.get((promised_tricks(hand, trump, deal_tricks), trump))
        if best is not None:
            return best
        passes = [a for a in legal if isinstance(a, Pass)]
        return passes[0] if passes else legal[0]

    def _partners(self, view: NinetyTwoView, legal: tuple[Action, ...]) -> Action:
        trump = view.high.suit if view.high is not None else None
        claims: dict[int, float] = {}
        dealer_left = (view.dealer + 1) % view.players
        for offset, call in enumerate(view.calls):
            seat = (dealer_left + offset) % view.players
            if isinstance(call, Bid):
                claims[seat] = call.tricks + (20.0 if call.suit == trump else 0.0)
        options = [a for a in legal if isinstance(a, Partners)]
        bidder = view.bidder if view.bidder is not None else view.seat
        players = view.players

        def worth(p: Partners) -> tuple[float, int]:
            # The partners' claims, then (among equals) the seats nearest after the bidder:
            # a tie-break by where seats sit relative to the bidder, never by their numbers,
            # which would make the lowest-numbered seats everybody's partner.
            near = sum((s - bidder) % players for s in p.seats)
            return (sum(claims.get(s, 0.0) for s in p.seats), -near)

        return max(options, key=worth)

    def _play(self, view: NinetyTwoView, legal: tuple[Action, ...]) -> Action:
        assert view.high is not None and view.bidder is not None
        model = model_of(view.high.suit, view.rules)
        seen = view.hand.mask | played_in(view.tricks)
        for _, card in view.trick:
            seen |= 1 << card.index
        bidders = frozenset({view.bidder, *view.partners})
        on_contract = view.seat in bidders
        team = bidders if on_contract else frozenset(range(view.players)) - bidders
        played = {seat for seat, _ in view.trick}
        still = sum(1 for s in range(view.players) if s not in played and view.hand_sizes[s] > 0)
        table = TrickSight(
            model,
            tuple((seat, card.index) for seat, card in view.trick),
            view.seat,
            team,
            len(view.trick) + max(still, 1),
            ALL_CARDS & ~seen,
            pull_trumps=on_contract,
        )
        want_win = True
        if on_contract:
            taken = sum(view.won[s] for s in bidders)
            want_win = taken < view.high.tricks
        plays = {a.piece.index: a for a in legal if isinstance(a, Play)}
        return plays[choose_play(table, list(plays), want_win=want_win)]


def _suit_weight(hand: list[Card], suit: Suit) -> tuple[int, int]:
    same = [c.rank for c in hand if c.suit == suit]
    return (len(same), sum(same))


def _tricks_per_deal(view: NinetyTwoView) -> int:
    return {4: 13, 6: 8, 8: 6}.get(view.players, 13)


__all__ = ["NinetyTwoHeuristic", "promised_tricks"]
