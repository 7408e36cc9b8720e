"""Ninety-Two's cheap paths (issue 10) say what the rules say.

The trick table is put together from the deal's finished tricks only when asked; calls are
accepted by a look-up in ready-made tables; a deal is checked as a whole. Each test compares
the cheap path with the tricks core's own bookkeeping or with the rules' own verdicts.
"""

from __future__ import annotations

import pickle
import random
from itertools import pairwise

import pytest

from tablegames.core import IllegalActionError, ViolationCode, random_action
from tablegames.core.actions import PASS, Deal, Play, is_trusted
from tablegames.core.frozen import uses_layout
from tablegames.core.history import History
from tablegames.core.start import LaterStart
from tablegames.ninety_two import (
    GAME,
    Action,
    Bid,
    NinetyTwoState,
    Partners,
    Phase,
    Rules,
    bid_violation,
    deal_of,
    new_match,
    parse_action,
    partners_violation,
)
from tablegames.ninety_two.bidding import call_table
from tablegames.ninety_two.model import MODELS
from tablegames.ninety_two.part import DealPart
from tablegames.ninety_two.state import start_state
from tablegames.pieces import CARDS, Card, Suit
from tablegames.tricks import facade
from tablegames.tricks.since import actions_since
from tablegames.tricks.stock import draw_in_turn, draw_round

RULES = [
    Rules(target=30),
    Rules(players=6, target=30, first_dealer=5),
    Rules(players=6, leftovers="deal", target=30),
    Rules(players=8, target=30),
    Rules(players=8, leftovers="deal", target=30, first_dealer=3),
]
HANDS = ["AS KS 3H 5C", "QS 4H 6C 7C", "JS 8C 9C TC", "2D 3D 4D JC"]


def _states(rules: Rules, seed: int) -> list[NinetyTwoState]:
    state, rng, out = new_match(rules), random.Random(seed), []
    while not state.is_over:
        out.append(state)
        state = state.apply(random_action(state, rng))
    return [*out, state]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.players}-{r.leftovers}")
def test_each_finished_trick_is_what_the_trick_cores_own_finish_makes(rules: Rules) -> None:
    """Rulings: 'Highest trump wins, else highest of the suit led', with the duplicate two; the
    winner leads the next trick. The table after each trick must be what the core's
    ``TrickTable.play`` makes of the table before it (tricks, tricks won, cards won, next
    leader), though the state keeps its tricks in a ``TrickTally``."""
    finished = 0
    for seed in range(3):
        states = _states(rules, seed)
        for before, after in pairwise(states):
            table, trump = before.table, before.trump
            if table is None or len(table.pieces) != len(table.order) - 1:
                continue
            assert trump is not None
            card = after.history.last
            assert isinstance(card, Play)
            model = MODELS[trump]
            expected = table.play(card.piece.index, model)
            if after.phase is Phase.PLAY:
                got = after.table
                assert got is not None
                assert (got.tricks, got.won, got.taken) == (
                    expected.tricks,
                    expected.won,
                    expected.taken,
                )
                assert got.leader == expected.leader or not after.hands[expected.leader]
            else:  # the deal's last trick: it is scored with the core's tally
                assert after.last_result is not None
                assert after.last_result.tricks == expected.won
            finished += 1
    assert finished > 20


def test_asking_for_the_table_changes_neither_equality_nor_the_answer() -> None:
    """The tallies are worked out once per trick, the first time a table is asked for: a state
    whose table was asked for equals and hashes like one whose table was not."""
    states = [s for s in _states(Rules(target=20), 4) if s.phase is Phase.PLAY]
    again = _states(Rules(target=20), 4)
    again_play = [s for s in again if s.phase is Phase.PLAY]
    for s in states[::3]:
        assert s.table == s.table
    for asked, fresh in zip(states, again_play):
        assert asked == fresh
        assert hash(asked) == hash(fresh)
        assert asked.table == fresh.table


