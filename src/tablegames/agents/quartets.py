"""A Quartets player that remembers every ask of the deal.

The view lists every ask of this deal with what it brought, so the agent needs no memory of its
own: it replays them to learn where cards are. A card handed over is known to be with the asker;
a miss shows the seat asked lacks that card; an asker is known to hold a card of the value it
asked for. The agent asks where a card is known to be, else a seat known to hold that value,
never for a card known to be missing, and prefers values it holds more of.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from tablegames.collecting.asking import Asked
from tablegames.pieces.cards import CARDS, Rank
from tablegames.quartets.actions import Action, Ask, AskRank
from tablegames.quartets.state import QuartetsView

RANK_MASKS = tuple(sum(1 << c.index for c in CARDS if c.rank == rank) for rank in Rank)
"""By rank (two first): the mask of the four cards of that value."""


def _rank_mask(rank: Rank) -> int:
    return RANK_MASKS[rank - Rank.TWO]


def _indices(mask: int) -> list[int]:
    if not mask & (mask - 1):  # no card or one card: the common case, at once
        return [mask.bit_length() - 1] if mask else []
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_RANK_OF = tuple(card.rank for card in CARDS)


def _ranks_in(mask: int) -> set[Rank]:
    if not mask & (mask - 1):
        return {_RANK_OF[mask.bit_length() - 1]} if mask else set()
    return {_RANK_OF[i] for i in _indices(mask)}


@attrs.frozen
class Knowledge:
    """What the asks of a deal reveal: ``holder`` maps a card index to the seat known to hold
    it; ``absent`` is, by seat, the mask of cards known not to be there; ``values`` is, by seat,
    the values it is known to hold a card of.

    >>> Knowledge.of([], 3).holder
    {}
    """

    holder: dict[int, int]
    absent: list[int]
    values: list[set[Rank]]

    @classmethod
    def of(cls, asks: Sequence[Asked], players: int) -> Knowledge:
        """Replay the asks of a deal, oldest first."""
        holder: dict[int, int] = {}
        absent = [0] * players
        values: list[set[Rank]] = [set() for _ in range(players)]
        for ask in asks:
            asker, target = ask.asker, ask.target
            for rank in _ranks_in(ask.wanted):
                values[asker].add(rank)
            if ask.given:
                for index in _indices(ask.given):
                    holder[index] = asker
                absent[asker] &= ~ask.given
                absent[target] |= ask.given
            else:
                absent[target] |= ask.wanted
                for rank in _ranks_in(ask.wanted):
                    if ask.wanted == _rank_mask(rank):
                        values[target].discard(rank)
            for rank in _ranks_in(ask.laid):
                for seat_values in values:
                    seat_values.discard(rank)
                for index in _indices(ask.laid):
                    holder.pop(index, None)
        return cls(holder, absent, values)


@attrs.frozen
class QuartetsHeuristic:
    """The Quartets heuristic agent (see the module doc).

    >>> import random
    >>> from tablegames import quartets
    >>> state = quartets.new_match().apply(quartets.deal_of([
    ...     "2C 2D 2H 3C 3D 3H 4C 4D 4H 5C 5D 5H 6C", "9D 9H TC TD TH JC JD JH QC QD QH KC KD",
    ...     "9C 2S 3S 4S 5S QS 6D 6H 7C 7D 7H 8C 8D", "9S TS JS 6S KS KH AC AD AH AS 7S 8H 8S"]))
    >>> state = state.apply(quartets.parse_action("ask 2 9C"))  # seat 1 gets 9C
    >>> state = state.apply(quartets.parse_action("ask 3 QS"))  # a miss: seat 3 asks next
    >>> str(QuartetsHeuristic().choose(state.view(3), random.Random(0)))
    'ask 1 9C'
    """

    def choose(self, view: QuartetsView, rng: random.Random) -> Action:
        """The ask this seat makes."""
        legal = view.legal_actions
        known = Knowledge.of(view.asks, len(view.hand_sizes))
        hand = view.hand.mask
        best: list[Action] = []
        best_score = float("-inf")
        for action in legal:
            score = self._score(action, known, hand, view)
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return best[rng.randrange(len(best))]

    def ranked(self, view: QuartetsView) -> tuple[Action, ...]:
        """The legal asks, the most promising first (ties in the order of ``legal_actions``).

        >>> import random
        >>> from tablegames import quartets
        >>> state = quartets.new_match(quartets.Rules(players=3))
        >>> state = state.apply(state.chance_outcome(random.Random(1)))
        >>> view = state.view(state.to_act)
        >>> sorted(map(str, QuartetsHeuristic().ranked(view))) == sorted(
        ...     map(str, view.legal_actions))
        True
        """
        known = Knowledge.of(view.asks, len(view.hand_sizes))
        hand = view.hand.mask
        legal = view.legal_actions
        scores = [self._score(action, known, hand, view) for action in legal]
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        return tuple(legal[i] for i in order)

    def _score(self, action: Action, known: Knowledge, hand: int, view: QuartetsView) -> float:
        if isinstance(action, AskRank):
            wanted = _rank_mask(action.rank) & ~hand
            rank = action.rank
        elif isinstance(action, Ask):
            wanted = 1 << action.card.index
            rank = action.card.rank
        else:  # pragma: no cover - a seat to act only ever asks
            return 0.0
        seat = action.seat
        held = (_rank_mask(rank) & hand).bit_count()
        score = float(held)
        places = {known.holder.get(i) for i in _indices(wanted)}
        if seat in places:
            score += 100.0
        elif rank in known.values[seat]:
            score += 50.0
        if wanted & ~known.absent[seat] == 0:
            score -= 200.0
        elif places - {None, seat}:
            score -= 30.0
        score += view.hand_sizes[seat] / 100.0
        return score


__all__ = ["RANK_MASKS", "Knowledge", "QuartetsHeuristic"]
