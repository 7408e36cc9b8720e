"""One test for each sentence of the Texas 42 seed text, citing it.

Quotations are from the English translation quoted on docs/texas42.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tablegames.core import IllegalActionError, ViolationCode
from tablegames.core.actions import PASS, Play
from tablegames.pieces import DOMINOES, Domino, dominoes
from tablegames.texas42 import Bid, Phase, Rules, Trump, deal_of, settle
from tablegames.texas42.model import COUNT, MODELS, bearing
from tablegames.tricks import legal_plays, trick_winner
from texas42_script import SIXES, bid_round, complete, dealt, declare, play_out

DOCS = Path(__file__).parent.parent / "docs" / "texas42.md"


def tile(text: str) -> int:
    return Domino.parse(text).index


def test_origin_is_recorded_on_the_rules_page() -> None:
    """'This game was invented in the USA at the end of the 19th century.'"""
    assert "end of the 19th century" in DOCS.read_text(encoding="utf-8")


def test_four_players_in_partnerships_seven_tiles_each() -> None:
    """'It is a partnership game for four players, each of whom receives seven tiles.'"""
    state = dealt(SIXES)
    assert [len(state.hand(s)) for s in range(4)] == [7, 7, 7, 7]
    final = declare(SIXES, [0, 0, 0, 30], trump=6)  # seat 0 bids 30 as dealer
    final = play_out(final)
    result = final.results[-1]
    assert result.points[0] == 42  # seat 0's tricks count for seats 0 and 2 together


def test_players_pass_or_bid_at_least_thirty() -> None:
    """'Having looked at their tiles, the players propose their game, passing or naming the number
    of points they undertake to take, but not less than thirty.'"""
    state = dealt(SIXES)
    assert state.phase is Phase.BID
    assert state.check(PASS) is None and state.check(Bid(30)) is None
    violation = state.check(Bid(29))
    assert violation is not None and violation.code is ViolationCode.BID_OUT_OF_RANGE
    assert "30" in violation.message


def test_one_proposal_each_exceeding_the_last_by_one() -> None:
    """'A player makes his proposal only once, and it must exceed the previous player's proposal by
    at least one point.'"""
    state = bid_round(dealt(SIXES), 33)
    same = state.check(Bid(33))
    assert same is not None and same.code is ViolationCode.BID_NOT_HIGHER
    assert state.check(Bid(34)) is None
    state = bid_round(state, 34, 0, 0)
    assert state.phase is Phase.TRUMP and state.to_act == 2  # four calls, one each, then trump
    assert state.check(Bid(35)) is not None


def test_bid_42_undertakes_every_trick() -> None:
    """'An undertaking to take 42 points means that the player intends to take all the tricks and
    premium tiles in the second stage of the game — the play.'"""
    made = play_out(declare(SIXES, [0, 0, 0, 42], trump=6), {0: ["6:6", "6:5", "6:4"]})
    assert made.results[-1].made and made.results[-1].tricks == (7, 0)
    # Seat 1 bids 42 on fives; seat 0's sixes take tricks, so one lost trick sets the bid.
    lost = play_out(declare(SIXES, [42, 0, 0, 0], trump=5), {1: ["4:4"]})
    result = lost.results[-1]
    assert result.tricks[0] > 0 and result.made is False and result.score[1] == 0


def test_84_outbids_42_and_undertakes_every_trick() -> None:
    """'If a player names 84 points, this means that he also undertakes to collect all the tricks
    and premium tiles, outbidding the player who named 42 points.'"""
    state = dealt(SIXES)
    assert state.check(Bid(84)) is not None  # not before a 42
    state = bid_round(state, 42)
    assert state.check(Bid(84)) is None
    state = play_out(bid_round(state, 0, 84, 0).apply(Trump(6)), {0: ["6:6"]})
    result = state.results[-1]
    assert (
        result.bidder == 3 and result.made is False and result.score == (result.points[0] + 84, 0)
    )


def test_168_outbids_84() -> None:
    """'If he bids 168 points, he must outplay the player who named 84 points.'"""
    state = dealt(SIXES)
    assert state.check(Bid(168)) is not None
    state = bid_round(state, 42, 84)
    assert state.legal_actions() == (PASS, Bid(168))
    violation = bid_round(state, 0).check(Bid(126))
    assert violation is not None and violation.code is ViolationCode.BID_NOT_ON_LADDER


def test_premium_tiles() -> None:
    """'Premium tiles are those whose pips add up to five or ten: 6—4, 5—5, 5—0, 4—1, 3—2.'"""
    premium = {str(d) for d in DOMINOES if COUNT[d.index]}
    assert premium == {"6:4", "5:5", "5:0", "4:1", "3:2"}
    assert all(COUNT[d.index] == d.pips for d in DOMINOES if COUNT[d.index])


