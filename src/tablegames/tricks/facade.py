"""What every trick game's state shares, written once: the slots, the phases around the play and
the sampling of a hidden deal.

A trick game's state class derives from :class:`TrickState` and keeps only what is its own: its
name, its fingerprint, what a player reads off its part, its view, and its calling phases. The
state holds the play engine's slot layout (:class:`~tablegames.tricks.play.PlaySlots`); its
phase is its class, one subclass per phase. What the phases share is here:

- outside play nobody acts (``to_act`` None, no legal actions) and after the match every action
  is refused: the defaults of :class:`TrickState`, which the over phase keeps;
- the dealing phase's step (:func:`dealing_step`): a :class:`~tablegames.core.actions.Deal` or
  the refusal, the game's deal rule, then the first calling phase;
- a sample (:meth:`TrickState.sample`): the hand's deal drawn anew by the game
  (``_redeal``), then the hand's actions replayed from its start (``_deal_again``), the
  hidden one (a discard nobody else saw) swapped for the one drawn with the deal;
- a view's sample (:meth:`TrickState.replayed`, :func:`pieces_played`): the start of the hand,
  a deal, then this hand's public actions, the plays read off the tricks in one place;
- the dealing, playing and over phases themselves (:func:`trick_phases`), made once a game.

>>> import random
>>> from tablegames import texas42
>>> state = texas42.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(0))).apply(texas42.PASS)
>>> isinstance(state, TrickState), state.sample(2, random.Random(1)).view(2) == state.view(2)
(True, True)
"""

from __future__ import annotations

import enum
import random
import types
from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar, Generic, Protocol, TypeVar, cast

import attrs
from typing_extensions import Self

from tablegames.core.actions import Deal
from tablegames.core.errors import TableGamesError
from tablegames.core.frozen import builder
from tablegames.core.game_state import GameState
from tablegames.core.history import History, LogNode, logged
from tablegames.core.seats import Seat, check_seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.pieces.sets import Piece

from .hooks import Hands, Pieces
from .play import HandOver, PlaySlots, TrickPlay, check_play_class
from .since import actions_since
from .table import TrickTable
from .tally import TrickTally

__all__ = ["Builder", "DealRule", "TrickPhases", "TrickState", "dealing_step", "pieces_played"]
__all__ += ["HoldsPart", "TrickPart", "trick_phases"]

A = TypeVar("A")
"""The game's actions."""
P = TypeVar("P")
"""The game's part of a hand."""
S = TypeVar("S", bound="PlaySlots[object]")
"""The game's state type (what a builder makes)."""
H = TypeVar("H")
"""The game's result of a hand."""
X = TypeVar("X", bound=Piece)
"""The game's pieces."""
Y = TypeVar("Y", bound=Piece)
"""The pieces a deal orders (the game's)."""
R = TypeVar("R")
"""The game's rules."""
R_co = TypeVar("R_co", covariant=True)
"""The game's rules, as a part of a hand holds them."""
P_co = TypeVar("P_co", covariant=True)
"""The game's part of a hand, as a state holds it."""


class TrickPart(Protocol[R_co]):
    """What every trick game's part of a hand holds (``R_co`` its rules): the rules of the
    match and the seat that dealt. The rest of a part is the game's own.

    >>> from tablegames.texas42 import Rules, hand
    >>> part: TrickPart[Rules] = hand.start_part(Rules(), 3, (0, 0), ())
    >>> part.dealer, part.rules == Rules()
    (3, True)
    """

    @property
    def rules(self) -> R_co:
        """The rules of the match."""
        ...  # pragma: no cover (a protocol)

    @property
    def dealer(self) -> Seat:
        """The seat that dealt this hand (or deals next)."""
        ...  # pragma: no cover (a protocol)


class HoldsPart(Protocol[P_co]):
    """A state that holds its part of a hand (``P_co``) in ``_part``: the type of ``self`` in
    what :class:`TrickState` reads off the part, so that the rules read have the game's type.

    >>> from tablegames import ninety_two
    >>> state: HoldsPart[TrickPart[ninety_two.Rules]] = ninety_two.new_match()
    >>> state._part.rules.players
    4
    """

    @property
    def _part(self) -> P_co: ...  # pragma: no cover (a protocol)


