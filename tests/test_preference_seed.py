"""One test for each sentence of the Preference seed text, citing it.

Quotations are from the English translation quoted on docs/preference.md.
"""

from __future__ import annotations

import random

import pytest

from tablegames.core import IllegalActionError, ViolationCode, play_randomly
from tablegames.core.actions import PASS, Deal
from tablegames.pieces import DECK_32, DECK_52, Card, Rank, Suit, cards
from tablegames.preference import (
    GAME,
    KEEP,
    Bid,
    Discard,
    Offer,
    Phase,
    Rules,
    Trump,
    deal_of,
    new_match,
    parse_action,
    settle,
)
from tablegames.preference.state import MODELS
from tablegames.tricks import trick_winner
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


def test_played_for_small_stakes_in_chips() -> None:
    """'This very simple game is usually played for small stakes.'"""
    rules = Rules()
    final = play_randomly(new_match(rules), random.Random(5))
    assert final.is_over and len(final.results) == rules.deals
    # Stakes are chips; a settlement moves at most the largest payout or penalty (small next
    # to the stacks), and no chip is made or lost.
    for result in final.results:
        assert abs(result.chips) <= max(*rules.payout, *rules.penalty)
    assert sum(final.stacks) + final.pot == 4 * rules.starting_stack


def test_four_participants_each_for_himself() -> None:
    """'The game is designed for 4 participants, each playing for himself.'"""
    state = new_match()
    assert len(state.stacks) == 4
    # A made game pays the declarer alone: nobody else's stack moves.
    final = play_out(act(dealt(), "bid H", "pass", "pass"))
    result = final.results[-1]
    assert result.declarer == 1 and result.made
    assert final.stacks == (95, 95 + 4, 95, 95)
    # Winners are decided seat by seat, by stack.
    assert GAME.name == "preference" and final.winners == ()
    over = play_randomly(new_match(Rules(deals=1)), random.Random(2))
    assert over.winners == tuple(s for s in range(4) if over.stacks[s] == max(over.stacks))


def test_deck_without_twos_to_sixes() -> None:
    """'A standard deck of cards is used, from which all the 2s, 3s, 4s, 5s and 6s have been
    removed.'"""
    state = new_match()
    assert len(DECK_32) == 32 and all(card.rank >= Rank.SEVEN for card in DECK_32)
    short = [card for card in DECK_52 if card.rank <= Rank.SIX]
    bad = Deal((*short[:1], *list(DECK_32)[1:]))
    violation = state.check(bad)
    assert violation is not None and violation.code is ViolationCode.BAD_DEAL
    playing = act(dealt(), "bid H", "pass", "pass")
    violation = playing.check(parse_action("play 2D"))
    assert violation is not None and violation.code is ViolationCode.NOT_IN_DECK
    assert violation.message == "2D is not in the 32-card deck: cards run 7 to ace."


def test_card_ranking_ace_high_seven_low() -> None:
    """'A (highest), K, Q, J, 10, 9, 8, 7 (lowest).'"""
    # Seat 2 leads a diamond; seat 3 (all clubs) and seat 1 must discard: the diamond wins.
    state = act(dealt(), "pass", "bid D", "pass")  # seat 2 declares diamonds, seat 3 leads
    assert state.to_act == 3
    state = act(state, "play TC")  # seat 3 leads the ten of clubs
    state = act(state, "play 7H", "play 8D")  # seat 1 discards, seat 2 trumps
    assert state.table is not None and state.table.tricks[-1].winner == 2
    ranks = ["A", "K", "Q", "J", "T", "9", "8", "7"]
    # Within one suit, each rank beats every rank after it.
    for i, high in enumerate(ranks):
        for low in ranks[i + 1 :]:
            trick = (c(low + "S").index, c(high + "S").index, c("7C").index)
            assert trick_winner(trick, MODELS[Suit.HEARTS]) == 1


def test_suit_ranking_hearts_diamonds_clubs_spades() -> None:
    """'The ranking of the suits, in descending order, is: hearts (also called "preference"),
    diamonds, clubs, spades.'"""
    state = dealt()
    assert [str(a) for a in state.legal_actions()] == ["pass", "bid S", "bid C", "bid D", "bid H"]
    after_clubs = act(state, "bid C")
    assert [str(a) for a in after_clubs.legal_actions()] == ["pass", "bid D", "bid H"]
    violation = after_clubs.check(Bid(Suit.SPADES))
    assert violation is not None and violation.code is ViolationCode.BID_NOT_HIGHER
    after_diamonds = act(after_clubs, "bid D")
    assert [str(a) for a in after_diamonds.legal_actions()] == ["pass", "bid H"]
    # The payout table follows the same order: hearts pays most by default.
    suits = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
    assert [Rules().payout_for(s) for s in suits] == [1, 2, 3, 4]


