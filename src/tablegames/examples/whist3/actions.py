"""The deck, the trick model, the actions and their notation.

>>> len(DECK), str(parse_action("PLAY 10h"))
(24, 'play TH')
>>> MODEL.trump is None
True
"""

from __future__ import annotations

from tablegames.kit import (
    CARD_UNIVERSE,
    CARDS,
    Card,
    Deal,
    NotationError,
    PieceSet,
    Play,
    Rank,
    parse_shared,
    plain_card_model,
    quote,
    trust,
    words,
)

Action = Play[Card] | Deal[Card]
"""Every action of the game: playing a card, or the deal (the chance step)."""

DECK: PieceSet[Card] = PieceSet(
    sum(1 << c.index for c in CARDS if c.rank >= Rank.NINE), CARD_UNIVERSE
)
"""The 24 cards: nine, ten, jack, queen, king and ace of each suit."""

MODEL = plain_card_model(None)
"""No trump: the highest card of the suit led takes the trick."""

PLAYS: tuple[Play[Card], ...] = tuple(Play(c) for c in CARDS)
"""The one ``Play`` of each card, by card index (ready-made, so ``check`` trusts them)."""
trust(PLAYS)


def parse_action(text: str) -> Action:
    """Read ``play <card>`` or ``deal <24 cards>``.

    >>> parse_action("bid 3")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.NotationError: 'bid 3' is not an action of three-handed whist
    """
    parts = words(text)
    action = parse_shared(parts, Card.parse, PLAYS, len(DECK))
    if isinstance(action, (Play, Deal)):
        return action
    raise NotationError(f"{quote(text)} is not an action of three-handed whist")


def action_space(rules: object) -> tuple[Action, ...]:
    """Every action that could ever be legal: a play of each of the 24 cards.

    >>> [str(a) for a in action_space(None)[:3]]
    ['play 9C', 'play TC', 'play JC']
    """
    return tuple(PLAYS[c.index] for c in DECK)
