"""Every shortcut of the solver against trick models built with every combination of the
model's features, and against the engine's own end of each trick (docs/solver.md "How it is
tested", "Its shortcuts and their guards").

A small trick game is built here on the play engine (24 cards, 9 to ace, three or four seats,
hands of two to four cards), under each of 3 x 4 x 3 x 3 x 4 models: no trump, a trump suit,
or the jacks as a trump suit of their own (each jack leading it, as Texas 42's doubles do);
following one's own suit, a ten following two suits (as a domino follows both its numbers),
"follow or trump" (trumps follow every suit: a player void, or not, may trump) or no
following at all; plain ranks, ranks with ties (a nine and a ten level, and a ten following
the suit below level with its nine: the first played takes), or suits ranked low to high in
some suits and high to low in others; no forced order,
aces first, or aces then kings (as sevens' tiles closest to 7); no special winner, a
duplicate-two-like nine that takes a trick it ends when no trump is in it, a queen of hearts
that takes any trick it falls in, or the card closest to a queen (as sevens' closest tile),
each with the pieces it tells apart (``special_pieces``: the nine, the queen, every card).
Each position is dealt at random with random hooks: sides, piece values or none, a stock
drawn after each trick (``after_trick``, ``tricks_left``), a hand that ends as soon as a side
has two tricks (``ends_early``), a contract of at least or exactly some tricks.

Against a plain minimax over the engine (``legal_plays`` and ``finish_trick``, every line):

- the value of the position and of each of its plays, and the contract query;
- every fresh entry's bounds (what is left to take, the quick tricks, a last trick of forced
  plays) hold the exact value;
- two pieces the tables call interchangeable, held by the seat to play with nothing live
  between them or level with either, are worth the same, in value and contract;
- a search cut short holds the exact value in its bounds.

And a new field of the model cannot slip past: the fields are listed here, and a model that
sets one the solver does not know of is searched without the shortcuts that read the model.
"""

from __future__ import annotations

import functools
import itertools
import os
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from tablegames.core.actions import Play
from tablegames.core.errors import TableGamesError
from tablegames.pieces.cards import CARD_UNIVERSE, Card, Suit
from tablegames.pieces.sets import Universe
from tablegames.solve.search import Searcher
from tablegames.solve.tables import UNDERSTOOD, tables_for, understood
from tablegames.tricks import TrickModel, TrickTally, legal_plays, trick_winner
from tablegames.tricks.hooks import PlayHooks, Valuation, one_trick
from tablegames.tricks.play import Position, TrickPlay

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
POSITIONS = {"thorough": 40, "dev": 1}.get(PROFILE, 3)
"""Random positions under each model (the thorough profile: forty)."""

RANKS = range(9, 15)
CARDS24 = tuple(
    card for card in CARD_UNIVERSE.pieces if isinstance(card, Card) and card.rank in RANKS
)
UNIVERSE = Universe("solver-test-24-cards", CARDS24, Card.parse)
"""The 24 cards of the game, nine to ace of each suit: piece ``6 * suit + rank - 9``."""
DECK = tuple(range(24))
SIZE = len(DECK)
JACKS = tuple(6 * suit + 2 for suit in range(4))


def _card(index: int) -> Card:
    return CARDS24[index]


def _mask(pieces: Any) -> int:
    return sum(1 << piece for piece in pieces)


# -- the models ----------------------------------------------------------------------------------

TRUMPS = ("none", "spades", "jacks")
FOLLOWS = ("own", "two-suits", "or-trump", "free")
STRENGTHS = ("ranks", "ties", "mixed")
TIERS = ("none", "aces", "aces-kings")
SPECIALS = ("none", "last-nine", "queen-of-hearts", "closest-to-queen")


def last_nine_wins(pieces: tuple[int, ...], model: TrickModel) -> int | None:
    """The nine of diamonds takes a trick it ends when diamonds were not led and no trump is
    in it (as Ninety-Two's duplicate two)."""
    nine = 6 * Suit.DIAMONDS
    last = len(pieces) - 1
    trumps = model.follow_masks[model.trump] if model.trump is not None else 0
    if last < 1 or pieces[last] != nine or model.lead_suit[pieces[0]] == 1:
        return None
    return None if any(trumps >> piece & 1 for piece in pieces) else last


