"""A whole Quartets match played by random players, told ask by ask; cards show as ``A♠``
(``AS`` with ``ascii``).

>>> lines = list(narrate(seed=1, players=3))
>>> lines[0]
'Quartets — random players, seed 1: 3 players, 3 deals.'
>>> lines[-1].startswith('Winner')
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from tablegames.core.actions import Deal
from tablegames.core.game import random_action
from tablegames.pieces.cards import CARD_UNIVERSE
from tablegames.pieces.sets import PieceSet
from tablegames.render.text import action_text, pieces_text

from .actions import Action, Ask, AskRank
from .model import RANK_SETS
from .rules import Rules
from .state import Phase, QuartetsState, new_match


def _sets(mask: int) -> str:
    names = [RANK_SETS.names[k] for k, m in enumerate(RANK_SETS.members) if mask & m]
    return ", ".join(names)


def narrate(
    seed: int, players: int | None = None, rules: Rules | None = None, *, ascii: bool = False
) -> Iterator[str]:
    """Yield the lines of a demo match for ``players`` (default 4) random players.

    >>> next(narrate(seed=2, players=2))
    'Quartets — random players, seed 2: 2 players, 2 deals.'
    >>> [line for line in narrate(seed=2, players=3) if "hands over" in line][0]
    '  seat 1: ask 0 7♣ — seat 0 hands over 7♣'
    """
    rules = rules or Rules(players=players or 4)
    rng = random.Random(seed)
    state: QuartetsState = new_match(rules)
    yield (
        f"Quartets — random players, seed {seed}: {rules.players} players, "
        f"{rules.match_deals} deals."
    )
    deal_no = 0
    while not state.is_over:
        action = random_action(state, rng)
        before = state
        state = state.apply(action)
        if isinstance(action, Deal):
            deal_no += 1
            yield ""
            yield f"Deal {deal_no}: seat {before.dealer} deals."
            for s in range(rules.players):
                laid = state.laid[s]
                extra = f"; lays down the {_sets(laid)} at once" if laid else ""
                yield f"  seat {s} holds {pieces_text(state.hand(s), ascii=ascii)}{extra}"
            yield f"  seat {state.to_act} asks first."
        else:
            yield from _tell(before, state, action, ascii)
        if len(state.results) > len(before.results):
            result = state.results[-1]
            points = ", ".join(f"seat {s} {p}" for s, p in enumerate(result.points))
            scores = ", ".join(f"seat {s} {p}" for s, p in enumerate(state.scores))
            yield f"  points this deal: {points}"
            yield f"  scores: {scores}"
    best = max(state.scores)
    seats = " and ".join(f"seat {s}" for s in state.winners)
    label = "Winner" if len(state.winners) == 1 else "Joint winners"
    yield ""
    yield f"{label}: {seats} with {best} points."


def _tell(
    before: QuartetsState, after: QuartetsState, action: Action, ascii: bool
) -> Iterator[str]:
    asker = before.to_act
    assert asker is not None and isinstance(action, (Ask, AskRank))
    target = action.seat
    wanted = (
        1 << action.card.index if isinstance(action, Ask) else RANK_SETS.members[action.rank - 2]
    )
    given = before.hands[target] & wanted
    laid = RANK_SETS.complete(before.hands[asker] | given)
    if given:
        shown = pieces_text(PieceSet(given, CARD_UNIVERSE), ascii=ascii)
        asked = action_text(action, ascii=ascii)
        yield f"  seat {asker}: {asked} — seat {target} hands over {shown}"
    else:
        yield f"  seat {asker}: {action_text(action, ascii=ascii)} — seat {target} has none"
    if laid:
        yield f"  seat {asker} lays down the {_sets(laid)}"
    if after.phase is not Phase.ASK:
        yield "  all 13 sets are down: the deal is over"
        return
    for s in range(after.players):
        if before.hands[s] and not after.hands[s]:
            yield f"  seat {s} has no cards left and is out of the deal"
    if after.to_act != asker:
        yield f"  seat {after.to_act} asks next"
