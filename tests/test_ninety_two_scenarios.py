"""Worked Ninety-Two deals with exact cards: the duplicate two, the draw order, dead cards,
dealt leftovers and the three ways a bid can end."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tablegames.core.actions import Play
from tablegames.ninety_two import (
    MODELS,
    NinetyTwoState,
    Phase,
    Rules,
    deal_of,
    duplicate_suit,
    duplicate_two,
    new_match,
    parse_action,
)
from tablegames.pieces import CARDS, Card, Rank, Suit, cards
from tablegames.tricks import trick_winner

# Four players, seat 3 deals, seat 0 calls first. Hearts will be trump, so diamonds are the
# duplicate suit and 2D is the duplicate two. Seat 3 holds no spades.
HANDS4 = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]


def act(state: NinetyTwoState, *texts: str) -> NinetyTwoState:
    for text in texts:
        state = state.apply(parse_action(text))
    return state


def start(hands: list[str], stock: str = "", dealer: int = 3, **options: object) -> NinetyTwoState:
    rules = Rules(players=len(hands), first_dealer=dealer, **options)  # type: ignore[arg-type]
    return new_match(rules).apply(deal_of(hands, stock, dealer))


def winner_of_last_trick(state: NinetyTwoState) -> int:
    assert state.table is not None
    return state.table.tricks[-1].winner


def hearts_game() -> NinetyTwoState:
    return act(start(HANDS4), "bid 2 H", "pass", "pass", "pass", "partners 2")


def test_duplicate_two_played_last_steals_the_trick() -> None:
    state = act(hearts_game(), "play AS", "play QS", "play JS", "play 2D")
    assert winner_of_last_trick(state) == 3
    assert state.table is not None and state.table.won == (0, 0, 0, 1)
    assert state.to_act == 3  # the thief leads next


def test_playing_the_duplicate_two_last_is_a_choice() -> None:
    state = act(hearts_game(), "play AS", "play QS", "play JS")
    legal = state.legal_actions()
    assert Play(Card.parse("2D")) in legal and len(legal) == 4
    assert winner_of_last_trick(act(state, "play JC")) == 0


def test_duplicate_two_played_second_is_an_ordinary_two() -> None:
    # Seat 2 deals, seat 3 bids and leads; seat 0, void in clubs, plays the 2D second.
    hands = ["2D 3H 5H 6H", "AC KC QC JC", "TC 9C 8C 7C", "6C 5C 4C 3C"]
    state = act(start(hands, dealer=2), "bid 2 H", "pass", "pass", "pass", "partners 1")
    assert state.to_act == 3
    state = act(state, "play 6C", "play 2D", "play KC", "play TC")
    assert winner_of_last_trick(state) == 1  # the king of clubs, not the two
    # the same trick with the two played last goes to the two
    hands = ["KC 3H 5H 6H", "TC 9C 8C 7C", "2D AH QH JH", "6C 5C 4C 3C"]
    state = act(start(hands, dealer=2), "bid 2 H", "pass", "pass", "pass", "partners 1")
    state = act(state, "play 6C", "play KC", "play TC", "play 2D")
    assert winner_of_last_trick(state) == 2


def test_duplicate_two_loses_when_a_trump_was_played() -> None:
    hands = ["AS KS 3H 5C", "4H 6C 7C 8D", "JS 8C 9C TC", "2D 3D 4D JC"]  # seat 1 void in spades
    state = act(start(hands), "bid 2 H", "pass", "pass", "pass", "partners 2")
    state = act(state, "play AS", "play 4H", "play JS", "play 2D")
    assert winner_of_last_trick(state) == 1


def test_duplicate_two_following_the_duplicate_suit_led_is_ordinary() -> None:
    hands = ["5D KS 3H 5C", "6D 4H 6C 7C", "7D 8C 9C TC", "2D 3S 4S JC"]
    state = act(start(hands), "bid 2 H", "pass", "pass", "pass", "partners 2")
    state = act(state, "play 5D", "play 6D", "play 7D", "play 2D")
    assert winner_of_last_trick(state) == 2


def test_draw_order_winner_first_then_clockwise() -> None:
    hands = [
        "AS 2H 3H 4H",
        "KS 5H 6H 7H",
        "QS 8H 9H TH",
        "JS JH QH KH",
        "TS 2C 3C 4C",
        "9S 5C 6C 7C",
    ]
    stock = "2D 3D 4D 5D 6D 7D 8D"
    state = act(start(hands, stock, dealer=5), "bid 1 C", *["pass"] * 5, "partners 1 2")
    assert state.to_act == 0
    state = act(state, "play AS", "play KS", "play QS", "play JS", "play TS", "play 9S")
    assert winner_of_last_trick(state) == 0
    # won by seat 0: 2D to seat 0, 3D to seat 1, ... 7D to seat 5; 8D stays on top
    for seat, text in enumerate(["2D", "3D", "4D", "5D", "6D", "7D"]):
        assert Card.parse(text) in state.hand(seat)
    assert state.stock[0] == Card.parse("8D").index and len(state.stock) == 28 - 6
    hands = [
        "AS 2H 3H 4H",
        "KS 5H 6H 7H",
        "QS 8H 9H TH",
        "JS JH QH KH",
        "TS 2C 3C 4C",
        "5C 6C 7C 8C",
    ]
    state = act(start(hands, stock, dealer=5), "bid 1 C", *["pass"] * 5, "partners 1 2")
    state = act(state, "play AS", "play KS", "play QS", "play JS", "play TS", "play 5C")
    assert winner_of_last_trick(state) == 5  # a club trumps the spades
    for seat, text in zip((5, 0, 1, 2, 3, 4), ["2D", "3D", "4D", "5D", "6D", "7D"]):
        assert Card.parse(text) in state.hand(seat)


def test_six_player_deal_ends_with_four_dead_cards() -> None:
    order = list(CARDS)
    random.Random(6).shuffle(order)
    hands = [" ".join(str(c) for c in order[4 * s : 4 * s + 4]) for s in range(6)]
    stock = " ".join(str(c) for c in order[24:])
    last_four = cards(" ".join(str(c) for c in order[48:]))
    state = act(start(hands, stock, dealer=5), "bid 3 S", *["pass"] * 5, "partners 2 4")
    seen_dead_at = None
    while state.phase is Phase.PLAY:
        assert state.table is not None
        tricks = len(state.table.tricks)
        if state.dead and seen_dead_at is None:
            seen_dead_at = tricks
            assert state.zones()["dead"] == last_four and not state.stock
            assert state.view(0).dead_count == 4 and state.view(0).stock_size == 0
            assert [len(state.hand(s)) for s in range(6)] == [3] * 6
        if tricks == 4 and not state.table.pieces:
            assert len(state.stock) == 4 and not state.dead
        before = state
        state = state.apply(state.legal_actions()[0])
    assert seen_dead_at == 5
    result = state.results[-1]
    assert sum(result.tricks) == 8
    assert before.zones()["dead"] == last_four


def test_leftovers_dealt_winner_first_and_a_short_last_trick() -> None:
    rng = random.Random(8)
    state = new_match(Rules(players=6, leftovers="deal"))
    deal = state.chance_outcome(rng)
    state = act(state.apply(deal), "bid 3 S", *["pass"] * 5, "partners 2 4")
    leftovers = deal.order[48:]  # type: ignore[union-attr]
    while state.phase is Phase.PLAY:
        assert state.table is not None
        if len(state.table.tricks) == 4 and not state.table.pieces:
            assert len(state.stock) == 4
        before = state
        state = state.apply(state.legal_actions()[0])
        if before.stock and not state.stock:
            winner = winner_of_last_trick(state)
            for i, c in enumerate(leftovers):
                assert c in state.hand((winner + i) % 6)
            assert not state.dead
            sizes = [len(state.hand(s)) for s in range(6)]
            assert sorted(sizes) == [3, 3, 4, 4, 4, 4]
    assert before.table is not None
    assert len(before.table.order) == 4 and len(before.table.pieces) == 3  # the short trick
    assert sum(state.results[-1].tricks) == 9 == Rules(players=6, leftovers="deal").tricks_per_deal


def _first_card_deal(bid: int, **options: object) -> NinetyTwoState:
    """A fixed 6-player deal played with everyone's first legal card (independent of the bid)."""
    state = new_match(Rules(players=6, **options))  # type: ignore[arg-type]
    state = state.apply(state.chance_outcome(random.Random(92)))
    state = act(state, "pass", f"bid {bid} H", *["pass"] * 4, "partners 0 4")
    while state.phase is Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    return state


