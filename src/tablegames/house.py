"""House rules without forking: extra checks on top of a game, that survive ``apply``.

A house rule is a function ``rule(state, action)`` that returns a
:class:`~tablegames.core.violations.Violation` to forbid an action the game itself allows, or
``None`` to let it be. :func:`with_house_rules` wraps a game's descriptor so that every state of
the new game is a :class:`HouseRuleState`: it asks the game first, then each house rule, and
wraps the next state again — so the rules hold for the whole match, legal actions and views
leave out what they forbid, and records, JSON, sampling and the conformance checks all work.
docs/house-rules.md has the worked example.

>>> from tablegames import texas42
>>> from tablegames.core.violations import Violation, ViolationCode
>>> def no_168(state, action):
...     if isinstance(action, texas42.Bid) and action.amount == 168:
...         return Violation(ViolationCode.BID_OUT_OF_RANGE, "At this table 84 is the limit.")
...     return None
>>> game = with_house_rules(texas42.GAME, "texas42-no-168", "Texas 42 (84 limit)", no_168)
>>> game.new_match(texas42.Rules()).house_rules == (no_168,)
True
"""

from __future__ import annotations

import enum
import functools
import hashlib
import random
import threading
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs

from tablegames.core.errors import TableGamesError
from tablegames.core.forwarding import Forwarded
from tablegames.core.game import Game, GameState
from tablegames.core.history import History
from tablegames.core.seats import Seat
from tablegames.core.text import describe
from tablegames.core.violations import Violation
from tablegames.pieces.sets import PieceSet

__all__ = ["HouseRule", "HouseRuleState", "house_view_type", "with_house_rules"]

HouseRule = Callable[[Any, Any], "Violation | None"]
"""``rule(state, action)``: the violation that forbids ``action`` in the game's own ``state``
(never called for an action the game already refuses), or ``None``. Write it as a module-level
function so states stay picklable; its name goes into the state's fingerprint."""


def _name(rule: HouseRule) -> str:
    return (
        f"{getattr(rule, '__module__', '?')}.{getattr(rule, '__qualname__', type(rule).__name__)}"
    )


def _names(rules: tuple[HouseRule, ...]) -> str:
    return "(" + ", ".join(_name(r) for r in rules) + ")"


def _with_names(fingerprint: str, rules: tuple[HouseRule, ...]) -> str:
    """A fingerprint of the wrapped game combined with the house rules' names."""
    return hashlib.sha256((fingerprint + _names(rules)).encode()).hexdigest()[:24]


@attrs.frozen(repr=False)
class HouseRuleState(GameState[object]):
    """A state of the wrapped game with house rules on top (see the module doc).

    ``inner`` is the game's own state; everything is read from it, and ``_step`` asks it
    first, then each house rule, and wraps the result.

    >>> from tablegames import texas42
    >>> state = HouseRuleState(texas42.new_match(), ())
    >>> state.is_chance, state.rules == texas42.Rules()
    (True, True)
    """

    game_name = "house"
    inner: GameState[Any]
    house_rules: tuple[HouseRule, ...]

    rules = Forwarded[object]("inner")
    """The wrapped game's rules (records store these)."""

    history = Forwarded[History[object]]("inner")
    """Every action so far."""

    phase = Forwarded[enum.Enum]("inner")
    """The wrapped game's phase."""

    to_act = Forwarded[Seat | None]("inner")
    """The seat to act."""

    is_chance = Forwarded[bool]("inner")
    """True at a chance step."""

    is_over = Forwarded[bool]("inner")
    """True once the match has ended."""

    winners = Forwarded[tuple[Seat, ...]]("inner")
    """The winners, once the match is over."""

    def returns(self) -> tuple[float, ...]:
        """The game's own returns (house rules change what is legal, not what a result is worth).

        >>> from tablegames import texas42
        >>> HouseRuleState(texas42.new_match(), ()).returns()
        (0.0, 0.0, 0.0, 0.0)
        """
        return self.inner.returns()

    def forbids(self, action: object) -> Violation | None:
        """The first house rule's violation for ``action`` in this state, or ``None``.

        >>> from tablegames import texas42
        >>> HouseRuleState(texas42.new_match(), ()).forbids(texas42.PASS) is None
        True
        """
        for rule in self.house_rules:
            violation = rule(self.inner, action)
            if violation is None:
                continue
            if type(violation) is not Violation:
                raise TableGamesError(
                    f"The house rule {_name(rule)} answered {describe(violation)}; a house rule "
                    "returns a Violation or None."
                )
            return violation
        return None

    def legal_actions(self) -> tuple[object, ...]:
        """The game's legal actions that no house rule forbids."""
        return tuple(a for a in self.inner.legal_actions() if self.forbids(a) is None)

    def _step(self, action: object) -> HouseRuleState | Violation:
        """The game's transition, then the house rules; the next state is wrapped again."""
        result = self.inner.transition(action)
        if isinstance(result, Violation):
            return result
        violation = self.forbids(action)
        if violation is not None:
            return violation
        return HouseRuleState(result, self.house_rules)

    def chance_outcome(self, rng: random.Random) -> object:
        """The wrapped game's chance step."""
        return self.inner.chance_outcome(rng)

    def view(self, seat: Seat) -> Any:
        """The wrapped game's view, without the legal actions house rules forbid. A view of an
        attrs class comes as a subclass of the game's view class (so it is drawn, converted
        and compared as the game's) that also holds the house rules: its ``sample(rng)`` gives
        a state with the house rules on top.

        >>> import random
        >>> from tablegames import texas42
        >>> state = HouseRuleState(texas42.new_match(), ())
        >>> state = state.apply(state.chance_outcome(random.Random(0)))
        >>> view = state.view(1)
        >>> isinstance(view, texas42.Texas42View), type(view.sample(random.Random(1))).__name__
        (True, 'HouseRuleState')
        """
        view = self.inner.view(seat)
        if not attrs.has(type(view)):
            return view
        fields = {f.alias: getattr(view, f.name) for f in attrs.fields(type(view))}
        if fields.get("legal_actions"):
            fields["legal_actions"] = tuple(
                a for a in fields["legal_actions"] if self.forbids(a) is None
            )
        kind = type(view)
        return house_view_type(kind)(**fields, house_rules=self.house_rules)

    def sample(self, seat: Seat, rng: random.Random) -> HouseRuleState:
        """The wrapped game's sample, wrapped."""
        return HouseRuleState(self.inner.sample(seat, rng), self.house_rules)

    def zones(self) -> Mapping[str, PieceSet[Any]]:
        """The wrapped game's zones."""
        return self.inner.zones()

    def fingerprint(self) -> str:
        """The wrapped state's fingerprint, combined with the house rules' names.

        >>> from tablegames import texas42
        >>> len(HouseRuleState(texas42.new_match(), ()).fingerprint())
        24
        """
        return _with_names(self.inner.fingerprint(), self.house_rules)

    def _saved_fingerprints(self) -> Iterator[str]:
        """The wrapped state's saved fingerprints (today's form, then 0.1.0's), each combined
        with the house rules' names as :meth:`fingerprint` combines them."""
        for inner in self.inner._saved_fingerprints():
            yield _with_names(inner, self.house_rules)

    def __repr__(self) -> str:
        return f"HouseRuleState({self.inner!r}, house_rules={_names(self.house_rules)})"


