"""The trick-taking core at its edges, against a direct reading of the rules it serves.

The core carries rules every trick game here shares (the rules pages' rulings): follow suit if able,
else play anything; 'Highest trump wins, else highest of the suit led'; 'The trick's winner
leads next'; Ninety-Two's refill 'as long as the stock holds a card for every player'. Random
plays are checked against small oracles written from those sentences. Written to kill mutants
that survived ``nox -s mutation`` (docs/testing.md).
"""

from __future__ import annotations

import pickle
import random

from tablegames.core import ViolationCode
from tablegames.pieces import CARDS, Card, Suit
from tablegames.tricks import (
    Trick,
    TrickTable,
    card_of,
    draw_round,
    legal_plays,
    plain_card_model,
    play_violation,
    revealed_voids,
    trick_winner,
)
from tablegames.tricks.decode import chunk_tables


def _winner(trick: list[Card], trump: Suit | None) -> int:
    """'Highest trump wins, else highest of the suit led.'"""
    trumps = [i for i, c in enumerate(trick) if c.suit == trump]
    pool = trumps or [i for i, c in enumerate(trick) if c.suit == trick[0].suit]
    return max(pool, key=lambda i: trick[i].rank)


def test_plain_cards_ace_high_highest_trump_else_highest_of_the_suit_led() -> None:
    """Rulings (Ninety-Two, Preference): 'Highest trump wins, else highest of the suit led.'"""
    rng = random.Random(1)
    for trump in (None, *Suit):
        model = plain_card_model(trump)
        assert model.trump == (None if trump is None else int(trump))
        assert [model.suit_names[s] for s in Suit] == ["clubs", "diamonds", "hearts", "spades"]
        for card in CARDS:
            assert card_of(model, card.index) == card and model.name(card.index) == str(card)
            assert model.lead_suit[card.index] == card.suit
        for size in range(1, 9):
            for _ in range(40):
                trick = rng.sample(CARDS, size)
                pieces = tuple(c.index for c in trick)
                assert trick_winner(pieces, model) == _winner(trick, trump), (trump, trick)


def test_follow_suit_if_able_else_anything() -> None:
    """Rulings: 'Follow suit if able, else play any card' (Ninety-Two); 'Follow suit if able;
    else trump or discard freely' (Preference). A leader plays anything."""
    rng = random.Random(2)
    model = plain_card_model(Suit.HEARTS)
    for _ in range(300):
        hand_cards = rng.sample(CARDS, rng.randint(1, 8))
        hand = sum(1 << c.index for c in hand_cards)
        led = rng.choice([c for c in CARDS if c not in hand_cards])
        same = [c for c in hand_cards if c.suit == led.suit]
        allowed = same or hand_cards
        assert legal_plays(hand, (), model) == hand
        assert legal_plays(hand, (led.index,), model) == sum(1 << c.index for c in allowed)
        for card in hand_cards:
            assert play_violation(hand, (), card.index, model) is None
            violation = play_violation(hand, (led.index,), card.index, model)
            if card in allowed:
                assert violation is None
            else:
                assert violation is not None
                assert violation.code is ViolationCode.MUST_FOLLOW_SUIT
                lowest = min(same, key=lambda c: c.index)
                assert violation.message == (
                    f"You must follow {led.suit.plural}: {led} was led and you hold {lowest}, "
                    "which follows."
                )
        stranger = next(c for c in CARDS if c not in hand_cards)
        violation = play_violation(hand, (led.index,), stranger.index, model)
        assert violation is not None and violation.code is ViolationCode.NOT_IN_HAND
        assert violation.message == f"You do not hold {stranger}."


def test_the_table_takes_turns_clockwise_and_the_winner_leads() -> None:
    """Rulings: seats play clockwise from the leader, 'The trick's winner leads next' (all three
    trick games); Preference's dealer sits out, so only the seats in ``order`` play; Ninety-Two's
    short tricks end after fewer pieces."""
    rng = random.Random(3)
    for _ in range(60):
        seats = rng.randint(3, 8)
        order = tuple(sorted(rng.sample(range(seats), rng.randint(2, seats))))
        trump = rng.choice([None, *Suit])
        model = plain_card_model(trump)
        leader = rng.choice(order)
        size = rng.choice([None, len(order), max(1, len(order) - 1)])
        per_trick = size or len(order)
        deck = rng.sample(CARDS, 52 - 52 % per_trick)
        table = TrickTable.start(order, leader, seats)
        assert table.won == table.taken == (0,) * seats
        assert table.tricks == () and table.in_play == 0 and table.played() == (0,) * seats
        won, taken, played = [0] * seats, [0] * seats, [0] * seats
        tricks: list[Trick] = []
        current: list[tuple[int, Card]] = []
        for card in deck[: per_trick * rng.randint(1, 4) + rng.randint(0, per_trick - 1)]:
            seat = order[(order.index(leader) + len(current)) % len(order)]
            assert table.to_play == seat
            current.append((seat, card))
            played[seat] |= 1 << card.index
            table = table.play(card.index, model, size)
            if len(current) == per_trick:
                winner = current[_winner([c for _, c in current], trump)][0]
                won[winner] += 1
                taken[winner] |= sum(1 << c.index for _, c in current)
                tricks.append(
                    Trick(
                        leader,
                        tuple(c.index for _, c in current),
                        tuple(s for s, _ in current),
                        winner,
                    )
                )
                leader, current = winner, []
            assert table.leader == leader and table.tricks == tuple(tricks)
            assert table.won == tuple(won) and table.taken == tuple(taken)
            assert table.seats_in_trick == tuple(s for s, _ in current)
            assert table.pieces == tuple(c.index for _, c in current)
            assert table.in_play == sum(1 << c.index for _, c in current)
            assert table.played() == tuple(played)