def _team_tricks_by_hand() -> tuple[int, int]:
    """Count the team's tricks from the trick winners, independently of the scoring code."""
    state = new_match(Rules(players=6))
    state = state.apply(state.chance_outcome(random.Random(92)))
    state = act(state, "pass", "bid 1 H", *["pass"] * 4, "partners 0 4")
    winners: list[int] = []
    while state.phase is Phase.PLAY:
        assert state.table is not None
        done = len(state.table.tricks)
        state = state.apply(state.legal_actions()[0])
        if state.table is not None and len(state.table.tricks) > done:
            winners.append(state.table.tricks[-1].winner)
    result = state.results[-1]
    last = next(s for s in range(6) if result.tricks[s] > winners.count(s))
    winners.append(last)
    ours = sum(1 for w in winners if w in (0, 2, 4))
    return ours, len(winners) - ours


def test_exact_make_scores_the_bidding_team_only() -> None:
    ours, theirs = _team_tricks_by_hand()
    assert ours + theirs == 8 and ours >= 1
    state = _first_card_deal(ours)
    assert state.results[-1].made is True
    assert state.scores == tuple(3 * ours if s in (0, 2, 4) else 0 for s in range(6))
    state = _first_card_deal(ours, defenders_score_when_made=True)
    assert state.scores == tuple(3 * ours if s in (0, 2, 4) else 3 * theirs for s in range(6))


