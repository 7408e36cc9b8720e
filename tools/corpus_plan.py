"""What a corpus of saved files holds, and how it is played to: shared by the generators.

tools/make_corpus_v0_1_0.py (run against 0.1.0) and tools/make_corpus.py (run against each
later release) write the same kinds of items from the same rule mixes and the same moments,
each with the texts the running version writes and what reading them must give. This module
imports only what 0.1.0 already had, so it runs against every version from 0.1.0 on; what an
item expects (``state.fingerprint()``, the trail) is in the running version's own form.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tablegames
from tablegames import ninety_two, preference, quartets, texas42
from tablegames.core.errors import RecordError
from tablegames.core.game import random_action
from tablegames.core.seat_record import seat_record
from tablegames.core.signing import sign
from tablegames.examples import house42, whist3

VERSION = tablegames.__version__
SIGNING_KEY = b"tablegames corpus key, not a secret"
"""The key the signed items are signed with (tests/test_saved_data.py verifies with it)."""

GAMES: dict[str, Any] = {
    "texas42": texas42.GAME,
    "ninety-two": ninety_two.GAME,
    "preference": preference.GAME,
    "quartets": quartets.GAME,
    "whist3": whist3.GAME,
    "texas42-open-31": house42.GAME,
}

MARKS = {"scoring": "marks", "bid_ladder": "marks"}

# Every option of every game away from its default at least once, in valid combinations.
# Each mix is (label, rules settings, what to look for: see MOMENTS).
MIXES: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "texas42": [
        ("plain", {}),
        ("forced-dealer2-target60", {"forced_bid": True, "first_dealer": 2, "target": 60}),
        ("marks-ladder", {"bid_ladder": "marks", "target": 100}),
        ("marks-scoring", {"scoring": "marks", "target": 2}),
        ("doubles-follow-me", {"doubles_trump": True, "follow_me": True, "target": 80}),
        ("marks", {**MARKS, "first_dealer": 3, "target": 3}),
        ("nello", {**MARKS, "nello": True, "target": 3}),
        ("nello-suit", {**MARKS, "nello": True, "nello_doubles": "suit", "target": 3}),
        ("nello-high", {**MARKS, "nello": True, "nello_doubles": "high", "target": 3}),
        ("nello-low", {**MARKS, "nello": True, "nello_doubles": "low", "target": 3}),
        ("plunge", {**MARKS, "plunge": True, "target": 4}),
        ("splash3", {**MARKS, "splash": True, "splash_marks": 3, "target": 4}),
        ("splash-plunge", {**MARKS, "splash": True, "plunge": True, "target": 4}),
        ("sevens", {**MARKS, "sevens": True, "target": 3}),
        ("higher-end", {"follow": "higher_end", "target": 60}),
        (
            "everything",
            {
                **MARKS,
                "forced_bid": True,
                "doubles_trump": True,
                "follow_me": True,
                "nello": True,
                "nello_doubles": "high",
                "plunge": True,
                "splash": True,
                "splash_marks": 3,
                "sevens": True,
                "follow": "higher_end",
                "first_dealer": 1,
                "target": 4,
            },
        ),
    ],
    "ninety-two": [
        ("plain", {"target": 30}),
        ("six", {"players": 6, "target": 30}),
        ("eight", {"players": 8, "first_dealer": 7, "target": 30}),
        ("six-deal-leftovers", {"players": 6, "leftovers": "deal", "target": 30}),
        ("eight-deal-leftovers", {"players": 8, "leftovers": "deal", "target": 30}),
        ("defenders-score", {"defenders_score_when_made": True, "first_dealer": 2, "target": 30}),
        (
            "four-everything",
            {"leftovers": "deal", "defenders_score_when_made": True, "target": 20},
        ),
    ],
    "preference": [
        ("plain", {"deals": 3}),
        ("stacks", {"starting_stack": 20, "ante": 7, "deals": 3}),
        ("tables", {"payout": [2, 2, 5, 9], "penalty": [0, 3, 3, 10], "deals": 3}),
        ("winner-only", {"round_two_payment": "winner_only", "first_dealer": 2, "deals": 3}),
        ("default-length", {}),
        (
            "everything",
            {
                "starting_stack": 9,
                "ante": 3,
                "payout": [1, 1, 1, 1],
                "penalty": [4, 3, 2, 1],
                "deals": 5,
                "round_two_payment": "winner_only",
                "first_dealer": 3,
            },
        ),
    ],
    "quartets": [
        ("plain", {"deals": 2}),
        ("two", {"players": 2, "deals": 2}),
        ("three-rank", {"players": 3, "ask": "rank", "deals": 1}),
        ("six-left", {"players": 6, "turn_passes": "left", "deals": 1}),
        ("nine", {"players": 9, "first_dealer": 8, "deals": 1}),
        ("everything", {"players": 5, "ask": "rank", "turn_passes": "left", "deals": 2}),
    ],
    "whist3": [("plain", {}), ("one-hand", {"hands": 1, "first_dealer": 2})],
    "texas42-open-31": [("plain", {"target": 60})],
}


def fingerprint_trail(game: Any, record: Any) -> str:
    """A digest of the fingerprints of every state from the record's first to its last."""
    state = game.start_state(game.rules_from_json(record.rules), record.start)
    prints = [state.fingerprint()]
    for text in record.actions:
        state = state.apply(game.parse_action(text))
        prints.append(state.fingerprint())
    return hashlib.sha256("\n".join(prints).encode()).hexdigest()


