"""A whole Preference match played by random players, told deal by deal; cards and suits
show as ``A♠`` and ``♠`` (``AS`` and ``S`` with ``ascii``).

>>> lines = list(narrate(seed=1))
>>> lines[0]
'Preference — random players, seed 1. Four players, each for themselves; 8 deals.'
>>> lines[-1].startswith('Winner')
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from tablegames.core.actions import Deal, Pass, Play
from tablegames.core.game import random_action
from tablegames.pieces.cards import CARD_UNIVERSE
from tablegames.pieces.sets import PieceSet
from tablegames.render.text import action_text, piece_text, pieces_text, plural, suit_text
from tablegames.tricks.winner import trick_winner

from .actions import Bid, Discard, Keep, Offer, Trump
from .rules import Rules
from .state import MODELS, Phase, PreferenceState, new_match


def narrate(
    seed: int, players: int | None = None, rules: Rules | None = None, *, ascii: bool = False
) -> Iterator[str]:
    """Yield the lines of a demo match; ``players`` must be 4 or None.

    >>> next(narrate(3, players=4)).startswith('Preference')
    True
    >>> [line for line in narrate(9, ascii=True) if "widow and" in line][0]
    '  seat 3 takes the widow and lays aside JD AH'
    """
    if players not in (None, 4):
        raise ValueError("Preference is for exactly 4 players")
    rng = random.Random(seed)
    state: PreferenceState = new_match(rules or Rules())
    yield (
        f"Preference — random players, seed {seed}. Four players, each for themselves; "
        f"{state.rules.deals} deals."
    )
    yield f"  everyone antes {state.rules.ante}: stacks {_chips(state)}"
    while not state.is_over:
        action = random_action(state, rng)
        seat = state.to_act
        before = state
        state = state.apply(action)
        if isinstance(action, Deal):
            yield ""
            yield f"Deal {len(before.results) + 1}: seat {before.dealer} deals and sits out."
            for s in state.active:
                yield f"  seat {s} holds {pieces_text(state.hand(s), ascii=ascii)}"
            widow = pieces_text(PieceSet(state.widow, CARD_UNIVERSE), ascii=ascii)
            yield f"  widow, face down: {widow}"
        elif isinstance(action, (Bid, Offer, Pass)):
            yield f"  seat {seat}: {action_text(action, ascii=ascii)}"
            if state.phase is Phase.OFFER and not before.offers and before.phase is Phase.BID:
                yield "  all three passed: round two, offers of chips into the pot"
            if before.phase is Phase.OFFER and state.phase is Phase.WIDOW:
                yield f"  seat {state.declarer} wins round two with {state.largest_offer} chips"
        elif isinstance(action, Keep):
            yield f"  seat {seat} looks at the widow and keeps the hand; the widow is not used"
        elif isinstance(action, Discard):
            aside = pieces_text(action.cards, ascii=ascii)
            yield f"  seat {seat} takes the widow and lays aside {aside}"
        elif isinstance(action, Trump):
            suit = suit_text(action.suit, ascii=ascii)
            yield f"  seat {seat} names {action.suit.plural} {suit} trumps"
        elif isinstance(action, Play):
            table = before.table
            assert table is not None
            if len(table.pieces) == 2:
                seats = (*table.seats_in_trick, seat)
                cards = (*before.trick_cards, action.piece)
                plays = ", ".join(
                    f"seat {s} {piece_text(c, ascii=ascii)}" for s, c in zip(seats, cards)
                )
                number = len(table.tricks) + 1
                assert before.trump is not None
                pieces = (*table.pieces, action.piece.index)
                winner = seats[trick_winner(pieces, MODELS[before.trump])]
                yield f"  trick {number}: {plays} -> seat {winner}"
        if len(state.results) > len(before.results):
            result = state.results[-1]
            if result.thrown_in:
                yield "  all three passed again: the deal is thrown in and the pot stays"
            else:
                assert result.trump is not None and result.declarer is not None
                verb = "made" if result.made else "failed"
                taken = result.tricks[result.declarer]
                how = "takes" if result.chips >= 0 else "pays"
                chips = abs(result.chips)
                yield (
                    f"  seat {result.declarer} {verb} the game in {result.trump.plural} with "
                    f"{plural(taken, 'trick')} and {how} {plural(chips, 'chip')}"
                )
            yield f"  stacks {_chips(state)}"
            if state.phase is Phase.DEAL and result.pot == 0:
                yield f"  the pot is empty: everyone antes {state.rules.ante} again"
    yield ""
    best = max(state.stacks)
    names = " and ".join(f"seat {s}" for s in state.winners)
    several = "s" if len(state.winners) > 1 else ""
    yield f"Winner{several}: {names} with {best} chips; {state.pot} left in the pot."


def _chips(state: PreferenceState) -> str:
    stacks = ", ".join(f"seat {s} {c}" for s, c in enumerate(state.stacks))
    return f"{stacks}; pot {state.pot}"
