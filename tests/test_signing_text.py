"""Signing covers every character of the text, not only its ASCII ones.

docs/limits.md, "The fingerprint is not a signature": a record or a state handed to a client is
signed with a key only the server holds, and taken back through ``verify``, which refuses a
text that "was changed or signed with another key". Records may hold text beyond ASCII: a house
game's name, or actions written in any accepted notation (Quartets accepts ``8♠`` for ``8S``,
docs/quartets.md, "Notation"). Changing or inserting one such character is a change.
"""

from __future__ import annotations

import json
import random

import pytest

from tablegames import quartets, texas42
from tablegames.core.records import GameRecord
from tablegames.core.signing import sign, verify
from tablegames.errors import SignatureError
from tablegames.house import with_house_rules

KEY = b"a server key of at least sixteen bytes"


def utf8_json(record: GameRecord) -> str:
    """The record as UTF-8 JSON, characters kept as they are (as a server's store may keep it)."""
    return json.dumps(json.loads(record.to_json()), ensure_ascii=False)


def refused(text: str) -> bool:
    try:
        verify(text, KEY)
    except SignatureError:
        return True
    return False


def quartets_record() -> GameRecord:
    """A Quartets record whose asks are written with suit symbols (accepted notation)."""
    hands = [
        "8H 2C 2D 3C 3D 4C 4D 5C 5D 6C 6D 7C 7D",
        "8S 8C 2H 3H 4H 5H 6H 7H 9C 9D TC TD JC",
        "8D 2S 3S 4S 5S 6S 7S 9H 9S TH TS JD JH",
        "JS QC QD QH QS KC KD KH KS AC AD AH AS",
    ]
    deal = quartets.deal_of(hands, dealer=3)
    return GameRecord("quartets", {"first_dealer": 3}, (str(deal), "ask 1 8♠", "ask 3 8♦"))


def test_a_record_with_suit_symbols_verifies_and_replays() -> None:
    record = quartets_record()
    text = verify(sign(utf8_json(record), KEY), KEY)
    state = quartets.GAME.replay(GameRecord.from_json(text))
    assert state.to_act == 3  # 8S was got from seat 1, 8D was not held by seat 3


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("ask 1 8♠", "ask 1 8♣"),  # another suit symbol: another card asked for
        ("ask 3 8♦", "ask 3 8♥"),
        ("ask 1 8♠", "ask 1 8♠♠"),  # a symbol inserted
        ("ask 1 8♠", "ask 1 8♠é"),
        ("ask 3 8♦", "ask 3 8"),  # a symbol removed
    ],
)
def test_changing_or_inserting_a_non_ascii_character_is_caught(old: str, new: str) -> None:
    signed = sign(utf8_json(quartets_record()), KEY)
    assert old in signed
    forged = signed.replace(old, new)
    assert forged != signed
    assert refused(forged)


def test_a_house_game_with_a_non_ascii_name_is_signed_whole() -> None:
    game = with_house_rules(texas42.GAME, "texas42-à-la-maison", "Texas 42 à la maison")
    state = game.new_match(texas42.Rules())
    state = state.apply(state.chance_outcome(random.Random(3)))
    record = game.record(state)
    assert record.game == "texas42-à-la-maison"
    signed = sign(utf8_json(record), KEY)
    assert GameRecord.from_json(verify(signed, KEY)) == record
    for forged in (
        signed.replace("à-la-maison", "á-la-maison"),  # one accent for another
        signed.replace("à-la-maison", "àà-la-maison"),  # one more accented letter
        signed.replace("-la-maison", "-lä-maison"),  # an accent added to a plain letter
        signed.replace("texas42-à", "texas42-\u00e0\u0301"),  # a combining mark inserted
    ):
        assert forged != signed
        assert refused(forged)


def test_texts_differing_only_beyond_ascii_get_different_signatures() -> None:
    texts = ["♠", "♣", "♠♠", "é", "e\u0301", "日本", "\U0001f0a1", "\ud800"]
    headers = {sign(text, KEY).partition("\n")[0] for text in texts}
    assert len(headers) == len(texts)
    for text in texts:
        assert verify(sign(text, KEY), KEY) == text
        assert refused(sign(text, KEY) + "x")
