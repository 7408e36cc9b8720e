"""The Preference speed paths give what the plain rules give (issue 10).

Each fast path is checked against the rule or the slow path it stands in for: the legal plays
decoded by table look-ups against the follow-suit rule, canonical action text read by one
look-up against the full parser, the deal against dealing packet by packet, and the first
trick of a play against the trick core's own constructor.
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.core.actions import Deal
from tablegames.core.errors import NotationError
from tablegames.core.frozen import uses_layout
from tablegames.core.game import random_states
from tablegames.core.violations import ViolationCode
from tablegames.pieces import CARDS, DECK_32, Card, PieceSet
from tablegames.preference import (
    KEEP,
    Discard,
    Phase,
    Rules,
    action_space,
    deal_of,
    new_match,
    parse_action,
)
from tablegames.preference.actions import PLAYS
from tablegames.preference.deal import DealPart
from tablegames.preference.state import (
    _IN_PHASE,
    MODELS,
    DealResult,
    PreferenceState,
    active_seats,
    first_leader,
    start_state,
)
from tablegames.tricks.follow import legal_plays
from tablegames.tricks.table import TrickTable
from tablegames.tricks.tally import TrickTally

DECK = tuple(DECK_32)


def _cards(mask: int) -> PieceSet[Card]:
    return PieceSet(mask, DECK_32.universe)


def _index(card: Card) -> int:
    return card.index


def _random_states(seed: int, rules: Rules | None = None) -> list[PreferenceState]:
    """Every state of one seeded random match."""
    return random_states(new_match(rules or Rules(deals=4)), random.Random(seed))


@given(st.integers(0, 2**32))
def test_legal_plays_are_the_follow_rule_in_card_order(seed: int) -> None:
    plays = 0
    for state in _random_states(seed):
        if state.phase is not Phase.PLAY:
            continue
        table = state.table
        assert table is not None and state.to_act is not None
        trump = state.trump
        assert trump is not None
        mask = legal_plays(state.hands[state.to_act], table.pieces, MODELS[trump])
        expected = tuple(PLAYS[i] for i in range(52) if mask >> i & 1)
        assert state.legal_actions() == expected
        plays += 1
    assert plays == 0 or plays % 30 == 0  # whole deals of 10 tricks of 3 cards


@given(st.integers(0, 2**32), st.sets(st.sampled_from(DECK), max_size=12))
def test_a_card_is_accepted_exactly_when_listed(seed: int, cards: set[Card]) -> None:
    playing = [s for s in _random_states(seed % 50) if s.phase is Phase.PLAY]
    state = playing[seed % len(playing)]
    legal = state.legal_actions()
    for card in (*cards, *DECK):
        action = PLAYS[card.index]
        assert (state.check(action) is None) == (action in legal)


def test_canonical_text_reads_as_the_full_parser_reads_it() -> None:
    for action in action_space(Rules()):
        text = str(action)
        assert parse_action(text) == action
        assert parse_action(text.upper()) == action  # not canonical: the full parser
        assert parse_action(f" {text} ") == action


def test_canonical_text_gives_the_shared_actions() -> None:
    assert parse_action("play AH") is PLAYS[Card.parse("AH").index]
    assert parse_action("play 2H") is PLAYS[Card.parse("2H").index]  # refused when played
    assert parse_action("discard 8S 7S") == parse_action("discard 7S 8S")


class _Text(str):
    """A str subclass: not an action's text, even when it spells one."""

    __slots__ = ()


def test_only_plain_text_is_read() -> None:
    with pytest.raises(NotationError, match="written as text"):
        parse_action(_Text("pass"))
    with pytest.raises(NotationError):
        parse_action(["pass"])  # type: ignore[arg-type]


@pytest.mark.parametrize("dealer", range(4))
def test_the_deal_gives_each_packet_to_its_place(dealer: int) -> None:
    pack = list(DECK)
    random.Random(dealer).shuffle(pack)
    hands: list[list[Card]] = [[] for _ in range(4)]
    for n, seat in enumerate(active_seats(dealer)):
        hands[seat] = pack[10 * n : 10 * n + 10]
    deal = deal_of([" ".join(map(str, h)) for h in hands], " ".join(map(str, pack[30:])), dealer)
    state = new_match(Rules(first_dealer=dealer)).apply(deal)
    assert state.hands == tuple(sum(1 << c.index for c in hand) for hand in hands)
    assert state.widow == (1 << pack[30].index) | (1 << pack[31].index)


