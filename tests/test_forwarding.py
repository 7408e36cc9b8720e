"""The forwarded attributes (:mod:`tablegames.core.forwarding`): what one reads, that it is
read-only, that mypy sees its type, and that every one the game states declare reads its part's
field on states of random matches."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mypy_snippets import mypy_strict, needs_mypy
from tablegames import ninety_two, preference, quartets, texas42
from tablegames.core.forwarding import Forwarded
from tablegames.core.game import Game, random_action
from tablegames.examples import whist3
from tablegames.house import HouseRuleState, with_house_rules
from tablegames.testing import seeds
from tablegames.testing.strategies import play_from


class _Part:
    def __init__(self, high: int, low: str) -> None:
        self.high = high
        self.low = low


class _Holder:
    high = Forwarded[int]("part")
    """The high card."""
    least = Forwarded[str]("part", "low")

    def __init__(self, part: _Part) -> None:
        self.part = part


@attrs.frozen
class _Frozen:
    part: _Part
    high = Forwarded[int]("part")


def test_it_reads_the_holders_field_of_its_name_or_the_one_given() -> None:
    part = _Part(7, "two")
    holder = _Holder(part)
    assert (holder.high, holder.least) == (7, "two")
    part.high = 9  # read each time, not copied
    assert holder.high == 9


def test_read_on_the_class_it_is_the_descriptor() -> None:
    forwarded = _Holder.__dict__["least"]
    assert _Holder.least is forwarded
    assert isinstance(forwarded, Forwarded)
    assert forwarded.path == "part.low"
    assert forwarded.__doc__ == "Reads ``self.part.low``."


def test_an_attrs_class_takes_it_as_no_field() -> None:
    assert [f.name for f in attrs.fields(_Frozen)] == ["part"]
    assert _Frozen(_Part(3, "x")).high == 3


@pytest.mark.parametrize("instance", [_Holder(_Part(1, "a")), _Frozen(_Part(1, "a"))])
def test_setting_or_deleting_raises(instance: Any) -> None:
    with pytest.raises(AttributeError):
        instance.high = 2
    with pytest.raises(AttributeError):
        del instance.high
    assert instance.high == 1


SNIPPET = """
from tablegames import ninety_two
from tablegames.house import HouseRuleState

state = ninety_two.new_match()
reveal_type(state.high)
reveal_type(state.scores)
reveal_type(type(state).high)
reveal_type(HouseRuleState(state, ()).to_act)
number: int = state.high
state.high = None
"""


@needs_mypy
def test_mypy_sees_the_forwarded_type(tmp_path: Path) -> None:
    printed = mypy_strict(tmp_path, SNIPPET)
    lines = printed.splitlines()
    notes = [line.split(": note: ", 1)[1] for line in lines if ": note:" in line]
    assert notes == [
        'Revealed type is "tablegames.ninety_two.actions.Bid | None"',
        'Revealed type is "tuple[int, ...]"',
        'Revealed type is "tablegames.core.forwarding.Forwarded[tablegames.ninety_two.actions.Bid'
        ' | None]"',
        'Revealed type is "int | None"',
    ], printed
    errors = [line for line in lines if ": error:" in line]
    assert len(errors) == 2, printed
    assert ":10: error: Incompatible types in assignment" in errors[0], printed
    # A forwarded attribute is read-only for mypy too: nothing can be assigned to it.
    assert ":11: error: Incompatible types in assignment" in errors[1], printed
    assert 'variable has type "Never"' in errors[1], printed


HOUSE = with_house_rules(texas42.GAME, "texas42-forwarding", "Texas 42 (no house rule)")
GAMES: tuple[Game[Any, Any], ...] = (
    texas42.GAME,
    ninety_two.GAME,
    preference.GAME,
    quartets.GAME,
    whist3.GAME,
    HOUSE,
)
FORWARDED = {
    "texas42": {"calls", "high_bid", "bidder", "trump", "results", "scores", "contract"},
    "ninety-two": {"dead", "scores", "calls", "high", "bidder", "partners", "results", "team"},
    "preference": {"widow", "widow_taken", "discards", "calls", "offers", "declarer", "trump"}
    | {"stacks", "pot", "results", "largest_offer"},
    "quartets": {"rules", "dealer", "laid", "scores", "results"},
    "whist3": {"hands_played", "scores"},
    "texas42-forwarding": {"rules", "history", "phase", "to_act", "is_chance", "is_over"}
    | {"winners"},
}
"""The attributes each game's states forward at the least (a phase's class may add its own)."""


def _forwarded(cls: type) -> dict[str, Forwarded[object]]:
    """Every forwarded attribute ``cls`` has, by name, the most derived class's first."""
    found: dict[str, Forwarded[object]] = {}
    for klass in cls.__mro__:
        for name, value in vars(klass).items():
            if isinstance(value, Forwarded):
                found.setdefault(name, value)
    return found


def _check(state: Any) -> None:
    for name, forwarded in _forwarded(type(state)).items():
        holder, field = forwarded.path.split(".")
        assert getattr(state, name) == getattr(getattr(state, holder), field), (type(state), name)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_every_state_class_forwards_its_parts_fields(game: Game[Any, Any]) -> None:
    """Every state along whole matches (every phase's class), each forwarded attribute equal to
    its holder's field."""
    classes: set[type] = set()
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_match(game.rules_type())
        for _ in range(600):
            _check(state)
            classes.add(type(state))
            if state.is_over:
                break
            state = state.apply(random_action(state, rng))
    assert len(classes) >= 2 or game is HOUSE  # the dealing phase and at least one more
    for cls in classes:
        assert FORWARDED[game.name] <= set(_forwarded(cls)), cls
    if game is HOUSE:
        assert all(cls is HouseRuleState for cls in classes)


@given(st.sampled_from(GAMES), seeds(), st.integers(0, 300))
def test_forwarded_attributes_read_the_part_on_random_states(
    game: Game[Any, Any], seed: int, steps: int
) -> None:
    _check(play_from(game.new_match(game.rules_type()), seed, steps))


def test_the_docs_site_shows_a_forwarded_attribute_as_a_typed_property() -> None:
    """The docs' griffe extension (tools/griffe_forwarded.py) gives the attribute its type."""
    griffe = pytest.importorskip("griffe", reason="the docs extra builds the site")
    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location(
        "griffe_forwarded", root / "tools/griffe_forwarded.py"
    )
    assert spec is not None and spec.loader is not None
    extension = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(extension)
    extensions = griffe.load_extensions(extension.ForwardedTypes())
    part = griffe.load(
        "tablegames.ninety_two.part", search_paths=[root / "src"], extensions=extensions
    )
    high = part["DealFacts"].members["high"]
    assert (str(high.annotation), high.labels) == ("Bid | None", {"property"})
    assert high.docstring is not None and high.docstring.value == "The standing (then winning) bid."
