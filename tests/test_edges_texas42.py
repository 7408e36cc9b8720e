"""Texas 42 at its edges: exact thresholds of bids, of marks scoring and of the match target.

Each test states one rule and cites the seed sentence (quoted in English on docs/texas42.md) or
the ruling (docs/texas42.md, "Rulings") it checks.
They were written to kill mutants that survived ``nox -s mutation`` (docs/testing.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import pytest

from edges_contract import walk
from tablegames import texas42
from tablegames.core import IllegalActionError, ViolationCode
from tablegames.core.actions import PASS, Deal, Play
from tablegames.pieces import DOMINOES, Card, Domino, dominoes
from tablegames.texas42 import Bid, HandResult, Phase, Rules, Texas42State, Trump, deal_of
from tablegames.texas42.model import DOUBLES, NO_TRUMP, bearing, domino_model, trump_name
from tablegames.tricks import trick_winner
from texas42_script import SIXES, declare, play_out


def rotated(hands: Sequence[str], by: int) -> list[str]:
    """The same deal turned ``by`` seats to the left: seat s gets what seat s - by held."""
    return [hands[(seat - by) % 4] for seat in range(4)]


def hand(
    state: Texas42State, hands: Sequence[str], bids: dict[int, int], trump: int
) -> Texas42State:
    """Deal ``hands`` for the current dealer, let ``bids`` (seat -> bid) be called and the others
    pass, name ``trump`` and play the hand out with the first legal tile each time."""
    state = state.apply(deal_of(list(hands), state.dealer))
    while state.phase is Phase.BID:
        seat = state.to_act
        assert seat is not None
        state = state.apply(Bid(bids[seat]) if seat in bids else PASS)
    return play_out(state.apply(Trump(trump)))


# -- marks scoring: the hand stops exactly when its result is decided --------------------------
# With SIXES, seat 0 bidding on sixes takes every trick; its side's points after each trick are
# 1, 12, 13, 14, 30, 31, 42. Seat 1 bidding on fives leaves seat 0's side 0, 6, 6, 6, 6, 6, 6.


def test_marks_a_bid_is_made_on_the_trick_that_reaches_it_exactly() -> None:
    """Ruling (Texas 42, marks scoring): 'a bid under 42 is made once the bidders have the bid';
    'the hand stops as soon as its result is decided'. Seat 0's side reaches exactly 30 on the
    fifth trick."""
    final = play_out(declare(SIXES, [0, 0, 0, 30], trump=6, scoring="marks"))
    result = final.results[-1]
    assert result.made is True and len(result.played) == 5
    assert result.points == (30, 0) and result.score == (1, 0)
    one_more = play_out(declare(SIXES, [0, 0, 0, 31], trump=6, scoring="marks")).results[-1]
    assert one_more.made is True and len(one_more.played) == 6 and one_more.points == (31, 0)


def test_marks_opponents_with_exactly_42_minus_the_bid_do_not_set_it() -> None:
    """Ruling (Texas 42, marks scoring): a bid under 42 is 'set once the opponents have more than
    42 minus the bid'. With 6 points against a bid of 36 the bidders can still make it, and do."""
    result = play_out(declare(SIXES, [36, 0, 0, 0], trump=5, scoring="marks")).results[-1]
    assert result.points == (6, 36) and len(result.played) == 7
    assert result.made is True and result.score == (0, 1)


def test_marks_opponents_with_one_point_more_set_the_bid_on_that_trick() -> None:
    """Ruling (Texas 42, marks scoring): 'set once the opponents have more than 42 minus the bid'
    — 6 points against a bid of 37 set it on the second trick, where they were taken."""
    result = play_out(declare(SIXES, [37, 0, 0, 0], trump=5, scoring="marks")).results[-1]
    assert result.made is False and len(result.played) == 2
    assert result.points == (6, 11) and result.score == (1, 0)


