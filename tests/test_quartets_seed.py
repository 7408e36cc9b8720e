"""One test per sentence of the seed text (as quoted in English translation on docs/quartets.md).

Each docstring quotes the sentence it checks; the rulings (docs/quartets.md, "Rulings") decide
what the sentence leaves open.
"""

from __future__ import annotations

import random

import pytest

from tablegames.collecting import hand_sizes
from tablegames.core import Deal, play_randomly
from tablegames.core.errors import RulesError
from tablegames.core.violations import ViolationCode
from tablegames.pieces import DECK_52, Card, Rank
from tablegames.quartets import GAME, RANK_SETS, Ask, Phase, QuartetsState, Rules, new_match
from test_quartets_scenarios import GIVER_OUT_TOO, OUT_TO_GIVER, PLAIN, ask, start


def dealt(rules: Rules, seed: int = 0) -> QuartetsState:
    state = new_match(rules)
    return state.apply(state.chance_outcome(random.Random(seed)))


def test_decks_1_cards_in_the_deck_52() -> None:
    """ "Decks 1. Cards in the deck 52." — one 52-card deck, every card in exactly one place."""
    state = dealt(Rules())
    assert GAME.deck == DECK_52
    seen = 0
    for zone in state.zones().values():
        assert not seen & zone.mask
        seen |= zone.mask
    assert seen == DECK_52.mask


@pytest.mark.parametrize("players", [1, 2, 9, 10])
def test_how_many_players_2_to_9(players: int) -> None:
    """ "How many players 2-9." — 2 to 9 seats are accepted, others refused."""
    if 2 <= players <= 9:
        assert dealt(Rules(players=players)).players == players
    else:
        with pytest.raises(RulesError):
            Rules(players=players)


def test_card_ranking_2_to_ace() -> None:
    """ "Card ranking 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A." — thirteen values, so thirteen
    sets."""
    assert len(RANK_SETS.members) == 13
    for rank in Rank:
        ranks = {Card.parse(f"{rank.letter}{s}").index for s in "CDHS"}
        assert {RANK_SETS.set_of[i] for i in ranks} == {int(rank) - 2}


def test_object_the_largest_number_of_points_wins() -> None:
    """ "Object of the game: to be first to score the largest number of points." """
    final = play_randomly(new_match(Rules(players=3)), random.Random(5))
    best = max(final.scores)
    assert final.winners == tuple(s for s in range(3) if final.scores[s] == best)


@pytest.mark.parametrize("deals", [1, 3])
def test_several_rounds_agreed_before_play(deals: int) -> None:
    """ "The game is usually played over several rounds (games), the number of which is agreed
    among the players before play." — the match is exactly ``deals`` deals (default: one each)."""
    final = play_randomly(new_match(Rules(players=3, deals=deals)), random.Random(1))
    assert len(final.results) == deals
    assert Rules(players=5).match_deals == 5


def test_three_stages_dealing_play_counting() -> None:
    """ "The game consists of 3 stages: dealing the cards, the play, and counting the points." """
    state = new_match(Rules(players=3, deals=2))
    assert state.phase is Phase.DEAL and state.is_chance
    state = state.apply(state.chance_outcome(random.Random(0)))
    assert state.phase is Phase.ASK and state.to_act is not None
    rng = random.Random(0)
    while state.phase is Phase.ASK:
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
    assert state.phase is Phase.DEAL and len(state.results) == 1
    assert state.scores == state.results[0].points and sum(state.scores) == 13


@pytest.mark.parametrize("first", [0, 2])
def test_the_first_dealer_is_determined_by_lot(first: int) -> None:
    """ "Dealing. The first dealer is determined by lot." — the lot is the ``first_dealer``
    setting."""
    state = dealt(Rules(players=4, first_dealer=first))
    assert state.dealer == first and state.to_act == (first + 1) % 4


