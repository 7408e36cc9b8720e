"""The play of a hand, written once for every trick game: legal plays (the lead too), the play
step and its refusals, the end of a trick, and the end of the hand handed back to the game.

Every trick game's states share one slot layout, :class:`PlaySlots`: the hands as the trick in
progress was led (a play builds no hands: the seat to play has not played yet, so its hand is
read there), the pieces of that trick, the game's own part of the hand (what stays put through
a trick: rules, contract, scores so far), the :class:`~tablegames.tricks.tally.TrickTally`, the
mask of legal plays and the log. A game gives the engine its hooks once (:class:`PlayHooks`),
and its playing phase's class takes the engine's methods::

    PLAY = TrickPlay(PlayHooks(plays=PLAYS, chunks=..., not_a_piece=..., wrong_phase=...,
                               hand_result=..., hand_over=...))

    class _Playing(MyState):           # MyState: a frozen attrs class over PlaySlots
        phase = Phase.PLAY
        legal_actions = PLAY.legal_actions
        _step = PLAY.step
        to_act = PLAY.to_act

and ``PLAY.begin(_Playing, hands, part, tally, log)`` starts the play once the contract is
settled. Which pieces follow and which take a trick come from the contract's
:class:`~tablegames.tricks.model.TrickModel` (in the tally) through
:mod:`~tablegames.tricks.follow` and :mod:`~tablegames.tricks.winner`; the game's hooks say
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

from collections.abc import Callable, Mapping
from typing import Any, Generic, NamedTuple, TypeVar

import attrs

from tablegames.core.actions import Play
from tablegames.core.errors import TableGamesError
from tablegames.core.frozen import builder, uses_layout
from tablegames.core.history import LogNode
from tablegames.core.seats import Seat
from tablegames.core.violations import Violation, ViolationCode

from .decode import mask_reader
from .follow import legal_plays, play_violation
from .tally import TrickTally

P = TypeVar("P")
"""The game's part of a hand (what stays put through a trick)."""
H = TypeVar("H")
"""The game's result of a hand."""
S = TypeVar("S")
"""The game's state class."""

PLAY_FIELDS = ("_hands", "_pieces", "_part", "_trick", "_legal", "_log")
"""The fields of a trick game's state, in order (see :class:`PlaySlots`)."""

Hands = tuple[int, ...]
"""Piece masks by seat."""

AfterTrick = Callable[[P, Hands, TrickTally], tuple[P, Hands, TrickTally]]
"""What happens to the hand after a trick, besides its winner leading the next (the engine has
already taken the trick's pieces out of the hands): the part, hands and tally play goes on with.
Ninety-Two draws from the stock here, and seats whose hands ran out drop out of the seating."""


class PlaySlots:
    """The slot layout of a trick game's states (every phase's, so a state changes phase by
    changing class). A game's state class is a frozen attrs class deriving from this one whose
    fields are :data:`PLAY_FIELDS`, in that order (:func:`check_play_class` says so): the engine
    builds its states by plain stores into these slots (see :mod:`tablegames.core.frozen`).

    >>> PLAY_FIELDS == tuple(name for name in PlaySlots.__slots__ if name != "__weakref__")
    True
    """

    __slots__ = ("__weakref__", *PLAY_FIELDS)
    _hands: Hands
    """The hands by seat as the trick in progress was led (before play: as they are)."""
    _pieces: tuple[int, ...]
    """The pieces of the trick in progress, in play order (empty before play)."""
    _part: Any
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
        if not pieces:
            return self._hands
        hands = list(self._hands)
        for seat, piece in zip(self._trick.turns, pieces):  # type: ignore[union-attr]
            hands[seat] &= ~(1 << piece)
        return tuple(hands)


def one_trick(pieces: tuple[int, ...]) -> int:
    """A trick is worth one trick (the card games' :attr:`PlayHooks.trick_value`).

    >>> one_trick((3, 4, 5))
    1
    """
    return 1


