"""The widow choice comes first: after round two its winner keeps or discards, and nothing else.

docs/preference.md, "Round two (rulings)", *The widow (ruling and choice)*: the winner picks the
widow up, then *keep* or *discard X Y*; *then the winner names any suit as trump*. Any other
action at that moment is refused as out of phase, with the sentence that says what is asked
(docs/contract.md: ``check`` returns the violation that forbids an action). Written to kill
mutants of ``tablegames.preference.calling`` (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

from tablegames import preference
from tablegames.core.violations import ViolationCode
from tablegames.pieces import Card, Suit

SENTENCE = (
    "The round-two winner must first keep the hand or discard two cards (keep, discard 7S 8S)."
)


def test_only_keep_or_discard_is_taken_from_the_round_two_winner() -> None:
    state = preference.new_match().apply(
        preference.deal_of(
            [
                "",
                "AH KH QH JH TH 9H 8H 7H AS KS",
                "AD KD QD JD TD 9D 8D 7D QS JS",
                "AC KC QC JC TC 9C 8C 7C TS 9S",
            ],
            "8S 7S",
        )
    )
    for text in ("pass", "pass", "pass", "offer 3", "pass", "pass"):
        state = state.apply(preference.parse_action(text))
    assert state.phase is preference.Phase.WIDOW and state.to_act == 1
    others: list[preference.Action] = [
        preference.PASS,
        preference.Offer(5),
        preference.Bid(Suit.HEARTS),
        preference.Trump(Suit.HEARTS),
        preference.Play(Card.parse("AH")),
    ]
    for action in others:
        refused = state.check(action)
        assert refused is not None and refused.code is ViolationCode.WRONG_PHASE
        assert refused.message == SENTENCE
    assert state.check(preference.KEEP) is None
    kept = state.apply(preference.KEEP)
    assert kept.phase is preference.Phase.TRUMP and kept.to_act == 1
