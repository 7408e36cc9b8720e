"""Ninety-Two rule settings, notation, every violation, views and sampling."""

from __future__ import annotations

import random

import pytest

from tablegames.core import IllegalActionError, NotationError, RulesError, ViolationCode
from tablegames.core.actions import PASS, Deal, Play
from tablegames.core.errors import RecordError
from tablegames.ninety_two import (
    GAME,
    Bid,
    NinetyTwoState,
    Partners,
    Rules,
    action_space,
    deal_of,
    new_match,
    parse_action,
)
from tablegames.pieces import CARDS, Card, Domino, Suit, cards, suit_mask

HANDS = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
STOCK = "5S 6S 7S 8S 9S TS"


def act(state: NinetyTwoState, *texts: str) -> NinetyTwoState:
    for text in texts:
        state = state.apply(parse_action(text))
    return state


def dealt(players: int = 4) -> NinetyTwoState:
    if players == 4:
        return new_match(Rules(first_dealer=3)).apply(deal_of(HANDS, STOCK, dealer=3))
    state = new_match(Rules(players=players, first_dealer=players - 1))
    return state.apply(state.chance_outcome(random.Random(players)))


def code_of(state: NinetyTwoState, action: object, seat: int | None = None) -> ViolationCode:
    violation = state.check(action, seat=seat)  # type: ignore[arg-type]
    assert violation is not None, f"{action} was accepted"
    assert violation.message.endswith("."), violation.message
    with pytest.raises(IllegalActionError) as err:
        state.apply(action, seat=seat)  # type: ignore[arg-type]
    assert err.value.violation == violation
    return violation.code


# -- rules ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "options",
    [
        {"players": 5},
        {"players": 4, "first_dealer": 4},
        {"players": 6, "first_dealer": -1},
        {"target": 0},
        {"leftovers": "burn"},
        {"defenders_score_when_made": "yes"},
    ],
)
def test_invalid_rules_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        Rules(**options)  # type: ignore[arg-type]


def test_rules_round_trip_through_json() -> None:
    rules = Rules(players=8, first_dealer=7, target=50, leftovers="deal")
    assert GAME.rules_from_json(GAME.rules_to_json(rules)) == rules
    with pytest.raises(RecordError):
        GAME.rules_from_json({"players": 3})


@pytest.mark.parametrize(("players", "most"), [(4, 13), (6, 8), (8, 6)])
def test_bids_range_from_one_to_the_tricks_in_a_deal(players: int, most: int) -> None:
    state = dealt(players)
    bids = [a for a in state.legal_actions() if isinstance(a, Bid)]
    assert {b.tricks for b in bids} == set(range(1, most + 1)) and len(bids) == 4 * most
    assert code_of(state, Bid(most + 1, Suit.HEARTS)) is ViolationCode.BID_OUT_OF_RANGE
    assert code_of(state, Bid(0, Suit.HEARTS)) is ViolationCode.BID_OUT_OF_RANGE


def test_dealt_leftovers_allow_one_more_trick_bid() -> None:
    state = new_match(Rules(players=6, leftovers="deal"))
    state = state.apply(state.chance_outcome(random.Random(1)))
    assert state.check(Bid(9, Suit.CLUBS)) is None


# -- notation ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("pass", "pass"),
        ("PASS", "pass"),
        ("bid 4 H", "bid 4 H"),
        ("bid 4 h", "bid 4 H"),
        ("Bid 12 ♠", "bid 12 S"),
        ("partners 2", "partners 2"),
        ("partners 5 2", "partners 2 5"),
        ("partners 7 1 3", "partners 1 3 7"),
        ("play AH", "play AH"),
        ("play 10d", "play TD"),
        ("play 7♣", "play 7C"),
    ],
)
def test_notation_reads_variants_and_prints_canonically(text: str, canonical: str) -> None:
    action = parse_action(text)
    assert str(action) == canonical and parse_action(canonical) == action


