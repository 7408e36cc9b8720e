"""Texas 42 special contracts (nello, plunge, splash, sevens) and ``follow="higher_end"``: one
scenario with an exact deal for every sentence of the rulings (docs/texas42.md, "Rulings": the
follow option and the special contracts), quoted in each test."""

from __future__ import annotations

import json
import random

import pytest

from tablegames.core import IllegalActionError, NotationError, RulesError, ViolationCode
from tablegames.texas42 import (
    GAME,
    Phase,
    Rules,
    Texas42State,
    action_space,
    deal_of,
    new_match,
    parse_action,
)
from tablegames.texas42.contracts import NELLO_HIGH, SEVENS

TOURNAMENT = {"scoring": "marks", "bid_ladder": "marks"}


def rules(**options: object) -> Rules:
    return Rules(**{**TOURNAMENT, **options})  # type: ignore[arg-type]


def dealt(rules_: Rules, hands: list[str], dealer: int = 0) -> Texas42State:
    return new_match(rules_).apply(deal_of(hands, dealer))


def act(state: Texas42State, *texts: str) -> Texas42State:
    for text in texts:
        state = state.apply(parse_action(text))
    return state


def play(state: Texas42State, tiles: str) -> Texas42State:
    return act(state, *(f"play {t}" for t in tiles.split()))


