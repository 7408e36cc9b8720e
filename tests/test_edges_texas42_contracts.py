"""Texas 42's special contracts (nello, plunge, splash, sevens) at their edges, checked against a
direct reading of the rulings (docs/texas42.md, "Rulings"), tile by tile.

Written to kill mutants that survived ``nox -s mutation`` in ``texas42.contracts``
(docs/testing.md): the helpers are checked directly, as import-time tables keep the original
behaviour under mutmut.
"""

from __future__ import annotations

import random
from itertools import combinations

import attrs
import pytest

from tablegames.core import ViolationCode
from tablegames.pieces import DOMINOES, Domino
from tablegames.texas42 import GAME, PASS, Rules, Texas42State, deal_of, new_match, parse_action
from tablegames.texas42.contracts import (
    NELLO_HIGH,
    NELLO_LOW,
    NELLO_SUIT,
    SEVENS,
    SEVENS_MODEL,
    contract_name,
    distance,
    dominoes_of,
    doubles_held,
    is_nello,
    sevens_winner,
    special_worth,
    trump_word,
)
from tablegames.texas42.model import contract_model, domino_model, higher_end, nello_model
from tablegames.tricks import legal_plays, play_violation, reveals, trick_winner
from tablegames.tricks.model import TrickModel

ALL = (1 << 28) - 1


def _same(a: TrickModel, b: TrickModel) -> bool:
    return all(getattr(a, f.name) == getattr(b, f.name) for f in attrs.fields(type(a)))


def _pips(tile: int) -> int:
    return DOMINOES[tile].high + DOMINOES[tile].low


def _closest(hand: int) -> int:
    """Ruling (sevens): 'every player must play a tile whose pip total is closest to 7 of those
    they hold (any one of equally close tiles)'."""
    tiles = [t for t in range(28) if hand >> t & 1]
    if not tiles:
        return 0
    best = min(abs(_pips(t) - 7) for t in tiles)
    return sum(1 << t for t in tiles if abs(_pips(t) - 7) == best)


def test_sevens_plays_are_the_tiles_closest_to_seven() -> None:
    """Ruling (sevens): play a tile whose pip total is closest to 7 of those you hold; any other
    tile is refused with a sentence naming both distances."""
    for tile in range(28):
        assert distance(tile) == abs(_pips(tile) - 7)
    rng = random.Random(42)
    hands = [1 << t for t in range(28)] + [rng.getrandbits(28) for _ in range(300)] + [0, ALL]
    for hand in hands:
        allowed = _closest(hand)
        assert legal_plays(hand, (), SEVENS_MODEL) == allowed
        lead = (next(t for t in range(28) if not hand >> t & 1),) if hand != ALL else ()
        assert legal_plays(hand, lead, SEVENS_MODEL) == allowed  # nothing to follow
        for tile in range(28):
            violation = play_violation(hand, lead, tile, SEVENS_MODEL)
            if not hand >> tile & 1:
                assert violation is not None and violation.code is ViolationCode.NOT_IN_HAND
                continue
            if allowed >> tile & 1:
                assert violation is None
                continue
            example = (allowed & -allowed).bit_length() - 1
            assert violation is not None and violation.code is ViolationCode.MUST_FOLLOW_SUIT
            assert violation.message == (
                f"Sevens: play a tile closest to 7 pips; {DOMINOES[tile]} is "
                f"{distance(tile)} away and you hold {DOMINOES[example]}, which is "
                f"{distance(example)} away."
            )


def test_a_sevens_play_shows_every_closer_tile_is_not_held() -> None:
    """Ruling (sevens): a player who plays a tile held none closer to 7 (else it must have played
    that one); a tile exactly 7 pips reveals nothing."""
    for count in (0, 1, 2, 3):
        for played in combinations(range(0, 28, 3), count):
            worst = max((distance(t) for t in played), default=0)
            closer = sum(1 << t for t in range(28) if distance(t) < worst)
            shown = 0
            for tile in played:
                shown |= reveals((), tile, SEVENS_MODEL)
            assert shown == closer