def test_a_seat_that_did_not_follow_is_void_in_the_suit_led() -> None:
    """Rulings: follow suit if able — so a seat that did not follow holds none of the suit led
    (what samples must respect). The leader of a trick reveals nothing."""
    model = plain_card_model(Suit.SPADES)
    table = TrickTable.start((0, 1, 2), 0, 3)
    assert revealed_voids(table, model) == {}
    for text in ("AC", "KC", "2D"):  # seat 2 shows no clubs
        table = table.play(Card.parse(text).index, model)
    clubs = sum(1 << c.index for c in CARDS if c.suit == Suit.CLUBS)
    hearts = sum(1 << c.index for c in CARDS if c.suit == Suit.HEARTS)
    diamonds = sum(1 << c.index for c in CARDS if c.suit == Suit.DIAMONDS)
    assert revealed_voids(table, model) == {2: clubs}
    for text in ("3H", "4H"):  # seat 0 leads hearts, seat 1 follows: nothing new yet
        table = table.play(Card.parse(text).index, model)
    assert revealed_voids(table, model) == {2: clubs}
    table = table.play(Card.parse("5S").index, model)  # seat 2 trumps: void in hearts too
    assert revealed_voids(table, model) == {2: clubs | hearts}
    table = table.play(Card.parse("7D").index, model)  # seat 2 leads diamonds
    table = table.play(Card.parse("8C").index, model)  # seat 0 shows no diamonds
    assert revealed_voids(table, model) == {2: clubs | hearts, 0: diamonds}


def test_hands_refill_only_when_the_stock_goes_round() -> None:
    """Ruling (Ninety-Two): 'the players draw one card each from the stock, trick winner first
    then clockwise, as long as the stock holds a card for every player; cards that cannot go
    round are dead.'"""
    order = (0, 1, 3)
    hands = (1, 0, 0, 0)
    stock = (10, 11, 12, 13)
    drawn, rest = draw_round(hands, stock, first=1, order=order)
    assert drawn == (1 | 1 << 12, 1 << 10, 0, 1 << 11) and rest == (13,)
    exact, none_left = draw_round(hands, stock[:3], first=3, order=order)
    assert exact == (1 | 1 << 11, 1 << 12, 0, 1 << 10) and none_left == ()
    assert draw_round(hands, stock[:2], first=0, order=order) == (hands, stock[:2])
    assert draw_round(hands, (), first=0, order=order) == (hands, ())


def test_chunk_tables_give_the_pieces_of_a_mask_in_order() -> None:
    """The legal-play tables: looking up each chunk of a mask and joining the tuples gives the
    items whose bits are set, lowest first (what ``legal_actions()`` must return)."""
    rng = random.Random(2)
    for count, widths in ((10, 5), (28, 10), (13, 4), (7, (3, 4)), (20, (11, 9)), (9, 9)):
        items = [f"p{i}" for i in range(count)]
        tables = chunk_tables(items, widths)
        sizes = [widths] * -(-count // widths) if isinstance(widths, int) else list(widths)
        assert [len(t) for t in tables] == [
            1 << min(w, count - sum(sizes[:k])) for k, w in enumerate(sizes)
        ]
        for _ in range(200):
            mask = rng.getrandbits(count)
            joined: tuple[str, ...] = ()
            start = 0
            for width, table in zip(sizes, tables):
                joined += table[mask >> start & (1 << width) - 1]
                start += width
            assert joined == tuple(items[i] for i in range(count) if mask >> i & 1)


def test_models_are_values_that_pickle_as_their_recipe() -> None:
    """States hold trick models; a pickled state must come back with an equal model. A model
    compares and hashes by value, and one made by a cached factory pickles as that call, so in
    the same process it comes back as the very same object; one without a recipe pickles by
    value. Nothing is registered anywhere."""
    from tablegames.ninety_two.model import MODELS as NINETY_TWO
    from tablegames.texas42.model import MODELS as TEXAS42
    from tablegames.texas42.model import domino_model, model_for

    models = [plain_card_model(suit) for suit in (Suit.CLUBS, None)]
    for model in (*models, *TEXAS42, *NINETY_TWO, model_for(9, "higher_end")):
        assert model.recipe is not None
        assert pickle.loads(pickle.dumps(model)) is model
    bare = domino_model(5, "higher_end")
    assert bare.recipe is None and bare is not model_for(5, "higher_end")
    assert bare == model_for(5, "higher_end") and hash(bare) == hash(model_for(5, "higher_end"))
    again = pickle.loads(pickle.dumps(bare))
    assert again is not bare and again == bare and again.keys == bare.keys
    assert domino_model(5) != domino_model(4)
