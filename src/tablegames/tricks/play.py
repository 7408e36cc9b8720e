"""The play of a hand, written once for every trick game: legal plays (the lead too), the play
step and its refusals, the end of a trick, and the end of the hand handed back to the game.

Every trick game's states share one slot layout, :class:`PlaySlots`: the hands as the trick in
progress was led (a play builds no hands: the seat to play has not played yet, so its hand is
read there), the pieces of that trick, the game's own part of the hand (what stays put through
a trick: rules, contract, scores so far), the :class:`~tablegames.tricks.tally.TrickTally`, the
mask of legal plays and the log. A game writes its hooks once
(:class:`~tablegames.tricks.hooks.PlayHooks`, in its ``playing.py``), makes its engine from
them, gives its playing phase's class the engine's methods, and then names that class to the
engine, with the state after a hand::

    PLAY: TrickPlay[MyState, MyPart, MyResult, Card] = TrickPlay(HOOKS)

    class _Playing(MyState):           # MyState: a frozen attrs class over PlaySlots[MyPart]
        phase = Phase.PLAY
        legal_actions = PLAY.legal_actions
        _step = PLAY.step
        to_act = PLAY.to_act

    PLAY.builds(_Playing, hand_over=_hand_over)

and ``PLAY.begin(hands, part, tally, log)`` starts the play once the contract is settled.
Every type is the game's own: mypy checks the hooks against the part and the result, and the
playing class against the state type. Which pieces follow and which take a trick come
from the contract's :class:`~tablegames.tricks.model.TrickModel` (in the tally) through
:mod:`tablegames.tricks.follow` and :mod:`tablegames.tricks.winner`; the game's hooks say
what happens after a trick and when and how the hand ends. The hooks are pure functions over
plain values, so a solver can drive a bare position (hands, the trick so far, the part and the
tally) through the very same rules: :meth:`TrickPlay.finish_trick` is what the engine itself
does at the end of each trick.

>>> import random
>>> from tablegames import texas42
>>> from tablegames.texas42.state import PLAY
>>> state = texas42.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(2))).apply(texas42.Bid(30))
>>> state = state.apply(texas42.PASS).apply(texas42.PASS).apply(texas42.PASS)
>>> state = state.apply(texas42.Trump(5))
>>> type(state).legal_actions is PLAY.legal_actions, state.to_act
(True, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, NoReturn, TypeVar, cast

import attrs

from tablegames.core.actions import Play
from tablegames.core.errors import TableGamesError
from tablegames.core.frozen import builder, uses_layout
from tablegames.core.history import LogNode
from tablegames.core.seats import Seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.pieces.sets import Piece

from .decode import mask_reader
from .follow import legal_plays, play_violation
from .hooks import AfterTrick, Hands, Pieces, PlayHooks, Valuation, one_trick
from .model import TrickModel
from .position import Position, without
from .tally import TrickTally

__all__ = [
    "PLAY_FIELDS",
    "AfterTrick",
    "HandOver",
    "Hands",
    "InPlay",
    "PlayHooks",
    "PlaySlots",
    "Position",
    "TrickPlay",
    "TrickRulesError",
    "Valuation",
    "check_play_class",
    "one_trick",
    "without",
]

S = TypeVar("S", bound="PlaySlots[object]")
"""The game's state type (what a step gives): a class over :class:`PlaySlots`."""
P = TypeVar("P")
"""The game's part of a hand (what stays put through a trick)."""
P_co = TypeVar("P_co", covariant=True)
"""The part of a hand in a state (a state with a game's part is a state with some part)."""
H = TypeVar("H")
"""The game's result of a hand."""
X = TypeVar("X", bound=Piece)
"""The game's pieces."""

PLAY_FIELDS = ("_hands", "_pieces", "_part", "_trick", "_legal", "_log")
"""The fields of a trick game's state, in order (see :class:`PlaySlots`)."""

HandOver = Callable[[P, H, LogNode], S]
"""The state after a hand ended with a result (the next deal, or the match over); the log
includes the hand's last play."""