def test_35_count_points_one_per_trick_42_in_all() -> None:
    """'In total 35 points are scored for them, one point for each trick, and the maximum total of
    points is 42.'"""
    assert sum(COUNT) == 35
    final = play_out(declare(SIXES, [30, 0, 0, 0], trump=5))
    result = final.results[-1]
    assert sum(result.tricks) == 7 and sum(result.points) == 42


def test_high_bidder_leads() -> None:
    """'The play begins with a lead by the player who named the largest number of points.'"""
    state = declare(SIXES, [30, 31, 0, 0], trump=3)
    assert state.phase is Phase.PLAY and state.to_act == 2


def test_high_bidder_names_trumps() -> None:
    """'He also announces the trump tiles.'"""
    state = bid_round(dealt(SIXES), 0, 35, 0, 0)
    assert state.phase is Phase.TRUMP and state.to_act == 2
    violation = state.check(Trump(4), seat=1)
    assert violation is not None and violation.code is ViolationCode.OUT_OF_TURN
    assert state.apply(Trump(4), seat=2).trump == 4


def test_any_number_from_six_to_blank_may_be_trump() -> None:
    """'These tiles can be any — from the six to the "soap".'"""
    state = bid_round(dealt(SIXES), 30, 0, 0, 0)
    assert all(state.check(Trump(n)) is None for n in range(7))
    violation = state.check(Trump(7))
    assert violation is not None and violation.code is ViolationCode.BAD_TRUMP


def test_seven_trumps_in_each_play() -> None:
    """'Thus in each play seven trump tiles take part, some of which are also premium tiles.'"""
    for trump in range(7):
        trumps = MODELS[trump].follow_masks[trump]
        assert bin(trumps).count("1") == 7 and trumps == bearing(trump)
    assert any(COUNT[i] for i in range(28) if MODELS[5].follow_masks[5] >> i & 1)


def test_each_player_adds_a_tile_in_turn() -> None:
    """'To the tile laid down by the first player each following player adds his own.'"""
    state = declare(SIXES, [0, 0, 0, 30], trump=6)
    seats = []
    for _ in range(4):
        seats.append(state.to_act)
        state = state.apply(state.legal_actions()[0])
    assert seats == [0, 1, 2, 3]
    assert state.table is not None and len(state.table.tricks) == 1 and state.table.pieces == ()


def test_follow_trump_on_trump_and_the_higher_half_otherwise() -> None:
    """'Following suit is compulsory: on a trump one plays a trump, and on the other tiles the
    higher halves must match.'"""
    model = MODELS[3]
    hand = dominoes("3:1 6:2 5:4 2:0").mask
    assert legal_plays(hand, (tile("3:3"),), model) == dominoes("3:1").mask
    assert legal_plays(hand, (tile("6:5"),), model) == dominoes("6:2").mask
    assert legal_plays(hand, (tile("5:2"),), model) == dominoes("5:4").mask


def test_seed_example_five_three_led() -> None:
    """'For example, on the tile 5—3 one must play the tile 5—1 (and not 3—4).'"""
    hands = complete("", "5:3 6:6 6:5 6:4 6:3 6:2 6:1", "5:1 4:3 0:0 1:0 1:1 2:0 2:1", "")
    state = declare(hands, [30, 0, 0, 0], trump=0).apply(Play(Domino(5, 3)))
    violation = state.check(Play(Domino(4, 3)))
    assert violation is not None and violation.code is ViolationCode.MUST_FOLLOW_SUIT
    assert "5:3" in violation.message and "5:1" in violation.message
    assert state.check(Play(Domino(5, 1))) is None


def test_trumping_when_void_is_allowed_not_required() -> None:
    """'If there is no tile with the required number of pips, one may beat the trick with a trump,
    but this is not obligatory.'"""
    hands = complete("", "5:3 6:6 6:5 6:4 6:3 6:2 6:1", "4:0 4:3 0:0 1:0 1:1 2:0 2:1", "")
    state = declare(hands, [30, 0, 0, 0], trump=0).apply(Play(Domino(5, 3)))
    legal = {a.piece for a in state.legal_actions() if isinstance(a, Play)}
    assert Domino(4, 0) in legal and Domino(4, 3) in legal and len(legal) == 7


def test_a_trump_takes_the_trick() -> None:
    """'The trick is won by the player who put the highest trump into it or who beat the trick
    with a trump.'"""
    model = MODELS[2]
    assert trick_winner((tile("6:6"), tile("2:0"), tile("6:5"), tile("6:4")), model) == 1
    assert trick_winner((tile("6:6"), tile("2:0"), tile("2:1"), tile("6:4")), model) == 2


def test_without_trumps_the_highest_tile_of_the_suit_led_wins() -> None:
    """'In a trick without trumps it is taken by the player who put down the highest tile.'"""
    model = MODELS[0]
    # The highest tile *of the suit led*: 6:6 is off-suit when fives are led (docs/texas42.md,
    # "Rulings", ranking).
    assert trick_winner((tile("5:2"), tile("5:4"), tile("6:6"), tile("5:3")), model) == 1
    assert trick_winner((tile("5:2"), tile("5:4"), tile("5:5"), tile("5:3")), model) == 2


