"""The one trick-play engine (``tablegames.tricks.play``) and the one play rule
(``tablegames.tricks.follow``), as Texas 42 plays on them (docs/architecture.md, "The
trick-taking core").

The play rule is checked against its own definition for every model of every trick game: a
piece may be played exactly when the hand holds it and none of the pieces its play reveals
(docs/texas42.md "Trump and play" and "Sevens", docs/ninety-two.md "Play", docs/preference.md
"Play": follow suit if you can, otherwise play anything; sevens: a tile closest to 7).
"""

from __future__ import annotations

import ast
import pickle
import random
import typing
from pathlib import Path

import attrs
import pytest

from tablegames import ninety_two, preference, texas42
from tablegames.core.errors import RulesError
from tablegames.core.game_state import GameState
from tablegames.core.settings import GameRules
from tablegames.core.start import LaterStart
from tablegames.core.violations import ViolationCode
from tablegames.ninety_two.model import MODELS as NINETY_TWO_MODELS
from tablegames.ninety_two.model import model_of as ninety_two_model_of
from tablegames.pieces import DOMINOES, Card, Domino, Suit
from tablegames.preference.playing import model_of as preference_model_of
from tablegames.preference.state import MODELS as PREFERENCE_MODELS
from tablegames.texas42.contracts import LAST_TRUMP
from tablegames.texas42.model import MODELS as TEXAS42_MODELS
from tablegames.texas42.model import model_for
from tablegames.texas42.model import model_of as texas42_model_of
from tablegames.texas42.state import PLAY
from tablegames.tricks import (
    TrickModel,
    TrickTally,
    legal_plays,
    plain_card_model,
    play_violation,
    reveals,
)
from tablegames.tricks.decode import mask_reader
from tablegames.tricks.play import PlaySlots, TrickRulesError, check_play_class

R = typing.TypeVar("R", bound=GameRules)
A = typing.TypeVar("A")

SRC = Path(__file__).resolve().parents[1] / "src" / "tablegames"


def _settings(rules_type: type[R]) -> list[R]:
    """The default rules and, one at a time, every other value of each flag and choice the
    ``Rules`` class declares (read off its fields: a new option is covered with no edit here)."""
    out: list[R] = [rules_type()]
    for name, kind in typing.get_type_hints(rules_type).items():
        values: tuple[object, ...] = ()
        if kind is bool:
            values = (True, False)
        elif typing.get_origin(kind) is typing.Literal:
            values = typing.get_args(kind)
        for value in values:
            try:
                out.append(rules_type(**{name: value}))
            except RulesError:  # an option that needs another one set: not on its own
                continue
    return out


def _models() -> list[TrickModel]:
    """Every trick model the three trick games build: each game's ``model_of`` (the one place
    its rules choose a model) over every trump it names and every setting of its rules."""
    found: dict[TrickModel, None] = {}
    for rules42 in _settings(texas42.Rules):
        for trump in range(LAST_TRUMP + 1):
            found[texas42_model_of(trump, rules42)] = None
    for rules92 in _settings(ninety_two.Rules):
        for suit in Suit:
            found[ninety_two_model_of(suit, rules92)] = None
    for rules_pref in _settings(preference.Rules):
        for suit in Suit:
            found[preference_model_of(suit, rules_pref)] = None
    return [*found, plain_card_model(None)]


def test_the_models_read_off_the_games_are_every_model_they_play() -> None:
    """The list the consistency test runs over holds every model a game has made so far (the
    hand-kept ones included), so a model a new option makes cannot be missed."""
    listed = set(_models())
    kept = [*NINETY_TWO_MODELS, *PREFERENCE_MODELS.values(), *TEXAS42_MODELS]
    assert all(model in listed for model in kept)
    assert {model_for(t, "higher_end") for t in range(LAST_TRUMP + 1)} <= listed


