"""The collecting core on its own, with set definitions that are not Quartets: pairs of cards
(same rank and colour) and dominoes grouped by their high end (sets of 1 to 7 tiles)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given

from tablegames.collecting import (
    Asked,
    SetModel,
    ask,
    ask_violation,
    askable_pieces,
    askable_sets,
    deal_round,
    first_asker,
    hand_sizes,
    holders,
    knowledge,
    lay_down_all,
    next_asker,
    next_holder,
    sample_deal,
    set_model,
)
from tablegames.core.violations import ViolationCode
from tablegames.pieces import CARD_UNIVERSE, CARDS, DOMINO_UNIVERSE, DOMINOES, Card, cards
from tablegames.testing import seeds

PAIRS = set_model(
    CARD_UNIVERSE, CARDS, key=lambda c: (c.rank, c.suit.colour), piece_noun="card", set_noun="pair"
)
BY_HIGH_END = set_model(DOMINO_UNIVERSE, DOMINOES, key=lambda d: d.high, name=lambda h: f"{h}s")


def mask(text: str) -> int:
    return cards(text).mask


def test_models_group_pieces_by_key() -> None:
    assert len(PAIRS.members) == 26 and {PAIRS.size(k) for k in range(26)} == {2}
    assert PAIRS.set_of[Card.parse("8H").index] == PAIRS.set_of[Card.parse("8D").index]
    assert PAIRS.set_of[Card.parse("8H").index] != PAIRS.set_of[Card.parse("8S").index]
    assert [BY_HIGH_END.size(k) for k in range(7)] == [1, 2, 3, 4, 5, 6, 7]
    assert PAIRS.deck == (1 << 52) - 1


def test_models_refuse_overlapping_or_empty_sets() -> None:
    with pytest.raises(ValueError):
        SetModel(CARD_UNIVERSE, (0b11, 0b10), ("a", "b"))
    with pytest.raises(ValueError):
        SetModel(CARD_UNIVERSE, (0b11, 0), ("a", "b"))


def test_held_span_and_complete() -> None:
    hand = mask("8H 8D 9S")
    eights = PAIRS.set_of[Card.parse("8H").index]
    nines = PAIRS.set_of[Card.parse("9S").index]
    assert PAIRS.held(hand) == 1 << eights | 1 << nines
    assert PAIRS.span(1 << nines) == mask("9C 9S")
    assert PAIRS.complete(hand) == mask("8H 8D") and PAIRS.count_sets(hand) == 1
    assert askable_pieces(hand, PAIRS) == mask("9C")
    assert askable_sets(hand, PAIRS) == PAIRS.held(hand)


def test_dealing_one_at_a_time_and_laying_down_pairs() -> None:
    order = [Card.parse(t).index for t in ["8H", "2C", "8D", "3C", "9S", "9C"]]
    dealt = deal_round(order, players=2, first=1)
    assert dealt == (mask("2C 3C 9C"), mask("8H 8D 9S"))
    hands, laid = lay_down_all(dealt, PAIRS)
    assert hands == (mask("2C 3C 9C"), mask("9S")) and laid == (0, mask("8H 8D"))
    assert hand_sizes(52, 5, 3) == (10, 10, 10, 11, 11)


def test_a_single_domino_set_is_complete_when_dealt() -> None:
    zero = BY_HIGH_END.members[0]  # 0:0 alone
    hands, laid = lay_down_all(
        (zero | BY_HIGH_END.members[1] & -BY_HIGH_END.members[1], 0), BY_HIGH_END
    )
    assert laid[0] == zero and hands[0].bit_count() == 1


def test_asks_hand_over_and_lay_down_pairs() -> None:
    hands = (mask("8H 9S"), mask("8D 2C"), mask("9C 2S"))
    after, record = ask(hands, 0, 1, mask("8D"), PAIRS)
    assert record == Asked(0, 1, mask("8D"), mask("8D"), mask("8H 8D"))
    assert after == (mask("9S"), mask("2C"), mask("9C 2S"))
    missed, record = ask(after, 0, 1, mask("9C"), PAIRS)
    assert missed == after and not record.got


def test_ask_violations_use_the_models_words() -> None:
    hands = (mask("8H 9S"), mask("8D"), 0)
    eights = PAIRS.set_of[Card.parse("8D").index]
    fours = PAIRS.set_of[Card.parse("4D").index]
    cases = [
        (1, Card.parse("8D").index, eights, None),
        (0, Card.parse("8D").index, eights, ViolationCode.ASK_SELF),
        (2, Card.parse("8D").index, eights, ViolationCode.ASK_PLAYER_OUT),
        (3, Card.parse("8D").index, eights, ViolationCode.NO_SUCH_SEAT),
        (1, Card.parse("4D").index, fours, ViolationCode.ASK_RANK_NOT_HELD),
        (1, Card.parse("8H").index, eights, ViolationCode.ASK_HELD_CARD),
    ]
    for target, piece, set_id, code in cases:
        violation = ask_violation(hands, 0, target, piece=piece, set_id=set_id, model=PAIRS)
        assert (violation.code if violation else None) is code
        if violation:
            assert violation.message.endswith(".")
    message = ask_violation(hands, 0, 1, piece=None, set_id=fours, model=PAIRS)
    assert message is not None and "a card of a pair you hold" in message.message


def test_turns() -> None:
    assert first_asker((0, 0, 5, 1), dealer=0) == 2
    assert next_holder((0, 0, 0), 1) is None
    hands = (3, 4, 0, 8)
    assert next_asker(hands, 0, 3, got=True) == 0  # lucky: again
    assert next_asker(hands, 0, 3, got=False) == 3  # missed: the seat asked
    assert next_asker(hands, 0, 3, got=False, passes="left") == 1
    assert next_asker((0, 4, 0, 8), 0, 3, got=True) == 3  # out: the giver
    assert next_asker((0, 4, 0, 0), 0, 3, got=True) == 1  # giver out too: clockwise
    assert next_asker((0, 0, 0, 0), 0, 3, got=True) is None
    assert holders(hands) == 3


def play_pairs(
    players: int, rng: random.Random
) -> tuple[tuple[int, ...], list[Asked], tuple[int, ...], int]:
    """A whole deal of a pairs game driven by the core alone, random asks of one card."""
    order = list(range(52))
    rng.shuffle(order)
    dealt = deal_round(order, players, 1)
    hands, laid = lay_down_all(dealt, PAIRS)
    scores = [PAIRS.count_sets(m) for m in laid]
    asker = first_asker(hands, 0)
    log: list[Asked] = []
    while asker is not None:
        assert holders(hands) >= 2 and all(PAIRS.complete(h) == 0 for h in hands)
        targets = [s for s in range(players) if s != asker and hands[s]]
        pieces = [i for i in range(52) if askable_pieces(hands[asker], PAIRS) >> i & 1]
        target, piece = rng.choice(targets), rng.choice(pieces)
        assert (
            ask_violation(
                hands, asker, target, piece=piece, set_id=PAIRS.set_of[piece], model=PAIRS
            )
            is None
        )
        hands, record = ask(hands, asker, target, 1 << piece, PAIRS)
        log.append(record)
        scores[asker] += PAIRS.count_sets(record.laid)
        asker = next_asker(hands, asker, target, record.got)
    return dealt, log, tuple(scores), len(log)


@pytest.mark.parametrize("players", [2, 3, 5])
@given(seed=seeds())
def test_a_pairs_deal_ends_with_every_pair_down(players: int, seed: int) -> None:
    _, _, scores, length = play_pairs(players, random.Random(seed))
    assert sum(scores) == 26 and length < 5_000


@given(seed=seeds())
def test_what_the_asks_reveal_holds_for_the_real_deal_and_for_samples(seed: int) -> None:
    rng = random.Random(seed)
    players = 4
    dealt, log, _, _ = play_pairs(players, rng)
    cut = rng.randrange(len(log) + 1)
    laid_at_deal = tuple(PAIRS.complete(h) for h in dealt)
    for seat in range(players):
        known = knowledge(
            PAIRS,
            seat,
            counts=[h.bit_count() for h in dealt],
            own=dealt[seat],
            laid_at_deal=laid_at_deal,
            asks=log[:cut],
        )
        for hands in (dealt, sample_deal(known, PAIRS, rng)):
            assert hands[seat] == dealt[seat]
            for s in range(players):
                assert hands[s] & known.known[s] == known.known[s]
                free = hands[s] & known.free
                assert free.bit_count() == known.room[s] and not free & known.forbidden[s]
                for k in range(26):
                    count = (free & PAIRS.members[k]).bit_count()
                    assert count <= max(known.most[s][k], 0) or not count
                    assert count or not known.needs[s] >> k & 1


@given(seed=seeds())
def test_a_sampled_deal_replays_every_ask_the_same(seed: int) -> None:
    """Replaying the public asks on a sampled deal gives exactly the same records."""
    rng = random.Random(seed)
    dealt, log, _, _ = play_pairs(3, rng)
    cut = rng.randrange(len(log) + 1)
    seat = rng.randrange(3)
    laid_at_deal = tuple(PAIRS.complete(h) for h in dealt)
    known = knowledge(
        PAIRS,
        seat,
        counts=[h.bit_count() for h in dealt],
        own=dealt[seat],
        laid_at_deal=laid_at_deal,
        asks=log[:cut],
    )
    hands, _ = lay_down_all(sample_deal(known, PAIRS, rng), PAIRS)
    for record in log[:cut]:
        set_id = PAIRS.set_of[(record.wanted & -record.wanted).bit_length() - 1]
        violation = ask_violation(
            hands, record.asker, record.target, piece=None, set_id=set_id, model=PAIRS
        )
        assert violation is None
        assert not hands[record.asker] & record.wanted
        hands, again = ask(hands, record.asker, record.target, record.wanted, PAIRS)
        assert again == record
        assert all(PAIRS.complete(h) == 0 for h in hands)
