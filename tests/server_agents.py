"""Agents for the server's bot tests, made by name in the bots' worker processes
(``server_agents:Sleepy``): they sleep before playing the first legal action."""

from __future__ import annotations

import random
import time
from typing import Any


class Sleepy:
    """Sleeps :attr:`seconds` a decision, then plays the first legal action."""

    seconds = 30.0

    def choose(self, view: Any, rng: random.Random) -> Any:
        """The first legal action, late."""
        time.sleep(self.seconds)
        return view.legal_actions[0]


class Drowsy(Sleepy):
    """Sleeps a second a decision."""

    seconds = 1.0


class Brisk(Sleepy):
    """Sleeps a twentieth of a second a decision."""

    seconds = 0.05