def test_marks_a_42_bid_goes_on_while_the_bidders_win_every_trick() -> None:
    """Ruling (Texas 42, marks scoring): 'a bid of 42 or more is set by the first trick the
    opponents win' — not by a trick the bidders win; made after all seven."""
    result = play_out(declare(SIXES, [0, 0, 0, 42], trump=6, scoring="marks")).results[-1]
    assert result.made is True and len(result.played) == 7 and result.score == (1, 0)


def test_marks_a_42_bid_is_set_by_the_first_trick_the_opponents_win() -> None:
    """Ruling (Texas 42, marks scoring): 'a bid of 42 or more is set by the first trick the
    opponents win. The tiles left are not played.' Seat 1's side wins trick one, seat 0 trick
    two."""
    result = play_out(declare(SIXES, [42, 0, 0, 0], trump=5, scoring="marks")).results[-1]
    assert result.made is False and len(result.played) == 2
    assert result.tricks == (1, 1) and result.score == (1, 0)


def test_marks_are_whole_numbers_one_per_42_bid() -> None:
    """Ruling (Texas 42): 'Marks for a bid are max(1, bid // 42)' — whole marks on the score."""
    state = texas42.new_match(Rules(scoring="marks", bid_ladder="marks"))
    state = hand(state, SIXES, {0: 84}, trump=6)
    assert state.scores == (2, 0) and all(type(s) is int for s in state.scores)
    assert state.results[-1].score == (2, 0)


# -- the match target ------------------------------------------------------------------------


def test_the_default_game_is_to_250_points_and_7_marks() -> None:
    """'The side that first reaches or exceeds the figure of 250 points wins the whole game.'
    Ruling (marks): 'game to 7 marks'."""
    assert Rules().game_target == 250 and Rules(scoring="marks").game_target == 7
    assert Rules(target=100).game_target == 100
    assert Rules(scoring="marks", target=3).game_target == 3


def test_250_is_reached_on_the_sixth_hand_of_42() -> None:
    """'The side that first reaches or exceeds the figure of 250 points wins the whole game.'
    Five made hands of 42 are 210 (play on); the sixth makes 252 and wins."""
    state = texas42.new_match()
    for number in range(6):
        assert not state.is_over
        state = hand(state, rotated(SIXES, 0), {0: 30}, trump=6)
        assert state.scores == (42 * (number + 1), 0)
    assert state.is_over and state.phase is Phase.OVER and state.winners == (0, 2)


def test_a_match_ends_at_exactly_the_target() -> None:
    """'The side that first reaches or exceeds the figure of 250 points wins' — reaching the
    target exactly is enough (here a target of 42, reached by one hand of 42)."""
    exact = hand(texas42.new_match(Rules(target=42)), SIXES, {0: 30}, trump=6)
    assert exact.scores == (42, 0) and exact.is_over and exact.winners == (0, 2)
    short = hand(texas42.new_match(Rules(target=43)), SIXES, {0: 30}, trump=6)
    assert short.scores == (42, 0) and not short.is_over and short.winners == ()


def test_marks_match_ends_at_exactly_the_target() -> None:
    """Ruling (Texas 42): 'game to 7 marks' — the side that reaches the target exactly wins."""
    state = texas42.new_match(Rules(scoring="marks", target=2))
    state = hand(state, SIXES, {0: 30}, trump=6)
    assert state.scores == (1, 0) and not state.is_over
    state = hand(state, rotated(SIXES, 0), {0: 30}, trump=6)
    assert state.scores == (2, 0) and state.is_over and state.winners == (0, 2)


def test_equal_totals_at_the_target_play_another_hand() -> None:
    """'If both sides exceed this figure, the side with the greater number of points scored wins.'
    Ruling: 'equal totals of 250 or more: play another hand'. Both sides reach exactly 42 of a
    42 target together; the next hand decides."""
    state = texas42.new_match(Rules(target=42))
    state = hand(state, SIXES, {1: 30}, trump=5)  # seat 1's side makes 30: (6, 36)
    assert state.scores == (6, 36) and not state.is_over
    state = hand(state, rotated(SIXES, 1), {2: 30}, trump=5)  # the mirror image: (36, 6)
    assert state.scores == (42, 42) and not state.is_over and state.phase is Phase.DEAL
    state = hand(state, rotated(SIXES, 1), {1: 30}, trump=6)  # seat 1 holds the sixes now
    assert state.scores == (42, 84) and state.is_over and state.winners == (1, 3)