@pytest.mark.parametrize("players", [4, 6, 8])
def test_every_action_round_trips(players: int) -> None:
    for action in action_space(Rules(players=players)):
        assert parse_action(str(action)) == action


def test_deal_prints_and_parses() -> None:
    deal = deal_of(HANDS, STOCK, dealer=3)
    text = str(deal)
    assert text.startswith("deal AS QS JS 2D KS") and len(text.split()) == 53
    assert parse_action(text) == deal


@pytest.mark.parametrize(
    "text", ["", "bid 4", "bid x H", "bid 4 X", "partners", "partners a", "play 1H", "fold 3"]
)
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


# -- violations ----------------------------------------------------------------------------
def test_bid_violations() -> None:
    state = act(dealt(), "bid 3 C")
    assert code_of(state, Bid(3, Suit.SPADES)) is ViolationCode.BID_NOT_HIGHER
    assert code_of(state, Bid(2, Suit.SPADES)) is ViolationCode.BID_NOT_HIGHER
    assert code_of(state, Bid(4, 7)) is ViolationCode.BAD_TRUMP  # type: ignore[arg-type]
    assert code_of(state, Bid(14, Suit.SPADES)) is ViolationCode.BID_OUT_OF_RANGE
    assert state.check(Bid(4, Suit.SPADES)) is None


def test_partner_violations() -> None:
    state = act(dealt(6), "pass", "bid 2 H", *["pass"] * 4)  # seat 1 wins the bidding
    assert state.to_act == 1
    assert code_of(state, Partners((2,))) is ViolationCode.PARTNERS_WRONG_NUMBER
    assert code_of(state, Partners((2, 3, 4))) is ViolationCode.PARTNERS_WRONG_NUMBER
    assert code_of(state, Partners((2, 2))) is ViolationCode.PARTNERS_REPEATED
    assert code_of(state, Partners((1, 2))) is ViolationCode.PARTNER_IS_BIDDER
    assert code_of(state, Partners((2, 6))) is ViolationCode.NO_SUCH_SEAT
    assert code_of(state, Partners((-1, 2))) is ViolationCode.NO_SUCH_SEAT
    assert state.check(Partners((5, 0))) is None
    after = state.apply(Partners((5, 0)))
    assert after.partners == (0, 5) and after.team == (0, 1, 5)


def test_play_violations() -> None:
    state = act(dealt(), "bid 2 H", "pass", "pass", "pass", "partners 2", "play 5C")
    assert code_of(state, Play(Card.parse("QS"))) is ViolationCode.MUST_FOLLOW_SUIT
    assert code_of(state, Play(Card.parse("AD"))) is ViolationCode.NOT_IN_HAND
    assert code_of(state, Play(Domino(6, 4))) is ViolationCode.NOT_IN_DECK
    assert code_of(state, Play(Card.parse("6C")), seat=2) is ViolationCode.OUT_OF_TURN
    assert state.check(Play(Card.parse("6C")), seat=1) is None


def test_wrong_phase_violations() -> None:
    state = dealt()
    assert code_of(state, Play(Card.parse("AS"))) is ViolationCode.WRONG_PHASE
    assert code_of(state, Partners((1,))) is ViolationCode.WRONG_PHASE
    state = act(state, "bid 2 H", "pass", "pass", "pass")
    assert code_of(state, PASS) is ViolationCode.WRONG_PHASE
    assert code_of(state, Bid(3, Suit.CLUBS)) is ViolationCode.WRONG_PHASE
    state = act(state, "partners 2")
    assert code_of(state, Bid(3, Suit.CLUBS)) is ViolationCode.WRONG_PHASE
    assert code_of(state, Partners((1,))) is ViolationCode.WRONG_PHASE


