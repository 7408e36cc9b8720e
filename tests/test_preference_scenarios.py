"""Worked Preference scenarios with exact deals, the rulings (docs/preference.md), violations,
notation, rules, records, views and sampling."""

from __future__ import annotations

import json
import random

import pytest

from tablegames.core import (
    IllegalActionError,
    NotationError,
    RecordError,
    RulesError,
    ViolationCode,
    play_randomly,
)
from tablegames.core.actions import PASS, Deal
from tablegames.pieces import DECK_32, Card, Suit
from tablegames.preference import (
    GAME,
    KEEP,
    Bid,
    Discard,
    Offer,
    Phase,
    Rules,
    Trump,
    action_space,
    deal_of,
    first_leader,
    match_winners,
    new_match,
    parse_action,
)
from test_preference_support import (
    SUITED,
    SUITED_WIDOW,
    act,
    card_set,
    dealt,
    play_out,
    rotate,
    suit_hands,
)


def c(text: str) -> Card:
    return Card.parse(text)


# -- round one ------------------------------------------------------------------------------
def test_round_one_with_two_bids() -> None:
    """Seat 1 names clubs, seat 2 passes, seat 3 names diamonds: diamonds are trump, seat 3 is
    the declarer, the widow is untouched and seat 1 (the dealer skipped) leads."""
    state = act(dealt(), "bid C", "pass")
    assert state.declarer == 1 and state.trump is Suit.CLUBS  # the standing bid
    state = act(state, "bid D")
    assert state.phase is Phase.PLAY
    assert (state.declarer, state.trump, state.to_act) == (3, Suit.DIAMONDS, 1)
    assert state.calls == (Suit.CLUBS, None, Suit.DIAMONDS)
    assert state.zones()["widow"].mask == card_set(SUITED_WIDOW) and not state.widow_taken
    assert state.stacks == (95,) * 4 and state.pot == 20


# -- round two ------------------------------------------------------------------------------
def test_round_two_every_offer_is_paid_in() -> None:
    """Default: each offer goes into the pot when made, the outbid ones too."""
    state = act(dealt(), "pass", "pass", "pass", "offer 2")
    assert state.stacks == (95, 93, 95, 95) and state.pot == 22
    violation = state.check(Offer(2))
    assert violation is not None and violation.code is ViolationCode.OFFER_NOT_HIGHER
    assert violation.message == "An offer must be more than 2, the largest so far, not 2."
    state = act(state, "offer 7", "pass")
    assert state.stacks == (95, 93, 88, 95) and state.pot == 29
    assert state.phase is Phase.WIDOW and state.declarer == 2
    assert state.offers == (2, 7, 0)


def test_round_two_winner_only_pays() -> None:
    """Option winner_only: nothing is paid while offering; the winner pays when round two ends."""
    rules = Rules(round_two_payment="winner_only")
    state = act(dealt(rules=rules), "pass", "pass", "pass", "offer 2", "offer 7")
    assert state.stacks == (95,) * 4 and state.pot == 20
    state = act(state, "pass")
    assert state.stacks == (95, 95, 88, 95) and state.pot == 27
    assert state.phase is Phase.WIDOW and state.to_act == 2


def test_offer_limited_by_stack_and_unbeatable_offer_leaves_only_pass() -> None:
    """An offer may not exceed the player's stack; a player who cannot beat the largest offer
    can only pass."""
    rules = Rules(starting_stack=10, ante=2)  # stacks of 8 after the ante
    state = act(dealt(rules=rules), "pass", "pass", "pass")
    assert [str(a) for a in state.legal_actions()][-1] == "offer 8"
    violation = state.check(Offer(9))
    assert violation is not None and violation.code is ViolationCode.OFFER_OVER_STACK
    assert violation.message == "You have 8 chips: you cannot offer 9."
    zero = state.check(Offer(0))
    assert zero is not None and zero.code is ViolationCode.OFFER_NOT_HIGHER
    state = act(state, "offer 8")
    assert state.legal_actions() == (PASS,)
    assert state.legal_actions() == (PASS,)


def test_widow_taken_and_two_of_twelve_discarded() -> None:
    """The round-two winner takes the widow and lays aside any two of the twelve cards, a widow
    card included; only that player knows the discards."""
    state = act(dealt(), "pass", "pass", "pass", "pass", "pass", "offer 1")
    assert state.to_act == 3 and state.phase is Phase.WIDOW
    legal = state.legal_actions()
    assert legal[0] == KEEP and len(legal) == 1 + 66  # keep, or any pair of the twelve
    assert Discard((c("7S"), c("AC"))) in legal
    state = act(state, "discard 7S AC")
    assert state.hands[3] == card_set(SUITED[3]) - card_set("AC") + card_set("8S")
    assert state.discards == card_set("7S AC") and state.widow_taken
    assert state.zones()["widow"].mask == 0 and state.zones()["discards"].mask == card_set("7S AC")
    assert state.view(3).discards.mask == card_set("7S AC")
    assert not state.view(1).discards and state.view(1).discards_size == 2
    state = act(state, "trump C")
    assert state.phase is Phase.PLAY and state.to_act == 1  # seat 3's left is the dealer
    final = play_out(state)
    assert final.results[-1].offer == 1 and final.results[-1].declarer == 3