Builder = Callable[[Hands, Pieces, P, "TrickTally | None", int, LogNode], S]
"""A phase class's builder (``core.frozen.builder``): a state from its fields, in order."""
DealRule = Callable[[P, Deal[X], LogNode], "tuple[Hands, P] | Violation"]
"""The game's deal: the hands dealt and the part of the hand about to be called, from the
part before the deal, the deal and the log before it; or the violation that refuses it."""


@attrs.frozen(repr=False, slots=False)
class TrickState(GameState[A], Generic[A, P]):
    """A moment of a trick game (``A`` its actions, ``P`` its part of a hand), whose fields are
    the play engine's slot layout: a game's state class derives from this one and from
    :class:`~tablegames.tricks.play.PlaySlots`, whose slots hold them. The defaults are the
    over phase's: nobody acts, every action is refused. A game names two hooks for sampling:
    ``_redeal`` and ``_deal_again``.

    This class adds no slots and is not the base of the layout (its ``__slots__`` is empty
    and attrs leaves it so): the layout's chain of bases stays the game's class over
    :class:`~tablegames.tricks.play.PlaySlots`, which every state built (a change of class
    at each decision) and every state freed walks.

    >>> from tablegames import ninety_two, preference, texas42
    >>> [issubclass(type(g.new_match()), TrickState) for g in (ninety_two, preference, texas42)]
    [True, True, True]
    """

    __slots__ = ()
    is_chance: ClassVar[bool] = False
    """True when the pieces must be shuffled and dealt (in the dealing phase's class)."""
    is_over: ClassVar[bool] = False
    """True once the match is over (in the over phase's class)."""
    _hands: Hands
    """The hands by seat as the trick in progress was led (see ``hands``)."""
    _pieces: Pieces
    """The pieces of the trick in progress, by index."""
    _part: P
    _trick: TrickTally | None
    _legal: int = attrs.field(eq=False)
    """In play, the mask of the pieces the seat to play may play (0 otherwise)."""
    _log: LogNode = attrs.field(eq=False)
    """The history, as a bare log node (see :mod:`tablegames.core.history`)."""
    log_fields = ("_log",)

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Each class holds ``is_chance`` and ``is_over`` in its own namespace (a copy of what
        it inherits): read at every decision, they are found there first, not a few classes up.
        """
        super().__init_subclass__(**kwargs)
        for name in ("is_chance", "is_over"):
            if name not in cls.__dict__:
                setattr(cls, name, getattr(cls, name))

    @property
    def history(self) -> History[A]:
        return History.of_log(self._log)

    @property
    def rules(self: HoldsPart[TrickPart[R]]) -> R:
        """The rules of the match.

        >>> from tablegames import texas42
        >>> texas42.new_match().rules == texas42.Rules()
        True
        """
        return self._part.rules

    @property
    def dealer(self: HoldsPart[TrickPart[R]]) -> Seat:
        """The seat that dealt this hand (or deals next).

        >>> from tablegames import preference
        >>> preference.new_match(preference.Rules(first_dealer=2)).dealer
        2
        """
        return self._part.dealer

    @property
    def table(self) -> TrickTable | None:
        """The play of this hand, trick by trick (None outside play)."""
        tally = self._trick
        return None if tally is None else tally.table_with(self._pieces)

    @property
    def to_act(self) -> Seat | None:
        return None  # the deal and the end of the match: each phase's class says

    def legal_actions(self) -> tuple[A, ...]:
        return ()

    def _step(self, action: A, /) -> TrickState[A, P] | Violation:
        return Violation(ViolationCode.GAME_OVER, "The match is over: nobody acts any more.")

    def sample(self, seat: Seat, rng: random.Random) -> Self:
        """A state ``seat`` cannot tell from this one: this hand's deal drawn anew within what
        the seat knows (the game's ``_redeal``, which the view's sample shares), and this
        hand's actions replayed on it from the hand's start (``_deal_again``); the work depends
        on this hand only, never on how long the match has run. At a deal and once the match
        is over nothing is hidden: the state itself.

        >>> import random
        >>> from tablegames import preference
        >>> state = preference.new_match()
        >>> state = state.apply(state.chance_outcome(random.Random(0)))
        >>> state.sample(1, random.Random(1)).view(1) == state.view(1)
        True
        """
        check_seat(seat, len(self._hands))
        if self.is_chance or self.is_over:
            return self
        history = self.history
        before = history
        while type(before.last) is not Deal:
            before = before.back(1)
        real, *since = actions_since(history, len(before) - 1)
        dealt, hidden = self._redeal(seat, rng, real)
        if hidden is not None:  # the hidden action of this kind, drawn with the deal
            since = [hidden if type(action) is type(hidden) else action for action in since]
        state = self._deal_again(before.back(1).log).replayed((dealt, *since))
        if not isinstance(state, type(self)):  # the same actions reach the same phase
            raise TableGamesError(f"A replay of this hand reached {state!r}, not a {self!r}.")
        return state

    def _redeal(self, seat: Seat, rng: random.Random, deal: A) -> tuple[A, A | None]:
        """This hand's deal (``deal``) drawn anew for ``seat``, and the action that stands, in
        the replay, for the hand's hidden action of its kind (None when there is none)."""
        raise NotImplementedError  # pragma: no cover (every trick game names its own)

    def _deal_again(self, log: LogNode) -> TrickState[A, P]:
        """The state at this hand's start, about to be dealt, with the history ``log``."""
        raise NotImplementedError  # pragma: no cover (every trick game names its own)

    def replayed(self, actions: Iterable[A]) -> Self:
        """The state after ``actions``, each applied (checked) in turn: how a sample replays
        a hand on a deal drawn anew.

        >>> from tablegames import texas42
        >>> start = texas42.new_match()
        >>> start.replayed([start.chance_outcome(random.Random(0)), texas42.PASS]).to_act
        2

        A view's sample (``view.sample(rng)``, each game's ``view_sampling`` module) is such a
        replay, from the view alone: the start of the hand (from the match so far, which the
        view holds), a deal of the pieces the seat has not seen, drawn as
        ``state.sample(seat, rng)`` draws it, then the hand's actions as the view shows them.
        Nothing before the hand is read, so the work does not grow with the match. The seat
        cannot tell the sample from the state, and the two samples draw alike:

        >>> from tablegames import ninety_two, preference
        >>> for game in (ninety_two, preference, texas42):
        ...     state = game.new_match()
        ...     state = state.apply(state.chance_outcome(random.Random(3))).apply(game.PASS)
        ...     view = state.view(2)
        ...     world, drawn = view.sample(random.Random(5)), state.sample(2, random.Random(5))
        ...     print(world.view(2) == view, len(world.history), world.view(0) == drawn.view(0))
        True 2 True
        True 2 True
        True 2 True
        """
        state = self
        for action in actions:
            state = state.apply(action)
        return state