def queen_of_hearts_wins(pieces: tuple[int, ...], model: TrickModel) -> int | None:
    """The queen of hearts takes any trick it falls in."""
    queen = 6 * Suit.HEARTS + 3
    return pieces.index(queen) if queen in pieces else None


def closest_to_queen_wins(pieces: tuple[int, ...], model: TrickModel) -> int:
    """The card ranked closest to a queen takes the trick, the first played of those alike (as
    sevens' tile closest to 7)."""
    distances = [abs(_card(piece).rank - 12) for piece in pieces]
    return distances.index(min(distances))


SPECIAL_WINNERS = {
    "none": (None, -1),
    "last-nine": (last_nine_wins, 1 << 6 * Suit.DIAMONDS),
    "queen-of-hearts": (queen_of_hearts_wins, 1 << 6 * Suit.HEARTS + 3),
    "closest-to-queen": (closest_to_queen_wins, -1),
}
"""Each special winner and the pieces it tells apart (``special_pieces``: it sees the others by
their suits alone; the card closest to a queen, every card by its rank)."""


def build_model(trump: str, follow: str, strength: str, tiers: str, special: str) -> TrickModel:
    """The model of one combination of features (see the module doc)."""
    suits = 5 if trump == "jacks" else 4
    jacks = _mask(JACKS) if trump == "jacks" else 0
    lead = tuple(4 if jacks >> p & 1 else _card(p).suit for p in DECK)
    own = [_mask(p for p in DECK if _card(p).suit == s and not jacks >> p & 1) for s in range(4)]
    tens = [_mask(p for p in DECK if _card(p).suit == s and _card(p).rank == 10) for s in range(4)]
    masks = [*own, jacks][:suits]
    trump_suit = {"none": None, "spades": 3, "jacks": 4}[trump]
    trump_mask = 0 if trump_suit is None else masks[trump_suit]
    if follow == "two-suits":  # a ten follows its own suit and the one below
        masks = [masks[s] | (tens[(s + 1) % 4] if s < 4 else 0) for s in range(suits)]
    elif follow == "or-trump":
        masks = [mask | trump_mask for mask in masks]
    elif follow == "free":
        masks = [0] * suits

    def rank(suit: int, piece: int) -> int:
        card = _card(piece)
        if suit == 4:
            return card.suit + 1 if jacks >> piece & 1 else 0
        if card.suit != suit:  # a ten of the suit above, following this one: its lowest, or
            # level with this suit's nine where ranks tie
            if not tens[(suit + 1) % 4] >> piece & 1:
                return 0
            return 9 if strength == "ties" else 1
        value = int(card.rank)
        if strength == "ties" and value == 10:
            value = 9
        if strength == "mixed" and suit % 2:
            value = 20 - value
        return value

    ranks = tuple(tuple(rank(s, p) for p in DECK) for s in range(suits))
    aces = _mask(p for p in DECK if _card(p).rank == 14)
    kings = _mask(p for p in DECK if _card(p).rank == 13)
    return TrickModel(
        universe=UNIVERSE,
        lead_suit=lead,
        follow_masks=tuple(masks),
        strength=ranks,
        trump=trump_suit,
        suit_names=("clubs", "diamonds", "hearts", "spades", "jacks")[:suits],
        special_winner=SPECIAL_WINNERS[special][0],
        special_pieces=SPECIAL_WINNERS[special][1],
        tiers={"none": (), "aces": (aces,), "aces-kings": (aces, kings)}[tiers],
        tier_rule="Play {example} first.",
    )


def test_the_models_fields_are_all_varied_or_named_here() -> None:
    """A new field of the trick model fails this test until it is varied in the models above
    and known to the solver's shortcuts (``UNDERSTOOD``), or shown to name things only."""
    varied = {
        "lead_suit",
        "follow_masks",
        "strength",
        "trump",
        "special_winner",
        "special_pieces",
        "tiers",
    }
    naming = {"universe", "suit_names", "tier_rule", "recipe"}
    derived = {"keys", "follows"}
    fields = {field.name for field in attrs.fields(TrickModel)}
    assert fields == varied | naming | derived
    assert fields == UNDERSTOOD