def test_highest_bid_gets_to_play_the_game() -> None:
    """'Each player tries to make the highest bid and to make his game.'"""
    state = act(dealt(), "bid S", "bid D", "bid H")
    assert state.phase is Phase.PLAY and state.declarer == 3 and state.trump is Suit.HEARTS
    final = play_out(state)
    result = final.results[-1]
    assert result.declarer == 3 and result.made == (result.tricks[3] >= 6)


def test_everyone_antes_an_equal_agreed_amount() -> None:
    """'Before the game begins, each participant puts into the pot an equal, agreed number of
    chips.'"""
    for ante in (1, 5, 12):
        state = new_match(Rules(ante=ante, starting_stack=50))
        assert state.pot == 4 * ante
        assert state.stacks == (50 - ante,) * 4


def test_agreed_payout_by_trump_rank() -> None:
    """'In addition, the players must decide: a) what amount the winner will receive from the pot,
    depending on the rank of the trump suit;'"""
    payout = (2, 5, 7, 11)
    for rank, trump in enumerate((Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)):
        hands, widow = suit_hands(trump, declarer_has_trumps=True)
        rules = Rules(payout=payout, ante=10)
        state = act(dealt(hands, widow, rules=rules), f"bid {trump.letter}", "pass", "pass")
        final = play_out(state)
        assert final.results[-1].made
        assert final.stacks[1] - state.stacks[1] == payout[rank]
        assert final.pot == 40 - payout[rank]


def test_agreed_penalty_for_failing() -> None:
    """'b) how much a player who failed to make his game pays into the pot.'"""
    penalty = (3, 6, 9, 13)
    for rank, trump in enumerate((Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)):
        hands, widow = suit_hands(trump, declarer_has_trumps=False)
        rules = Rules(penalty=penalty)
        state = act(dealt(hands, widow, rules=rules), f"bid {trump.letter}", "pass", "pass")
        final = play_out(state)
        result = final.results[-1]
        assert not result.made and result.tricks[1] <= 2
        assert final.stacks[1] - state.stacks[1] == -penalty[rank]
        assert final.pot == 20 + penalty[rank]


def test_any_player_deals_first_then_clockwise() -> None:
    """'Any player may deal first, after which the right to deal passes around the table
    clockwise.'"""
    for first in range(4):
        state = new_match(Rules(first_dealer=first, deals=5))
        dealers = []
        rng = random.Random(first)
        while not state.is_over:
            if state.is_chance:
                dealers.append(state.dealer)
                state = state.apply(state.chance_outcome(rng))
            else:
                state = state.apply(state.legal_actions()[0])
        assert dealers == [(first + i) % 4 for i in range(5)]


def test_ten_cards_each_and_a_face_down_widow() -> None:
    """'The dealer deals each player ten cards face down, and also places two cards face down in
    the centre of the table as the widow.'"""
    state = new_match()
    state = state.apply(state.chance_outcome(random.Random(3)))
    assert [len(state.hand(s)) for s in state.active] == [10, 10, 10]
    assert len(state.hand(state.dealer)) == 0
    assert len(state.zones()["widow"]) == 2
    for seat in range(4):
        view = state.view(seat)
        assert view.widow_size == 2 and not view.widow
        assert view.hand == state.hand(seat)  # face down: each sees only their own hand
        others = sum(len(state.hand(s)) for s in range(4) if s != seat)
        assert sum(view.hand_sizes) - len(view.hand) == others


def test_packets_of_three_widow_four_three() -> None:
    """'This is done as follows: first he deals each player a packet of three cards, then he puts
    down the widow, then he deals another packet of four cards and finally a packet of three
    cards to each player.'"""
    order = list(DECK_32)
    random.Random(9).shuffle(order)
    for dealer in range(4):
        state = new_match(Rules(first_dealer=dealer)).apply(Deal(tuple(order)))
        left = [(dealer + i) % 4 for i in (1, 2, 3)]
        expected = {s: 0 for s in left}
        position = 0
        for size in (3, 4, 3):
            for seat in left:
                for card in order[position : position + size]:
                    expected[seat] |= 1 << card.index
                position += size
            if size == 3 and position == 9:
                widow = order[9:11]
                position = 11
        assert {s: state.hands[s] for s in left} == expected
        assert state.widow == cards(" ".join(str(x) for x in widow)).mask
        # deal_of builds an order that deals these same hands and widow.
        widow_set = cards(" ".join(map(str, widow)))
        rebuilt = deal_of([state.hand(s) for s in range(4)], widow_set, dealer)
        again = new_match(Rules(first_dealer=dealer)).apply(rebuilt)
        assert again.hands == state.hands and again.widow == state.widow