def test_points_are_counted_after_the_play() -> None:
    """'After the play is over, the number of points received by each side is counted.'"""
    final = play_out(declare(SIXES, [30, 0, 0, 0], trump=5))
    result = final.results[-1]
    assert sum(result.points) == 42
    counted = [0, 0]
    for trick in result.played:
        counted[trick.winner % 2] += 1 + sum(COUNT[p] for p in trick.pieces)
    assert tuple(counted) == result.points


def test_made_bid_both_sides_record_what_they_took() -> None:
    """'The pair that ordered the game and got the declared or even a greater number of points
    records to its account the number of points actually received, as do its opponents.'"""
    final = play_out(declare(SIXES, [0, 0, 0, 30], trump=6))
    result = final.results[-1]
    assert result.made and result.score == result.points and final.scores == result.points
    assert settle(30, bidders=35, opponents=7, rules=Rules()) == (True, 35, 7)


def test_set_bid_opponents_record_their_points_plus_the_bid() -> None:
    """'If the declared number of points was not reached, nothing is recorded for this pair, and
    the opposing side records the points it actually won plus the points that were declared and
    not made by the pair that ordered the game.'"""
    assert settle(31, bidders=20, opponents=22, rules=Rules()) == (False, 0, 53)
    final = play_out(declare(SIXES, [41, 0, 0, 0], trump=5))  # seat 1 bids, sixes beat it
    result = final.results[-1]
    assert not result.made
    assert result.score == (result.points[0] + 41, 0)


@pytest.mark.parametrize("bid", [42, 84, 168])
def test_42_84_and_168_score_alike(bid: int) -> None:
    """'For scoring after the play, a bid of 42 points is equivalent to a bid of 84 or 168
    points.'"""
    assert settle(bid, 42, 0, Rules()) == (True, 42, 0)


def test_made_42_84_168_records_42() -> None:
    """'If the side that ordered a game of 42, 84 or 168 points received only 42 points in the
    play, it records these 42 points.'"""
    state = bid_round(dealt(SIXES, dealer=3), 42, 0, 84, 0)  # seat 0 bids, seat 2 bids 84
    state = state.apply(Trump(6))
    final = play_out(state, {2: ["4:3"], 0: ["6:6"]})
    result = final.results[-1]
    assert result.bid == 84 and result.bidder == 2 and result.made
    assert result.score == (42, 0)


def test_set_big_bid_opponents_record_points_plus_bid() -> None:
    """'If, however, having declared 42, 84 or 168 points, it did not make 42 points in the play,
    the opponents record the points they actually won plus, respectively, the 42, 84 or 168
    points declared by the other side.'"""
    for bid in (42, 84, 168):
        assert settle(bid, 41, 1, Rules()) == (False, 0, 1 + bid)
    state = bid_round(dealt(SIXES), 42, 0, 0, 0).apply(Trump(5))
    result = play_out(state).results[-1]
    assert result.made is False and result.score == (result.points[0] + 42, 0)


def test_first_side_to_250_wins() -> None:
    """'The side that first reaches or exceeds the figure of 250 points wins the whole game.'"""
    state = dealt(SIXES, Rules(target=42, first_dealer=3), dealer=3)
    state = bid_round(state, 30, 0, 0, 0).apply(Trump(6))
    final = play_out(state)
    assert final.is_over and final.winners == (0, 2) and final.scores == (42, 0)
    with pytest.raises(IllegalActionError) as err:
        final.apply(PASS)
    assert err.value.violation.code is ViolationCode.GAME_OVER


def test_both_past_250_the_greater_wins_and_a_tie_plays_on() -> None:
    """'If both sides exceed this figure, the side with the greater number of points scored
    wins.'"""
    from tablegames.texas42.scoring import match_winner
    from tablegames.texas42.state import start_state

    assert match_winner((260, 270), Rules()) == 1
    assert match_winner((300, 251), Rules()) == 0
    assert match_winner((260, 260), Rules()) is None  # "Rulings" (docs/texas42.md): another hand
    # A match standing at 208 to 250: seats 0 and 2 make 42 on the next hand and tie at 250.
    start = start_state(Rules(first_dealer=3), 3, (208, 250), (), over=False)
    state = bid_round(start.apply(deal_of(SIXES, 3)), 30, 0, 0, 0).apply(Trump(6))
    tied = play_out(state)
    assert tied.scores == (250, 250) and not tied.is_over and tied.is_chance
    # Seats 1 and 3 at 250, seats 0 and 2 reach 292: both past, the greater wins.
    ahead = start_state(Rules(first_dealer=3), 3, (250, 250), (), over=False)
    state = bid_round(ahead.apply(deal_of(SIXES, 3)), 30, 0, 0, 0).apply(Trump(6))
    final = play_out(state)
    assert final.is_over and final.scores == (292, 250) and final.winners == (0, 2)