def test_widow_kept() -> None:
    """keep: the winner keeps the ten cards held; the widow lies aside unused."""
    state = act(dealt(), "pass", "pass", "pass", "offer 1", "pass", "pass", "keep")
    assert state.phase is Phase.TRUMP and state.hands[1] == card_set(SUITED[1])
    assert state.zones()["widow"].mask == card_set(SUITED_WIDOW) and not state.discards
    assert state.view(1).widow.mask == card_set(SUITED_WIDOW)  # seen, but not used
    state = act(state, "trump H")
    assert state.phase is Phase.PLAY and state.to_act == 2


def test_discard_violations() -> None:
    """Discards must be two different cards of the twelve, from the 32-card deck."""
    state = act(dealt(), "pass", "pass", "pass", "offer 1", "pass", "pass")
    cases = {
        "discard 7H": ViolationCode.DISCARD_WRONG_COUNT,
        "discard 7H 8H 9H": ViolationCode.DISCARD_WRONG_COUNT,
        "discard 7H 7H": ViolationCode.DISCARD_WRONG_COUNT,
        "discard 7H AD": ViolationCode.NOT_IN_HAND,
        "discard 7H 2H": ViolationCode.NOT_IN_DECK,
        "trump H": ViolationCode.WRONG_PHASE,
        "play 7H": ViolationCode.WRONG_PHASE,
    }
    for text, code in cases.items():
        violation = state.check(parse_action(text))
        assert violation is not None and violation.code is code, text
        assert violation.message.endswith(".")
    assert state.check(parse_action("discard AH 7S")) is None


def test_all_pass_twice_thrown_in() -> None:
    """All three pass in both rounds: thrown in, the pot stays, the next dealer deals."""
    state = act(dealt(), "pass", "pass", "pass", "pass", "pass", "pass")
    assert state.phase is Phase.DEAL and state.dealer == 1
    assert state.stacks == (95,) * 4 and state.pot == 20  # no new ante: the pot is not empty
    result = state.results[-1]
    assert result.thrown_in and result.dealer == 0 and result.tricks == (0, 0, 0, 0)
    state = dealt(rotate(SUITED, 1), dealer=1, state=state)
    assert state.to_act == 2 and state.hands[1] == 0


def test_thrown_in_deals_count_towards_the_match() -> None:
    """A match of 2 deals ends after two thrown-in deals."""
    state = new_match(Rules(deals=2))
    for dealer in (0, 1):
        state = dealt(rotate(SUITED, dealer), dealer=dealer, state=state)
        state = act(state, *["pass"] * 6)
    assert state.is_over and len(state.results) == 2
    assert state.winners == (0, 1, 2, 3)  # nobody's stack moved: four joint winners
    violation = state.check(PASS)
    assert violation is not None and violation.code is ViolationCode.GAME_OVER


def test_nobody_can_offer_with_an_empty_stack() -> None:
    """With no chips to offer, round two is all passes and the deal is thrown in."""
    state = act(dealt(rules=Rules(starting_stack=1, ante=1)), "pass", "pass", "pass")
    assert state.legal_actions() == (PASS,)
    state = act(state, "pass", "pass", "pass")
    assert state.results[-1].thrown_in


# -- settlement -----------------------------------------------------------------------------
@pytest.mark.parametrize("trump", [Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS])
def test_made_and_failed_per_suit(trump: Suit) -> None:
    """Default tables: 1 spades, 2 clubs, 3 diamonds, 4 hearts, both ways."""
    value = {Suit.SPADES: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3, Suit.HEARTS: 4}[trump]
    hands, widow = suit_hands(trump, declarer_has_trumps=True)
    made = play_out(act(dealt(hands, widow), f"bid {trump.letter}", "pass", "pass"))
    assert made.results[-1].made and made.results[-1].tricks[1] >= 8
    assert made.stacks[1] == 95 + value and made.pot == 20 - value
    hands, widow = suit_hands(trump, declarer_has_trumps=False)
    failed = play_out(act(dealt(hands, widow), f"bid {trump.letter}", "pass", "pass"))
    assert not failed.results[-1].made and failed.results[-1].tricks[1] <= 2
    assert failed.stacks[1] == 95 - value and failed.pot == 20 + value