def test_both_past_the_target_the_greater_total_wins() -> None:
    """'If both sides exceed this figure, the side with the greater number of points scored wins.'
    Seat 1's side makes 30 taking 36; seat 0's side has 6: both past a target of 5, 36 wins."""
    state = hand(texas42.new_match(Rules(target=5)), SIXES, {1: 30}, trump=5)
    assert state.scores == (6, 36) and state.is_over and state.winners == (1, 3)


# -- suits, following and ranking, against a direct reading of the rules ----------------------
# ``domino_model`` is called here (not the tables built at import) so that every trump choice is
# rebuilt and checked tile by tile.


def _is_trump(tile: Domino, trump: int) -> bool:
    if trump == DOUBLES:
        return tile.is_double
    return trump != NO_TRUMP and tile.bears(trump)


def _led_suit(tile: Domino, trump: int) -> int:
    return trump if _is_trump(tile, trump) else tile.high


def _follows(tile: Domino, led: Domino, trump: int) -> bool:
    if _is_trump(led, trump):
        return _is_trump(tile, trump)
    return not _is_trump(tile, trump) and tile.bears(led.high)


def _rank(tile: Domino, suit: int) -> int:
    """Within a suit the double ranks highest, then by the other end, 6 down to 0."""
    if suit == DOUBLES:
        return tile.high
    return 7 if tile.is_double else tile.other_end(suit)


def _winner(led: Domino, other: Domino, trump: int) -> int:
    """Position (0 led, 1 other) of the tile taking a two-tile trick."""
    if _is_trump(other, trump) and not _is_trump(led, trump):
        return 1
    if not _follows(other, led, trump):
        return 0
    suit = _led_suit(led, trump)
    return 1 if _rank(other, suit) > _rank(led, suit) else 0


def test_every_trump_choice_suits_follows_and_ranks_as_the_rules_say() -> None:
    """'Following suit is compulsory: on a trump one plays a trump, and on the other tiles the
    higher halves must match.' 'The trick is won by the player who put the highest trump into
    it or who beat the trick with a trump. In a trick without trumps it is taken by the player
    who put down the highest tile.' Rulings: 'A tile bearing the trump number belongs to the
    trump suit only'; 'Within a suit the double ranks highest, then by the other end, 6 down to
    0'; doubles as trumps rank 6:6 highest; with no trump each tile leads its higher end."""
    for trump in (*range(7), DOUBLES, NO_TRUMP):
        model = domino_model(trump)
        assert model.trump == (None if trump == NO_TRUMP else trump)
        assert [model.name(d.index) for d in DOMINOES] == [str(d) for d in DOMINOES]
        for led in DOMINOES:
            assert model.lead_suit[led.index] == _led_suit(led, trump)
            suit = model.follow_masks[model.lead_suit[led.index]]
            for other in DOMINOES:
                assert bool(suit >> other.index & 1) == _follows(other, led, trump), (led, other)
                if other != led:
                    pair = (led.index, other.index)
                    assert trick_winner(pair, model) == _winner(led, other, trump), (trump, pair)


def test_the_seven_tiles_bearing_a_number_and_the_names_of_trumps() -> None:
    """'These tiles can be any — from the six to the "soap"' (blanks): each number names the
    seven tiles bearing it; a trump suit is named after its number."""
    for number in range(7):
        assert bearing(number) == sum(1 << d.index for d in DOMINOES if d.bears(number))
    assert [trump_name(n) for n in range(7)] == [
        "blanks", "ones", "twos", "threes", "fours", "fives", "sixes",
    ]  # fmt: skip
    assert trump_name(DOUBLES) == "doubles" and trump_name(NO_TRUMP) == "no trump"
    assert domino_model(5).suit_names[5] == "trumps (fives)"
    assert domino_model(5).suit_names[6] == "sixes"
    assert domino_model(DOUBLES).suit_names[DOUBLES] == "trumps (doubles)"