def test_bidding_starts_left_of_dealer_name_or_pass() -> None:
    """'Each player in turn, starting with the one sitting to the dealer's left, either names a
    suit or passes.'"""
    for dealer in range(4):
        state = dealt(rotate(SUITED, dealer), dealer=dealer)
        seen = []
        for text in ("pass", "bid C", "pass"):
            seen.append(state.to_act)
            assert {str(a) for a in state.legal_actions()} >= {"pass"}
            state = act(state, text)
        assert seen == [(dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4]
        assert state.phase is Phase.PLAY and state.declarer == (dealer + 2) % 4
        assert state.check(Offer(1)) is not None


def test_naming_a_suit_undertakes_six_tricks_with_it_trumps() -> None:
    """'By naming a suit, the player undertakes to take at least six of the ten possible tricks
    with that suit as trumps.'"""
    assert settle(6, Suit.SPADES, 20, Rules()) == (True, 1, 19)
    assert settle(5, Suit.SPADES, 20, Rules()) == (False, -1, 21)
    state = act(dealt(), "pass", "pass", "bid C")
    assert state.trump is Suit.CLUBS and state.declarer == 3
    final = play_out(state)
    result = final.results[-1]
    assert result.trump is Suit.CLUBS and sum(result.tricks) == 10
    assert result.made == (result.tricks[3] >= 6)


def test_one_bid_each_and_each_higher() -> None:
    """'Each player is allowed to make only one bid, and each subsequent bidder must choose a
    higher suit than the previous one.'"""
    state = act(dealt(), "bid D")
    violation = state.check(Bid(Suit.CLUBS))
    assert violation is not None and violation.code is ViolationCode.BID_NOT_HIGHER
    assert violation.message == (
        "Clubs do not rank above diamonds, the last suit named: name a higher suit or pass."
    )
    with pytest.raises(IllegalActionError):
        state.apply(Bid(Suit.DIAMONDS))
    state = act(state, "pass", "pass")
    # Every active player has called once: the bidding is over, seat 1 cannot bid again.
    assert state.phase is Phase.PLAY
    violation = state.check(Bid(Suit.HEARTS))
    assert violation is not None and violation.code is ViolationCode.WRONG_PHASE


def test_all_three_passed_second_round_of_chips() -> None:
    """'If in the first round of bidding all three players passed, a second round is held, in
    which each player may either pass or put chips into the pot.'  (The translator notes the
    seed's "all three players": the dealer sits out, so three players bid.)"""
    state = act(dealt(), "pass", "pass")
    assert state.phase is Phase.BID  # two passes are not all three
    state = act(state, "pass")
    assert state.phase is Phase.OFFER and state.to_act == 1
    assert [str(a) for a in state.legal_actions()[:3]] == ["pass", "offer 1", "offer 2"]
    pot = state.pot
    state = act(state, "offer 3")
    assert state.pot == pot + 3 and state.stacks[1] == 95 - 3
    state = act(state, "pass")
    assert state.pot == pot + 3 and state.stacks[2] == 95


def test_largest_contribution_names_trump_and_may_swap_with_widow() -> None:
    """'After this, the player who made the largest contribution gets the right to name the trump
    suit; he may also discard any two of his cards, taking the widow in their place.'"""
    state = act(dealt(), "pass", "pass", "pass", "offer 2", "offer 4", "pass")
    assert state.phase is Phase.WIDOW and state.to_act == 2 and state.declarer == 2
    # The winner sees the widow; the others do not.
    assert state.view(2).widow.mask == card_set(SUITED_WIDOW)
    assert not state.view(1).widow and not state.view(3).widow
    state = act(state, "discard 7D 8D")
    assert state.hands[2] == card_set(SUITED[2]) - card_set("7D 8D") + card_set(SUITED_WIDOW)
    assert state.discards == card_set("7D 8D") and state.phase is Phase.TRUMP
    state = act(state, "trump S")
    assert state.trump is Suit.SPADES and state.phase is Phase.PLAY and state.to_act == 3


def test_widow_not_used_after_a_round_one_bid() -> None:
    """'If a player makes a bid in the first round, the widow is not used.'"""
    state = act(dealt(), "pass", "bid S", "pass")
    assert state.phase is Phase.PLAY
    assert state.hands[2] == card_set(SUITED[2])
    for check in (KEEP, Discard((c("7D"), c("8D"))), Trump(Suit.HEARTS)):
        violation = state.check(check)
        assert violation is not None and violation.code is ViolationCode.WRONG_PHASE
    final_table = state
    while final_table.table is not None and len(final_table.table.tricks) < 9:
        final_table = final_table.apply(final_table.legal_actions()[0])
    assert final_table.zones()["widow"].mask == card_set(SUITED_WIDOW)
    assert not any(final_table.view(s).widow for s in range(4))


def test_first_lead_left_of_the_declarer() -> None:
    """'The first lead is made by the player sitting to the left of the player playing the
    contract.'"""
    assert act(dealt(), "bid S", "pass", "pass").to_act == 2
    assert act(dealt(), "pass", "bid S", "pass").to_act == 3
    # Seat 3's left is seat 0, the dealer, who sits out: seat 1 leads.
    assert act(dealt(), "pass", "pass", "bid S").to_act == 1


def test_follow_suit_else_trump_or_discard() -> None:
    """'All the other players are obliged to follow suit if possible; otherwise they may play a
    trump or discard any card.'"""
    hands = ["", "AH KH QH JH TH 9H 8H 7H AS 7S", "AD KD QD JD TD 9D 8D 7D KS QS",
             "AC KC QC JC TC 9C 8C 7C JS TS"]  # fmt: skip
    state = act(dealt(hands, "9S 8S"), "pass", "pass", "bid C")  # clubs trump, seat 1 leads
    state = act(state, "play 7S")
    violation = state.check(parse_action("play AD"))
    assert violation is not None and violation.code is ViolationCode.MUST_FOLLOW_SUIT
    assert {str(a) for a in state.legal_actions()} == {"play QS", "play KS"}
    state = act(state, "play KS")
    assert {str(a) for a in state.legal_actions()} == {"play JS", "play TS"}
    state = act(state, "play TS")  # seat 2's king wins
    assert state.to_act == 2
    state = act(state, "play 7D")
    # Seat 3 holds no diamond: any card, a trump or a discard.
    assert len(state.legal_actions()) == len(state.hand(3))
    trumped = act(state, "play 7C")
    discarded = act(state, "play JS")
    assert state.check(parse_action("play JS")) is None
    for before_last, winner in ((trumped, 3), (discarded, 2)):
        after = act(before_last, "play 7H")  # seat 1 holds no diamond either
        assert after.table is not None and after.table.tricks[-1].winner == winner


def test_highest_of_suit_led_or_highest_trump_wins() -> None:
    """'The trick is taken by the highest card of the suit led or by the highest of the trumps
    played.'"""
    hands = ["", "AH KH QH JH TH 9H 8H 7H AS 7S", "AD KD QD JD TD 9D 8D 7D KS QS",
             "AC KC QC JC TC 9C 8C 7C JS TS"]  # fmt: skip
    state = act(dealt(hands, "9S 8S"), "pass", "pass", "bid C")
    led = act(state, "play 7S", "play QS", "play TS")  # no trump: the queen of the suit led
    assert led.table is not None and led.table.tricks[-1].winner == 2
    ruffed = act(led, "play 7D", "play 7C", "play 7H")  # the seven of trumps beats the suit led
    assert ruffed.table is not None and ruffed.table.tricks[-1].winner == 3
    both = act(ruffed, "play 8C", "play 8H", "play 8D")
    assert both.table is not None and both.table.tricks[-1].winner == 3


def test_winner_leads_until_ten_tricks() -> None:
    """'The winner of a trick leads to the next one, and so play continues until all ten tricks
    have been played.'"""
    state = act(dealt(), "pass", "pass", "bid C")
    before = state
    while state.table is not None and len(state.table.tricks) < 9:
        count = len(state.table.tricks)
        state = state.apply(state.legal_actions()[0])
        if state.table is not None and len(state.table.tricks) > count:
            assert state.table.leader == state.table.tricks[-1].winner == state.to_act
    assert state.table is not None and len(state.table.tricks) == 9
    final = play_out(state)
    assert sum(final.results[-1].tricks) == 10 and final.phase is Phase.DEAL
    assert len(before.history) + 30 == len(final.history)


def test_made_game_wins_payout_from_pot() -> None:
    """'If a player has made his game (taken at least six of the ten tricks), he wins the
    stipulated number of chips from the pot, depending on the rank of the trump suit.'"""
    rules = Rules(payout=(1, 2, 3, 6))
    state = act(dealt(rules=rules), "bid H", "pass", "pass")
    final = play_out(state)
    result = final.results[-1]
    assert result.made and result.tricks[1] >= 6 and result.chips == 6
    assert final.stacks[1] == state.stacks[1] + 6 and final.pot == state.pot - 6


def test_failed_game_pays_into_pot() -> None:
    """'Otherwise he pays the stipulated number of chips into the pot.'"""
    hands, widow = suit_hands(Suit.DIAMONDS, declarer_has_trumps=False)
    state = act(dealt(hands, widow), "bid D", "pass", "pass")
    final = play_out(state)
    result = final.results[-1]
    assert not result.made and result.tricks[1] < 6 and result.chips == -3
    assert final.stacks[1] == state.stacks[1] - 3 and final.pot == state.pot + 3
    assert isinstance(PASS, type(parse_action("pass")))