def test_the_sevens_winner_is_the_closest_tile_and_ties_go_to_the_bidding_side() -> None:
    """Ruling (sevens): 'The tile closest to 7 takes the trick; among equally close tiles the
    bidding side's first-played one wins ("a tie does not set the bidder"), else the first
    played.' The bidding side leads every trick, so it plays positions 0 and 2."""
    rng = random.Random(7)
    for _ in range(2000):
        size = rng.choice((3, 4))
        trick = tuple(rng.sample(range(28), size))
        best = min(distance(t) for t in trick)
        tied = [i for i, t in enumerate(trick) if distance(t) == best]
        ours = [i for i in tied if i % 2 == 0]
        want = ours[0] if ours else tied[0]
        assert sevens_winner(trick, SEVENS_MODEL) == want
    six_one, five_two, four_three = (Domino(6, 1).index, Domino(5, 2).index, Domino(4, 3).index)
    assert sevens_winner((Domino(6, 6).index, six_one, five_two, four_three), SEVENS_MODEL) == 2
    assert (
        sevens_winner((Domino(6, 6).index, six_one, Domino(0, 0).index, five_two), SEVENS_MODEL)
        == 1
    )


def test_contract_codes_read_as_their_words() -> None:
    """Notation (rulings): `trump nello suit|high|low`, `trump sevens`; codes 0..8 are the plain
    trumps, 9..12 the special contracts, anything above is refused."""
    assert [is_nello(t) for t in (None, 0, 8, 9, 10, 11, 12, 13)] == [
        False, False, False, True, True, True, False, False,
    ]  # fmt: skip
    assert [trump_word(t) for t in (NELLO_SUIT, NELLO_HIGH, NELLO_LOW, SEVENS)] == [
        "nello suit", "nello high", "nello low", "sevens",
    ]  # fmt: skip
    assert [contract_name(t) for t in (NELLO_SUIT, NELLO_HIGH, NELLO_LOW, SEVENS, 0, 6)] == [
        "nello (doubles a suit of their own)", "nello (doubles high)", "nello (doubles low)",
        "sevens", "blanks", "sixes",
    ]  # fmt: skip
    for follow in ("either_end", "higher_end"):
        assert contract_model(SEVENS, follow) is SEVENS_MODEL
        for code, mode in zip((NELLO_SUIT, NELLO_HIGH, NELLO_LOW), ("suit", "high", "low")):
            assert _same(contract_model(code, follow), nello_model(mode, follow))
        for trump in range(9):
            assert _same(contract_model(trump, follow), domino_model(trump, follow))
        with pytest.raises(ValueError, match="no trump has the code 13"):
            contract_model(13, follow)


def test_plunge_and_splash_worth_and_doubles() -> None:
    """Ruling (plunge): 'worth max(4 marks, one mark above the standing bid)'; splash: 'max(
    splash_marks, one mark above the standing bid)'; a points bid counts as one mark; 42 points
    a mark. A plunge needs four doubles, a splash three: the doubles are counted exactly."""
    for minimum in (2, 3, 4):
        assert special_worth(minimum, 0) == 42 * minimum
        for standing in range(30, 42):  # a points bid: one mark above it is two marks
            assert special_worth(minimum, standing) == 42 * max(minimum, 2)
        for marks in range(1, 8):
            assert special_worth(minimum, 42 * marks) == 42 * max(minimum, marks + 1)
        assert all(type(special_worth(minimum, s)) is int for s in (0, 35, 42, 84))  # whole points
    doubles = [Domino(n, n).index for n in range(7)]
    rng = random.Random(5)
    for _ in range(300):
        hand = rng.getrandbits(28)
        assert doubles_held(hand) == sum(hand >> d & 1 for d in doubles)
    assert str(dominoes_of(1 << Domino(6, 6).index | 1)) == "0:0 6:6"