def test_a_bid_is_accepted_by_look_up_and_kept_with_its_suit() -> None:
    """A bid whose suit is given as a number is the listed bid: it is recorded with the Suit;
    the listed bids are ready-made (apply skips their field checks)."""
    state = new_match(Rules(first_dealer=3)).apply(deal_of(HANDS, dealer=3))
    after = state.apply(Bid(3, 2))  # type: ignore[arg-type]
    assert after.high == Bid(3, Suit.HEARTS) and type(after.high.suit) is Suit
    assert after.calls == (Bid(3, Suit.HEARTS),)
    assert after.history.last is after.high
    assert all(is_trusted(a) for a in state.legal_actions()[1:])
    assert after.legal_actions()[0] is PASS
    assert [str(a) for a in after.legal_actions()[1:3]] == ["bid 4 C", "bid 4 D"]


def test_refused_calls_get_the_rules_own_violation() -> None:
    """Anything not listed is explained by the rules (bidding.py), code and words alike."""
    state = new_match(Rules(first_dealer=3)).apply(deal_of(HANDS, dealer=3))
    state = state.apply(Bid(5, Suit.CLUBS))
    for bid in (Bid(5, Suit.SPADES), Bid(4, Suit.HEARTS), Bid(14, Suit.CLUBS), Bid(0, Suit.CLUBS)):
        expected = bid_violation(bid, state.high, state.rules)
        assert expected is not None
        assert state.check(bid) == expected
    state = state.apply(PASS).apply(PASS).apply(PASS)
    assert state.phase is Phase.PARTNERS and state.bidder == 0  # seat 0 called first
    for partners in (Partners((0,)), Partners((2, 3)), Partners((7,)), Partners(())):
        expected = partners_violation(partners, 0, state.rules)
        assert expected is not None
        assert state.check(partners) == expected


def test_partners_are_accepted_in_any_order_and_recorded_sorted() -> None:
    """'The winner names 1, 2 or 3 partners ... any of them'; order is not part of the call."""
    rules = Rules(players=6, first_dealer=5)
    state = _first_partners_state(rules)
    bidder = state.bidder
    assert bidder is not None
    others = [s for s in range(6) if s != bidder][:2]
    after = state.apply(Partners((others[1], others[0])))
    assert after.partners == tuple(others)
    assert after.history.last in call_table(rules).partner_sets[bidder]
    assert after.phase is Phase.PLAY and after.to_act == bidder


def _first_partners_state(rules: Rules) -> NinetyTwoState:
    rng = random.Random(2)
    while True:
        state = new_match(rules)
        while not state.is_over:
            if state.phase is Phase.PARTNERS:
                return state
            state = state.apply(random_action(state, rng))


class _MarkedCard(Card):
    """A card of a subclass: still a card of the deck."""


def test_a_deal_is_checked_as_a_whole_with_the_same_verdicts() -> None:
    """Rulings: 'Deal four cards each, one at a time from the dealer's left; the rest is the
    face-down stock.' A deal must order all 52 cards, each exactly once."""
    start = new_match(Rules(first_dealer=1))
    deck = tuple(CARDS)
    dealt = start.apply(Deal(deck))
    assert dealt.hand(2).mask == sum(1 << i for i in (0, 4, 8, 12))  # the dealer's left first
    assert dealt.stock == tuple(range(16, 52))
    marked = tuple(_MarkedCard(c.rank, c.suit) for c in deck)
    assert start.apply(Deal(marked)) == dealt
    for bad in (deck[:51], deck[:51] + deck[:1], (*deck[:51], "AS"), deck + deck[:1]):
        with pytest.raises(IllegalActionError) as caught:
            start.apply(Deal(bad))  # type: ignore[arg-type]
        assert caught.value.violation.code is ViolationCode.BAD_DEAL


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.players}-{r.leftovers}")
def test_the_refill_after_a_trick_is_the_stock_core_own_draw(rules: Rules) -> None:
    """Rulings: after each trick, while the stock holds a card for everybody, each player draws
    one, the trick's winner first, then clockwise. The state draws in the next trick's ready-made
    turn order (``draw_in_turn``); it must be what ``draw_round`` makes of the seating."""
    refills = 0
    for seed in range(2):
        for before, after in pairwise(_states(rules, seed)):
            table = before.table
            if table is None or len(table.pieces) != len(table.order) - 1:
                continue
            if len(before.stock) < rules.players or after.table is None:
                continue
            card = after.history.last
            assert isinstance(card, Play)
            played = list(before.hands)
            played[table.to_play] ^= 1 << card.piece.index
            winner = after.table.tricks[-1].winner
            order = tuple(range(rules.players))
            expected = draw_round(tuple(played), before.stock, winner, order)
            assert (after.hands, after.stock, after.dead) == (*expected, before.dead)
            refills += 1
    assert refills > 10


