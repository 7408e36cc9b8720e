"""Drawing a deal that fits what a seat knows (see :mod:`.reveal`), for determinized search.

Each try first gives every seat that must hold a piece of some set a random such piece, then
places the other free pieces with :func:`~tablegames.core.sampling.assign_hidden` (random, by
augmenting paths, so it respects counts and forbidden pieces whenever it can), and keeps the
result if no seat holds more of a set than it may. Should every try fail, an exhaustive search
(most constrained piece first, backtracking) finds a fitting deal whenever one exists.

>>> import random
>>> from tablegames.pieces import CARD_UNIVERSE
>>> model = SetModel(CARD_UNIVERSE, (0b0011, 0b1100), ("lows", "highs"))
>>> k = Knowledge(known=(0b1000, 0, 0), free=0b0111, room=(0, 2, 1), forbidden=(0, 0, 0b1),
...               needs=(0, 0b1, 0), most=((1, 1), (1, 1), (1, 1)))
>>> dealt = sample_deal(k, model, random.Random(0))
>>> dealt[1] & 0b0001 != 0, bin(dealt[0])
(True, '0b1000')
"""

from __future__ import annotations

import random

from tablegames.core.errors import TableGamesError
from tablegames.core.sampling import assign_hidden
from tablegames.pieces.sets import bits

from .model import SetModel
from .reveal import Knowledge

_TRIES = 30


class _Search:
    def __init__(
        self, k: Knowledge, model: SetModel, rng: random.Random, budget: int | None
    ) -> None:
        self.k = k
        self.model = model
        self.rng = rng
        self.budget = budget
        players = len(k.room)
        self.seats = [s for s in range(players) if k.room[s] > 0]
        self.left = list(k.room)
        self.unmet = list(k.needs)
        self.taken: dict[tuple[int, int], int] = {}
        self.dealt = list(k.known)
        pieces = [i for i in range(k.free.bit_length()) if k.free >> i & 1]
        rng.shuffle(pieces)
        choices = {p: sum(1 for s in self.seats if not k.forbidden[s] >> p & 1) for p in pieces}
        pieces.sort(key=lambda p: choices[p])
        self.pieces = pieces
        self.remaining = k.free

    def feasible(self) -> bool:
        members = self.model.members
        for s in self.seats:
            unmet = self.unmet[s]
            if not unmet:
                continue
            if unmet.bit_count() > self.left[s]:
                return False
            open_ = self.remaining & ~self.k.forbidden[s]
            while unmet:
                low = unmet & -unmet
                if not open_ & members[low.bit_length() - 1]:
                    return False
                unmet ^= low
        return True

    def run(self, index: int) -> bool:
        if index == len(self.pieces):
            return not any(self.unmet)
        if self.budget is not None:
            self.budget -= 1
            if self.budget < 0:
                return False
        piece = self.pieces[index]
        bit = 1 << piece
        set_id = self.model.set_of[piece]
        k = self.k
        candidates = [
            s
            for s in self.seats
            if self.left[s] > 0
            and not k.forbidden[s] >> piece & 1
            and self.taken.get((s, set_id), 0) < k.most[s][set_id]
        ]
        self.rng.shuffle(candidates)
        self.remaining &= ~bit
        for s in candidates:
            before = self.unmet[s]
            self.left[s] -= 1
            self.taken[s, set_id] = self.taken.get((s, set_id), 0) + 1
            self.unmet[s] &= ~(1 << set_id)
            self.dealt[s] |= bit
            if self.feasible() and self.run(index + 1):
                return True
            self.dealt[s] &= ~bit
            self.unmet[s] = before
            self.taken[s, set_id] -= 1
            self.left[s] += 1
            if self.budget is not None and self.budget < 0:
                break
        self.remaining |= bit
        return False


def _try(knowledge: Knowledge, model: SetModel, rng: random.Random) -> list[int] | None:
    """One random try: needs first, then everything else by augmenting paths; None on failure."""
    members = model.members
    room = list(knowledge.room)
    forbidden = list(knowledge.forbidden)
    dealt = list(knowledge.known)
    left = knowledge.free
    players = len(room)
    chosen = _match_needs(knowledge, model, rng)
    if chosen is None:
        return None
    for (seat, _), piece in chosen.items():
        dealt[seat] |= 1 << piece
        left &= ~(1 << piece)
        room[seat] -= 1
        if room[seat] < 0:
            return None
    for seat in range(players):
        for k, most in enumerate(knowledge.most[seat]):
            if most <= 0:
                forbidden[seat] |= members[k]
    try:
        rest = assign_hidden(
            left, {s: room[s] for s in range(players)}, dict(enumerate(forbidden)), rng
        )
    except TableGamesError:
        return None
    for seat, mask in rest.items():
        dealt[seat] |= mask
    free = knowledge.free
    for seat in range(players):
        hand = dealt[seat] & free
        for k in bits(model.held(hand)):
            if (hand & members[k]).bit_count() > knowledge.most[seat][k]:
                return None
    return dealt


def _match_needs(
    knowledge: Knowledge, model: SetModel, rng: random.Random
) -> dict[tuple[int, int], int] | None:
    """A distinct free piece for every need (a seat that must hold part of a set), chosen at
    random by augmenting paths; None when the needs cannot all be met."""
    members = model.members
    needs = [(seat, k) for seat, mask in enumerate(knowledge.needs) for k in bits(mask)]
    rng.shuffle(needs)
    owner: dict[int, tuple[int, int]] = {}
    chosen: dict[tuple[int, int], int] = {}

    def place(need: tuple[int, int], seen: set[int]) -> bool:
        seat, k = need
        choices = list(bits(knowledge.free & members[k] & ~knowledge.forbidden[seat]))
        if not choices:
            return False
        turn = rng.randrange(len(choices))
        for piece in choices[turn:] + choices[:turn]:
            if piece in seen:
                continue
            seen.add(piece)
            if piece not in owner or place(owner[piece], seen):
                owner[piece] = need
                chosen[need] = piece
                return True
        return False

    for need in needs:
        if not place(need, set()):
            return None
    return chosen


def sample_deal(knowledge: Knowledge, model: SetModel, rng: random.Random) -> tuple[int, ...]:
    """Hands as dealt (masks by seat) that fit ``knowledge``: every known piece where it is
    known to have been dealt, every free piece placed within the constraints.

    >>> from tablegames.pieces import CARD_UNIVERSE
    >>> model = SetModel(CARD_UNIVERSE, (0b0011, 0b1100), ("lows", "highs"))
    >>> k = Knowledge((0b0011, 0), 0b1100, (0, 2), (0, 0), (0, 0), ((1, 1), (3, 3)))
    >>> sample_deal(k, model, random.Random(0))
    (3, 12)
    """
    if sum(knowledge.room) != knowledge.free.bit_count():
        raise TableGamesError("the free pieces and the room to deal them do not match")
    for _ in range(_TRIES):
        dealt = _try(knowledge, model, rng)
        if dealt is not None:
            return tuple(dealt)
    search = _Search(knowledge, model, rng, None)
    if search.feasible() and search.run(0):
        return tuple(search.dealt)
    raise TableGamesError("no deal fits what has been seen: the record is inconsistent")
