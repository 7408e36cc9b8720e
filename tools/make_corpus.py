"""Write the corpus of files saved by this release: tests/data/saved_<version>/.

Run it once per release, by the released code itself (docs/releasing.md, step 3), from the
repository's root:

    python tools/make_corpus.py

It writes into ``tests/data/saved_<tablegames.__version__>/`` and refuses to write over a
corpus that is already there: a corpus is what a released version wrote, never regenerated to
make a test pass. tests/test_saved_data.py reads every ``tests/data/saved_*/`` from then on.

Each game's file is a JSON list of items, as tools/make_corpus_v0_1_0.py wrote 0.1.0's: one
text exactly as this version writes it (a record, a state in JSON, either of them signed, or a
seat record) and what reading it must give: the position's public facts, the fingerprint this
version writes (in its form, ``tablegames.core.fingerprint.FORM``) and ``trail``, a digest of
the fingerprints of every state from the record's first state to its last. The mixes and the
moments are those of tools/corpus_plan.py: every game (the four, the example whist3 and the
house-rule game texas42-open-31), in the bidding, mid trick, between deals, at the end of a
match, and worlds sampled with ``state.sample`` and ``view.sample``.

``manifest.json`` says which version wrote the corpus, the fingerprint form of its items, and
every setting each game's ``Rules`` class had (read from the classes): the corpus sets each of
them away from its default at least once, and the generator stops when the mixes of
tools/corpus_plan.py miss one (a setting added since: add a mix that sets it).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import tablegames

if not importlib.util.find_spec("tablegames.core.fingerprint"):
    sys.exit("This is tablegames 0.1.0: its corpus is written by tools/make_corpus_v0_1_0.py.")

from corpus_plan import GAMES, MIXES, VERSION, write_corpus

from tablegames.core.fingerprint import FORM
from tablegames.games import available_games

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
OUT = DATA / f"saved_{VERSION}"
SEED = 100_000 * (1 + int.from_bytes(hashlib.sha256(VERSION.encode()).digest()[:3], "big"))
"""Where this release's random matches start: each release's corpus plays other matches than
0.1.0's (seeds from 0) and than every other release's, so the corpora add up."""


def own_rules() -> dict[str, Any]:
    """The games of the corpus with a ``Rules`` class of their own (a house-rule game shares
    its base game's), by name."""
    seen: dict[Any, str] = {}
    for name, game in GAMES.items():
        seen.setdefault(game.rules_type, name)
    return {name: GAMES[name] for name in seen.values()}


def settings() -> dict[str, list[str]]:
    """Every setting of each game's ``Rules`` class, in the class's order."""
    return {name: list(game.rules_type().to_dict()) for name, game in own_rules().items()}


def check_coverage() -> None:
    """Stop unless the corpus covers every registered game and every setting of each game's
    ``Rules`` class away from its default (in some mix of tools/corpus_plan.py)."""
    missing_games = set(available_games()) - set(GAMES)
    if missing_games:
        sys.exit(f"corpus_plan.GAMES misses the games {sorted(missing_games)}")
    for name, every in settings().items():
        game = GAMES[name]
        changed: set[str] = set()
        for _label, mix in MIXES[name]:
            changed |= set(game.rules_type(**mix).changed())
        if missing := [setting for setting in every if setting not in changed]:
            sys.exit(f"{name}: no mix of corpus_plan.MIXES sets {missing}: add one that does")


def main() -> None:
    if OUT.exists():
        sys.exit(f"{OUT.relative_to(DATA.parent.parent)} exists: a corpus is written once")
    check_coverage()
    with tempfile.TemporaryDirectory(dir=DATA) as partial:
        written = Path(partial)
        write_corpus(written, SEED)
        manifest = {
            "version": VERSION,
            "seed": SEED,
            "fingerprint_form": str(FORM),
            "settings": settings(),
        }
        text = json.dumps(manifest, indent=1, ensure_ascii=False)
        (written / "manifest.json").write_text(text + "\n", encoding="utf-8")
        OUT.mkdir()
        for path in sorted(written.iterdir()):
            shutil.copyfile(path, OUT / path.name)
    print(f"tablegames {tablegames.__version__}: wrote {OUT}")


if __name__ == "__main__":
    main()