def facts(state: Any) -> dict[str, Any]:
    """What a state read back must show (the same facts the test reads with today's code)."""
    return {
        "phase": state.phase.value,
        "to_act": state.to_act,
        "is_chance": state.is_chance,
        "is_over": state.is_over,
        "winners": list(state.winners),
        "returns": list(state.returns()),
        "zones": {name: str(pieces) for name, pieces in state.zones().items()},
        "legal": [str(a) for a in state.legal_actions()],
        "actions": len(state.history),
        "fingerprint": state.fingerprint(),
    }


def item(game: Any, name: str, state: Any, kinds: tuple[str, ...]) -> dict[str, Any]:
    """The texts the running version writes for ``state`` (those of ``kinds``) and what they
    must load to."""
    record = game.record(state)
    texts = {"record": record.to_json(), "state": game.state_to_json(state)}
    texts["signed-record"] = sign(texts["record"], SIGNING_KEY)
    texts["signed-state"] = sign(texts["state"], SIGNING_KEY)
    expect = facts(state)
    expect["trail"] = fingerprint_trail(game, record)
    return {
        "name": name,
        "game": game.name,
        "texts": {kind: texts[kind] for kind in kinds},
        "expect": expect,
    }


def trick_size(state: Any) -> int:
    table = getattr(inner(state), "table", None)
    return len(table.pieces) if table is not None else -1


def inner(state: Any) -> Any:
    return getattr(state, "inner", state)


def finished_deals(state: Any) -> int:
    state = inner(state)
    if hasattr(state, "results"):
        return len(state.results)
    return int(state.hands_played)


Moment = Callable[[Any], bool]


def moments(game_name: str) -> list[tuple[str, Moment]]:
    """What to save from each match: (label, which state). The first state of a match that
    satisfies each is saved."""
    bidding = {
        "texas42": "bid",
        "texas42-open-31": "bid",
        "ninety-two": "bid",
        "preference": "bid",
        "quartets": "ask",
        "whist3": "play",
    }[game_name]
    found: list[tuple[str, Moment]] = [
        ("opening", lambda s: s.phase.value == bidding and len(s.history) <= 2),
        ("mid-trick", lambda s: s.phase.value == "play" and trick_size(s) >= 1),
        ("between-deals", lambda s: s.is_chance and finished_deals(s) >= 1),
        (
            "second-deal-mid-trick",
            lambda s: finished_deals(s) >= 1 and s.phase.value == "play" and trick_size(s) >= 2,
        ),
    ]
    if game_name == "quartets":
        found[1] = ("mid-deal", lambda s: s.phase.value == "ask" and len(s.asks) >= 6)
        found[3] = ("second-deal", lambda s: finished_deals(s) >= 1 and len(s.asks) >= 3)
    if game_name == "ninety-two":
        found.append(("partners", lambda s: s.phase.value == "partners"))
    if game_name == "preference":
        found.append(("widow", lambda s: s.phase.value == "widow"))
        found.append(("trump", lambda s: s.phase.value == "trump"))
    if game_name.startswith("texas42"):
        found.append(("trump", lambda s: s.phase.value == "trump"))
    return found


def special_moments(label: str) -> list[tuple[str, Moment]]:
    """The special contracts in force, for the mixes that allow them."""
    out: list[tuple[str, Moment]] = []

    def playing(contract: Callable[[Any], bool], tiles: int) -> Moment:
        return lambda s: s.phase.value == "play" and contract(s) and trick_size(s) == tiles

    if "nello" in label or label == "everything":
        out.append(("nello-mid-trick", playing(lambda s: s.trump in (9, 10, 11), 2)))
        out.append(("nello-aside", playing(lambda s: len(s.aside) > 0, 1)))
    if "plunge" in label or label == "everything":
        out.append(("plunge-called", lambda s: s.contract == "plunge" and s.phase.value == "bid"))
        out.append(("plunge-play", playing(lambda s: s.contract == "plunge", 1)))
    if "splash" in label or label == "everything":
        out.append(("splash-trump", lambda s: s.contract == "splash" and s.phase.value == "trump"))
        out.append(("splash-play", playing(lambda s: s.contract == "splash", 3)))
    if "sevens" in label or label == "everything":
        out.append(("sevens-play", playing(lambda s: s.trump == 12, 2)))
    if label in ("doubles-follow-me", "everything"):
        out.append(("doubles", playing(lambda s: s.trump == 7, 1)))
        out.append(("follow-me", playing(lambda s: s.trump == 8, 2)))
    return out