def test_deal_violations_and_game_over() -> None:
    state = new_match()
    assert code_of(state, PASS) is ViolationCode.DEAL_EXPECTED
    assert code_of(state, Deal(CARDS[:51])) is ViolationCode.BAD_DEAL
    assert code_of(state, Deal((*CARDS[:51], CARDS[0]))) is ViolationCode.BAD_DEAL
    assert code_of(state, PASS, seat=0) is ViolationCode.OUT_OF_TURN
    from tablegames.core import play_randomly

    final = play_randomly(new_match(Rules(target=10)), random.Random(3))
    assert final.is_over and final.to_act is None and not final.legal_actions()
    assert code_of(final, PASS) is ViolationCode.GAME_OVER
    assert code_of(final, PASS, seat=1) is ViolationCode.GAME_OVER


def test_refused_actions_leave_the_state_unchanged() -> None:
    state = act(dealt(), "bid 2 H")
    before = state.fingerprint()
    for action in action_space(state.rules):
        if action not in state.legal_actions():
            assert state.check(action) is not None
    assert state.fingerprint() == before


# -- views and sampling ----------------------------------------------------------------------
def test_view_shows_own_hand_public_play_and_counts_only() -> None:
    state = act(dealt(), "bid 2 H", "pass", "pass", "pass", "partners 2", "play AS", "play QS")
    view = state.view(2)
    assert view.hand == cards("JS 8C 9C TC")
    assert view.hand_sizes == (3, 3, 4, 4) and view.stock_size == 36 and view.dead_count == 0
    assert view.calls[0] == Bid(2, Suit.HEARTS) and view.partners == (2,) and view.bidder == 0
    assert view.trick == ((0, Card.parse("AS")), (1, Card.parse("QS")))
    assert view.legal_actions and state.view(3).legal_actions == ()


def test_view_does_not_change_when_others_hidden_cards_are_swapped() -> None:
    a = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]
    b = ["AS KS 3H 5C", "JC 3D 4D 7C", "JS 8C 9C TC", "2D QS 4H 6C"]
    one = new_match(Rules(first_dealer=3)).apply(deal_of(a, "5S 6S", dealer=3))
    two = new_match(Rules(first_dealer=3)).apply(deal_of(b, "6S 5S", dealer=3))
    assert one.view(0) == two.view(0) and one.view(2) == two.view(2)
    assert one.view(1) != two.view(1)


def test_sample_keeps_the_view_and_the_revealed_voids_only_until_the_refill() -> None:
    # Trick 1: seat 3 shows a spade void, then draws 8S. From seat 0's side, seat 3's three old
    # cards can hold no spade, but the newly drawn card may be one.
    state = act(dealt(), "bid 2 H", "pass", "pass", "pass", "partners 2")
    state = act(state, "play AS", "play QS", "play JS", "play 3D")
    assert Card.parse("8S") in state.hand(3)
    rng = random.Random(0)
    spade_counts = set()
    for _ in range(200):
        sample = state.sample(0, rng)
        assert sample.view(0) == state.view(0)
        spade_counts.add(len(sample.hand(3) & cards(" ".join(f"{r}S" for r in "23456789TJQKA"))))
    assert spade_counts == {0, 1}


def test_sample_respects_a_void_in_the_trick_in_progress() -> None:
    state = act(dealt(), "bid 2 H", "pass", "pass", "pass", "partners 2")
    state = act(state, "play 3H", "play 4H", "play JS")  # seat 2 shows no hearts
    rng = random.Random(1)
    for _ in range(100):
        sample = state.sample(1, rng)
        assert sample.view(1) == state.view(1)
        assert sample.hands[2] & suit_mask(Suit.HEARTS) == 0
        assert sample.to_act == 3


def test_sample_redistributes_the_stock_order() -> None:
    state = dealt()

    def unseen(s: NinetyTwoState) -> int:
        mask = s.hands[0] | s.hands[2] | s.hands[3]
        for c in s.stock:
            mask |= 1 << c
        return mask

    samples = [state.sample(1, random.Random(seed)) for seed in range(5)]
    assert len({s.stock for s in samples}) > 1
    for sample in samples:
        assert unseen(sample) == unseen(state) and sample.hands[1] == state.hands[1]
        assert len(sample.stock) == len(state.stock)