# -- the game's hooks ----------------------------------------------------------------------------


@attrs.frozen
class Part:
    """A hand's part: who plays with whom, the declarer and its goal (``least`` or ``exact``
    tricks), the tricks a side may end the hand with (None: it ends with the hands), and the
    stock drawn after each trick (one card each in turn order while it goes round)."""

    sides: tuple[int, ...]
    declarer: int
    goal: tuple[str, int]
    early: int | None
    stock: tuple[int, ...]


Result = tuple[tuple[int, int], tuple[int, int]]
"""Tricks and value taken by each side."""

VALUES = tuple(10 if _card(p).rank == 10 else 5 if _card(p).rank == 11 else 0 for p in DECK)
"""Piece values when the game counts them: tens 10, jacks 5."""


def _taken(part: Part, tally: TrickTally, worth: Any) -> Result:
    tricks, values = [0, 0], [0, 0]
    for trick in tally.tricks:
        side = part.sides[trick.winner]
        tricks[side] += 1
        values[side] += worth(trick.pieces)
    return (tricks[0], tricks[1]), (values[0], values[1])


def _hooks(
    counted: bool, stocked: bool
) -> tuple[PlayHooks[Part, Result, Card], Valuation[Part, Result]]:
    worth = (lambda pieces: 1 + sum(VALUES[p] for p in pieces)) if counted else one_trick

    def hand_result(part: Part, hands: tuple[int, ...], tally: TrickTally) -> Result | None:
        taken = _taken(part, tally, worth)
        if part.early is not None and max(taken[0]) >= part.early:
            return taken
        return None if any(hands) else taken

    def after_trick(
        part: Part, hands: tuple[int, ...], tally: TrickTally
    ) -> tuple[Part, tuple[int, ...], TrickTally]:
        drawn = len(hands) * (tally.number - 1)
        if len(part.stock) - drawn < len(hands):
            return part, hands, tally
        held = list(hands)
        for seat, card in zip(tally.turns, part.stock[drawn:]):
            held[seat] |= 1 << card
        return part, tuple(held), tally

    def tricks_left(part: Part, hands: tuple[int, ...], tally: TrickTally) -> int:
        left = len(part.stock) - len(hands) * tally.number
        return max(hand.bit_count() for hand in hands) + max(0, left) // len(hands)

    def made(result: Result) -> bool:
        return True  # replaced per part: see _made

    play = PlayHooks(
        plays=tuple(Play(_card(p)) for p in DECK),
        chunks=((0, 12), (12, 12)),
        not_a_piece=lambda piece: None,
        wrong_phase="",
        hand_result=hand_result,
        after_trick=after_trick if stocked else None,
    )
    return play, Valuation(
        trick_value=worth,
        side_of=lambda part, seat: part.sides[seat],
        piece_value=VALUES if counted else None,
        tricks_left=tricks_left if stocked else None,
        ends_early=lambda part: part.early is not None,
        declarer=lambda part: part.declarer,
        made=made,
    )


@functools.cache
def _engine(
    counted: bool, stocked: bool, goal: tuple[str, int], side: int
) -> TrickPlay[Any, Any, Any, Any]:
    """The engine of a game (counted pieces, a stock) whose contract is ``goal`` tricks for
    the declarer's ``side``."""
    kind, count = goal

    def made(result: Result) -> bool:
        tricks = result[0][side]
        return tricks == count if kind == "exact" else tricks >= count

    play, valuation = _hooks(counted, stocked)
    return TrickPlay(play, attrs.evolve(valuation, made=made))


