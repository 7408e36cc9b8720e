"""Texas 42 text that is not an action raises ``NotationError`` with a sentence that quotes what
was written and says what to write instead, and an action object with a field of the wrong kind
is refused as ``malformed_action`` saying what the field must be (docs/texas42.md, "Notation":
every action's text, and "text that is not an action raises NotationError"; docs/contract.md:
illegal input raises a documented error whose sentence names the rule).

Written to kill mutants of ``texas42.actions.parse_action`` and of its field checks that changed
a refusal's words, its example or the word it quotes (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import pytest

from tablegames.core.errors import NotationError
from tablegames.core.violations import ViolationCode
from tablegames.texas42 import Bid, Rules, SpecialBid, Trump, deal_of, new_match, parse_action

REFUSED = [
    ("bid", "'bid' is not an action: write bid 30"),
    ("bid 30 31", "'bid 30 31' is not an action: write bid 30"),
    ("bid x", "'x' is not a number (the points bid)"),
    ("trump", "'trump' is not an action: write trump 5"),
    ("trump 5 6", "'trump 5 6' is not an action: write trump 5"),
    ("trump nello", "'trump nello' is not an action: write trump nello suit"),
    ("trump nello suit high", "'trump nello suit high' is not an action: write trump nello suit"),
    ("trump nello xyz", "'xyz' is not a nello doubles mode: write suit, high or low"),
    ("trump 7", "'7' is not a trump: write 0 (blanks) to 6 (sixes), doubles or none"),
    ("trump 9", "'9' is not a trump: write 0 (blanks) to 6 (sixes), doubles or none"),
    ("trump x", "'x' is not a number (the trump number 0..6, doubles or none)"),
    ("hello", "'hello' is not a Texas 42 action: pass, bid 30, trump 5 or play 6:4"),
]


@pytest.mark.parametrize(("text", "sentence"), REFUSED)
def test_text_that_is_not_an_action_is_refused_saying_what_to_write(
    text: str, sentence: str
) -> None:
    with pytest.raises(NotationError) as refused:
        parse_action(text)
    assert str(refused.value) == sentence


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("trump doubles", 7),
        ("TRUMP DOUBLES", 7),
        ("trump none", 8),
        ("trump follow-me", 8),
        ("trump nello suit", 9),
        ("trump Nello High", 10),
        ("trump nello low", 11),
        ("trump sevens", 12),
        ("trump 0", 0),
        ("trump 6", 6),
    ],
)
def test_every_trump_word_reads_as_its_number(text: str, suit: int) -> None:
    assert parse_action(text) == Trump(suit)


@pytest.mark.parametrize(
    ("suit", "text"),
    [(7, "trump doubles"), (8, "trump none"), (9, "trump nello suit"), (12, "trump sevens")],
)
def test_the_special_trumps_are_written_in_words(suit: int, text: str) -> None:
    assert str(Trump(suit)) == text


_DEALT = deal_of(
    [
        "6:6 6:5 6:4 6:3 6:2 6:1 6:0",
        "5:5 5:4 5:3 5:2 5:1 5:0 4:4",
        "4:3 4:2 4:1 4:0 3:3 3:2 3:1",
        "3:0 2:2 2:1 2:0 1:1 1:0 0:0",
    ]
)


@pytest.mark.parametrize(
    ("action", "sentence"),
    [
        (Bid("30"), "A bid is a whole number of points, as bid 30, not '30'."),  # type: ignore[arg-type]
        (SpecialBid("slam"), "A special bid is plunge or splash, not 'slam'."),
        (
            Trump("x"),  # type: ignore[arg-type]
            "Trumps are named by a number, 0 (blanks) to 6 (sixes), 7 for doubles or 8 for "
            "none, not 'x'.",
        ),
    ],
)
def test_an_action_with_a_field_of_the_wrong_kind_is_malformed(
    action: object, sentence: str
) -> None:
    state = new_match(Rules()).apply(_DEALT)
    violation = state.check(action)  # type: ignore[arg-type]
    assert violation is not None
    assert violation.code is ViolationCode.MALFORMED_ACTION
    assert violation.message == sentence


def test_a_special_bid_of_either_contract_is_well_formed() -> None:
    rules = Rules(scoring="marks", bid_ladder="marks", plunge=True, splash=True)
    state = new_match(rules).apply(_DEALT)  # seat 1 holds two doubles: neither bid is open
    for contract in ("plunge", "splash"):
        violation = state.check(SpecialBid(contract))
        assert violation is not None
        assert violation.code is ViolationCode.BID_NOT_ON_LADDER