# -- the state under the special contracts -------------------------------------------------------

_TOURNAMENT = {"scoring": "marks", "bid_ladder": "marks"}
# Seat 1 (first to bid, dealer 0) holds six doubles.
_SIX_DOUBLES = [
    "4:0 3:2 3:1 3:0 2:1 2:0 1:0",
    "5:5 4:4 3:3 2:2 1:1 0:0 5:4",
    "6:6 6:5 6:4 6:3 6:2 6:1 6:0",
    "5:3 5:2 5:1 5:0 4:3 4:2 4:1",
]


def _dealt(**options: bool) -> Texas42State:
    rules = Rules(**{**_TOURNAMENT, **options})  # type: ignore[arg-type]
    return new_match(rules).apply(deal_of(_SIX_DOUBLES, 0))


def test_plunge_and_splash_are_refused_unless_their_option_is_on() -> None:
    """Rulings: the special contracts are options, off by default; `bid plunge` / `bid splash`
    name their option when it is off."""
    for contract, options in (("plunge", {"splash": True}), ("splash", {"plunge": True})):
        state = _dealt(**options)
        violation = state.check(parse_action(f"bid {contract}"))
        assert violation is not None and violation.code is ViolationCode.BID_NOT_ON_LADDER
        assert violation.message == (
            f"{contract.capitalize()} is not played at this table (option {contract})."
        )


def test_a_plunge_leaves_the_state_a_replay_of_its_record_gives() -> None:
    """A plunge is a bid like the others: the state after it (and after the partner names the
    trump) equals the one its record replays to, and reads its contract in its repr."""
    state = _dealt(plunge=True, splash=True).apply(parse_action("bid plunge"))
    for step in (state, state.apply(PASS).apply(PASS).apply(PASS)):
        again = GAME.replay(GAME.record(step))
        assert again == step and again.legal_actions() == step.legal_actions()
        assert GAME.state_from_json(GAME.state_to_json(step)) == step
    assert "calls=['bid plunge'], high_bid=168, bidder=1" in repr(state)
    assert "contract='plunge'" in repr(state)
    plain = new_match().apply(deal_of(_SIX_DOUBLES, 0))
    assert "contract=" not in repr(plain) and repr(plain).endswith("rules=Rules())")


def test_a_mark_bid_over_a_plunge_is_an_ordinary_contract() -> None:
    """Ruling (plunge): 'Later players may pass or bid one mark higher.' Whoever outbids the
    plunge holds an ordinary bid: they name any trump (nello and sevens too, a bid of at least
    one mark) and lead; only the plunger's partner names the trump and leads after a plunge."""
    state = _dealt(plunge=True, splash=True, nello=True, sevens=True)
    state = state.apply(parse_action("bid plunge")).apply(parse_action("bid 210"))
    state = state.apply(PASS).apply(PASS)
    assert (state.bidder, state.high_bid, state.contract, state.to_act) == (2, 210, "bid", 2)
    assert [str(a) for a in state.legal_actions()][-4:] == [
        "trump nello suit", "trump nello high", "trump nello low", "trump sevens",
    ]  # fmt: skip
    for trump in ("trump 6", "trump sevens", "trump nello high"):
        assert state.apply(parse_action(trump)).to_act == 2  # the bidder leads
    plunged = _dealt(plunge=True).apply(parse_action("bid plunge"))
    plunged = plunged.apply(PASS).apply(PASS).apply(PASS)
    assert plunged.to_act == 3  # the plunger's partner names the trump
    assert plunged.apply(parse_action("trump 6")).to_act == 3  # and leads