def test_payout_larger_than_pot_takes_pot_then_everyone_antes_again() -> None:
    """A payout larger than the pot takes the whole pot; the next deal starts with a new ante."""
    rules = Rules(ante=1, payout=(1, 2, 3, 10), deals=3)
    state = act(dealt(rules=rules), "bid H", "pass", "pass")
    assert state.pot == 4
    final = play_out(state)
    result = final.results[-1]
    assert result.made and result.chips == 4 and result.pot == 0
    assert result.stacks == (99, 103, 99, 99)
    # The pot was empty at the start of the next deal: all four ante again.
    assert final.phase is Phase.DEAL and final.pot == 4
    assert final.stacks == (98, 102, 98, 98)


def test_no_ante_after_the_last_deal() -> None:
    """The match's result is the stacks and the pot left after the last settlement."""
    rules = Rules(ante=1, payout=(1, 2, 3, 10), deals=1)
    final = play_out(act(dealt(rules=rules), "bid H", "pass", "pass"))
    assert final.is_over and final.pot == 0 and final.stacks == (99, 103, 99, 99)
    assert final.winners == (1,)


def test_stacks_may_go_negative() -> None:
    """A failed game is paid in full even from an empty stack; the ledger stays exact."""
    rules = Rules(starting_stack=1, ante=1, penalty=(5, 5, 5, 5))
    hands, widow = suit_hands(Suit.SPADES, declarer_has_trumps=False)
    final = play_out(act(dealt(hands, widow, rules=rules), "bid S", "pass", "pass"))
    assert final.stacks[1] == -5 and final.pot == 9
    assert sum(final.stacks) + final.pot == 4


def test_match_winners_are_the_largest_stacks() -> None:
    """Winners are the largest stacks, joint on a tie."""
    assert match_winners((90, 104, 104, 80)) == (1, 2)
    assert match_winners((-3, -5, -4, -9)) == (0,)


# -- seats and turns ------------------------------------------------------------------------
def test_dealer_sits_out_and_deal_rotates() -> None:
    """The dealer gets no cards and never acts; the next deal is dealt by the seat on the left."""
    state = act(dealt(), "bid H")
    violation = state.check(PASS, seat=0)
    assert violation is not None and violation.code is ViolationCode.OUT_OF_TURN
    state = act(state, "pass", "pass")
    assert state.table is not None and state.table.order == (1, 2, 3)
    final = play_out(state)
    assert final.dealer == 1 and final.results[-1].tricks[0] == 0
    state = dealt(rotate(SUITED, 1), dealer=1, state=final)
    assert state.hands[1] == 0 and state.active == (2, 3, 0) and state.to_act == 2


def test_first_leader_skips_the_dealer() -> None:
    """The active player left of the declarer leads; the dealer is skipped."""
    assert [first_leader(d, 0) for d in (1, 2, 3)] == [2, 3, 1]
    assert [first_leader(d, 2) for d in (3, 0, 1)] == [0, 1, 3]


def test_out_of_turn_and_deal_first() -> None:
    """Generic refusals: the deal comes first; out of turn."""
    state = new_match()
    violation = state.check(PASS)
    assert violation is not None and violation.code is ViolationCode.DEAL_EXPECTED
    out = state.check(PASS, seat=1)
    assert out is not None and out.code is ViolationCode.OUT_OF_TURN
    bad = state.check(Deal(tuple(DECK_32)[:31]))
    assert bad is not None and bad.code is ViolationCode.BAD_DEAL


def test_wrong_phase_messages() -> None:
    """Every phase refuses the other phases' actions with a sentence."""
    bidding = dealt()
    for action in (Offer(1), KEEP, Trump(Suit.HEARTS), parse_action("play 7H")):
        violation = bidding.check(action)
        assert violation is not None and violation.code is ViolationCode.WRONG_PHASE
        assert violation.message == "It is round one: name a higher suit (bid H) or pass."
    offering = act(bidding, "pass", "pass", "pass")
    violation = offering.check(Bid(Suit.HEARTS))
    assert violation is not None and violation.code is ViolationCode.WRONG_PHASE
    naming = act(offering, "offer 1", "pass", "pass", "keep")
    violation = naming.check(PASS)
    assert violation is not None and violation.message.startswith("The round-two winner")
    with pytest.raises(IllegalActionError):
        naming.apply(KEEP)