def test_a_deal_that_is_not_the_pack_is_refused() -> None:
    state = new_match()
    for order in (
        DECK[:31],
        (*DECK[:31], DECK[0]),
        (*DECK[:31], CARDS[0]),
        (*DECK[:31], "AS"),
        (*DECK, DECK[0]),
    ):
        violation = state.check(Deal(order))  # type: ignore[arg-type]
        assert violation is not None and violation.code is ViolationCode.BAD_DEAL


def test_the_first_trick_is_led_by_the_declarers_left() -> None:
    starts = 0
    for state in _random_states(3, Rules(deals=8)):
        table = state.table
        if state.phase is not Phase.PLAY or table is None or table.tricks or table.pieces:
            continue
        assert state.declarer is not None
        leader = first_leader(state.declarer, state.dealer)
        assert table == TrickTable.start(active_seats(state.dealer), leader, 4)
        assert state.to_act == leader
        assert state.legal_actions() == tuple(PLAYS[card.index] for card in state.hand(leader))
        starts += 1
    assert starts > 0


def test_the_widow_phase_lists_keep_then_every_pair_of_the_twelve() -> None:
    widows = 0
    for seed in range(60):
        for state in _random_states(seed, Rules(deals=8)):
            if state.phase is not Phase.WIDOW:
                continue
            assert state.declarer is not None
            twelve = sorted(state.hand(state.declarer) | _cards(state.widow), key=_index)
            pairs = [Discard((a, b)) for i, a in enumerate(twelve) for b in twelve[i + 1 :]]
            assert state.legal_actions() == (KEEP, *pairs)
            widows += 1
    assert widows > 0


@given(st.integers(0, 2**32))
def test_the_hands_are_the_deal_less_every_card_played(seed: int) -> None:
    # A state keeps the hands as the trick in progress was led; ``hands`` takes the trick's
    # cards off. Checked against the deal: each seat holds what it was dealt (with the widow
    # swap) less every card it has played, and no card is held twice.
    plays = 0
    for state in _random_states(seed):
        if state.phase is not Phase.PLAY:
            continue
        table = state.table
        assert table is not None
        hands = state.hands
        on_table = table.in_play
        for trick in table.tricks:
            for piece in trick.pieces:
                on_table |= 1 << piece
        held = 0
        for seat, hand in enumerate(hands):
            assert not hand & on_table, f"seat {seat} holds a card already played"
            assert not hand & held
            held |= hand
        assert held | on_table | state.discards | (0 if state.widow_taken else state.widow) == (
            DECK_32.mask
        )
        for seat, piece in zip(table.seats_in_trick, table.pieces, strict=True):
            assert not hands[seat] >> piece & 1
        plays += len(table.pieces)
    assert plays > 0


def _check_phase_class(state: PreferenceState) -> None:
    assert type(state) is _IN_PHASE[state.phase]
    assert state.is_chance is (state.phase is Phase.DEAL)
    assert state.is_over is (state.phase is Phase.OVER)


@given(st.integers(0, 2**32))
def test_a_states_class_is_its_phase(seed: int) -> None:
    # The phase is the state's class (one subclass per phase): every way of making a state
    # (playing on, sampling, pickling, a start record) gives the class of its phase.
    rng = random.Random(seed)
    phases = set()
    for state in _random_states(seed, Rules(deals=2)):
        _check_phase_class(state)
        phases.add(state.phase)
        copy = pickle.loads(pickle.dumps(state))
        assert type(copy) is type(state) and copy == state
        seat = rng.randrange(4)
        _check_phase_class(state.sample(seat, rng))
        _check_phase_class(state.view(seat).sample(rng))
    assert phases >= {Phase.DEAL, Phase.BID, Phase.PLAY, Phase.OVER}
    for over in (False, True):
        start = start_state(Rules(), 1, (95,) * 4, 20, (), over=over)
        _check_phase_class(start)
        assert start.phase is (Phase.OVER if over else Phase.DEAL)


def test_states_are_built_through_slot_layouts() -> None:
    # The classes built on the hot paths derive from a plain slot layout, which
    # ``core.frozen.builder`` fills by plain stores (half the cost of slot setters).
    for cls in (*_IN_PHASE.values(), DealPart, DealResult, TrickTally):
        assert uses_layout(cls), cls.__name__