def dealing_step(
    deal: DealRule[P, X], then: Builder[P, S], refusal: str
) -> Callable[[TrickState[A, P], object], S | Violation]:
    """A dealing phase's ``_step``: ``refusal`` unless the action is a deal, else the game's
    ``deal`` rule, then a state of the first calling phase (``then``, its builder).

    >>> from tablegames import texas42
    >>> print(texas42.new_match().check(texas42.PASS))
    The tiles must be shuffled and dealt first.
    """
    refused = Violation(ViolationCode.DEAL_EXPECTED, refusal)

    def step(state: TrickState[A, P], action: object) -> S | Violation:
        if type(action) is not Deal:
            return refused
        dealt = deal(state._part, action, state._log)
        if isinstance(dealt, Violation):
            return dealt
        hands, part = dealt
        return then(hands, (), part, None, 0, logged(state._log, action))

    return step


def pieces_played(
    tricks: Iterable[tuple[object, Sequence[X], object]], trick: Iterable[tuple[object, X]]
) -> list[int]:
    """The pieces played this hand, by index in play order, read off a view's finished
    ``tricks`` (leader or seats, pieces, winner) and the ``trick`` in progress (seat, piece):
    the order every view's sample replays the plays in.

    >>> from tablegames.pieces import Card
    >>> two, three = Card.parse("2C"), Card.parse("3C")
    >>> pieces_played([(0, (two,), 0)], [(1, three)]) == [two.index, three.index]
    True
    """
    out = [piece.index for _, pieces, _ in tricks for piece in pieces]
    out.extend(piece.index for _, piece in trick)
    return out