# -- the reference: a plain minimax over the engine ----------------------------------------------


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def after_play(
    engine: TrickPlay[Any, Any, Any, Any],
    sides: tuple[int, ...],
    position: Position[Part],
    piece: int,
) -> tuple[int, Position[Part] | None, Any]:
    """The play of ``piece``: side 0's worth of the trick it ends (else 0), the position after
    it (None once the hand is over) and the hand's result."""
    hands, pieces, part, tally = position
    after = (*pieces, piece)
    if len(after) < len(tally.turns):
        return 0, Position(hands, after, part, tally), None
    part, hands, tally, result = engine.finish_trick(part, hands, tally, after)
    worth = engine.valuation.trick_value(after)
    winner = tally.tricks[-1].winner
    signed = -worth if sides[winner] else worth
    return signed, (None if result is not None else Position(hands, (), part, tally)), result


def minimax(
    engine: TrickPlay[Any, Any, Any, Any], sides: tuple[int, ...], position: Position[Part]
) -> tuple[int, bool, dict[int, tuple[int, bool]]]:
    """Side 0's margin from ``position`` and whether the declarer's side makes its contract,
    every line searched; and the same after each legal piece (its trick's worth included)."""
    hands, pieces, part, tally = position
    seat = tally.turns[len(pieces)]
    declaring = sides[part.declarer]
    children = {}
    for piece in _bits(legal_plays(hands[seat], pieces, tally.model)):
        worth, child, result = after_play(engine, sides, position, piece)
        if child is None:
            children[piece] = (worth, bool(engine.valuation.made(result)))  # type: ignore[misc]
        else:
            value, made, _ = minimax(engine, sides, child)
            children[piece] = (worth + value, made)
    values = [value for value, _ in children.values()]
    mades = [made for _, made in children.values()]
    value = min(values) if sides[seat] else max(values)
    made = any(mades) if sides[seat] == declaring else all(mades)
    return value, made, children


# -- positions -----------------------------------------------------------------------------------


def deal(
    model: TrickModel, rng: random.Random
) -> tuple[TrickPlay[Any, Any, Any, Any], Position[Part]]:
    """A random position under ``model``: random hooks and hands, a few plays of the first
    trick made."""
    seats = rng.choice((3, 4))
    stocked = rng.random() < 0.3
    tricks = rng.choice((2, 3, 4) if seats == 3 else (2, 3))
    rounds = rng.choice((1, 2)) if stocked else 0
    if stocked:
        tricks = max(1, tricks - rounds)
    while True:
        sides = tuple(rng.randrange(2) for _ in range(seats))
        if len(set(sides)) == 2:
            break
    cards = list(DECK)
    rng.shuffle(cards)
    hands = tuple(_mask(cards[seat * tricks : (seat + 1) * tricks]) for seat in range(seats))
    stock = tuple(cards[seats * tricks : seats * (tricks + rounds) + rng.randrange(seats)])
    total = tricks + rounds
    early = 2 if total >= 3 and rng.random() < 0.3 else None
    declarer = rng.randrange(seats)
    goal = (rng.choice(("least", "exact")), rng.randrange(total + 1))
    part = Part(sides, declarer, goal, early, stock)
    engine = _engine(rng.random() < 0.5, stocked, goal, sides[declarer])
    tally = TrickTally.begin(tuple(range(seats)), rng.randrange(seats), seats, model)
    position = Position(hands, (), part, tally)
    for _ in range(rng.randrange(seats)):
        seat = tally.turns[len(position.pieces)]
        legal = list(_bits(legal_plays(position.hands[seat], position.pieces, model)))
        position = Position(hands, (*position.pieces, rng.choice(legal)), part, tally)
    return engine, position


def check(
    engine: TrickPlay[Any, Any, Any, Any], position: Position[Part], rng: random.Random
) -> None:
    """The solver's answers and its shortcuts' assumptions at ``position`` (see the module
    doc)."""
    part, tally = position.part, position.tally
    sides = part.sides
    exact, made, children = minimax(engine, sides, position)
    fresh = Searcher(engine, part, tally)
    low, high = fresh.bounds(position)
    assert low <= exact <= high  # what a fresh entry knows (quick tricks, what is left)
    searcher = Searcher(engine, part, tally)
    assert searcher.margin(position) == (exact, exact)
    assert searcher.makes(position) is made
    for piece, (total, child_made) in children.items():
        worth, child, _ = after_play(engine, sides, position, piece)
        if child is None:
            continue
        low, high = Searcher(engine, part, tally).bounds(child)
        assert low <= total - worth <= high
        assert searcher.margin(child) == (total - worth, total - worth)
        assert searcher.makes(child) is child_made
    _check_merges(engine, position, list(children), children)
    _check_tried(engine, position, set(Searcher(engine, part, tally).moves(position)), children)
    cut = Searcher(engine, part, tally)
    cut.limit(nodes=rng.choice((0, 1, 3, 10, 40)))
    low, high = cut.margin(position)
    assert low <= exact <= high