def legal(state: Texas42State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def legal_tiles(state: Texas42State) -> set[str]:
    return {str(a).removeprefix("play ") for a in state.legal_actions()}


def refused(state: Texas42State, text: str) -> str:
    violation = state.check(parse_action(text))
    assert violation is not None, f"{text} was allowed"
    return violation.message


# -- the Rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["nello", "plunge", "splash", "sevens"])
@pytest.mark.parametrize(
    "other", [{}, {"scoring": "marks"}, {"bid_ladder": "marks"}], ids=["points", "ladder", "score"]
)
def test_special_contracts_need_the_tournament_game(name: str, other: dict[str, str]) -> None:
    """ "each needs scoring="marks" and bid_ladder="marks", and any other combination is refused
    when the Rules are built"."""
    pattern = f"^{name} is a special contract.*scoring='marks' and bid_ladder='marks', not"
    with pytest.raises(RulesError, match=pattern):
        Rules(**{name: True}, **other)  # type: ignore[arg-type]
    assert getattr(rules(**{name: True}), name) is True


def test_contract_settings_are_checked_like_the_others() -> None:
    with pytest.raises(RulesError, match="nello is true or false, not 1"):
        rules(nello=1)
    with pytest.raises(RulesError, match="nello_doubles is 'choose' or 'suit' or 'high' or 'low'"):
        rules(nello=True, nello_doubles="middle")
    with pytest.raises(RulesError, match="splash_marks is 2 or 3, not 4"):
        rules(splash=True, splash_marks=4)
    with pytest.raises(RulesError, match="splash_marks is 2 or 3, not the boolean true"):
        rules(splash=True, splash_marks=True)
    with pytest.raises(RulesError, match="follow is 'either_end' or 'higher_end', not 'lower'"):
        Rules(follow="lower")  # type: ignore[arg-type]
    assert Rules(follow="higher_end").follow == "higher_end"  # not a contract: any game


def test_plain_rules_read_as_before() -> None:
    """The special contracts' settings stay out of the rules' fingerprint (and so out of
    position fingerprints) at their defaults: plain rules fingerprint as they did before."""
    assert Rules().changed() == {} and Rules().fingerprint == Rules(nello=False).fingerprint
    assert rules(nello=True).changed() == {"scoring": "marks", "bid_ladder": "marks", "nello": True}


# -- notation and the action space -------------------------------------------------------------


EVERYTHING = rules(
    nello=True, plunge=True, splash=True, sevens=True, doubles_trump=True, follow_me=True
)


def test_notation_round_trips_with_every_contract() -> None:
    space = action_space(EVERYTHING)
    assert all(parse_action(str(a)) == a for a in space)
    texts = {str(a) for a in space}
    for text in (
        "bid plunge",
        "bid splash",
        "trump nello suit",
        "trump nello high",
        "trump nello low",
        "trump sevens",
        "bid 252",
    ):
        assert text in texts
    assert parse_action("BID Plunge") == parse_action("bid plunge")
    assert str(parse_action("trump Nello LOW")) == "trump nello low"


def test_new_actions_listed_only_when_their_option_is_on() -> None:
    plain = {str(a) for a in action_space(rules())}
    assert not {t for t in plain if "nello" in t or "sevens" in t or "plunge" in t}
    only_nello = {str(a) for a in action_space(rules(nello=True, nello_doubles="low"))}
    assert only_nello - plain == {"trump nello low"}


def test_nello_must_name_its_doubles_mode() -> None:
    """Notation "trump nello suit|high|low": the mode is always written, even when the table
    fixes it (a record then says exactly what was played)."""
    with pytest.raises(NotationError, match="trump nello suit"):
        parse_action("trump nello")
    with pytest.raises(NotationError, match="not a nello doubles mode"):
        parse_action("trump nello middle")


# -- nello -------------------------------------------------------------------------------------

# Dealer 0: seat 1 calls first. Seat 1's tiles are all low; seat 2 holds every six.
NELLO_MADE = [
    "5:5 5:4 5:3 5:2 5:1 5:0 4:4",
    "1:0 2:0 2:1 3:0 3:1 3:2 4:0",
    "6:6 6:5 6:4 6:3 6:2 6:1 6:0",
    "4:3 4:2 4:1 3:3 2:2 1:1 0:0",
]
# Seat 1 leads 5:3; seat 2 holds 5:5 and 5:0, seat 0 no five.
LEAD_SHARES_A_NUMBER = [
    "6:0 4:4 4:3 4:2 4:1 3:2 3:3",
    "5:3 1:0 2:0 2:1 3:0 3:1 4:0",
    "5:5 5:0 6:6 6:4 6:3 6:2 6:1",
    "6:5 5:4 5:2 5:1 2:2 1:1 0:0",
]
# Seat 1 leads 5:5; seat 2 holds 5:3, 5:0 and the one double 6:6; seat 0 holds 4:4 and 3:3.
LEAD_A_DOUBLE = [
    "6:0 4:4 4:3 4:2 4:1 3:2 3:3",
    "5:5 1:0 2:0 2:1 3:0 3:1 4:0",
    "5:3 5:0 6:6 6:4 6:3 6:2 6:1",
    "6:5 5:4 5:2 5:1 2:2 1:1 0:0",
]


def nello(hands: list[str], mode: str, bid: str = "bid 42", **options: object) -> Texas42State:
    state = act(dealt(rules(nello=True, **options), hands), bid, "pass", "pass", "pass")
    return act(state, f"trump nello {mode}")


def test_nello_needs_a_bid_of_at_least_one_mark() -> None:
    """ "a bidder whose winning bid is at least one mark may name trump nello suit|high|low
    instead of a trump"."""
    low = act(dealt(rules(nello=True), NELLO_MADE), "bid 41", "pass", "pass", "pass")
    assert not [t for t in legal(low) if "nello" in t]
    assert "at least one mark" in refused(low, "trump nello high")
    mark = act(dealt(rules(nello=True), NELLO_MADE), "bid 42", "pass", "pass", "pass")
    assert legal(mark)[-3:] == ["trump nello suit", "trump nello high", "trump nello low"]


def test_nello_fixed_doubles_mode_allows_only_that_mode() -> None:
    """nello_doubles other than "choose": the bidder names that mode only."""
    state = act(
        dealt(rules(nello=True, nello_doubles="low"), NELLO_MADE),
        "bid 42",
        "pass",
        "pass",
        "pass",
    )
    assert [t for t in legal(state) if "nello" in t] == ["trump nello low"]
    assert refused(state, "trump nello high") == (
        "At this table nello is played with the doubles low: name trump nello low."
    )


def test_nello_partner_lays_tiles_aside_and_is_skipped() -> None:
    """ "No trump. The bidder's partner lays their tiles aside (a zone of their own, out of
    play) and is skipped: tricks of three. The bidder leads.\""""
    state = nello(NELLO_MADE, "high")
    assert state.trump == NELLO_HIGH and state.aside_seat == 3
    zones = state.zones()
    assert str(zones["aside 3"]) == "0:0 1:1 2:2 3:3 4:1 4:2 4:3" and not zones["hand 3"]
    assert state.to_act == 1  # the bidder leads
    seats: list[int | None] = []
    for tile in ("1:0", "6:1", "5:1"):
        seats.append(state.to_act)
        state = play(state, tile)
    assert seats == [1, 2, 0]  # seat 3 is skipped
    table = state.table
    assert table is not None and len(table.tricks) == 1 and table.tricks[0].winner == 2
    assert state.to_act == 2  # the winner of the three-tile trick leads


def test_nello_made_after_seven_tricks_without_the_bidder_taking_one() -> None:
    """ "The bidder must win no trick." Made after 7 tricks: one mark per 42 to the bidders."""
    state = nello(NELLO_MADE, "high", bid="bid 84")
    state = play(state, "1:0 6:1 5:1")  # ones: seat 2's 6:1 wins
    for six, five, low in zip(
        ["6:6", "6:5", "6:4", "6:3", "6:2", "6:0"],
        ["5:5", "5:4", "5:3", "5:2", "5:0", "4:4"],
        ["2:0", "2:1", "3:0", "3:1", "3:2", "4:0"],
    ):
        state = play(state, f"{six} {five} {low}")
    result = state.last_result
    assert result is not None and state.phase is Phase.DEAL
    assert result.made is True and len(result.played) == 7 and result.trump == NELLO_HIGH
    assert all(len(t.pieces) == 3 for t in result.played)
    assert result.score == (0, 2) and state.scores == (0, 2)


@pytest.mark.parametrize(
    ("mode", "second", "third", "winner", "legal_second"),
    [
        # suit: the doubles are a suit of their own, 6:6 high
        ("suit", "6:6", "4:4", 2, {"6:6"}),
        # high: a double belongs to its number and ranks highest: the bidder takes it (set)
        ("high", "5:0", "4:4", 1, {"5:3", "5:0"}),
        # low: it belongs to its number and ranks lowest
        ("low", "5:0", "4:4", 2, {"5:3", "5:0"}),
    ],
)
def test_nello_doubles_modes_on_a_double_led(
    mode: str, second: str, third: str, winner: int, legal_second: set[str]
) -> None:
    """ "Doubles: suit — the seven doubles form a suit of their own, 6:6 high; high — a double
    belongs to its number and ranks highest (as in plain 42); low — it belongs to its number
    and ranks lowest." Seat 1 leads 5:5."""
    state = play(nello(LEAD_A_DOUBLE, mode), "5:5")
    assert legal_tiles(state) == legal_second
    state = play(state, second)
    if mode == "suit":
        assert legal_tiles(state) == {"4:4", "3:3"}  # seat 0 must play a double
    state = play(state, third)
    trick = state.results[-1].played[0] if state.results else state.table.tricks[0]  # type: ignore[union-attr]
    assert trick.winner == winner


def test_nello_set_the_moment_the_bidder_takes_a_trick() -> None:
    """ "A special contract is set the moment its side fails it (the hand stops)": nello with
    the doubles high, the bidder's 5:5 takes the first trick."""
    state = play(nello(LEAD_A_DOUBLE, "high"), "5:5 5:0 4:4")
    result = state.last_result
    assert result is not None and result.made is False and len(result.played) == 1
    assert result.score == (1, 0) and state.phase is Phase.DEAL  # the opponents' mark


@pytest.mark.parametrize(
    ("mode", "legal_second", "second", "winner"),
    [
        ("suit", {"5:0"}, "5:0", 1),  # 5:5 is no five: seat 2 must play 5:0; 5:3 wins
        ("high", {"5:5", "5:0"}, "5:5", 2),  # 5:5 is the highest five
        ("low", {"5:5", "5:0"}, "5:5", 1),  # 5:5 is the lowest five: 5:3 wins
    ],
)
def test_nello_doubles_modes_on_a_tile_sharing_a_doubles_number(
    mode: str, legal_second: set[str], second: str, winner: int
) -> None:
    """ "A non-double's suit is its higher end when led, and it follows either of its numbers";
    seat 1 leads 5:3 and seat 2 holds 5:5 and 5:0."""
    state = play(nello(LEAD_SHARES_A_NUMBER, mode), "5:3")
    assert legal_tiles(state) == legal_second
    if mode == "suit":
        violation = state.check(parse_action("play 5:5"))
        assert violation is not None and violation.code is ViolationCode.MUST_FOLLOW_SUIT
        assert "You must follow fives" in violation.message
    state = play(state, f"{second} 4:4")
    trick = state.results[-1].played[0] if state.results else state.table.tricks[0]  # type: ignore[union-attr]
    assert trick.winner == winner
    assert (state.phase is Phase.DEAL) == (winner == 1)  # the bidder took it: set, stopped


def test_nello_with_follow_higher_end() -> None:
    """ "it follows either of its numbers (or per follow)": under follow="higher_end" 6:1 and
    5:1 do not follow a one led, so the bidder's 1:0 takes the trick and nello is set."""
    either = play(nello(NELLO_MADE, "high"), "1:0")
    assert legal_tiles(either) == {"6:1"}
    assert play(either, "6:1 5:1").table.tricks[0].winner == 2  # type: ignore[union-attr]
    state = play(nello(NELLO_MADE, "high", follow="higher_end"), "1:0")
    assert len(legal_tiles(state)) == 7  # no tile whose higher end is one
    state = play(state, "6:1 5:1")
    result = state.last_result
    assert result is not None and result.played[0].winner == 1 and result.made is False


def test_nello_views_hide_the_tiles_laid_aside() -> None:
    """The partner's tiles are laid face down: the partner still knows them, no one else does."""
    state = nello(NELLO_MADE, "suit")
    partner, other = state.view(3), state.view(0)
    assert str(partner.aside) == "0:0 1:1 2:2 3:3 4:1 4:2 4:3" and not partner.hand
    assert not other.aside and other.aside_size == 7 and other.aside_seat == 3
    assert other.hand_sizes == (7, 7, 7, 0)
    data = other.to_dict()
    assert data["trump"] == "nello suit" and data["aside"] == [] and data["aside_size"] == 7
    assert partner.to_dict()["aside"] == ["0:0", "1:1", "2:2", "3:3", "4:1", "4:2", "4:3"]
    json.loads(other.to_json())


def test_nello_sampling_redeals_the_tiles_laid_aside() -> None:
    state = play(nello(NELLO_MADE, "high"), "1:0 6:1")
    for seed in range(20):
        sampled = state.sample(0, random.Random(seed))
        assert sampled.view(0) == state.view(0)
        assert sampled.aside.mask | sampled.hands[1] | sampled.hands[2] == (
            state.aside.mask | state.hands[1] | state.hands[2]
        )
        assert sampled.aside_seat == 3 and len(sampled.aside) == 7
    assert state.sample(3, random.Random(1)).aside == state.aside  # the partner knows them


# -- plunge and splash -------------------------------------------------------------------------

# Seat 2 holds six doubles; seat 0 (its partner) every six.
PLUNGE_DEAL = [
    "6:6 6:5 6:4 6:3 6:2 6:1 6:0",
    "5:3 5:2 5:1 5:0 4:3 4:2 4:1",
    "5:5 4:4 3:3 2:2 1:1 0:0 5:4",
    "4:0 3:2 3:1 3:0 2:1 2:0 1:0",
]
# Seat 1 holds three doubles (splash), seat 2 four (plunge), seats 3 and 0 none.
SPLASH_DEAL = [
    "4:3 4:2 4:1 4:0 2:1 2:0 1:0",
    "6:6 5:5 4:4 6:5 6:4 6:3 6:2",
    "3:3 2:2 1:1 0:0 3:2 3:1 3:0",
    "6:1 6:0 5:4 5:3 5:2 5:1 5:0",
]
CONTRACTS = {"plunge": True, "splash": True, "nello": True, "sevens": True}


def test_only_the_holder_of_the_doubles_sees_plunge() -> None:
    """ "a player holding at least four doubles may call bid plunge in their turn to bid";
    "the legality of bid plunge / bid splash is known only to the seat that holds the
    doubles"."""
    state = dealt(rules(**CONTRACTS), PLUNGE_DEAL)
    assert "bid plunge" not in legal(state) and "bid splash" not in legal(state)  # seat 1
    assert "at least 4 doubles" in refused(state, "bid plunge")
    state = act(state, "pass")
    assert legal(state)[-2:] == ["bid plunge", "bid splash"]  # seat 2: six doubles
    assert state.view(0).legal_actions == ()


def test_plunge_over_a_standing_mark_bid() -> None:
    """ "it is worth max(4 marks, one mark above the standing bid)"; "Later players may pass or
    bid one mark higher"."""
    state = act(dealt(rules(**CONTRACTS), PLUNGE_DEAL), "bid 84", "bid plunge")
    assert state.high_bid == 168 and state.bidder == 2 and state.contract == "plunge"
    assert legal(state) == ["pass", "bid 210"]
    assert "the only bid is 210" in refused(state, "bid 252")
    assert "higher than the standing bid of 168" in refused(state, "bid 126")
    view = state.view(3).to_dict()
    assert view["calls"] == ["bid 84", "bid plunge"] and view["contract"] == "plunge"


def test_plunge_jumps_the_ladder() -> None:
    """ "and may jump the ladder": over a standing 30, a plunge is 4 marks at once."""
    state = act(dealt(rules(plunge=True), PLUNGE_DEAL), "bid 30", "bid plunge")
    assert state.high_bid == 168


def test_plunge_one_mark_above_a_standing_four_marks() -> None:
    """Over a standing 168 a plunge is one mark more: 210 (5 marks)."""
    state = dealt(rules(plunge=True, first_dealer=2), PLUNGE_DEAL, dealer=2)  # seat 3 first
    state = act(state, "bid 84", "bid 126", "bid 168", "bid plunge")
    assert state.high_bid == 210 and state.bidder == 2 and state.phase is Phase.TRUMP


def test_an_opening_plunge_raised_by_the_three_others_reaches_seven_marks() -> None:
    """ "Later players may pass or bid one mark higher": after an opening plunge (4 marks) the
    three others raise to 5, 6 and 7 marks — the highest bid four calls can reach, so 294 is in
    the action space (OpenSpiel and PettingZoo number actions by it)."""
    state = dealt(rules(plunge=True, first_dealer=1), PLUNGE_DEAL, dealer=1)  # seat 2 first
    state = act(state, "bid plunge", "bid 210", "bid 252")
    assert legal(state) == ["pass", "bid 294"]
    state = act(state, "bid 294")
    assert state.high_bid == 294 and state.bidder == 1 and state.phase is Phase.TRUMP
    space = [str(a) for a in action_space(rules(plunge=True))]
    assert "bid 294" in space and "bid 336" not in space


def test_plunge_partner_names_trump_and_leads_and_takes_all_seven() -> None:
    """ "The plunger's partner names the trump (any choice the Rules allow, not nello or
    sevens) and leads; the plunging side must take all 7 tricks." Made after 7 tricks."""
    state = act(dealt(rules(**CONTRACTS), PLUNGE_DEAL), "pass", "bid plunge", "pass", "pass")
    assert state.to_act == 0  # the partner names trump
    options = legal(state)
    assert "trump 6" in options and not [t for t in options if "nello" in t or "sevens" in t]
    assert "not nello" in refused(state, "trump nello high")
    assert "not sevens" in refused(state, "trump sevens")
    state = act(state, "trump 6")
    assert state.to_act == 0  # and leads
    for six, low1, low2, low3 in zip(
        ["6:6", "6:5", "6:4", "6:3", "6:2", "6:1", "6:0"],
        ["5:3", "5:2", "5:1", "5:0", "4:3", "4:2", "4:1"],
        ["5:5", "4:4", "3:3", "2:2", "1:1", "0:0", "5:4"],
        ["4:0", "3:2", "3:1", "3:0", "2:1", "2:0", "1:0"],
    ):
        state = play(state, f"{six} {low1} {low2} {low3}")
    result = state.last_result
    assert result is not None and result.contract == "plunge" and result.made is True
    assert result.bid == 168 and result.score == (4, 0) and len(result.played) == 7


def test_plunge_set_by_the_first_trick_lost() -> None:
    """ "A special contract is set the moment its side fails it (the hand stops)"."""
    state = act(dealt(rules(plunge=True), PLUNGE_DEAL), "pass", "bid plunge", "pass", "pass")
    state = play(act(state, "trump 5"), "6:6 5:0 4:4 4:0")  # seat 1 trumps the lead
    result = state.last_result
    assert result is not None and result.made is False and len(result.played) == 1
    assert result.score == (0, 4) and state.phase is Phase.DEAL


def test_plunge_sampling_keeps_the_plungers_doubles() -> None:
    """A plunge reveals nothing but the bid: a sampled state still gives the plunger four
    doubles (else it would not replay)."""
    state = act(dealt(rules(plunge=True), PLUNGE_DEAL), "pass", "bid plunge", "pass")
    for seed in range(20):
        sampled = state.sample(3, random.Random(seed))
        assert sampled.view(3) == state.view(3)
        doubles = sum(1 for d in sampled.hand(2) if d.is_double)
        assert doubles >= 4


@pytest.mark.parametrize(("marks", "worth"), [(2, 84), (3, 126)])
def test_splash_is_worth_splash_marks(marks: int, worth: int) -> None:
    """ "splash (with splash_marks, 2 or 3, default 2): as plunge with at least three doubles,
    worth max(splash_marks, one mark above the standing bid)"."""
    state = act(dealt(rules(splash=True, splash_marks=marks), SPLASH_DEAL), "bid splash")
    assert state.high_bid == worth and state.contract == "splash"
    # seat 2 holds four doubles: it may splash over the splash (plunge is off here)
    assert legal(state) == ["pass", f"bid {worth + 42}", "bid splash"]


def test_splash_one_mark_above_the_standing_bid() -> None:
    state = dealt(rules(splash=True, first_dealer=3), SPLASH_DEAL, dealer=3)  # seat 0 first
    state = act(state, "bid 84", "bid splash")
    assert state.high_bid == 126


def test_plunge_over_a_standing_splash() -> None:
    """ "whatever stands (a standing plunge or splash included)"."""
    state = act(dealt(rules(splash=True, plunge=True), SPLASH_DEAL), "bid splash")
    assert legal(state)[-2:] == ["bid plunge", "bid splash"]  # seat 2: four doubles
    seat3 = act(dealt(rules(splash=True), SPLASH_DEAL), "pass", "pass")
    assert seat3.to_act == 3 and "bid splash" not in legal(seat3)  # no doubles
    state = act(state, "bid plunge", "pass", "pass")
    assert state.high_bid == 168 and state.bidder == 2 and state.to_act == 0
    view = state.view(1).to_dict()
    assert view["calls"] == ["bid splash", "bid plunge", "pass", "pass"]


def test_splash_made_by_the_partner_trumps() -> None:
    state = act(dealt(rules(splash=True), SPLASH_DEAL), "bid splash", "pass", "pass", "pass")
    state = act(state, "trump 6")
    assert state.to_act == 3
    state = play(state, "6:0 1:0 6:6 0:0")
    for lead, second, third, fourth in (
        ("6:5", "2:2", "6:1", "2:0"),
        ("6:4", "1:1", "5:0", "2:1"),
        ("6:3", "3:0", "5:1", "4:0"),
        ("6:2", "3:1", "5:2", "4:1"),
        ("5:5", "3:2", "5:3", "4:2"),
        ("4:4", "3:3", "5:4", "4:3"),
    ):
        state = play(state, f"{lead} {second} {third} {fourth}")
    result = state.last_result
    assert result is not None and result.made is True and result.contract == "splash"
    assert result.score == (0, 2) and len(result.played) == 7


def test_splash_set_by_an_opponents_trump() -> None:
    state = act(dealt(rules(splash=True), SPLASH_DEAL), "bid splash", "pass", "pass", "pass")
    state = play(act(state, "trump 3"), "5:4 1:0 5:5 3:0")
    result = state.last_result
    assert result is not None and result.made is False and result.score == (2, 0)
    assert len(result.played) == 1 and result.played[0].winner == 2


# -- sevens ------------------------------------------------------------------------------------

# Seat 1 (the bidder) holds all three tiles of 7 pips and four of 6 or 8.
SEVENS_MADE = [
    "2:1 6:5 2:0 1:1 6:6 1:0 0:0",
    "6:1 5:2 4:3 6:0 5:1 4:2 3:3",
    "6:2 5:3 4:4 5:0 4:1 3:2 6:3",
    "5:4 4:0 3:1 2:2 6:4 5:5 3:0",
]
# Seat 1 leads 6:0 (1 away); seats 2, 3 and 0 hold 6:1, 5:2 and 4:3 (0 away).
SEVENS_TIE_TO_BIDDERS = [
    "4:3 4:4 3:1 2:2 3:0 2:1 6:5",
    "6:0 4:2 3:3 6:6 0:0 1:0 2:0",
    "6:1 5:0 4:1 3:2 6:4 5:5 1:1",
    "5:2 5:1 6:2 5:3 6:3 5:4 4:0",
]
# As above, but seat 3 (the bidder's partner) has no tile of 7 pips.
SEVENS_TIE_TO_OPPONENTS = [
    "4:3 4:4 3:1 2:2 3:0 2:1 6:5",
    "6:0 4:2 3:3 6:6 0:0 1:0 2:0",
    "6:1 5:2 4:1 3:2 6:4 5:5 1:1",
    "5:0 5:1 6:2 5:3 6:3 5:4 4:0",
]


def sevens(hands: list[str]) -> Texas42State:
    state = act(dealt(rules(sevens=True), hands), "bid 42", "pass", "pass", "pass")
    return act(state, "trump sevens")


def test_sevens_needs_a_bid_of_at_least_one_mark() -> None:
    """ "a bidder whose winning bid is at least one mark may name trump sevens\""""
    state = act(dealt(rules(sevens=True), SEVENS_MADE), "bid 35", "pass", "pass", "pass")
    assert "trump sevens" not in legal(state)
    assert "at least one mark" in refused(state, "trump sevens")


def test_sevens_everyone_plays_a_tile_closest_to_seven() -> None:
    """ "every player must play a tile whose pip total is closest to 7 of those they hold (any
    one of equally close tiles)" — the leader too."""
    state = sevens(SEVENS_TIE_TO_BIDDERS)
    assert state.to_act == 1 and legal_tiles(state) == {"6:0", "4:2", "3:3"}
    message = refused(state, "play 6:6")
    assert message.startswith("Sevens: play a tile closest to 7 pips; 6:6 is 5 away")
    state = play(state, "6:0")
    assert legal_tiles(state) == {"6:1"}
    with pytest.raises(IllegalActionError):
        state.apply(parse_action("play 5:0"))


def test_sevens_tie_between_the_sides_goes_to_the_bidding_side() -> None:
    """ "among equally close tiles the bidding side's first-played one wins ("a tie does not set
    the bidder")": the opponents' 6:1 is played first, the partner's 5:2 takes the trick."""
    state = play(sevens(SEVENS_TIE_TO_BIDDERS), "6:0 6:1 5:2 4:3")
    table = state.table
    assert table is not None and table.tricks[0].winner == 3 and state.phase is Phase.PLAY


def test_sevens_tie_among_the_opponents_goes_to_the_first_played() -> None:
    """ "else the first played": 6:1 and 4:3 are 0 away, both the opponents'; 6:1 came first.
    The bidders lost a trick: set at once."""
    state = play(sevens(SEVENS_TIE_TO_OPPONENTS), "6:0 6:1 5:1 4:3")
    result = state.last_result
    assert result is not None and result.played[0].winner == 2
    assert result.made is False and len(result.played) == 1 and result.score == (1, 0)


def test_sevens_made_by_taking_every_trick() -> None:
    """ "The tile closest to 7 takes the trick"; "The bidding side must take every trick."."""
    state = sevens(SEVENS_MADE)
    for lead, second, third, fourth in (
        ("6:1", "6:2", "5:4", "2:1"),
        ("5:2", "5:3", "4:0", "6:5"),
        ("4:3", "4:4", "3:1", "2:0"),
        ("6:0", "5:0", "2:2", "1:1"),
        ("5:1", "4:1", "6:4", "6:6"),
        ("4:2", "3:2", "5:5", "1:0"),
        ("3:3", "6:3", "3:0", "0:0"),
    ):
        assert state.to_act == 1
        state = play(state, f"{lead} {second} {third} {fourth}")
    result = state.last_result
    assert result is not None and result.made is True and result.trump == SEVENS
    assert result.score == (0, 1) and len(result.played) == 7


def test_sevens_sampling_respects_what_play_revealed() -> None:
    state = play(sevens(SEVENS_MADE), "6:1 6:2 5:4 2:1 5:2")
    for seed in range(20):
        sampled = state.sample(1, random.Random(seed))
        assert sampled.view(1) == state.view(1)


# -- follow="higher_end" -----------------------------------------------------------------------

# Seat 1 leads 5:3 with fours trump; seat 3's only five is 6:5.
FOLLOW_DEAL = [
    "5:5 5:4 5:2 5:0 2:0 1:0 0:0",
    "5:3 4:4 4:3 4:2 4:1 4:0 3:3",
    "5:1 6:6 6:4 6:3 6:2 2:2 1:1",
    "6:5 6:1 6:0 3:2 3:1 3:0 2:1",
]


@pytest.mark.parametrize(
    ("follow", "seat3_legal", "winner"),
    [("either_end", {"6:5"}, 3), ("higher_end", None, 1)],
)
def test_follow_higher_end(follow: str, seat3_legal: set[str] | None, winner: int) -> None:
    """ "a non-trump tile follows the led number only when that number is its higher end (a
    double follows its own number); a tile bearing the led number only as its lower end is
    off-suit and cannot take the trick". Default: 6:5 follows fives."""
    state = dealt(Rules(follow=follow), FOLLOW_DEAL)  # type: ignore[arg-type]
    state = play(act(state, "bid 30", "pass", "pass", "pass", "trump 4"), "5:3 5:1")
    if seat3_legal is None:
        assert len(legal_tiles(state)) == 7  # 6:5 is off-suit: seat 3 may play anything
    else:
        assert legal_tiles(state) == seat3_legal
    state = play(state, "6:5")
    assert legal_tiles(state) == {"5:5", "5:2", "5:0"}  # the double follows its own number
    state = play(state, "5:2")
    assert state.table is not None and state.table.tricks[0].winner == winner


def test_follow_higher_end_refusal_names_the_tile_that_follows() -> None:
    state = dealt(Rules(follow="higher_end"), FOLLOW_DEAL)
    state = play(act(state, "bid 30", "pass", "pass", "pass", "trump 4"), "5:3 5:1 6:5")
    message = refused(state, "play 2:0")
    assert "You must follow fives" in message


# -- records, JSON, conformance ----------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"nello": True},
        {"nello": True, "nello_doubles": "suit"},
        {"plunge": True},
        {"splash": True, "splash_marks": 3},
        {"sevens": True},
        {**CONTRACTS, "follow": "higher_end", "doubles_trump": True, "follow_me": True},
    ],
)
def test_records_and_state_json_round_trip(options: dict[str, object]) -> None:
    from tablegames.core import play_randomly

    final = play_randomly(new_match(rules(target=3, **options)), random.Random(5))
    assert GAME.replay(GAME.record(final)) == final
    assert GAME.state_from_json(GAME.state_to_json(final)) == final
    assert GAME.rules_from_json(GAME.rules_to_json(final.rules)) == final.rules


