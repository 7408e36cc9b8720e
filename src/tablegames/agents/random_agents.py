"""The simplest agents: uniformly random and first-legal players."""

from __future__ import annotations

import random
from typing import Any

import attrs

from .protocol import View


@attrs.define
class RandomAgent:
    """Chooses uniformly among the legal actions of the view, drawing from the driver's ``rng``;
    a RandomAgent built with its own generator (``RandomAgent(random.Random(5))``) draws from
    that one instead.

    >>> import random
    >>> from tablegames import texas42
    >>> state = texas42.new_match()
    >>> view = state.apply(state.chance_outcome(random.Random(0))).view(1)
    >>> RandomAgent(random.Random(0)).choose(view, random.Random(9)) in view.legal_actions
    True
    """

    rng: random.Random | None = None

    def choose(self, view: View, rng: random.Random) -> Any:
        """A random legal action."""
        actions = view.legal_actions
        source = self.rng if self.rng is not None else rng
        return actions[source.randrange(len(actions))]


@attrs.define
class FirstLegalAgent:
    """Always plays the first legal action: a deterministic opponent for tests.

    >>> import random
    >>> from tablegames import texas42
    >>> FirstLegalAgent().choose(texas42.new_match().view(0), random.Random(0)) is None
    True
    """

    def choose(self, view: View, rng: random.Random) -> Any:
        """The first legal action (None when this seat may not act)."""
        actions = view.legal_actions
        return actions[0] if actions else None


__all__ = ["FirstLegalAgent", "RandomAgent"]