def play_to(
    game: Any, rules: Any, seed: int, wanted: list[tuple[str, Moment]], *, first_deal: bool = False
) -> dict[str, Any]:
    """The first state of random matches (seeds ``seed``, ``seed + 1``...) for each wanted
    moment, and the last state of the first match ("finished"); with ``first_deal``, only the
    first deal of each match is searched (short records)."""
    found: dict[str, Any] = {}
    for tries in range(5000 if first_deal else 400):
        rng = random.Random(seed + tries)
        state = game.new_match(rules)
        while True:
            for label, test in wanted:
                if label not in found and test(state):
                    found[label] = state
            if state.is_over or (first_deal and finished_deals(state)):
                break
            state = state.apply(random_action(state, rng))
        if tries == 0:
            found["finished"] = state
        if all(label in found for label, _ in wanted):
            return found
    missing = [label for label, _ in wanted if label not in found]
    raise SystemExit(f"{game.name} {rules!r}: no match reached {missing}")


def reads_back(game: Any, state: Any) -> bool:
    """True when the running version reads ``state``'s JSON back to ``state`` (the corpus
    keeps only those)."""
    try:
        return bool(game.state_from_json(game.state_to_json(state)) == state)
    except RecordError:
        return False


def one_deal(rules: Any) -> bool:
    """True for a match of a single deal (nothing happens between deals)."""
    return getattr(rules, "hands", None) == 1 or getattr(rules, "deals", None) == 1


def corpus(game_name: str, seed: int = 0) -> list[dict[str, Any]]:
    """Every item of one game: the plain rules at every moment, in every kind of text; each
    other rule mix at the moments where its rules show (mid-deal, between deals, the end, a
    world sampled late in the match, and its special contracts); from the random matches of
    seeds ``seed`` on."""
    game = GAMES[game_name]
    items: list[dict[str, Any]] = []
    for number, (label, settings) in enumerate(MIXES[game_name]):
        rules = game.rules_type(**settings)
        plain, full = label == "plain", label in ("plain", "everything")
        wanted = [
            (moment, test)
            for moment, test in moments(game_name)
            if full or moment not in ("opening", "trump", "widow", "partners")
            if not one_deal(rules) or moment.startswith(("opening", "mid", "trump", "widow"))
            if full or not special_moments(label)  # a special contract's mix: its contract
        ]
        found = play_to(game, rules, seed + 1000 * number + 1, wanted)
        if game_name == "texas42" and special_moments(label):
            specials = play_to(
                game, rules, seed + 1000 * number, special_moments(label), first_deal=True
            )
            del specials["finished"]
            found.update(specials)
        rng = random.Random(seed + number)
        name = f"{game_name}/{label}"
        for moment, state in found.items():
            kinds: tuple[str, ...] = ("state",)  # state JSON reads as its record too
            if plain and moment == "finished":
                kinds = ("record", "state")
            if plain and moment == "opening":
                kinds = ("record", "state", "signed-record", "signed-state")
            items.append(item(game, f"{name}/{moment}", state, kinds))
        # Worlds: a full state sampled for the seat to act (state.sample), and a world sampled
        # from its view (view.sample: its record starts at the deal), early and late in the
        # match, and in each special contract.
        early = next((found[m] for m in ("mid-trick", "mid-deal") if m in found), None)
        late = next(
            (found[m] for m in ("second-deal-mid-trick", "second-deal") if m in found), None
        )
        worlds = [("late", late)] + [("early", early)] * full
        sampled = ("nello-aside", "plunge-play", "sevens-play", "splash-trump")
        worlds += [(m, found[m]) for m in sampled if m in found and game_name == "texas42"]
        for when, state in worlds:
            if state is None or state.to_act is None:
                continue
            seat = state.to_act
            if full:
                world = state.sample(seat, rng)
                if reads_back(game, world):
                    items.append(item(game, f"{name}/{when}/state-sample", world, ("state",)))
                else:  # whist3 sampled hands but kept the deal (0.1.0): not saved
                    print(f"{name}/{when}: {VERSION} cannot read its own state.sample back")
            if hasattr(state.view(seat), "sample"):
                world = state.view(seat).sample(rng)
                kinds = ("state",)
                if plain and when == "late":
                    kinds = ("record", "state", "signed-record", "signed-state")
                items.append(item(game, f"{name}/{when}/view-sample", world, kinds))
        # Seat records (for display; they cannot be replayed): what a seat saw.
        if full:
            source = late if late is not None else found["finished"]
            seats = game.seats(rules)
            for seat in (0, seats - 1):
                items.append(
                    {
                        "name": f"{name}/seat-record-{seat}",
                        "game": game.name,
                        "texts": {
                            "record": game.record(source).to_json(),
                            "seat-record": seat_record(game, source, seat).to_json(),
                        },
                        "seat": seat,
                    }
                )
    return items


def write_corpus(out: Path, seed: int = 0) -> None:
    """Write every game's items into ``out`` (one JSON list per game, one item a line), from
    the matches of seeds ``seed`` on (0.1.0's corpus: 0)."""
    for game_name in GAMES:
        items = corpus(game_name, seed)
        path = out / f"{game_name}.json"
        text = "[\n" + ",\n".join(json.dumps(i, ensure_ascii=False) for i in items) + "\n]"
        path.write_text(text + "\n", encoding="utf-8")
        print(f"{path.name}: {len(items)} items, {len(text):,} characters")