# -- notation, rules, records ---------------------------------------------------------------
def test_notation_round_trips_and_variants() -> None:
    """Canonical printing; 10, lower case and suit symbols accepted."""
    assert str(parse_action("bid ♥")) == "bid H"
    assert str(parse_action("TRUMP d")) == "trump D"
    assert str(parse_action("play 10♣")) == "play TC"
    assert str(parse_action("discard 8s 7s")) == "discard 7S 8S"
    assert str(parse_action("offer 12")) == "offer 12" and str(parse_action("keep")) == "keep"
    for action in action_space(Rules()):
        assert parse_action(str(action)) == action
    deal = deal_of(SUITED, SUITED_WIDOW)
    assert str(deal).startswith("deal ") and len(str(deal).split()) == 33
    assert parse_action(str(deal)) == deal
    for bad in ("bid", "bid X", "offer many", "keep 3", "play 1H", "jump"):
        with pytest.raises(NotationError):
            parse_action(bad)


def test_action_space_bound() -> None:
    """Offers in the action space run to the largest stack a player could ever hold."""
    space = action_space(Rules(starting_stack=20, deals=3, payout=(1, 1, 1, 5)))
    offers = [a for a in space if isinstance(a, Offer)]
    assert offers[0] == Offer(1) and offers[-1] == Offer(20 + 2 * 5)
    assert sum(isinstance(a, Discard) for a in space) == 496


def test_rules_validation_and_json() -> None:
    """Invalid settings are refused when Rules are built; Rules round-trip through JSON."""
    for bad in (
        {"ante": 0},
        {"starting_stack": -1},
        {"deals": 0},
        {"first_dealer": 4},
        {"payout": (1, 2, 3)},
        {"penalty": (1, 2, 3, -1)},
        {"round_two_payment": "none"},
    ):
        with pytest.raises(RulesError):
            Rules(**bad)
    rules = Rules(payout=(2, 3, 4, 5), round_two_payment="winner_only", first_dealer=2)
    data = json.loads(json.dumps(GAME.rules_to_json(rules)))
    assert GAME.rules_from_json(data) == rules
    with pytest.raises(RecordError):
        GAME.rules_from_json({"deals": "many"})


def test_record_replays_a_whole_match() -> None:
    """A JSON record replays to the same final state."""
    final = play_randomly(new_match(Rules(deals=3)), random.Random(11))
    assert GAME.replay(GAME.record(final)) == final
    assert GAME.state_from_json(GAME.state_to_json(final)) == final


# -- views and sampling ---------------------------------------------------------------------
def test_views_hide_widow_and_discards() -> None:
    """Nobody sees the widow until taken; only the declarer knows the discards; sampling for a
    seat keeps that seat's view and keeps revealed voids."""
    state = act(dealt(), "pass", "pass", "pass", "offer 1", "offer 2", "pass")
    state = act(state, "discard 7S 8S", "trump D")
    state = act(state, "play 7C", "play 8H")  # seat 3 leads clubs; seat 1 shows no clubs
    for seat in range(4):
        rng = random.Random(seat)
        for _ in range(5):
            sample = state.sample(seat, rng)
            assert sample.view(seat) == state.view(seat)
            assert not sample.hands[1] & card_set("7C 8C 9C TC JC QC KC AC")
    dealer = state.view(0)
    assert not dealer.hand and not dealer.widow and not dealer.discards
    assert dealer.hand_sizes == (0, 9, 10, 9) and dealer.pot == 23
    assert state.view(2).discards.mask == card_set("7S 8S")


def test_conservation_zones() -> None:
    """Zones partition the 32 cards at every step of a deal."""
    state = act(dealt(), "pass", "pass", "pass", "offer 1", "pass", "pass", "discard AH 8S")
    state = act(state, "trump H")
    while state.phase is Phase.PLAY:
        seen = 0
        for zone in state.zones().values():
            assert not seen & zone.mask
            seen |= zone.mask
        assert seen == DECK_32.mask
        state = state.apply(state.legal_actions()[0])


def test_demo_tells_a_whole_match(capsys: pytest.CaptureFixture[str]) -> None:
    """The demo narrates every deal, round two included, and ends with the winners."""
    from tablegames.cli import main

    assert main(["demo", "preference", "--seed", "9"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert sum(line.startswith("Deal ") for line in lines) == Rules().deals
    assert any("round two" in line for line in lines)
    assert any("takes the widow and lays" in line or "keeps the hand" in line for line in lines)
    assert lines[-1].startswith("Winner")
    assert main(["demo", "preference", "--players", "3"]) == 2


def test_rules_page_documents_every_option_and_the_notation() -> None:
    """docs/preference.md names every Rules setting and every action's notation."""
    from pathlib import Path

    import attrs

    page = (Path(__file__).parent.parent / "docs" / "preference.md").read_text(encoding="utf-8")
    for field in attrs.fields(Rules):
        assert f"`{field.name}`" in page, field.name
    for text in ("`pass`", "`bid H`", "`offer 3`", "`keep`", "`discard 7S 8S`", "`trump H`"):
        assert text in page
    assert "all three players passed" in page and "dealer sits out" in page