def test_each_following_game_dealt_in_turn_clockwise() -> None:
    """ "In each following game the cards are dealt in turn clockwise." """
    final = play_randomly(new_match(Rules(players=4, first_dealer=2)), random.Random(3))
    assert [r.dealer for r in final.results] == [2, 3, 0, 1]


def test_shuffles_and_cuts_the_deck() -> None:
    """ "After the dealer has been determined, he shuffles the deck thoroughly, divides it into two
    parts, the lower part is placed on top of the upper part," — the deal is a chance step: a
    uniformly shuffled (so also cut) order of all 52 cards, reproducible from a seed."""
    state = new_match(Rules())
    one = state.chance_outcome(random.Random(9))
    assert isinstance(one, Deal) and sorted(c.index for c in one.order) == list(range(52))
    assert one == state.chance_outcome(random.Random(9)) != state.chance_outcome(random.Random(8))


def test_one_card_at_a_time_clockwise_until_the_deck_runs_out() -> None:
    """ "and from the top of the deck one card is dealt to each player clockwise until the deck
    runs out." — card i of the deal goes to the seat i places left of the dealer."""
    state = new_match(Rules(players=5, first_dealer=1))
    deal = state.chance_outcome(random.Random(4))
    after = state.apply(deal)
    assert isinstance(deal, Deal)
    for i, card in enumerate(deal.order):
        seat = (1 + 1 + i) % 5
        assert card in after.hand(seat) or any(card in s for s in after.sets_laid(seat))


@pytest.mark.parametrize("players", [3, 5, 7, 8, 9])
def test_hands_may_differ_by_one(players: int) -> None:
    """ "Depending on the number of players, each may have a different number of cards in hand;
    there is nothing wrong with this." — the seats nearest the dealer's left get one more."""
    state = dealt(Rules(players=players))
    held = [len(state.hand(s)) + 4 * state.points[s] for s in range(players)]
    assert held == list(hand_sizes(52, players, 1))
    assert max(held) - min(held) == 1 and sum(held) == 52


def test_the_player_left_of_the_dealer_begins() -> None:
    """ "Play. After the deal, the game is begun by the player sitting to the left of the
    dealer." """
    for dealer in range(6):
        assert dealt(Rules(players=6, first_dealer=dealer)).to_act == (dealer + 1) % 6


def test_ask_any_player_for_any_card_of_a_value_held() -> None:
    """ "He may ask any of the players for any card, provided that he has in his hand a card of the
    same value." — the legal asks are exactly every other seat with cards and every card the
    asker lacks of a value it holds."""
    state = start(PLAIN)
    hand = state.hands[0]
    values = {Card.parse(str(c)).rank for c in state.hand(0)}
    expected = {
        (seat, card.index)
        for seat in (1, 2, 3)
        for card in (Card(r, s) for r in values for s in range(4))
        if not hand >> card.index & 1
    }
    got = {(a.seat, a.card.index) for a in state.legal_actions() if isinstance(a, Ask)}
    assert got == expected
    violation = state.check(Ask(1, Card.parse("9C")))  # seat 0 holds no nine
    assert violation is not None and violation.code is ViolationCode.ASK_RANK_NOT_HELD


def test_asking_for_the_eight_of_spades_needs_another_eight() -> None:
    """ "For example, if a player asks another player for ♠8, he must have in his hand an 8 of some
    other suit." """
    state = start(PLAIN)  # seat 0 holds 8H
    assert state.check(Ask(1, Card.parse("8♠"))) is None
    held = state.check(Ask(1, Card.parse("8H")))
    assert held is not None and held.code is ViolationCode.ASK_HELD_CARD
    without = start(PLAIN)
    without = ask(without, "3 8S")  # fails: seat 3, holding only JS, asks next
    refused = without.check(Ask(1, Card.parse("8S")))
    assert refused is not None and refused.code is ViolationCode.ASK_RANK_NOT_HELD