# -- pictures ----------------------------------------------------------------------------------


def _faces(picture: str) -> set[str]:
    import xml.etree.ElementTree as ET

    return {
        g.get("data-piece", "")
        for g in ET.fromstring(picture).iter("{http://www.w3.org/2000/svg}g")
        if g.get("data-piece") is not None
    }


def test_nello_pictures_draw_the_tiles_aside_for_the_partner_only() -> None:
    from tablegames.render import svg
    from tablegames.render.games import scene_of

    state = play(nello(NELLO_MADE, "low"), "1:0 6:1 5:1")
    aside = {str(d) for d in state.aside}
    assert aside <= _faces(svg(state.view(3)))
    for seat in (0, 1, 2):
        picture = svg(state.view(seat))
        assert not aside & _faces(picture)
        assert not any(f">{name}<" in picture for name in aside)
    scene = scene_of(state.view(0))
    assert scene.last_trick is not None and [s for s, _ in scene.last_trick[0]] == [1, 2, 0]
    assert ("trump", "nello (doubles low)") in scene.facts
    plunge = act(dealt(rules(plunge=True), PLUNGE_DEAL), "bid 84", "bid plunge", "pass", "pass")
    facts = scene_of(act(plunge, "trump 6").view(1)).facts
    assert ("contract", "plunge (168) by seat 2") in facts