# -- the bidding ladders, every amount over every standing bid --------------------------------


def _ladder_oracle(standing: int, ladder: Literal["points", "marks"]) -> set[int]:
    """Rulings: point bids 30..41 then 42; 84 only over 42, 168 only over 84. Marks ladder:
    'while no mark bid stands, the legal bids are the higher point bids, 42 and 84; over a mark
    bid the only bid is one more mark'."""
    points = {b for b in range(30, 43) if b > standing}
    if ladder == "marks":
        return points | {84} if standing < 42 else {standing + 42}
    return {42: {84}, 84: {168}, 168: set()}.get(standing, points)


def _refusal(amount: int, standing: int, ladder: str) -> tuple[ViolationCode, str]:
    """The code and sentence that refuse ``amount`` over ``standing``."""
    if amount < 30:
        return ViolationCode.BID_OUT_OF_RANGE, f"The lowest bid is 30, not {amount}."
    on_ladder = ViolationCode.BID_NOT_ON_LADDER
    if ladder == "marks":
        if amount > 42 and amount % 42:
            return (
                on_ladder,
                f"{amount} is not a bid: bids are 30 to 42 points or whole marks of 42.",
            )
        if standing >= 42 and amount > standing:
            return on_ladder, (
                f"Over a standing {standing} the only bid is {standing + 42} (one more mark)."
            )
        if standing < 42 and amount > 84:
            return on_ladder, f"The first mark bid may be 42 or 84, not {amount}."
    else:
        if amount not in (*range(30, 43), 84, 168):
            return on_ladder, f"{amount} is not a bid: bids are 30 to 42, then 84 and 168."
        if amount == 84 and standing != 42:
            return on_ladder, "84 may only be bid over a standing 42."
        if amount == 168 and standing != 84:
            return on_ladder, "168 may only be bid over a standing 84."
    return ViolationCode.BID_NOT_HIGHER, (
        f"A bid must be higher than the standing bid of {standing}; {amount} is not."
    )


def test_every_bid_over_every_standing_bid_is_allowed_or_refused_with_its_reason() -> None:
    """'naming the number of points they undertake to take, but not less than thirty'; 'it must
    exceed the previous player's proposal by at least one point'; 'If a player names 84 points
    ... outbidding the player who named 42 points. If he bids 168 points, he must outplay the
    player who named 84 points.' Rulings: the points and marks ladders."""
    runs: dict[Literal["points", "marks"], list[tuple[int, ...]]] = {
        "points": [(), (30,), (35,), (41,), (42,), (42, 84), (42, 84, 168)],
        "marks": [(), (30,), (41,), (42,), (84,), (42, 84), (42, 84, 126), (84, 126, 168)],
    }
    for ladder, sequences in runs.items():
        for bids in sequences:
            state = texas42.new_match(Rules(bid_ladder=ladder)).apply(deal_of(SIXES, 0))
            for amount in bids:
                state = state.apply(Bid(amount))
            standing = bids[-1] if bids else 0
            allowed = _ladder_oracle(standing, ladder)
            assert set(texas42.legal_bids(standing, Rules(bid_ladder=ladder))) == allowed
            legal = {a.amount for a in state.legal_actions() if isinstance(a, Bid)}
            assert legal == allowed and PASS in state.legal_actions()
            for amount in range(0, 260):
                violation = state.check(Bid(amount))
                if amount in allowed:
                    assert violation is None, (ladder, bids, amount)
                else:
                    assert violation is not None, (ladder, bids, amount)
                    code, message = _refusal(amount, standing, ladder)
                    assert (violation.code, violation.message) == (code, message)


# -- the state machine: deals, passes, trumps, refusals, views and samples --------------------