@attrs.frozen
class TrickPhases(Generic[S, P, H]):
    """The phases every trick game shares, made once for a game by :func:`trick_phases`: the
    builders of its dealing and over phases' states, the state after a hand, and the three
    classes (dealing, playing, over), which the game's module names ``_Dealing``, ``_Playing``
    and ``_Over`` (a state pickles by its class's name).

    >>> from tablegames.texas42.state import PHASES
    >>> [cls.__qualname__ for cls in PHASES.classes]
    ['_Dealing', '_Playing', '_Over']
    """

    dealing: Builder[P, S]
    """A state of the dealing phase, from its fields."""
    over: Builder[P, S]
    """A state of the match over, from its fields."""
    hand_over: HandOver[P, H, S]
    """The state after a hand: the next deal, or the match over (the engine's too)."""
    classes: tuple[type[S], type[S], type[S]]
    """The classes of the dealing, playing and over phases."""


def trick_phases(  # noqa: PLR0917 (what a game's phases are made of)
    base: type[S],
    engine: TrickPlay[S, P, H, X],
    phases: tuple[enum.Enum, enum.Enum, enum.Enum],
    deal: DealRule[P, Y],
    then: Builder[P, S],
    refusal: str,
    next_hand: Callable[[P, H], tuple[P, bool]],
    empty: Callable[[P], Hands],
) -> TrickPhases[S, P, H]:
    """The phases of a trick game whose state class is ``base`` (a frozen attrs class over
    :class:`TrickState`), written once: the dealing phase (``phases[0]``: a deal by the game's
    ``deal`` rule, else ``refusal``; then the state ``then`` builds), the playing phase
    (``phases[1]``: the ``engine``'s step, legal actions and seat to act) and the over phase
    (``phases[2]``: :class:`TrickState`'s defaults). After a hand, ``next_hand`` gives the
    next hand's part and whether the match is over, and ``empty`` the hands before its deal.
    The engine is told its playing class and the state after a hand.

    >>> from tablegames.texas42.state import PHASES, Texas42State
    >>> dealing, playing, over = PHASES.classes
    >>> issubclass(playing, Texas42State), over.is_over, dealing.is_chance, over.phase.value
    (True, True, True, 'over')
    """
    deal_phase, play_phase, over_phase = phases

    def made(name: str, namespace: dict[str, object]) -> type[S]:
        namespace.update(__slots__=(), __module__=base.__module__, __qualname__=name)
        return cast("type[S]", types.new_class(name, (base,), {}, lambda ns: ns.update(namespace)))

    step = dealing_step(deal, then, refusal)
    dealing = made("_Dealing", {"phase": deal_phase, "is_chance": True, "_step": step})
    playing = made(
        "_Playing",
        {
            "phase": play_phase,
            "to_act": engine.to_act,
            "legal_actions": engine.legal_actions,
            "_step": engine.step,
        },
    )
    over = made("_Over", {"phase": over_phase, "is_over": True})
    new_dealing = cast("Builder[P, S]", builder(dealing))
    new_over = cast("Builder[P, S]", builder(over))

    def hand_over(part: P, result: H, log: LogNode) -> S:
        following, ended = next_hand(part, result)
        return (new_over if ended else new_dealing)(empty(following), (), following, None, 0, log)

    check_play_class(base)
    hooks = ("_redeal", "_deal_again")
    missing = [hook for hook in hooks if getattr(base, hook) is getattr(TrickState, hook)]
    if missing:  # sample() would reach TrickState's placeholders
        raise TypeError(f"{base.__name__} must define {' and '.join(missing)} (see TrickState).")
    engine.builds(playing, hand_over)
    return TrickPhases(new_dealing, new_over, hand_over, (dealing, playing, over))
