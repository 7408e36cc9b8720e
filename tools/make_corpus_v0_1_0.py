"""Write the corpus of files saved by tablegames 0.1.0 (tests/data/saved_0.1.0/).

RUN IT AGAINST 0.1.0 ONLY: the corpus is the promise that what 0.1.0 wrote keeps loading, so
its files must be written by 0.1.0 itself (commit e0594b0 or d61402c, version string
``0.1.0``, the first code with the fingerprint that hashes ``repr``). Later code refuses to run
it (it stops when it finds ``tablegames.core.fingerprint``, which 0.1.0 does not have):

    git worktree add /tmp/v010 e0594b0
    PYTHONPATH=/tmp/v010/src python tools/make_corpus_v0_1_0.py

Each game's file is a JSON list of items. An item is one text exactly as 0.1.0 wrote it (a
record, a state in JSON, either of them signed, or a seat record) and what reading it must
give: the position's public facts (phase, seat to act, winners, returns, where every piece
is, the legal actions in notation, the number of actions), the fingerprint 0.1.0 wrote, and
``trail``: a digest of the 0.1.0 fingerprints of every state from the record's first state to
its last, so that a state JSON saved at any of those moments is known to load. The corpus
covers every game (the four, the example whist3 and the house-rule game texas42-open-31),
every rule option away from its default, and the moments a server saves: in the bidding, mid
trick, between deals, at the end of a match, and worlds sampled with ``state.sample`` and
``view.sample`` (whose records start at a deal). The mixes, the moments and the items are
those of tools/corpus_plan.py, which tools/make_corpus.py writes later releases' corpora with.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import tablegames

if tablegames.__version__ != "0.1.0" or importlib.util.find_spec("tablegames.core.fingerprint"):
    sys.exit(
        "make_corpus_v0_1_0.py must run against tablegames 0.1.0 (e0594b0); this is "
        f"{tablegames.__file__}. See the module doc."
    )

from corpus_plan import write_corpus

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "saved_0.1.0"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    write_corpus(OUT)


if __name__ == "__main__":
    main()