def test_deal_of_defaults_to_dealer_seat_0_and_every_tile_once() -> None:
    """Ruling: 'The first dealer of a match is a rule setting (default seat 0)'; 28 double-six
    tiles, 7 each. A deal that misses a tile or holds a stranger is refused."""
    state = texas42.new_match().apply(deal_of(SIXES))
    assert [str(state.hand(s)) for s in range(4)] == [
        str(dominoes(h)) for h in SIXES
    ]  # fmt: skip
    tiles = list(deal_of(SIXES).order)
    twice = Deal(tuple([tiles[1], *tiles[1:]]))  # a tile twice, another missing
    blank_missing = Deal(tuple(t if t != Domino(0, 0) else Domino(6, 6) for t in tiles))
    stranger: Deal[Any] = Deal((Card.parse("AS"), *tiles[1:]))
    short = Deal(tuple(tiles[:27]))
    message = "A deal must order all 28 tiles, each exactly once."
    for bad in (twice, blank_missing, stranger, short):
        violation = texas42.new_match().check(bad)
        assert violation is not None and violation.code is ViolationCode.BAD_DEAL
        assert violation.message == message
    with pytest.raises(IllegalActionError):
        texas42.new_match().apply(deal_of(["6:6", "", "", ""]))


def test_a_pass_is_recorded_as_0_and_four_passes_throw_the_hand_in() -> None:
    """Ruling: 'All four pass: default, the hand is thrown in and the next dealer deals (no
    score).'"""
    state = texas42.new_match().apply(deal_of(SIXES, 0))
    state = state.apply(PASS)
    assert state.calls == (0,) and state.view(2).calls == (0,)
    for _ in range(3):
        state = state.apply(PASS)
    assert state.phase is Phase.DEAL and state.dealer == 1 and state.scores == (0, 0)
    assert state.results == (HandResult(0, None, 0, None, (0, 0), (0, 0), None, (0, 0)),)
    assert state.calls == () and state.high_bid == 0 and state.bidder is None
    assert state.history.to_tuple()[-4:] == (PASS,) * 4
    assert texas42.GAME.replay(texas42.GAME.record(state)) == state


def test_forced_bid_refusal_says_what_to_do() -> None:
    """Ruling: option `forced_bid`: 'the dealer may not pass when the other three passed, and
    must bid at least 30'."""
    state = texas42.new_match(Rules(forced_bid=True)).apply(deal_of(SIXES, 0))
    state = state.apply(PASS).apply(PASS).apply(PASS)
    violation = state.check(PASS)
    assert violation is not None and violation.code is ViolationCode.MUST_BID
    assert violation.message == (
        "The dealer must bid when the other three have passed (forced bid): bid 30 or more."
    )
    assert PASS not in state.legal_actions() and Bid(30) in state.legal_actions()


def test_trump_refusals_name_the_option_or_the_range() -> None:
    """'These tiles can be any — from the six to the "soap".' Rulings: doubles and follow-me
    are options, off by default, and so are the special contracts (nello, sevens)."""
    state = bid_round_at(30)
    expected = {
        7: "Doubles may be named trumps only under the doubles_trump option.",
        8: "No trump (follow-me) may be named only under the follow_me option.",
        9: "Nello may be named only under the nello option.",
        11: "Nello may be named only under the nello option.",
        12: "Sevens may be named only under the sevens option.",
        13: "Trump is a number from 0 (blanks) to 6 (sixes), not 13.",
        -1: "Trump is a number from 0 (blanks) to 6 (sixes), not -1.",
    }
    for suit, message in expected.items():
        violation = state.check(Trump(suit))
        assert violation is not None and violation.code is ViolationCode.BAD_TRUMP
        assert violation.message == message
    named = state.apply(Trump(6))
    assert named.calls == (0, 0, 0, 30) and named.trump == 6 and named.bidder == 0