class PlaySlots(Generic[P_co]):
    """The slot layout of a trick game's states (every phase's, so a state changes phase by
    changing class). A game's state class is a frozen attrs class deriving from this one whose
    fields are :data:`PLAY_FIELDS`, in that order (:func:`check_play_class` says so): its
    builders fill these slots by plain stores (see :mod:`tablegames.core.frozen`).

    >>> PLAY_FIELDS == tuple(name for name in PlaySlots.__slots__ if name != "__weakref__")
    True
    """

    __slots__ = ("__weakref__", *PLAY_FIELDS)
    _hands: Hands
    """The hands by seat as the trick in progress was led (before play: as they are)."""
    _pieces: Pieces
    """The pieces of the trick in progress, in play order (empty before play)."""
    _part: P_co
    """The game's part of the hand: whatever stays put through a trick."""
    _trick: TrickTally | None
    """The hand's tricks (None before play)."""
    _legal: int
    """In play, the mask of the pieces the seat to play may play (0 otherwise)."""
    _log: LogNode
    """The history, as a bare log node (see :mod:`tablegames.core.history`)."""

    @property
    def hands(self) -> Hands:
        """The pieces each seat holds now (a piece mask by seat): the hands as the trick was
        led, less what each seat has played to it.

        >>> from tablegames import preference, texas42
        >>> texas42.new_match().hands, preference.new_match().hands
        ((0, 0, 0, 0), (0, 0, 0, 0))
        """
        pieces = self._pieces
        tally = self._trick
        if not pieces or tally is None:
            return self._hands
        hands = list(self._hands)
        for seat, piece in zip(tally.turns, pieces):
            hands[seat] &= ~(1 << piece)
        return tuple(hands)


class TrickRulesError(TableGamesError):
    """The trick model's rules contradict each other: the legal plays (``legal_plays``) leave
    out a piece that the refusal (``play_violation``) finds nothing against. A bug in a model or
    in a change to :mod:`tablegames.tricks.follow`, never a player's error: the engine says so
    instead of looping (the consistency test in ``tests/test_trick_engine.py`` finds it first).
    """


class InPlay(PlaySlots[P_co]):
    """A state in play, as the engine's ``step``, ``legal_actions`` and ``to_act`` read it: of
    the playing class, so its tally is there (``_trick`` is never None). Only a type: the
    playing class takes these methods, and only its states reach them.
    """

    __slots__ = ()
    _trick: TrickTally


class _Unbuilt(PlaySlots[object]):
    """The playing class of an engine not yet told its own (see :meth:`TrickPlay.builds`)."""

    __slots__ = ()


def _not_built(*fields: object) -> NoReturn:
    raise TableGamesError(
        "This play engine builds no states yet: give it its playing class and the state "
        "after a hand with TrickPlay.builds (see tablegames.tricks.play)."
    )


