"""Reading the actions of a record quickly, for :meth:`~tablegames.core.game.Game.replay`.

A match repeats a few dozen distinct actions (``pass``, ``play 6:4``...) hundreds of times, and
actions are immutable, so each distinct text is parsed once, and remembered for the next replay
of the same game too (up to :data:`KNOWN_TEXTS` texts per game). A deal in canonical notation
(every piece written as it prints, the whole deck) is read by one look-up per piece. Anything
else goes through the game's own ``parse_action``, so errors read the same.

:func:`replay_actions` then applies the actions, each validated by the rules as ``apply`` does,
with the per-action overhead of ``apply`` cut: fields are checked once per distinct action.

>>> from tablegames import texas42
>>> read = ActionReader(texas42.GAME.parse_action, texas42.GAME.deck)
>>> deal = "deal " + " ".join(str(tile) for tile in texas42.GAME.deck)
>>> read("play 6:4") is read("play 6:4"), read(deal) == texas42.GAME.parse_action(deal)
(True, True)
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from tablegames.pieces.sets import Piece

from .actions import Deal, field_violation
from .errors import IllegalActionError
from .game_state import GameState
from .violations import Violation

S = TypeVar("S", bound=GameState[Any])


class _Deck(Protocol):
    """A deck that can key a cache: hashable, and iterable over its pieces."""

    def __hash__(self) -> int: ...

    def __iter__(self) -> Iterator[Piece]: ...


KNOWN_TEXTS = 4096
"""How many distinct action texts are remembered per game, across replays (then forgotten all
at once, so the memory stays bounded whatever the records hold)."""

_KNOWN: weakref.WeakKeyDictionary[Callable[[str], object], dict[str, object]] = (
    weakref.WeakKeyDictionary()
)
"""By parse function: the action texts read so far, with their actions."""


def _pieces_by_name(deck: Iterable[Piece]) -> dict[str, Piece]:
    """The pieces of ``deck`` by their notation (remembered for a hashable deck; not changed)."""
    if isinstance(deck, Hashable):
        try:
            return _named_pieces(deck)
        except TypeError:  # a tuple of something unhashable
            pass
    return {str(piece): piece for piece in deck}


@functools.lru_cache(maxsize=64)
def _named_pieces(deck: _Deck) -> dict[str, Piece]:
    return {str(piece): piece for piece in deck}


def _known_texts(parse_action: Callable[[str], object]) -> dict[str, object]:
    """The texts remembered for this parse function (a fresh dict if it cannot be a key)."""
    try:
        known = _KNOWN.get(parse_action)
        if known is None:
            known = _KNOWN[parse_action] = {}
    except TypeError:  # not weakly referable: remember for this reader only
        return {}
    return known


class ActionReader:
    """A caching reader of one game's action notation (see the module doc).

    >>> from tablegames import quartets
    >>> read = ActionReader(quartets.GAME.parse_action, quartets.GAME.deck)
    >>> read("ask 1 8S") == quartets.GAME.parse_action("ask 1 8S")
    True
    """

    __slots__ = ("_parse", "_pieces", "_size", "known", "malformed")

    def __init__(self, parse_action: Callable[[str], object], deck: Iterable[Piece]) -> None:
        pieces = _pieces_by_name(deck)
        self._parse = parse_action
        self._pieces = pieces
        self._size = len(pieces)
        self.known: dict[str, object] = _known_texts(parse_action)
        """Action texts read so far but deals, with their actions, all well formed (look here
        first); shared by every reader of the same parse function."""
        self.malformed = False
        """True once this reader has returned an action whose fields its class's field check
        refuses (a game's parser may make one): the replay then checks every action."""

    def every(self, texts: Iterable[str]) -> list[object]:
        """The actions of ``texts``, in order; the first unreadable one raises ``NotationError``.

        >>> from tablegames import texas42
        >>> [str(a) for a in ActionReader(texas42.GAME.parse_action, ()).every(["PASS", "pass"])]
        ['pass', 'pass']
        """
        known = self.known
        return [known.get(text) or self(text) for text in texts]

    def __call__(self, text: str) -> object:
        """The action ``text`` stands for; unreadable text raises ``NotationError``."""
        known = self.known.get(text)
        if known is not None:
            return known
        if text.startswith("deal "):
            words = text.split(" ")
            if len(words) == self._size + 1:
                pieces = self._pieces
                try:
                    return Deal(tuple([pieces[word] for word in words[1:]]))  # well formed
                except KeyError:
                    pass
            return self._checked(self._parse(text))
        action = self._checked(self._parse(text))
        if self.malformed:
            return action
        known = self.known
        if len(known) >= KNOWN_TEXTS:
            known.clear()  # odd records filled it: start again rather than stop remembering
        known[text] = action
        return action

    def _checked(self, action: object) -> object:
        """``action``, noting when its fields are malformed (see :attr:`malformed`)."""
        if field_violation(action) is not None:
            self.malformed = True
        return action


def replay_actions(
    state: S, actions: Iterable[object], *, well_formed: bool = False
) -> tuple[S, IllegalActionError | None]:
    """``state`` after ``actions`` in order, each validated by the rules as ``apply`` does; and
    the error ``apply`` raised for the first illegal action, which stops the replay (the state
    returned is then the one that refused it), else None.

    Quicker than ``apply`` in a loop: the fields of each distinct action are checked once (not
    at all with ``well_formed``, for actions known to pass, as an :class:`ActionReader`'s that
    is not :attr:`~ActionReader.malformed`), and the transition is called directly; anything
    out of the ordinary (a malformed field, a refusal, an error) goes through ``apply`` itself,
    so it ends exactly as ``apply`` does.

    >>> from tablegames import texas42
    >>> start = texas42.new_match()
    >>> deal = texas42.GAME.parse_action("deal " + " ".join(str(t) for t in texas42.GAME.deck))
    >>> state, error = replay_actions(start, [deal, texas42.PASS, texas42.Bid(30)])
    >>> state == start.apply(deal).apply(texas42.PASS).apply(texas42.Bid(30)), error
    (True, None)
    >>> state, error = replay_actions(start, [deal, texas42.Bid(20), texas42.PASS])
    >>> len(state.history), str(error)
    (1, 'The lowest bid is 30, not 20.')
    """
    checked: set[int] = set()  # identities of actions whose fields passed (all held by actions)
    try:
        for action in actions:
            if not well_formed and id(action) not in checked:
                if field_violation(action) is not None:
                    state = state.apply(action)  # raises
                    continue
                checked.add(id(action))
            result: GameState[Any] | Violation | None
            try:
                result = state._step(action)
            except Exception:
                result = None  # a failure
            # A refusal or an error ends as apply ends it (a state's class may change with its
            # phase, so anything but a Violation or a failure is the next state: one of this
            # game's, as ``apply`` hands it on).
            if result is None or isinstance(result, Violation):
                state = state.apply(action)  # raises as apply does
            else:
                if TYPE_CHECKING:
                    result = cast(S, result)
                state = result
    except IllegalActionError as error:
        return state, error
    return state, None