def bid_round_at(bid: int) -> Texas42State:
    """SIXES dealt by seat 0; seats 1-3 pass and the dealer bids ``bid``."""
    state = texas42.new_match().apply(deal_of(SIXES, 0))
    return state.apply(PASS).apply(PASS).apply(PASS).apply(Bid(bid))


def test_wrong_moves_for_the_phase_are_refused_with_a_sentence() -> None:
    """The contract: `check(action)` returns a Violation with a stable code and a sentence."""
    fresh = texas42.new_match()
    violation = fresh.check(PASS)
    assert violation is not None and violation.code is ViolationCode.DEAL_EXPECTED
    assert violation.message == "The tiles must be shuffled and dealt first."
    bidding = fresh.apply(deal_of(SIXES, 0))
    cases: list[tuple[Texas42State, texas42.Action, str]] = [
        (bidding, Trump(6), "It is time to bid or pass."),
        (bid_round_at(30), PASS, "The high bidder must name trumps first (trump 0..6)."),
        (bid_round_at(30).apply(Trump(6)), PASS, "It is time to play a tile."),
    ]
    for state, action, message in cases:
        violation = state.check(action)
        assert violation is not None and violation.code is ViolationCode.WRONG_PHASE
        assert violation.message == message
    playing = bid_round_at(30).apply(Trump(6))
    violation = playing.check(Play(Card.parse("AS")))  # type: ignore[arg-type]
    assert violation is not None and violation.code is ViolationCode.NOT_IN_DECK
    assert violation.message == "AS is not a domino."
    over = hand(texas42.new_match(Rules(target=1)), SIXES, {0: 30}, trump=6)
    violation = over.check(PASS)
    assert violation is not None and violation.code is ViolationCode.GAME_OVER
    assert violation.message == "The match is over: nobody acts any more."


def test_a_hand_result_records_dealer_trump_and_each_sides_tricks() -> None:
    """'After the play is over, the number of points received by each side is counted.' Seat 3
    holds the sixes here, so the tricks are all on seats 1 and 3's side."""
    state = texas42.new_match(Rules(first_dealer=2))
    state = hand(state, rotated(SIXES, 3), {3: 30}, trump=6)
    result = state.results[-1]
    assert (result.dealer, result.bidder, result.bid, result.trump) == (2, 3, 30, 6)
    assert result.tricks == (0, 7) and result.points == (0, 42) and result.score == (0, 42)
    assert len(result.played) == 7 and state.scores == (0, 42)
    assert state.phase is Phase.DEAL and state.dealer == 3
    assert state.calls == () and state.high_bid == 0 and state.bidder is None
    assert state.trump is None and state.table is None
    assert all(len(state.hand(s)) == 0 for s in range(4))


def test_views_show_the_public_state_and_only_the_seats_own_tiles() -> None:
    """Design: `view(seat)`: what that seat may know (own hand, public play, counts of
    others' tiles)."""
    state = bid_round_at(30).apply(Trump(6))
    state = state.apply(Play(Domino(6, 6))).apply(
        state.apply(Play(Domino(6, 6))).legal_actions()[0]
    )
    for seat in range(4):
        view = state.view(seat)
        assert (view.seat, view.phase, view.to_act, view.dealer) == (seat, Phase.PLAY, 2, 0)
        assert view.hand == state.hand(seat) and view.hand_sizes == (6, 6, 7, 7)
        assert view.calls == (0, 0, 0, 30) and view.high_bid == 30
        assert view.bidder == 0 and view.trump == 6
        assert [s for s, _ in view.trick] == [0, 1] and view.trick[0][1] == Domino(6, 6)
        assert view.tricks == () and view.hand_points == (0, 0)
        assert view.scores == (0, 0) and view.results == ()
        assert view.legal_actions == (state.legal_actions() if seat == 2 else ())
    done = play_out(state)
    view = done.view(1)
    assert len(view.hand) == 0 and view.results == done.results and view.scores == (42, 0)
    finished = play_out(bid_round_at(30).apply(Trump(6)).apply(Play(Domino(6, 6))))
    assert finished.view(0).tricks == ()
    midway = bid_round_at(30).apply(Trump(6))
    for _ in range(4):
        midway = midway.apply(midway.legal_actions()[0])
    ((leader, tiles, winner),) = midway.view(3).tricks
    assert leader == 0 and winner == 0 and len(tiles) == 4 and tiles[0] == Domino(6, 0)