def test_draw_in_turn_draws_the_top_cards_in_the_order_given() -> None:
    hands = [1, 0, 0, 4]
    rest = draw_in_turn(hands, (5, 6, 7, 8, 9), (2, 3, 0, 1))
    assert rest == (9,)
    assert hands == [1 | 1 << 7, 1 << 8, 1 << 5, 4 | 1 << 6]
    assert draw_round((1, 0, 0, 4), (5, 6, 7, 8, 9), 2, (0, 1, 2, 3)) == (tuple(hands), rest)


@pytest.mark.parametrize("rules", RULES[:2], ids=lambda r: f"{r.players}-{r.leftovers}")
def test_states_with_shared_parts_compare_and_pickle_by_value(rules: Rules) -> None:
    """The stock, the dead cards and the scores live in parts shared between states, and the
    history in a bare log: equal positions are equal states whoever built them, a pickled
    state comes back equal with its history, and states that differ only in the stock or the
    scores are not equal."""
    states = _states(rules, 7)
    again = _states(rules, 7)
    for state, twin in zip(states[::5], again[::5]):
        assert state == twin and hash(state) == hash(twin)
        copy = pickle.loads(pickle.dumps(state))
        assert copy == state and copy.history == state.history
        assert (copy.stock, copy.dead, copy.scores) == (state.stock, state.dead, state.scores)
    dealt = [s for s in states if s.phase is Phase.BID and not s.calls]
    assert len(dealt) >= 2
    assert dealt[0].stock != dealt[1].stock and dealt[0] != dealt[1]
    scored = [s for s in states if s.phase is Phase.DEAL]
    assert any(a.scores != b.scores and a != b for a, b in pairwise(scored))


def _after_the_first_trick(hands: list[str], stock: str) -> NinetyTwoState:
    """Seat 0 bids 1 H and names seat 2, leads AH and takes the trick (nobody else holds a
    heart), so it draws the stock's top card first."""
    state = new_match(Rules(first_dealer=3)).apply(deal_of(hands, stock, dealer=3))
    calls = ["bid 1 H", "pass", "pass", "pass", "partners 2"]
    for text in [*calls, "play AH", "play 4D", "play 4S", "play 8D"]:
        state = state.apply(parse_action(text))
    return state


def test_states_that_drew_in_another_order_to_one_position_are_equal() -> None:
    """'Drawing, dead cards, tricks per deal': after each trick everybody draws from the stock.
    The deal's part keeps the stock as dealt, so states compare the stock left: two deals
    whose first refill hands the winner the card the other deal dealt it (and the other way
    round) reach one position, an equal state; the stock left still tells states apart."""
    rest = ["4D 5D 6D 7D", "4S 5S 6S 7S", "8D 9D TD JD"]
    first = _after_the_first_trick(["AH KH 3C 4C", *rest], "5C 8S 9S TS QS JS")
    second = _after_the_first_trick(["AH KH 3C 5C", *rest], "4C 8S 9S TS QS JS")
    assert first.table is not None and first.table.tricks[-1].winner == 0
    assert str(first.hand(0)) == "3C 4C 5C KH" and first.hands == second.hands
    assert first.stock == second.stock and len(first.stock) == 52 - 16 - 4
    assert first._part.stock != second._part.stock  # the parts keep the stock as dealt
    assert first == second and hash(first) == hash(second)
    assert first.apply(first.legal_actions()[0]) == second.apply(second.legal_actions()[0])
    deeper = _after_the_first_trick(["AH KH 3C 4C", *rest], "5C 8S 9S TS JS QS")
    assert deeper.hands == first.hands and deeper.stock != first.stock and deeper != first