@pytest.mark.parametrize("model", _models(), ids=lambda m: repr(m.recipe[1]))
def test_legal_plays_and_what_a_play_reveals_are_one_rule(model: TrickModel) -> None:
    """For random hands and tricks: a piece is legal exactly when the hand holds it and holds
    none of what playing it reveals; the refusal agrees; and a legal play always exists."""
    rng = random.Random(hash(model) & 0xFFFF)
    size = len(model.lead_suit)
    for _ in range(60):
        hand = rng.getrandbits(size) or 1
        others = [p for p in range(size) if not hand >> p & 1]
        trick = tuple(rng.sample(others, min(len(others), rng.randrange(4))))
        legal = legal_plays(hand, trick, model)
        assert legal and legal & ~hand == 0
        for piece in range(size):
            held = bool(hand >> piece & 1)
            assert bool(legal >> piece & 1) == (held and not hand & reveals(trick, piece, model))
            violation = play_violation(hand, trick, piece, model)
            assert (violation is None) == bool(legal >> piece & 1)
            if violation is not None and held:
                assert violation.code is ViolationCode.MUST_FOLLOW_SUIT


LEAD_RESTRICTED_BY = {"tiers"}
"""The model fields that can make a lead less than the whole hand, as the engine's trick end
assumes (``tricks.play``: a lead is the hand unless ``model.tiers``)."""
LEAD_FREE_OF = {
    "universe",
    "lead_suit",
    "follow_masks",
    "strength",
    "trump",
    "suit_names",
    "special_winner",
    "special_pieces",
    "tier_rule",
    "recipe",
    "keys",
    "follows",
}
"""The model fields that never restrict a lead (they say who follows, who wins, or name)."""


def test_the_engines_lead_shortcut_knows_every_model_field() -> None:
    """A new field of the trick model fails this test until it is placed in one of the two sets
    above: the engine's lead shortcut must be reviewed for a rule that could restrict a lead."""
    fields = {field.name for field in attrs.fields(TrickModel)}
    assert fields == LEAD_RESTRICTED_BY | LEAD_FREE_OF


@pytest.mark.parametrize("model", _models(), ids=lambda m: repr(m.recipe[1]))
def test_the_engines_lead_shortcut_is_the_lead_rule(model: TrickModel) -> None:
    """Under a model without tiers a lead is the whole hand (the engine's shortcut), and with
    tiers some hand leads less than the whole (the shortcut would be wrong there)."""
    rng = random.Random(hash(model) & 0xFFFF)
    size = len(model.lead_suit)
    hands = [rng.getrandbits(size) or 1 for _ in range(60)] + [(1 << size) - 1]
    whole = [legal_plays(hand, (), model) == hand for hand in hands]
    assert all(whole) if not model.tiers else not all(whole)


def _checked_leads(state: GameState[A], rng: random.Random, decisions: int) -> int:
    """Play ``decisions`` random decisions from ``state``, checking each lead after a trick's
    end against the lead rule (a new match after each one over); the number of leads checked."""
    leads, start = 0, state
    for _ in range(decisions):
        if state.is_over:
            state = start
        if state.is_chance:
            state = state.apply(state.chance_outcome(rng))
            continue
        if isinstance(state, PlaySlots) and state.phase.value == "play" and not state._pieces:
            tally = state._trick
            if tally is not None and tally.number:
                hand = state._hands[tally.turns[0]]
                assert state._legal == legal_plays(hand, (), tally.model)
                leads += 1
        state = state.apply(rng.choice(state.legal_actions()))
    return leads


def test_the_engine_leads_each_trick_as_the_lead_rule_says() -> None:
    """Every lead after a trick's end in random matches of the three trick games (Texas 42 with
    its special contracts on, sevens' forced order among them) is the lead rule's mask."""
    rng = random.Random(11)
    special = texas42.Rules(scoring="marks", bid_ladder="marks", nello=True, sevens=True)
    texas = _checked_leads(texas42.new_match(special), rng, 3000)
    cards = _checked_leads(ninety_two.new_match(), rng, 3000)
    cards += _checked_leads(preference.new_match(), rng, 3000)
    assert texas > 200 and cards > 200


def test_the_lead_is_free_but_a_forced_order() -> None:
    """Texas 42 'Trump and play': the leader may play any tile; 'Sevens': every player, the
    leader too, plays a tile closest to 7."""
    hand = sum(1 << t for t in (0, 5, 12, 27))
    assert legal_plays(hand, (), model_for(5)) == hand
    sevens = model_for(12)
    assert legal_plays(hand, (), sevens) == 1 << 12  # 4:2 (6 pips) is the closest
    assert reveals((), 27, sevens) & (1 << 12)  # who led 6:6 held no 4:2