def _live(engine: TrickPlay[Any, Any, Any, Any], position: Position) -> int:
    """The pieces still in play: those in the hands as the trick was led, or, once the hands
    refill, any piece not taken yet."""
    live = 0
    if engine.hooks.after_trick is None:
        for hand in position.hands:
            live |= hand
        return live
    for taken in position.tally.taken:
        live |= taken
    return _mask(DECK) & ~live


def _check_tried(
    engine: TrickPlay[Any, Any, Any, Any],
    position: Position,
    tried: set[int],
    children: dict[int, tuple[int, bool]],
) -> None:
    """Every legal play the search leaves out is interchangeable with one it tries: linked to
    it by pieces of one class, each with nothing in play between it and the next or level
    with either."""
    tables = tables_for(position.tally.model, engine.valuation.piece_value)
    live = _live(engine, position)
    assert tried <= set(children)
    reached = set(tried)
    grown = True
    while grown:
        grown = False
        for piece in set(children) - reached:
            if any(
                tables.same[piece] >> other & 1
                and not tables.between[piece * tables.size + other] & live
                for other in reached
            ):
                reached.add(piece)
                grown = True
    assert reached == set(children), [_card(piece) for piece in set(children) - reached]


def _check_merges(
    engine: TrickPlay[Any, Any, Any, Any],
    position: Position,
    legal: list[int],
    children: dict[int, tuple[int, bool]],
) -> None:
    """Two legal pieces the tables call one class, with nothing live between them or level
    with either, are worth the same (the search plays only one of them)."""
    tables = tables_for(position.tally.model, engine.valuation.piece_value)
    live = _live(engine, position)
    for p, q in itertools.combinations(legal, 2):
        if tables.same[p] >> q & 1 and not tables.between[p * tables.size + q] & live:
            assert children[p] == children[q], (_card(p), _card(q))


@pytest.mark.parametrize("trump", TRUMPS)
@pytest.mark.parametrize("follow", FOLLOWS)
@pytest.mark.parametrize("strength", STRENGTHS)
def test_every_shortcut_holds_under_every_model(trump: str, follow: str, strength: str) -> None:
    for tiers, special in itertools.product(TIERS, SPECIALS):
        model = build_model(trump, follow, strength, tiers, special)
        rng = random.Random(f"{trump}-{follow}-{strength}-{tiers}-{special}")
        for _ in range(POSITIONS):
            engine, position = deal(model, rng)
            check(engine, position, rng)


@pytest.mark.parametrize("trump", TRUMPS)
@pytest.mark.parametrize("follow", FOLLOWS)
def test_classmates_take_tricks_alike_against_every_piece_not_between_them(
    trump: str, follow: str
) -> None:
    """Two pieces of one class (``Tables.same``) are told apart by nothing a trick decides,
    against every other piece that is not between them nor level with either
    (``Tables.between``), under every special winner too: tried on every trick of two and
    three pieces they make, in every order. This is what merging them in the search rests on
    (a forced order decides no trick: the tiers are checked in the search's tests above)."""
    for strength, special in itertools.product(STRENGTHS, SPECIALS):
        model = build_model(trump, follow, strength, "none", special)
        tables = tables_for(model, None)
        for p, q in itertools.combinations(DECK, 2):
            if not tables.same[p] >> q & 1:
                continue
            apart = tables.between[p * tables.size + q]
            others = [r for r in DECK if r not in (p, q) and not apart >> r & 1]
            for r, t in itertools.product(others, others):
                for trick in itertools.permutations((p, r, t) if r != t else (p, r)):
                    swapped = tuple(q if piece == p else piece for piece in trick)
                    assert trick_winner(trick, model) == trick_winner(swapped, model)