_MAKING = threading.Lock()
"""Held while a house view class is made, so threads that ask at once get the same class."""
_HOUSE_VIEW = "_tablegames_house_view"
"""The attribute, in a view class's own ``__dict__``, that holds its house view class: the
class carries its own (nothing kept in a table, nothing kept alive beyond the view class)."""


def house_view_type(view_type: type) -> type:
    """The view class of a game with house rules: ``view_type`` with the house rules added
    (made once per view class, whichever thread asks first, and kept on the view class
    itself). Its ``sample(rng)`` wraps the game's sample in the house rules.

    >>> from tablegames import quartets
    >>> house_view_type(quartets.QuartetsView).__name__
    'HouseQuartetsView'
    >>> house_view_type(quartets.QuartetsView) is house_view_type(quartets.QuartetsView)
    True
    """
    made: type | None = view_type.__dict__.get(_HOUSE_VIEW)
    if made is not None:
        return made
    with _MAKING:
        made = view_type.__dict__.get(_HOUSE_VIEW)
        if made is None:
            made = _make_house_view_type(view_type)
            setattr(view_type, _HOUSE_VIEW, made)
    return made


def _make_house_view_type(view_type: Any) -> Any:

    @attrs.frozen(repr=False)
    class HouseView(view_type):  # type: ignore[misc]
        house_rules: tuple[HouseRule, ...] = attrs.field(default=(), kw_only=True)
        """The house rules of the match this view comes from."""

        def sample(self, rng: random.Random) -> HouseRuleState:
            """The game's sample from this view, with the house rules on top."""
            return HouseRuleState(view_type.sample(self, rng), self.house_rules)

        def __reduce__(self) -> tuple[Callable[..., object], tuple[object, ...]]:
            fields = {f.alias: getattr(self, f.name) for f in attrs.fields(type(self))}
            return (_rebuild_view, (view_type, fields))

    HouseView.__name__ = HouseView.__qualname__ = f"House{view_type.__name__}"
    return HouseView


def _rebuild_view(view_type: type, fields: dict[str, object]) -> object:
    """Unpickle a house view (its class is made at run time, so it pickles by its game's)."""
    return house_view_type(view_type)(**fields)


def _new_match(
    game: Game[Any, Any], rules: tuple[HouseRule, ...], settings: object
) -> HouseRuleState:
    return HouseRuleState(game.new_match(settings), rules)


def with_house_rules(
    game: Game[Any, Any], name: str, title: str, *house_rules: HouseRule
) -> Game[HouseRuleState, object]:
    """A game like ``game`` (same rules settings, actions, notation and seats) whose states
    enforce ``house_rules`` too. Give it its own ``name``: records name the game they replay in,
    and :func:`~tablegames.games.register_game` makes it known.

    >>> from tablegames import texas42
    >>> game = with_house_rules(texas42.GAME, "texas42-plain", "Texas 42 as it is")
    >>> game.seats(texas42.Rules()), game.parse_action("bid 30") == texas42.Bid(30)
    (4, True)
    """
    return Game(
        name=name,
        title=title,
        deck=game.deck,
        rules_type=game.rules_type,
        new_match=functools.partial(_new_match, game, tuple(house_rules)),
        parse_action=game.parse_action,
        action_space=game.action_space,
        seats=game.seats,
        start_from=None
        if game.start_from is None
        else functools.partial(_start_from, game, tuple(house_rules)),
    )


def _start_from(
    game: Game[Any, Any],
    rules: tuple[HouseRule, ...],
    settings: object,
    start: Mapping[str, object],
) -> HouseRuleState:
    """The game's start position (a record's ``start``), with the house rules on top."""
    return HouseRuleState(game.start_state(settings, start), rules)