class TrickPlay(Generic[S, P, H, X]):
    """The play engine of one game, made once from its hooks (see the module doc): ``S`` is
    the game's state type, ``P`` its part of a hand, ``H`` its result of a hand and ``X`` its
    pieces.

    ``legal_actions``, ``step`` and ``to_act`` are what a playing class takes as its own
    ``legal_actions``, ``_step`` and ``to_act``: the fast path of a legal ready-made play is a
    few slot reads, one call of the follow rule and plain stores into a new state of the
    playing class. The game then names that class, and how a hand ends (:meth:`builds`).

    ``valuation`` is what the game tells a solver (:class:`~tablegames.tricks.hooks.Valuation`:
    what a trick is worth and to whom); the engine only carries it. A game offers its engine
    to the solver by naming it on its state class, ``play_engine: ClassVar[...] = PLAY``
    (:func:`tablegames.solve.engine_of` reads that, nothing else).

    >>> from tablegames.texas42.state import PLAY, Texas42State
    >>> PLAY.hooks.chunks, Texas42State.play_engine is PLAY
    (((0, 10), (10, 10), (20, 8)), True)
    """

    step: Callable[[InPlay[P], object], S | Violation]
    """A playing class's ``_step``: the next state, or the violation that forbids ``action``."""
    legal_actions: Callable[[PlaySlots[P]], tuple[Play[X], ...]]
    """A playing class's ``legal_actions``: the legal mask's ready-made plays."""
    to_act: property
    """A playing class's ``to_act``: the seat to play."""

    def __init__(self, hooks: PlayHooks[P, H, X], valuation: Valuation[P, H] | None = None) -> None:
        self.hooks = hooks
        self.valuation: Valuation[P, H] = Valuation() if valuation is None else valuation
        """What the game tells a solver (the defaults when it tells nothing)."""
        # The playing class (see builds), and a new state of the slot layout typed as one of
        # the game's: it is one as soon as it takes the playing class (no call at run time).
        playing: type[S] = cast("type[S]", _Unbuilt)
        hand_over: HandOver[P, H, S] = _not_built
        new = cast("Callable[[type[PlaySlots[object]]], S]", object.__new__)
        plays = hooks.plays
        piece_type = type(plays[0].piece)
        not_a_piece = hooks.not_a_piece
        wrong_phase = Violation(ViolationCode.WRONG_PHASE, hooks.wrong_phase)
        hand_result = hooks.hand_result
        after_trick = hooks.after_trick

        def finish_trick(
            part: P, hands: Hands, tally: TrickTally, pieces: Pieces
        ) -> tuple[P, Hands, TrickTally, H | None]:
            """The end of a trick (see :meth:`TrickPlay.finish_trick`), the hooks at hand."""
            tally = tally.after(pieces)
            hands = without(hands, pieces)
            if after_trick is not None:
                part, hands, tally = after_trick(part, hands, tally)
            return part, hands, tally, hand_result(part, hands, tally)

        def build(  # noqa: PLR0917 (the fields, in order)
            hands: Hands, pieces: Pieces, part: P, tally: TrickTally, legal: int, log: LogNode
        ) -> S:
            """A state in play, of the playing class, by plain stores into the slot layout
            (what its builder would do: see :mod:`tablegames.core.frozen`)."""
            if playing is _Unbuilt:
                _not_built()
            state = new(PlaySlots)
            state._hands = hands
            state._pieces = pieces
            state._part = part
            state._trick = tally
            state._legal = legal
            state._log = log
            state.__class__ = playing
            return state

        def step(state: InPlay[P], action: object) -> S | Violation:
            """A step of the play: the next state, or the violation that forbids ``action``."""
            if action.__class__ is Play:
                piece = action.piece
                if piece.__class__ is piece_type and state._legal >> (index := piece.index) & 1:
                    # The fast path: a legal piece is one of the legal mask's, and the next
                    # state is built by plain stores (every play makes one).
                    pieces = state._pieces + (index,)  # noqa: RUF005 (no list in between)
                    tally = state._trick
                    turns = tally.turns
                    played = len(pieces)
                    log = state._log
                    if played < len(turns):
                        hands = state._hands
                        after = new(PlaySlots)
                        after._hands = hands
                        after._pieces = pieces
                        after._part = state._part
                        after._trick = tally
                        after._legal = legal_plays(hands[turns[played]], pieces, tally.model)
                        after._log = (log, action, log[2] + 1)
                        after.__class__ = playing
                        return after
                    part, hands, tally, result = finish_trick(
                        state._part, state._hands, tally, pieces
                    )
                    history = (log, action, log[2] + 1)
                    if result is not None:
                        return hand_over(part, result, history)
                    # The next trick's lead, stored as above (every trick ends here). A lead
                    # is the whole hand unless the model forces an order (its tiers): the lead
                    # case of ``legal_plays``, kept here for speed and checked against it
                    # (tests/test_trick_engine.py: the lead shortcut).
                    after = new(PlaySlots)
                    after._hands = hands
                    after._pieces = ()
                    after._part = part
                    after._trick = tally
                    model = tally.model
                    lead = hands[tally.turns[0]]
                    after._legal = legal_plays(lead, (), model) if model.tiers else lead
                    after._log = history
                    after.__class__ = playing
                    return after
                violation = not_a_piece(piece)
                if violation is not None:
                    return violation
                return refuse(state, piece.index)
            return wrong_phase

        def refuse(state: InPlay[P], index: int) -> S | Violation:
            """The refusal of the piece ``index`` (a piece of the game's, not of the ready-made
            plays' class, or not legal)."""
            if state._legal >> index & 1:  # an equal piece of another class: play it plainly
                return step(state, plays[index])
            tally = state._trick
            pieces = state._pieces
            hand = state._hands[tally.turns[len(pieces)]]
            violation = play_violation(hand, pieces, index, tally.model)
            if violation is None:
                model = tally.model
                raise TrickRulesError(
                    f"The trick model's rules disagree: {model.name(index)} is not among the "
                    f"legal plays of the hand {_names(hand, model)} to the trick "
                    f"{_names_in_order(pieces, model)}, yet nothing refuses it "
                    "(tricks.follow: legal_plays and reveals must say the same rule)."
                )
            return violation

        def to_act(state: InPlay[P]) -> Seat:
            """The seat to play."""
            return state._trick.turns[len(state._pieces)]

        def builds(cls: type[S], over: HandOver[P, H, S]) -> None:
            nonlocal playing, hand_over
            playing = cls  # check_play_class has passed it: built by stores into PlaySlots
            hand_over = over

        self._finish_trick = finish_trick
        self._build = build
        self._builds = builds
        self._built: tuple[type[S], HandOver[P, H, S]] | None = None
        self.step = step
        self.legal_actions = mask_reader(plays, hooks.chunks, hooks.quick, attribute="_legal")
        self.to_act = property(to_act)

    def builds(self, playing: type[S], hand_over: HandOver[P, H, S]) -> None:
        """Say how the engine builds states: each state in play is of the class ``playing``
        (the game's playing class, made from the engine's ``step``, ``legal_actions`` and
        ``to_act``: :func:`check_play_class` must pass it), and ``hand_over`` makes the state
        after a hand (the next deal, or the match over). A game calls it once, after its
        playing class is made; until then the engine builds nothing:

        >>> from tablegames.texas42.playing import HOOKS
        >>> from tablegames.tricks import TrickTally
        >>> from tablegames.texas42.model import MODELS
        >>> engine = TrickPlay(HOOKS)
        >>> engine.begin((1, 2, 4, 8), None, TrickTally.begin((0, 1, 2, 3), 0, 4, MODELS[0]), None)
        Traceback (most recent call last):
        ...
        tablegames.core.errors.TableGamesError: This play engine builds no states yet: ...
        """
        check_play_class(playing)
        self._builds(playing, hand_over)
        self._built = (playing, hand_over)

    @property
    def built(self) -> tuple[type[S], HandOver[P, H, S]]:
        """What :meth:`builds` was given (another engine on the same hooks can build alike).

        >>> from tablegames.texas42.state import PLAY
        >>> PLAY.built[0].__name__
        '_Playing'
        """
        if self._built is None:
            _not_built()
        return self._built

    def begin(self, hands: Hands, part: P, tally: TrickTally, log: LogNode) -> S:
        """The first state of the play of a hand: the tally's leader is to lead, from
        ``hands`` (the lead's legal plays by the play rule). Texas 42 begins its play so once
        trump is named:

        >>> from tablegames import texas42
        >>> state = texas42.new_match().apply(texas42.deal_of(["6:6 6:5 6:4 6:3 6:2 6:1 6:0",
        ...     "5:5 5:4 5:3 5:2 5:1 5:0 4:4", "4:3 4:2 4:1 4:0 3:3 3:2 3:1",
        ...     "3:0 2:2 2:1 2:0 1:1 1:0 0:0"])).apply(texas42.Bid(30))
        >>> for text in ("pass", "pass", "pass", "trump 5"):
        ...     state = state.apply(texas42.parse_action(text))
        >>> state.to_act, len(state.legal_actions()), state.phase.value
        (1, 7, 'play')
        """
        legal = legal_plays(hands[tally.turns[0]], (), tally.model)
        return self._build(hands, (), part, tally, legal, log)

    def position(self, state: PlaySlots[P]) -> Position[P]:
        """The bare position of a state in play (see :class:`Position`); the example of
        :meth:`finish_trick` plays one trick on positions.

        >>> import random
        >>> from tablegames import texas42
        >>> from tablegames.texas42.state import PLAY
        >>> state = texas42.new_match()
        >>> while state.phase is not texas42.Phase.PLAY:
        ...     state = state.apply(state.chance_outcome(random.Random(1)) if state.is_chance
        ...                         else state.legal_actions()[-1])
        >>> hands, pieces, part, tally = PLAY.position(state)
        >>> hands == state.hands, pieces, part.trump == state.trump, tally.leader == state.to_act
        (True, (), True, True)
        """
        tally = state._trick
        if tally is None:
            raise TableGamesError("a state before or after play has no position in play")
        return Position(state._hands, state._pieces, state._part, tally)

    def finish_trick(
        self, part: P, hands: Hands, tally: TrickTally, pieces: Pieces
    ) -> tuple[P, Hands, TrickTally, H | None]:
        """The end of the trick ``pieces`` (complete, played from ``hands`` as the trick was
        led): its winner is found and credited in the tally, its pieces leave the hands, the
        game's :attr:`~PlayHooks.after_trick` runs, and :attr:`~PlayHooks.hand_result` says
        whether the hand is over. Returns the part, hands and tally play goes on with (the
        winner, or whoever the game says, leads) and the hand's result or None. This is what
        the engine does at the end of every trick, so a solver that calls it plays by the
        same rules.

        >>> from tablegames import texas42
        >>> from tablegames.texas42.state import PLAY
        >>> state = texas42.new_match().apply(texas42.deal_of(["6:6 6:5 6:4 6:3 6:2 6:1 6:0",
        ...     "5:5 5:4 5:3 5:2 5:1 5:0 4:4", "4:3 4:2 4:1 4:0 3:3 3:2 3:1",
        ...     "3:0 2:2 2:1 2:0 1:1 1:0 0:0"])).apply(texas42.Bid(30))
        >>> for action in ("pass", "pass", "pass", "trump 6", "play 5:5", "play 4:3", "play 3:0"):
        ...     state = state.apply(texas42.parse_action(action))
        >>> hands, pieces, part, tally = PLAY.position(state)
        >>> six = 27  # 6:6
        >>> part, hands, tally, result = PLAY.finish_trick(part, hands, tally, (*pieces, six))
        >>> tally.leader, [bin(hand).count("1") for hand in hands], result
        (0, [6, 6, 6, 6], None)
        >>> PLAY.position(state.apply(texas42.parse_action("play 6:6"))) == (hands, (), part, tally)
        True
        """
        return self._finish_trick(part, hands, tally, pieces)