def test_the_holder_must_give_it_and_the_asker_asks_again() -> None:
    """ "If the player who is asked has this card, he is obliged to give it up, and the lucky player
    making the request may make another request." """
    state = ask(start(PLAIN), "1 8S")
    assert Card.parse("8S") in state.hand(0) and Card.parse("8S") not in state.hand(1)
    assert state.to_act == 0


def test_the_right_to_request_passes_to_the_player_asked() -> None:
    """ "If the player who is asked does not have this card, the right to request passes to
    him," """
    state = ask(start(PLAIN), "3 8S")
    assert state.to_act == 3 and len(state.hand(0)) == 13


def test_the_player_asked_then_asks_any_other_player() -> None:
    """ "and he makes a request to any other player." — the new asker may ask anyone but himself,
    the player who just asked him included."""
    state = ask(start(PLAIN), "2 8S")  # seat 2 holds 8D, now asks
    targets = {a.seat for a in state.legal_actions() if isinstance(a, Ask)}
    assert targets == {0, 1, 3}
    assert state.check(Ask(0, Card.parse("8H"))) is None
    own = state.check(Ask(2, Card.parse("8H")))
    assert own is not None and own.code is ViolationCode.ASK_SELF


def test_a_collected_set_of_four_is_laid_down() -> None:
    """ "A player who has collected one set of 4 cards (4 cards of one value) lays it in front of
    himself face down." — at once, out of the hand, into the player's sets."""
    state = ask(ask(start(PLAIN), "1 8S"), "1 8C")
    assert state.points[0] == 0
    state = ask(state, "2 8D")
    assert state.points[0] == 1 and not any(c.rank == Rank.EIGHT for c in state.hand(0))
    assert [str(s) for s in state.sets_laid(0)] == ["8C 8D 8H 8S"]


def test_with_no_cards_left_he_drops_out_and_the_giver_asks() -> None:
    """ "If this player has no more cards left, he drops out of further play (in that case the turn
    passes to the player from whom the last card for the set was requested)," """
    state = start(OUT_TO_GIVER)
    for text in ("2 5D", "2 5H", "2 5S"):
        state = ask(state, text)
    assert state.out == (0,) and state.to_act == 2
    assert all(a.seat != 0 for a in state.legal_actions() if isinstance(a, Ask))


def test_with_cards_left_he_continues() -> None:
    """ "and if he has cards, he continues it." """
    state = ask(ask(ask(start(PLAIN), "1 8S"), "1 8C"), "2 8D")
    assert state.points[0] == 1 and state.hand(0) and state.to_act == 0


def test_after_the_play_the_players_count_points() -> None:
    """ "After the play is over, the players count points." — the play is over when all 13 sets are
    down; then the deal's points are added to the scores."""
    state = start(GIVER_OUT_TOO, deals=2)
    rng = random.Random(2)
    while state.phase is Phase.ASK:
        assert sum(state.points) < 13
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
    assert state.phase is Phase.DEAL and sum(state.results[0].points) == 13
    assert state.scores == state.results[0].points


def test_one_point_for_one_set_of_four() -> None:
    """ "Scoring. One point is awarded for one set of 4 cards." """
    final = play_randomly(new_match(Rules(players=5, deals=1)), random.Random(11))
    assert sum(final.scores) == 13
    state = start(PLAIN)
    assert state.points == tuple(len(state.sets_laid(s)) for s in range(4)) == (0, 0, 0, 3)


def test_most_points_over_several_rounds_wins() -> None:
    """ "The player who scores the largest number of points over several rounds (games) played
    becomes the winner." — points add up over the deals; joint winners on a tie."""
    for seed in range(6):
        final = play_randomly(new_match(Rules(players=2, deals=2)), random.Random(seed))
        totals = tuple(sum(r.points[s] for r in final.results) for s in range(2))
        assert final.scores == totals
        best = max(totals)
        assert final.winners == tuple(s for s in range(2) if totals[s] == best)