def test_zones_hold_every_tile_exactly_once() -> None:
    """Design invariant: 'every piece is in exactly one place (a hand, ... a trick, a won pile)'."""
    fresh = texas42.new_match()
    assert (fresh.calls, fresh.high_bid, fresh.bidder, fresh.trump) == ((), 0, None, None)
    assert fresh.view(0).calls == () and fresh.view(0).high_bid == 0
    assert fresh.scores == (0, 0) and fresh.results == () and fresh.table is None
    assert dict(fresh.zones()) == {"boneyard": dominoes(" ".join(str(d) for d in DOMINOES))}
    state = bid_round_at(30).apply(Trump(6))
    assert set(state.zones()) == {f"hand {s}" for s in range(4)} | {"trick"} | {
        f"won {s}" for s in range(4)
    }
    for _ in range(6):
        state = state.apply(state.legal_actions()[0])
    zones = state.zones()
    assert len(zones["trick"]) == 2 and len(zones["won 0"]) == 4
    assert all(len(zones[f"won {s}"]) == 0 for s in (1, 2, 3))
    assert [len(zones[f"hand {s}"]) for s in range(4)] == [5, 5, 6, 6]
    assert sum(len(z) for z in zones.values()) == 28
    assert dominoes(" ".join(str(z) for z in zones.values() if len(z))) == fresh.zones()["boneyard"]


def test_a_sample_keeps_the_seats_view_and_moves_only_hidden_tiles() -> None:
    """Design: 'sampling: from a view, draw a full state consistent with it'."""
    import random

    state = bid_round_at(30).apply(Trump(6))
    for _ in range(5):
        state = state.apply(state.legal_actions()[0])
    rng = random.Random(3)
    moved = False
    for seat in range(4):
        for _ in range(5):
            sample = state.sample(seat, rng)
            assert sample.view(seat) == state.view(seat) and sample.hand(seat) == state.hand(seat)
            assert sample.scores == state.scores and sample.results == state.results
            assert len(sample.history.to_tuple()) == len(state.history.to_tuple())
            moved = moved or any(sample.hand(s) != state.hand(s) for s in range(4))
    assert moved
    bidding = texas42.new_match().apply(deal_of(SIXES, 0))
    sample = bidding.sample(2, rng)
    assert sample.view(2) == bidding.view(2) and sample.dealer == 0
    assert sum(len(sample.hand(s)) for s in range(4)) == 28
    fresh = texas42.new_match()
    assert fresh.sample(0, rng) is fresh


def test_views_zones_and_samples_along_a_match() -> None:
    """Design: 'view(seat): what that seat may know'; 'every piece is in exactly one place';
    sampling keeps the view."""
    for rules, seed in ((Rules(target=60), 1), (Rules(scoring="marks", target=2), 2)):
        assert walk(texas42.GAME, rules, seed)[-1].is_over


def test_points_a_bid_made_with_exactly_the_bid_and_set_by_one_point() -> None:
    """'The pair that ordered the game and got the declared or even a greater number of points
    records to its account the number of points actually received, as do its opponents. If the
    declared number of points was not reached, nothing is recorded for this pair, and the
    opposing side records the points it actually won plus the points that were declared.' Seat
    1's side takes exactly 36 points here."""
    exact = play_out(declare(SIXES, [36, 0, 0, 0], trump=5)).results[-1]
    assert exact.points == (6, 36) and exact.made is True and exact.score == (6, 36)
    short = play_out(declare(SIXES, [37, 0, 0, 0], trump=5)).results[-1]
    assert short.points == (6, 36) and short.made is False and short.score == (6 + 37, 0)
    assert len(short.played) == 7  # points scoring plays every trick