def test_mask_reader_reads_every_mask_as_a_loop_would() -> None:
    items = tuple(range(52))
    reader = mask_reader(items, ((0, 11), (11, 11), (22, 10), (32, 10), (42, 10)))
    quick = mask_reader(items, ((0, 13), (13, 13), (26, 13), (39, 13)), quick={5: (0, 2)})
    rng = random.Random(3)
    for mask in [0, (1 << 52) - 1, 5, *(rng.getrandbits(52) for _ in range(500))]:
        want = tuple(i for i in items if mask >> i & 1)
        assert reader(mask) == want and quick(mask) == want
    with pytest.raises(ValueError, match="attribute name"):
        mask_reader(items, ((0, 8),), attribute="x; import os")


def _in_play(seed: int, rules: texas42.Rules) -> list[texas42.Texas42State]:
    rng = random.Random(seed)
    state = texas42.new_match(rules)
    states = []
    while not state.is_over and len(state.history) < 400:
        if state.is_chance:
            state = state.apply(state.chance_outcome(rng))
            continue
        if state.phase is texas42.Phase.PLAY:
            states.append(state)
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
    return states


RULE_MIXES = [
    texas42.Rules(),
    texas42.Rules(doubles_trump=True, follow_me=True, follow="higher_end"),
    texas42.Rules(
        scoring="marks", bid_ladder="marks", nello=True, sevens=True, plunge=True, splash=True
    ),
]


@pytest.mark.parametrize("rules", RULE_MIXES)
def test_finish_trick_is_what_the_engine_does_at_a_tricks_end(rules: texas42.Rules) -> None:
    """A solver drives bare positions through ``finish_trick``; the states' own last play of a
    trick must come to the same position (or the same hand's result)."""
    for state in _in_play(1, rules)[:120]:
        hands, pieces, part, tally = PLAY.position(state)
        if len(pieces) + 1 < len(tally.turns):
            continue
        for action in state.legal_actions():
            assert isinstance(action, texas42.Play)
            after = state.apply(action)
            done = PLAY.finish_trick(part, hands, tally, (*pieces, action.piece.index))
            if done[3] is None:
                assert PLAY.position(after) == (done[1], (), done[0], done[2])
            else:
                assert after.results[-1] == done[3]


@pytest.mark.parametrize("rules", RULE_MIXES)
def test_trick_values_by_side_add_up_to_each_hands_points(rules: texas42.Rules) -> None:
    """Texas 42 'Counting and scoring': a trick is worth a point plus its count, to the side
    that takes it (the solver's hooks say so the same way)."""
    rng = random.Random(5)
    final = texas42.new_match(rules)
    while not final.is_over and len(final.results) < 12:
        if final.is_chance:
            final = final.apply(final.chance_outcome(rng))
        else:
            actions = final.legal_actions()
            final = final.apply(actions[rng.randrange(len(actions))])
    for result in final.results:
        points = [0, 0]
        for trick in result.played:
            side = PLAY.valuation.side_of(None, trick.winner)  # type: ignore[misc,arg-type]
            points[side] += PLAY.valuation.trick_value(trick.pieces)
        assert tuple(points) == result.points


def test_an_equal_piece_of_another_class_plays_as_the_ready_made_play() -> None:
    """A Domino subclass equal to a legal tile is played (as the ready-made play); anything
    that is not a domino is refused, and any action but a play during play."""

    class Tile(Domino):
        pass

    state = _in_play(2, texas42.Rules())[0]
    play = state.legal_actions()[0]
    assert isinstance(play, texas42.Play)
    tile = play.piece
    twin = Tile(tile.high, tile.low)
    assert state.apply(texas42.Play(twin)) == state.apply(texas42.Play(tile))
    refused = state.check(texas42.Play(Card.parse("AS")))  # type: ignore[arg-type]
    assert refused is not None and refused.code is ViolationCode.NOT_IN_DECK
    assert refused.message == "AS is not a domino."
    wrong = state.check(texas42.PASS)
    assert wrong is not None and wrong.message == "It is time to play a tile."


def test_the_engine_refuses_a_state_class_it_cannot_build() -> None:
    check_play_class(texas42.Texas42State)
    with pytest.raises(TypeError):
        check_play_class(TrickTally)


