"""The limits on untrusted input, checked before any costly work (see docs/limits.md).

>>> MAX_RECORD_CHARS, MAX_ACTIONS, MAX_ACTION_CHARS, MAX_JSON_DEPTH
(4000000, 100000, 500, 20)
>>> MAX_MATCH_DEALS, MAX_DEAL_ACTIONS
(1000, 10000)
"""

from __future__ import annotations

MAX_RECORD_CHARS = 4_000_000
"""The longest JSON record or state text read (characters; about 4 MB of ASCII)."""

MAX_ACTIONS = 100_000
"""The most actions a record may hold (chance steps included)."""

MAX_ACTION_CHARS = 500
"""The longest single action text in a record (a full deal is under 200 characters)."""

MAX_JSON_DEPTH = 20
"""The deepest nesting of JSON arrays and objects read (a record needs 3)."""

MAX_GAME_NAME_CHARS = 40
"""The longest game name a record may carry."""

MAX_START_TEXT_CHARS = 100
"""The longest text anywhere in a record's start position (tiles, cards, bids and trumps
take a few characters)."""

MAX_MATCH_DEALS = 1_000
"""The most deals ``play_match``, ``simulate`` and the command line play in one match before
stopping it unfinished (a match under the default rules deals at most a few dozen times; a
match whose every hand is passed out deals for ever)."""

MAX_DEAL_ACTIONS = 10_000
"""The most actions ``play_match`` plays in one deal before stopping the match unfinished (a
deal takes at most a few hundred; Quartets players who ask round in a circle never finish)."""