@attrs.frozen
class PlayHooks(Generic[P, H]):
    """What a game tells the play engine (see the module doc): its pieces, its sentences, and
    what a trick and a hand come to. Every hook is a pure function of plain values.

    >>> from tablegames.texas42.state import PLAY
    >>> PLAY.hooks.wrong_phase
    'It is time to play a tile.'
    """

    plays: tuple[Any, ...]
    """By piece index, the ready-made ``Play`` action of each piece (what ``legal_actions``
    lists; a play of an equal piece of another class is played as this one)."""
    chunks: tuple[tuple[int, int], ...]
    """How a legal mask is turned into plays: (first bit, width) of each look-up table (see
    :func:`~tablegames.tricks.decode.mask_reader`)."""
    not_a_piece: Callable[[object], Violation | None]
    """The refusal of something played that is not one of the game's pieces (``7 is not a
    domino``), or None for a piece of the game."""
    wrong_phase: str
    """The sentence refusing any action but a play (``It is time to play a tile.``)."""
    hand_result: Callable[[P, Hands, TrickTally], H | None]
    """After a trick (and :attr:`after_trick`): the hand's result if it is over, else None.
    Texas 42's hand ends after seven tricks, or as soon as it is decided under marks scoring."""
    hand_over: Callable[[P, H, LogNode], Any]
    """The state after the hand ended with a result (the next deal, or the match over); the
    log includes the hand's last play."""
    after_trick: AfterTrick[P] | None = None
    """What happens to the hand after a trick (None: nothing: the winner leads the next)."""
    quick: Mapping[int, tuple[Any, ...]] | None = None
    """Legal masks met often, with their plays (tried before the tables)."""
    trick_value: Callable[[tuple[int, ...]], int] = one_trick
    """What a finished trick is worth to the side that takes it (a solver's unit: Texas 42's
    point a trick plus its count; one trick in the card games)."""
    side_of: Callable[[P, Seat], int] | None = None
    """Which side a seat plays for in this hand (0 or 1: Texas 42's partnerships; a declarer
    and partners against the rest), for a solver; None: each seat for itself."""
    piece_value: tuple[int, ...] | None = None
    """By piece index, what a piece adds to the value of the trick it falls in, for a solver:
    :attr:`trick_value` is then ``trick_value(())`` plus these (Texas 42's count). A solver
    merges pieces only of equal value and bounds what is left to take by them. None: every
    piece alike (a trick is worth :attr:`trick_value` whatever is in it)."""
    ends_early: Callable[[P], bool] | None = None
    """Whether a hand under this part may end before its pieces run out, by what each side has
    taken so far (Texas 42 under marks scoring: as soon as it is decided; nello: with the
    bidder's first trick), for a solver: it then tells positions apart by each side's tricks
    and value so far. None: never (the hand ends as the pieces, the stock and the number of
    tricks say)."""
    tricks_left: Callable[[P, Hands, TrickTally], int] | None = None
    """How many tricks are still to play from the start of a trick (the hands as it is led),
    for a solver's bounds on what is left to take: a game whose hands refill after a trick
    (Ninety-Two's stock) says it here. None: as many as the largest hand holds."""
    declarer: Callable[[P], Seat | None] | None = None
    """The seat whose contract the hand plays for (Texas 42's bidder, Preference's declarer),
    or None for a hand without one: a solver's contract query asks whether its side makes it."""
    made: Callable[[H], bool | None] | None = None
    """Whether the declarer's side made its contract in a hand's result (None: no contract):
    the goal of a solver's contract query, read from the game's own result."""


class Position(NamedTuple):
    """A bare position of the play (what a solver works on): the hands as the trick in
    progress was led, its pieces so far, the game's part of the hand and the tally.

    >>> from tablegames.tricks import plain_card_model
    >>> tally = TrickTally.begin((0, 1), leader=1, seats=2, model=plain_card_model(None))
    >>> Position((1, 2), (), None, tally).tally.leader
    1
    """

    hands: Hands
    pieces: tuple[int, ...]
    part: Any
    tally: TrickTally