# -- guards ------------------------------------------------------------------------------------


MustTrumpModel: Any = attrs.make_class(
    "MustTrumpModel",
    {"must_trump": attrs.field(default=False)},
    bases=(TrickModel,),
    frozen=True,
    slots=True,
    cache_hash=True,
)
"""A model with a field the solver does not know of (as a "must trump when void" option would
add)."""


def test_a_model_with_a_field_the_solver_does_not_know_takes_no_model_shortcut() -> None:
    base = build_model("spades", "own", "ranks", "none", "none")
    fields = {
        field.name: getattr(base, field.name) for field in attrs.fields(TrickModel) if field.init
    }
    plain = MustTrumpModel(**fields)
    unknown = MustTrumpModel(**fields, must_trump=True)
    assert understood(base) and understood(plain) and not understood(unknown)
    assert tables_for(plain, None).mergeable
    tables = tables_for(unknown, None)
    assert not tables.understood and not tables.mergeable and not any(tables.same)
    engine = _engine(False, False, ("least", 1), 0)
    part = Part((0, 1, 0, 1), 0, ("least", 1), None, ())
    hands = (_mask((21, 22, 23)), _mask((18, 19, 20)), _mask((15, 16, 17)), _mask((12, 13, 14)))
    tally = TrickTally.begin((0, 1, 2, 3), 0, 4, unknown)
    position = Position(hands, (), part, tally)
    low, high = Searcher(engine, part, tally).bounds(position)
    assert (low, high) == (-3, 3)  # what is left, and no quick trick read off the keys
    exact = minimax(engine, part.sides, position)[0]
    assert Searcher(engine, part, tally).margin(position) == (exact, exact)


def test_a_hand_that_ends_early_unannounced_is_refused() -> None:
    # The hooks say nothing of ending early (ends_early), but the hand ends after two tricks
    # of three: the solver refuses it rather than solve it as one that ends with the hands.
    model = build_model("none", "own", "ranks", "none", "none")
    play, valuation = _hooks(False, False)

    def after_two(part: Part, hands: tuple[int, ...], tally: TrickTally) -> Result | None:
        return _taken(part, tally, one_trick) if tally.number >= 2 else None

    engine: TrickPlay[Any, Part, Result, Card] = TrickPlay(
        attrs.evolve(play, hand_result=after_two), attrs.evolve(valuation, ends_early=None)
    )
    part = Part((0, 1, 0), 0, ("least", 1), None, ())
    hands = (_mask((0, 1, 2)), _mask((6, 7, 8)), _mask((12, 13, 14)))
    tally = TrickTally.begin((0, 1, 2), 0, 3, model)
    with pytest.raises(TableGamesError, match="ends_early"):
        Searcher(engine, part, tally).margin(Position(hands, (), part, tally))


def test_a_trick_worth_otherwise_than_its_pieces_is_refused() -> None:
    model = build_model("none", "own", "ranks", "none", "none")
    play, valuation = _hooks(True, False)
    valuation = attrs.evolve(
        valuation,
        trick_value=lambda pieces: 2 + sum(VALUES[p] for p in pieces),
        piece_value=tuple(value + 1 for value in VALUES),
    )
    engine: TrickPlay[Any, Part, Result, Card] = TrickPlay(play, valuation)
    part = Part((0, 1, 0), 0, ("least", 1), None, ())
    hands = (_mask((0, 1)), _mask((6, 7)), _mask((12, 13)))
    tally = TrickTally.begin((0, 1, 2), 0, 3, model)
    with pytest.raises(TableGamesError, match="piece_value"):
        Searcher(engine, part, tally).margin(Position(hands, (), part, tally))


def test_the_deck_is_six_cards_a_suit_nine_first() -> None:
    # The deck above is read by index: six a suit, in the universe's order of suits.
    assert [_card(piece).suit for piece in (0, 6, 12, 18)] == list(Suit)
    assert [_card(piece).rank for piece in range(6)] == list(RANKS)
    assert [_card(jack).rank for jack in JACKS] == [11] * 4