def _names(mask: int, model: TrickModel) -> str:
    """The pieces of ``mask`` in notation, in index order (for a sentence)."""
    return " ".join(model.name(i) for i in range(mask.bit_length()) if mask >> i & 1) or "(none)"


def _names_in_order(pieces: Pieces, model: TrickModel) -> str:
    """The pieces in notation, in play order (for a sentence)."""
    return " ".join(model.name(piece) for piece in pieces) or "(none: the lead)"


def check_play_class(cls: type) -> None:
    """Raise ``TypeError`` unless ``cls`` is a state class the engine can build: a frozen attrs
    class over :class:`PlaySlots` whose fields are :data:`PLAY_FIELDS` in order, with nothing
    in its ``__init__`` but stores (see :func:`tablegames.core.frozen.uses_layout`).

    >>> from tablegames.texas42.state import Texas42State
    >>> check_play_class(Texas42State)
    >>> check_play_class(PlaySlots)
    Traceback (most recent call last):
    ...
    TypeError: <class 'tablegames.tricks.play.PlaySlots'> is not an attrs class
    """
    builder(cls)  # refuses an attrs class that a builder cannot fill by stores
    names = tuple(field.name for field in attrs.fields(cls))
    if names != PLAY_FIELDS or not issubclass(cls, PlaySlots) or not uses_layout(cls):
        raise TypeError(f"{cls.__name__} does not lay out its fields as PLAY_FIELDS")
