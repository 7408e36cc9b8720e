"""Rules-keyed memos are bounded and keyed by value (docs/architecture.md lists the caches): a
stream of records with rules that differ in one setting, each refused, leaves the process no
bigger (measured with tracemalloc; memory, not time, is asserted)."""

from __future__ import annotations

import gc
import json
import tracemalloc
from collections.abc import Callable

import pytest

from tablegames import ninety_two, texas42
from tablegames.core.errors import RecordError
from tablegames.core.records import GameRecord
from tablegames.games import get_game
from tablegames.ninety_two.bidding import CALL_TABLES, READY_CALLS, call_table
from tablegames.texas42.bidding import BIDS_OVER_MEMO, bids_over

RECORDS = 3_000
GROWTH_LIMIT = 20_000_000
"""Bytes the process may grow by over the stream of 3,000 (0.1.0 grew about 100 MB for
Ninety-Two's four players, 281 MB for eight: every call table and every call kept for good)."""


def growth(make: Callable[[int], None], count: int = RECORDS) -> int:
    """Bytes still allocated after ``make(0) .. make(count - 1)`` (after one warm-up call)."""
    make(-1)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for n in range(count):
            make(n)
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def refused_record(
    name: str, setting: str, start: int, extra: dict[str, object]
) -> Callable[[int], None]:
    """Replaying a record whose rules set ``setting`` to ``start + n``: the match is set up
    under those rules, then its first action is refused (a pass where the deal comes first)."""
    game = get_game(name)

    def make(n: int) -> None:
        rules = {**extra, setting: start + n}
        text = json.dumps({"game": name, "rules": rules, "actions": ["pass"]})
        with pytest.raises(RecordError):
            game.replay(GameRecord.from_json(text))

    return make


def test_refused_ninety_two_records_with_distinct_targets_leave_no_memory_behind() -> None:
    """The issue's reproduction: 3,000 refused records that differ only in "target"."""
    make = refused_record("ninety-two", "target", 100, {})
    assert growth(make) < GROWTH_LIMIT


@pytest.mark.parametrize(
    ("name", "setting", "start", "extra"),
    [
        ("texas42", "target", 100, {}),
        ("texas42", "target", 10, {"scoring": "marks", "bid_ladder": "marks", "plunge": True}),
        ("ninety-two", "target", 100, {"players": 8}),
        ("ninety-two", "target", 100, {"players": 6, "leftovers": "deal"}),
        ("preference", "deals", 1, {}),
        ("preference", "starting_stack", 0, {}),
        ("quartets", "deals", 1, {"players": 5}),
    ],
)
def test_every_game_forgets_rules_it_no_longer_sees(
    name: str, setting: str, start: int, extra: dict[str, object]
) -> None:
    make = refused_record(name, setting, start, extra)
    assert growth(make, 300) < GROWTH_LIMIT / 10


def test_the_call_table_is_kept_for_a_few_rules_keyed_by_their_value() -> None:
    assert call_table(ninety_two.Rules(target=50)) is call_table(ninety_two.Rules(target=50))
    for target in range(1, 3 * CALL_TABLES):
        call_table(ninety_two.Rules(target=target))
    info = call_table.cache_info()
    assert info.maxsize == CALL_TABLES and info.currsize == CALL_TABLES
    # Every rules' table lists the same ready-made calls: none is made twice.
    tables = [call_table(ninety_two.Rules(players=8, target=t)) for t in (1, 2)]
    assert all(a is b for a, b in zip(*(t.bids[0] for t in tables), strict=True))
    assert READY_CALLS > 14 * 4 + 8 + 28 + 56  # every bid and every partner set fits


def test_bids_over_is_kept_for_a_few_standing_bids_and_rules() -> None:
    """A memo keyed by the rules themselves: every setting counts, none is picked by hand."""
    assert sorted(bids_over(84, texas42.Rules(bid_ladder="marks"))) == [126]
    assert sorted(bids_over(84, texas42.Rules())) == [168]
    for target in range(1, 2 * BIDS_OVER_MEMO):
        bids_over(30, texas42.Rules(target=target))
    info = bids_over.cache_info()
    assert info.maxsize == BIDS_OVER_MEMO and info.currsize == BIDS_OVER_MEMO
