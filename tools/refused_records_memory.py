"""What a stream of refused records leaves behind: the issue's reproduction, measured.

Replays ``COUNT`` Ninety-Two records whose rules differ only in ``target`` (eight players),
each refused at its first action, and prints how much memory stays allocated (tracemalloc)
and the process's peak resident size before and after::

    python tools/refused_records_memory.py            # 3,000 records
    python tools/refused_records_memory.py 20000
"""

from __future__ import annotations

import gc
import json
import resource
import sys
import tracemalloc

from tablegames import ninety_two
from tablegames.core.errors import RecordError
from tablegames.core.records import GameRecord


def refused(n: int) -> None:
    rules = {"players": 8, "target": 1000 + n}
    text = json.dumps({"game": "ninety-two", "rules": rules, "actions": ["pass"]})
    try:
        ninety_two.GAME.replay(GameRecord.from_json(text))
    except RecordError:
        return
    raise AssertionError("the record was not refused")


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    refused(-1)
    gc.collect()
    peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for n in range(count):
        refused(n)
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    peak_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        f"{count:,} refused records: {grown / 1e6:.1f} MB still allocated (tracemalloc); "
        f"peak RSS {peak_before / 1e3:.0f} -> {peak_after / 1e3:.0f} MB"
    )


if __name__ == "__main__":
    main()
