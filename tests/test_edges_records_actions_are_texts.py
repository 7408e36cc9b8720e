"""A record's actions are a sequence of texts (or actions, kept as their notation); one text, a
value that is not a sequence, or an item whose text cannot be had is refused with
``RecordError`` and a sentence saying so (docs/contract.md, "Notation, records and JSON": a
``GameRecord`` holds the game, its rules and every action in notation, and illegal input raises
a documented error whose sentence names the rule).

Written to kill mutants of ``core.records._strings`` that changed those sentences
(docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import pytest

from tablegames.core.records import GameRecord
from tablegames.errors import RecordError
from tablegames.texas42 import PASS, Bid


class _NoText:
    def __str__(self) -> str:
        raise ValueError("no text")


@pytest.mark.parametrize(
    ("actions", "sentence"),
    [
        ("deal 0:0", "A record's actions are a sequence of texts, not one text."),
        (5, "A record's actions are a sequence of texts, not a value of type int."),
        ([_NoText()], "Every action in a record is a text (or an action)."),
    ],
)
def test_actions_that_are_not_texts_are_refused_saying_so(actions: object, sentence: str) -> None:
    with pytest.raises(RecordError) as refused:
        GameRecord("texas42", {}, actions)  # type: ignore[arg-type]
    assert str(refused.value) == sentence


def test_actions_given_as_objects_are_kept_as_their_notation() -> None:
    record = GameRecord("texas42", {}, (PASS, Bid(30), "bid 31"))
    assert record.actions == ("pass", "bid 30", "bid 31")
    assert GameRecord.from_json(record.to_json()) == record