class TrickPlay(Generic[P, H]):
    """The play engine of one game, made once from its hooks (see the module doc).

    ``legal_actions``, ``step`` and ``to_act`` are what a playing class takes as its own
    ``legal_actions``, ``_step`` and ``to_act``: the fast path of a legal ready-made play is a
    few slot reads, one call of the follow rule and plain stores into a new state.

    >>> from tablegames.texas42.state import PLAY
    >>> PLAY.hooks.chunks
    ((0, 10), (10, 10), (20, 8))
    """

    def __init__(self, hooks: PlayHooks[P, H]) -> None:
        self.hooks = hooks
        plays = hooks.plays
        piece_type = type(plays[0].piece)
        not_a_piece = hooks.not_a_piece
        wrong_phase = Violation(ViolationCode.WRONG_PHASE, hooks.wrong_phase)
        hand_over = hooks.hand_over
        hand_result = hooks.hand_result
        after_trick = hooks.after_trick
        new = object.__new__

        def finish_trick(
            part: P, hands: Hands, tally: TrickTally, pieces: tuple[int, ...]
        ) -> tuple[P, Hands, TrickTally, H | None]:
            """The end of a trick (see :meth:`TrickPlay.finish_trick`), the hooks at hand."""
            tally = tally.after(pieces)
            hands = without(hands, pieces)
            if after_trick is not None:
                part, hands, tally = after_trick(part, hands, tally)
            return part, hands, tally, hand_result(part, hands, tally)

        def step(state: PlaySlots, action: object) -> Any:
            """A step of the play: the next state, or the violation that forbids ``action``."""
            if action.__class__ is Play:
                piece = action.piece
                if piece.__class__ is piece_type and state._legal >> (index := piece.index) & 1:
                    # The fast path: a legal piece is one of the legal mask's.
                    pieces = state._pieces + (index,)  # noqa: RUF005 (no list in between)
                    tally: TrickTally = state._trick  # type: ignore[assignment]
                    turns = tally.turns
                    played = len(pieces)
                    log = state._log
                    if played < len(turns):
                        hands = state._hands
                        after: PlaySlots = new(PlaySlots)
                        after._hands = hands
                        after._pieces = pieces
                        after._part = state._part
                        after._trick = tally
                        after._legal = legal_plays(hands[turns[played]], pieces, tally.model)
                        after._log = (log, action, log[2] + 1)
                        after.__class__ = type(state)
                        return after
                    part, hands, tally, result = finish_trick(
                        state._part, state._hands, tally, pieces
                    )
                    history = (log, action, log[2] + 1)
                    if result is not None:
                        return hand_over(part, result, history)
                    after = new(PlaySlots)
                    after._hands = hands
                    after._pieces = ()
                    after._part = part
                    after._trick = tally
                    after._legal = legal_plays(hands[tally.turns[0]], (), tally.model)
                    after._log = history
                    after.__class__ = type(state)
                    return after
                return refuse(state, piece)
            return wrong_phase

        def refuse(state: PlaySlots, piece: Any) -> Any:
            violation = not_a_piece(piece)
            if violation is not None:
                return violation
            tally: TrickTally = state._trick  # type: ignore[assignment]
            pieces = state._pieces
            seat = tally.turns[len(pieces)]
            violation = play_violation(state._hands[seat], pieces, piece.index, tally.model)
            if violation is None:  # an equal piece of another class: legal, so play it plainly
                return step(state, plays[piece.index])
            return violation

        def to_act(state: PlaySlots) -> Seat:
            """The seat to play."""
            return state._trick.turns[len(state._pieces)]  # type: ignore[union-attr]

        self._finish_trick = finish_trick
        self.step: Callable[[Any, Any], Any] = step
        """A playing class's ``_step``."""
        self.legal_actions: Callable[[Any], tuple[Any, ...]] = mask_reader(
            plays, hooks.chunks, hooks.quick, attribute="_legal"
        )
        """A playing class's ``legal_actions``: the legal mask's ready-made plays."""
        self.to_act = property(to_act)
        """A playing class's ``to_act``."""

    def begin(self, cls: type[S], hands: Hands, part: P, tally: TrickTally, log: LogNode) -> S:
        """The first state of the play of a hand, of class ``cls`` (the playing class): the
        tally's leader is to lead, from ``hands`` (the lead's legal plays by the play rule).
        Texas 42 begins its play so once trump is named:

        >>> from tablegames import texas42
        >>> state = texas42.new_match().apply(texas42.deal_of(["6:6 6:5 6:4 6:3 6:2 6:1 6:0",
        ...     "5:5 5:4 5:3 5:2 5:1 5:0 4:4", "4:3 4:2 4:1 4:0 3:3 3:2 3:1",
        ...     "3:0 2:2 2:1 2:0 1:1 1:0 0:0"])).apply(texas42.Bid(30))
        >>> for text in ("pass", "pass", "pass", "trump 5"):
        ...     state = state.apply(texas42.parse_action(text))
        >>> state.to_act, len(state.legal_actions()), state.phase.value
        (1, 7, 'play')
        """
        state: Any = object.__new__(PlaySlots)
        state._hands = hands
        state._pieces = ()
        state._part = part
        state._trick = tally
        state._legal = legal_plays(hands[tally.turns[0]], (), tally.model)
        state._log = log
        state.__class__ = cls
        started: S = state
        return started

    def position(self, state: Any) -> Position:
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
        play: PlaySlots = state
        tally = play._trick
        if tally is None:
            raise TableGamesError("a state before or after play has no position in play")
        return Position(play._hands, play._pieces, play._part, tally)

    def finish_trick(
        self, part: P, hands: Hands, tally: TrickTally, pieces: tuple[int, ...]
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


def without(hands: Hands, pieces: tuple[int, ...]) -> Hands:
    """The ``hands`` with the ``pieces`` taken out of them (whoever held them): what the end
    of every trick does to the hands.

    >>> without((0b0011, 0b1100), (0, 3))
    (2, 4)
    """
    if len(pieces) == 3:  # the card games' tricks, and Texas 42's, written out: no loop
        a, b, c = pieces
        keep = ~(1 << a | 1 << b | 1 << c)
    elif len(pieces) == 4:
        a, b, c, d = pieces
        keep = ~(1 << a | 1 << b | 1 << c | 1 << d)
    else:
        taken = 0
        for piece in pieces:
            taken |= 1 << piece
        keep = ~taken
    if len(hands) == 4:  # four hands (most tables), written out: no list in between
        h0, h1, h2, h3 = hands
        return (h0 & keep, h1 & keep, h2 & keep, h3 & keep)
    return tuple(map(keep.__and__, hands))  # (no comprehension: ``keep`` stays a plain local)


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