def _nello_winner(trick: tuple[int, ...], mode: str) -> int:
    """Ruling (nello): no trump; `suit` - the doubles are a suit of their own, 6:6 high; `high` -
    a double belongs to its number and ranks highest; `low` - lowest. A non-double's suit is its
    higher end when led, and it follows either of its numbers."""
    tiles = [DOMINOES[t] for t in trick]
    led = tiles[0]
    doubles_suit = mode == "suit" and led.is_double

    def rank(d: Domino) -> int | None:
        if doubles_suit:
            return d.high if d.is_double else None
        suit = led.high
        if d.is_double:
            if mode == "suit" or d.high != suit:
                return None
            return 99 if mode == "high" else -1
        if suit not in (d.high, d.low):
            return None
        return d.low if d.high == suit else d.high

    ranks = [rank(d) for d in tiles]
    return max((r, -i) for i, r in enumerate(ranks) if r is not None)[1] * -1


def test_nello_tricks_are_won_as_the_doubles_mode_says() -> None:
    """Every nello trick of three random tiles (the partner sits out), each doubles mode, against
    the ruling read literally; built by the model factory itself (the cached tables keep the
    original under mutation)."""
    rng = random.Random(12)
    for mode in ("suit", "high", "low"):
        model = nello_model(mode, "either_end")
        for _ in range(1500):
            trick = tuple(rng.sample(range(28), 3))
            assert trick_winner(trick, model) == _nello_winner(trick, mode), (mode, trick)


def test_higher_end_holds_the_tiles_of_that_higher_end() -> None:
    """Option `follow="higher_end"`: a tile follows only its higher end (a double its number)."""
    for number in range(7):
        assert higher_end(number) == sum(1 << d.index for d in DOMINOES if d.high == number)
        assert higher_end(number).bit_count() == number + 1


def test_nello_followers_must_follow_as_the_doubles_mode_says() -> None:
    """Ruling (nello): with `suit` a double led calls for a double and a number led for a
    non-double bearing it; with `high`/`low` a double belongs to its number; holding none of the
    suit led, any tile may be played. Also the plain no-trump model for follow-me."""
    rng = random.Random(13)
    for mode in ("suit", "high", "low"):
        model = nello_model(mode, "either_end")
        assert model.trump is None and model.suit_names[-1] == "doubles"
        for _ in range(600):
            led, *rest = rng.sample(range(28), 8)
            hand = sum(1 << t for t in rest)
            lead = DOMINOES[led]
            if mode == "suit" and lead.is_double:
                suit = {t for t in rest if DOMINOES[t].is_double}
            else:
                n = lead.high
                suit = {
                    t
                    for t in rest
                    if n in (DOMINOES[t].high, DOMINOES[t].low)
                    and not (mode == "suit" and DOMINOES[t].is_double)
                }
            want = sum(1 << t for t in suit) or hand
            assert legal_plays(hand, (led,), model) == want, (mode, led, rest)


def test_under_follow_higher_end_a_tile_follows_only_its_higher_end() -> None:
    """Option `follow="higher_end"`: a non-trump tile follows only its higher end (a double its
    number); trumps (every tile bearing the trump number) follow trumps; nello `suit` keeps the
    doubles a suit of their own."""
    rng = random.Random(14)
    cases: list[tuple[TrickModel, int | None, str]] = [
        (domino_model(t, "higher_end"), t, "") for t in range(7)
    ]
    cases += [(nello_model(mode, "higher_end"), None, mode) for mode in ("suit", "high", "low")]
    for model, trump, mode in cases:
        for _ in range(300):
            led, *rest = rng.sample(range(28), 8)
            hand = sum(1 << t for t in rest)
            lead = DOMINOES[led]
            if trump is not None and lead.bears(trump):
                suit = {t for t in rest if DOMINOES[t].bears(trump)}
            elif mode == "suit" and lead.is_double:
                suit = {t for t in rest if DOMINOES[t].is_double}
            else:
                suit = {
                    t
                    for t in rest
                    if DOMINOES[t].high == lead.high
                    and not (trump is not None and DOMINOES[t].bears(trump))
                    and not (mode == "suit" and DOMINOES[t].is_double)
                }
            want = sum(1 << t for t in suit) or hand
            assert legal_plays(hand, (led,), model) == want, (trump, mode, led, rest)