def test_overtrick_fails_and_scores_the_opponents() -> None:
    ours, theirs = _team_tricks_by_hand()
    assert ours >= 2, "the fixed deal must let the team take at least two tricks"
    state = _first_card_deal(ours - 1)
    assert state.results[-1].made is False
    assert state.scores == tuple(0 if s in (0, 2, 4) else 3 * theirs for s in range(6))


def test_undertrick_fails_and_scores_the_opponents() -> None:
    ours, theirs = _team_tricks_by_hand()
    state = _first_card_deal(ours + 1)
    assert state.results[-1].made is False
    assert state.scores == tuple(0 if s in (0, 2, 4) else 3 * theirs for s in range(6))


def test_short_trick_is_led_by_the_next_holder_when_the_winner_has_run_out() -> None:
    """With dealt leftovers, the winner of the trick before the short one may hold no card: the
    lead passes to the next seat clockwise that still holds one."""
    from tablegames.core import random_action

    seen = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = new_match(Rules(players=6, leftovers="deal"))
        while not state.results:
            before = state
            state = state.apply(random_action(state, rng))
            if before.phase is not Phase.PLAY or state.phase is not Phase.PLAY:
                continue
            assert before.table is not None and state.table is not None
            if state.table.order == before.table.order:
                continue
            holders = tuple(s for s in range(6) if state.hands[s])
            assert state.table.order == holders and len(holders) == 4
            winner = state.table.tricks[-1].winner
            if not state.hands[winner]:
                seen += 1
                expected = next(s % 6 for s in range(winner + 1, winner + 6) if state.hands[s % 6])
                assert state.to_act == expected
            else:
                assert state.to_act == winner
    assert seen, "no example of a winner without cards in 20 matches"


@given(
    st.sampled_from(list(Suit)),
    st.lists(st.integers(0, 51), min_size=3, max_size=8, unique=True),
)
def test_trick_winner_matches_a_direct_reading_of_the_rules(trump: Suit, pieces: list[int]) -> None:
    """Any complete trick: the duplicate two played last, off the suit led, with no trump before
    it, wins; otherwise the highest trump, else the highest card of the suit led."""
    played = [CARDS[p] for p in pieces]
    led = played[0].suit
    two = Card(Rank.TWO, duplicate_suit(trump))
    if played[-1] == two and led != two.suit and all(c.suit != trump for c in played[:-1]):
        expected = len(played) - 1
    else:
        trumps = [i for i, c in enumerate(played) if c.suit == trump]
        pool = trumps or [i for i, c in enumerate(played) if c.suit == led]
        expected = max(pool, key=lambda i: played[i].rank)
    assert trick_winner(tuple(pieces), MODELS[trump]) == expected


@given(
    st.sampled_from(list(Suit)), st.lists(st.integers(0, 51), min_size=3, max_size=7, unique=True)
)
def test_duplicate_two_stealing_tricks_of_every_size(trump: Suit, pieces: list[int]) -> None:
    """Appending the duplicate two to any trick without trumps, not led in the duplicate suit,
    gives the trick to the two; with 4, 6 or 8 cards alike."""
    two = duplicate_two(trump).index
    rest = [p for p in pieces if p != two and CARDS[p].suit != trump]
    if not rest or CARDS[rest[0]].suit == duplicate_suit(trump):
        return
    assert trick_winner((*rest, two), MODELS[trump]) == len(rest)