def test_sampling_from_a_view_never_writes_out_the_matchs_start() -> None:
    """A view of a long match samples at the cost of one hand: the sampled world's start is
    written out only when a record asks for it (docs/contract.md: sampling never depends on the
    match length)."""
    rng = random.Random(0)
    state = texas42.new_match(texas42.Rules(target=1_000_000))
    while len(state.results) < 40 or state.phase is not texas42.Phase.PLAY:
        if state.is_chance:
            state = state.apply(state.chance_outcome(rng))
        else:
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
    world = state.view(state.to_act).sample(random.Random(1))  # type: ignore[arg-type]
    start = world.history.log
    while start[2]:
        start = start[0]  # type: ignore[assignment]
    assert isinstance(start[1], LaterStart) and start[1]._made is None
    assert texas42.GAME.replay(texas42.GAME.record(world)) == world
    assert len(texas42.GAME.record(world).start["results"]) == len(state.results)  # type: ignore[index]
    assert pickle.loads(pickle.dumps(world)) == world


def test_every_cache_is_bounded() -> None:
    """docs/architecture.md lists each cache with its bound."""
    from tablegames.texas42 import actions, calling
    from tablegames.texas42 import model as texas42_model
    from tablegames.tricks import model, table, tally

    caches = {
        model._card_model: model.CARD_MODELS,
        table.turn_order: table.TURN_ORDERS,
        tally.Seating.of: tally.SEATINGS,
        texas42_model._kept_model: texas42_model.CONTRACT_MODELS,
        calling._bid_actions: calling.BID_LISTS,
        actions._trump_choices: actions.TRUMP_CHOICES,
    }
    for cache, bound in caches.items():
        assert cache.cache_info().maxsize == bound


def _imports(package: str) -> dict[str, set[str]]:
    """Every module of ``package`` with the modules of ``tablegames`` it imports (any import
    statement: at the top, in a function, or for type checking only)."""
    graph: dict[str, set[str]] = {}
    for path in sorted((SRC / package).glob("*.py")):
        name = f"tablegames.{package}.{path.stem}"
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = f"tablegames.{package}" + (f".{base}" if base else "")
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[name] = {m for m in found if m.startswith("tablegames.")}
    return graph


@pytest.mark.parametrize("package", ["tricks", "texas42", "ninety_two", "preference", "core"])
def test_modules_import_one_way(package: str) -> None:
    """docs/architecture.md: within a package the modules form no circle, and the core and
    the trick core import nothing above them."""
    graph = _imports(package)
    inner = {m: {n for n in out if n in graph and n != m} for m, out in graph.items()}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"an import circle: {' -> '.join((*path, module))}"
        if module in done:
            return
        for other in inner[module]:
            visit(other, (*path, module))
        done.add(module)

    for module in inner:
        visit(module, ())
    floors: dict[str, tuple[str, ...]] = {"core": ("core", "pieces", "errors")}
    floors["tricks"] = (*floors["core"], "tricks")
    if package in floors:
        allowed = tuple(f"tablegames.{f}" for f in floors[package])
        above = sorted(n for out in graph.values() for n in out if not n.startswith(allowed))
        assert not above, f"{package} imports {above}"


def test_rules_that_disagree_are_named_not_looped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A change to the play rule that reaches ``legal_plays`` but not ``reveals`` (so not the
    refusal either) leaves a piece that nothing refuses and nothing lists: ``apply`` and
    ``check`` raise a TrickRulesError naming the piece, the hand and the trick (they once
    recursed until Python stopped them)."""
    from tablegames.tricks import play

    unchanged = legal_plays

    def lowest_only(hand: int, trick: tuple[int, ...], model: TrickModel) -> int:
        legal = unchanged(hand, trick, model)
        return legal & -legal  # a rule changed in one of its two places only

    state = _in_play(3, texas42.Rules())[0]
    hands, pieces, part, tally = PLAY.position(state)
    assert not pieces  # the lead: any tile held may be led
    held = hands[tally.leader]
    monkeypatch.setattr(play, "legal_plays", lowest_only)
    changed = PLAY.begin(hands, part, tally, state._log)
    highest = texas42.Play(DOMINOES[held.bit_length() - 1])
    assert changed.legal_actions() == (texas42.Play(DOMINOES[(held & -held).bit_length() - 1]),)
    message = r"rules disagree: \d:\d is not among the legal plays of the hand ((\d:\d ?){7})"
    with pytest.raises(TrickRulesError, match=message):
        changed.apply(highest)
    with pytest.raises(TrickRulesError, match="legal_plays and reveals must say the same rule"):
        changed.check(highest)