@pytest.mark.parametrize("rules", RULES[:2], ids=lambda r: f"{r.players}-{r.leftovers}")
def test_a_states_phase_is_its_class_built_through_slot_layouts(rules: Rules) -> None:
    """Each phase has its own state class (its phase, is_chance and is_over are class
    attributes), every state a match reaches, samples or restarts from is of its phase's class,
    and the classes built at every decision (the states, the deal's part) are built through
    plain slot layouts."""
    states = _states(rules, 3)
    classes = {state.phase: type(state) for state in states}
    assert set(classes) == set(Phase) and len(set(classes.values())) == len(Phase)
    for phase, cls in classes.items():
        assert cls.phase is phase and issubclass(cls, NinetyTwoState)
        assert cls.is_chance is (phase is Phase.DEAL) and cls.is_over is (phase is Phase.OVER)
        assert uses_layout(cls)
    assert uses_layout(DealPart)
    rng = random.Random(5)
    for state in states:
        assert type(state) is classes[state.phase]
    for state in states[::7]:
        assert type(state.sample(1, rng)) is classes[state.phase]
        assert type(GAME.state_from_json(GAME.state_to_json(state))) is type(state)
    final = states[-1]
    over = start_state(rules, final.dealer, final.scores, final.results, over=True)
    fresh = start_state(rules, final.dealer, final.scores, final.results, over=False)
    assert type(over) is classes[Phase.OVER] and type(fresh) is classes[Phase.DEAL]
    assert over.is_over and not over.is_chance and fresh.is_chance and not fresh.is_over


def _match_of(actions: int) -> NinetyTwoState:
    """A match (that never ends) played at random to a play after ``actions`` actions."""
    state, rng = new_match(Rules(target=10**6)), random.Random(0)
    while len(state.history) < actions or state.phase is not Phase.PLAY:
        state = state.apply(random_action(state, rng))
    return state


DEAL_ACTIONS = 1 + 4 + 1 + 52
"""The most actions a deal of four players has: the deal, four calls, the partners, 52 plays."""


def test_sampling_replays_this_deal_only_however_long_the_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """'Views and sampling' (docs/contract.md: sampling never depends on the match length): a
    view samples from the start of this deal and a state replays this deal's actions, at 1,000
    actions into a match as at 30,000; the sampled world's start is written out only when a
    record asks for it. Work is counted (actions replayed), never timed."""
    replayed: list[int] = []

    def counted(history: History[Action], length: int) -> tuple[Action, ...]:
        out = actions_since(history, length)
        replayed.append(len(out))
        return out

    monkeypatch.setattr(facade, "actions_since", counted)  # where every trick game's sample reads
    for actions in (1_000, 30_000):
        state = _match_of(actions)
        seat = state.to_act
        assert seat is not None and len(state.results) > actions // (2 * DEAL_ACTIONS)
        world = state.view(seat).sample(random.Random(1))
        assert world.view(seat) == state.view(seat)
        assert 1 < len(world.history) <= DEAL_ACTIONS
        start = world.history.log
        while start[2]:
            start = start[0]  # type: ignore[assignment]
        assert isinstance(start[1], LaterStart) and start[1]._made is None
        record = GAME.record(world)
        assert len(record.start["results"]) == len(state.results)  # type: ignore[index]
        assert GAME.replay(record) == world
        sampled = state.sample(seat, random.Random(2))
        assert sampled.view(seat) == state.view(seat)
        assert len(sampled.history) == len(state.history)
        assert 0 < replayed[-1] < DEAL_ACTIONS
    assert len(replayed) == 2