def test_a_plunge_and_a_bid_of_the_same_worth_are_different_positions() -> None:
    """Over a standing 126, `bid 168` and `bid plunge` (168) stand for different contracts: the
    states, their reprs and their fingerprints differ."""
    base = dealt(rules(plunge=True, first_dealer=2), PLUNGE_DEAL, dealer=2)
    base = act(base, "bid 84", "bid 126", "pass")
    plain, plunge = act(base, "bid 168"), act(base, "bid plunge")
    assert plain.high_bid == plunge.high_bid == 168
    assert plain != plunge and plain.fingerprint() != plunge.fingerprint()
    assert (plain.to_act, plunge.to_act) == (2, 0)  # the plunger's partner names trump


# -- the conformance checks along the scripted hands --------------------------------------------


def _scripted_hands() -> list[tuple[Rules, list[str], list[str]]]:
    def plays(*tricks: str) -> list[str]:
        return [f"play {t}" for trick in tricks for t in trick.split()]

    return [
        (
            rules(plunge=True, splash=True, nello=True, sevens=True),
            PLUNGE_DEAL,
            ["bid 84", "bid plunge", "pass", "pass", "trump 6", *plays("6:6 5:3 5:5 4:0")],
        ),
        (
            rules(splash=True, plunge=True),
            SPLASH_DEAL,
            ["bid splash", "bid plunge", "pass", "pass", "trump 3", *plays("4:3 6:3 3:3 5:3")],
        ),
        (
            rules(nello=True),
            NELLO_MADE,
            ["bid 42", "pass", "pass", "pass", "trump nello high", *plays("1:0 6:1 5:1 6:6 5:0")],
        ),
        (
            rules(sevens=True),
            SEVENS_MADE,
            ["bid 42", "pass", "pass", "pass", "trump sevens", *plays("6:1 6:2 5:4 2:1 5:2")],
        ),
    ]


@pytest.mark.parametrize("case", range(4), ids=["plunge", "plunge over splash", "nello", "sevens"])
def test_every_state_of_a_scripted_contract_hand_conforms(case: int) -> None:
    """The generic per-state checks (conservation, actions and refusals, notation, views
    against samples for the seat to act and the next) at every step of a hand that is sure to
    reach the contract (random play rarely calls a plunge)."""
    from tablegames.testing.conformance import check_round_trips, check_state

    rules_, hands, texts = _scripted_hands()[case]
    state = dealt(rules_, hands)
    for step, text in enumerate(texts):
        check_state(GAME, state, random.Random(step))
        for seat in range(4):
            sampled = state.sample(seat, random.Random(step + 100 * seat))
            assert sampled.view(seat) == state.view(seat)
        state = act(state, text)
    check_state(GAME, state, random.Random(99))
    check_round_trips(GAME, state)
