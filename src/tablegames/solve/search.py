"""The search: fail-soft null-window alpha-beta over bare positions of the play engine, driven
by MTD(f), with a bounded transposition table at the start of each trick.

A :class:`Searcher` is made for one hand under one contract (a real state, or one sampled
world) and answers questions about any position of it:

- :meth:`Searcher.test` (value): a bound on what side 0 takes from the position on less what
  side 1 takes (the *margin*), tested against a threshold ``need``: a fail-soft null-window
  search returns ``g >= need`` (then the margin is at least ``g``) or ``g < need`` (then it is
  at most ``g``). :meth:`Searcher.margin` runs the tests MTD(f) asks for until the bounds meet.
- :meth:`Searcher.makes` (contract): whether the declarer's side makes its contract under best
  play by both sides, a one-threshold search whose leaves are the game's own results.

Every rule comes from the engine: who may play what (:func:`~tablegames.tricks.follow.legal_plays`),
the end of each trick (:meth:`~tablegames.tricks.play.TrickPlay.finish_trick`: the winner, the
game's ``after_trick`` and ``hand_result``), what a trick is worth (``trick_value``) and who
plays with whom (``side_of``). The search reads the model's fields only to order moves, merge
interchangeable pieces (:mod:`tablegames.solve.tables`) and bound what is left.

The transposition table is keyed by the hands as a trick is led, the leader and the number of
tricks played (plus, in contract queries and in hands that may end early, each side's tricks
and value so far); it keeps lower and upper bounds on the margin from there and the best lead
found. It holds at most ``table_size`` entries and is emptied when full. The end of each trick
is worked out once per trick start and kept with the entry (the finishing trick's pieces to
what follows), so the engine's trick end runs once per distinct trick even though MTD(f)
searches the tree several times.

>>> import random
>>> from tablegames import texas42
>>> from tablegames.texas42.state import PLAY
>>> state = texas42.new_match().apply(texas42.deal_of(["6:6 6:5 6:4 6:3 6:2 6:1 6:0",
...     "5:5 5:4 5:3 5:2 5:1 5:0 4:4", "4:3 4:2 4:1 4:0 3:3 3:2 3:1",
...     "3:0 2:2 2:1 2:0 1:1 1:0 0:0"])).apply(texas42.Bid(30))
>>> for text in ("pass", "pass", "pass", "trump 5"):
...     state = state.apply(texas42.parse_action(text))
>>> position = PLAY.position(state)
>>> searcher = Searcher(PLAY, position.part, position.tally)
>>> searcher.margin(position)      # side 1 (seats 1 and 3) takes all 42 points
(-42, -42)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from operator import itemgetter
from typing import Any

from tablegames.core.errors import TableGamesError
from tablegames.tricks.follow import legal_plays
from tablegames.tricks.play import Position, TrickPlay, one_trick
from tablegames.tricks.tally import TrickTally
from tablegames.tricks.winner import trick_winner

from .tables import tables_for

__all__ = ["INFINITY", "TABLE_SIZE", "Exhausted", "Searcher", "last_winner"]

INFINITY = 1 << 40
"""A margin beyond any hand's: the bound of a game whose remaining value is not known."""

TABLE_SIZE = 1 << 20
"""The transposition table's bound (entries) unless told otherwise; one entry with its trick
ends is about a kilobyte at most, most far less."""

_CLOCK_EVERY = 4096
"""Nodes between looks at the clock when a time budget is set."""


LOW, HIGH, BEST, KIDS, PART, TALLY, TURNS, NUMBER, PAST, HANDS = range(10)
"""The fields of an entry of the tables, one per trick start (and one per root within a trick):
[low, high, best lead, trick ends, part, tally, turns, number, past, hands], where low and high
bound side 0's margin from there (contract table: low is whether the declarer's side makes it,
None until known), and the trick ends map the pieces of a complete trick to (its worth to side
0, the entry after it)."""


class Exhausted(Exception):  # noqa: N818 (a signal inside the search, not an error)
    """Raised inside a search when its node or time budget runs out."""


Past = tuple[int, int, int, int] | None
"""What the tricks so far add up to, when a position's future depends on it: side 0's and
side 1's value taken, then their tricks (None when it does not)."""


def last_winner(tally: TrickTally) -> int:
    """The seat that took the last finished trick of ``tally`` (one at least).

    >>> from tablegames.texas42.model import MODELS
    >>> last_winner(TrickTally.begin((0, 1, 2, 3), 0, 4, MODELS[6]).after((27, 26, 0, 1)))
    0
    """
    finished = tally.finished
    if finished is None:
        raise TableGamesError("No trick is finished yet.")
    return finished[1].winner


class Searcher:
    """Searches of one hand under one contract (see the module doc): ``part`` is the game's
    part of the hand and ``tally`` its tricks at any moment of the play (the sides, the seats
    and the model are read from them once). :meth:`limit` bounds the work of the searches.

    >>> from tablegames.texas42.state import PLAY
    >>> Searcher(PLAY, None, None)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.TableGamesError: The solver needs a position in play.
    """

    def __init__(
        self,
        engine: TrickPlay[Any, Any],
        part: Any,
        tally: TrickTally | None,
        *,
        table_size: int = TABLE_SIZE,
    ) -> None:
        if tally is None:
            raise TableGamesError("The solver needs a position in play.")
        hooks = engine.hooks
        side_of = hooks.side_of
        if side_of is None:
            raise TableGamesError(
                "The solver needs two sides: this game's play engine names none (side_of)."
            )
        self.engine = engine
        self.model = tally.model
        self.part = part
        self.seating = tally.seating
        self.sides = tuple(side_of(part, seat) for seat in range(tally.seating.seats))
        if not set(self.sides) <= {0, 1}:
            raise TableGamesError("The solver needs two sides, 0 and 1 (side_of).")
        self.table_size = table_size
        self.nodes = 0
        """Nodes searched so far (every play tried counts one)."""
        self._budget: int | None = None
        self._deadline: float | None = None
        self._next_check = INFINITY
        self.ends_early = hooks.ends_early is not None and bool(hooks.ends_early(part))
        declarer = None if hooks.declarer is None else hooks.declarer(part)
        self.declarer_side = None if declarer is None else self.sides[declarer]
        """The side of the declarer (whose contract the hand plays for), or None."""
        self.value_table: dict[Any, list[Any]] = {}
        self.contract_table: dict[Any, list[Any]] = {}
        self._build()

    # -- budget ---------------------------------------------------------------------------
    def limit(self, nodes: int | None = None, seconds: float | None = None) -> None:
        """Bound the searches from now on: at most ``nodes`` more nodes, and no later than
        ``seconds`` from now (None: no bound). A search that runs out raises
        :class:`Exhausted`; what it had proved stays in the table.

        >>> import random
        >>> from tablegames import texas42
        >>> from tablegames.texas42.state import PLAY
        >>> state = texas42.new_match()
        >>> while state.phase is not texas42.Phase.PLAY:
        ...     state = state.apply(state.chance_outcome(random.Random(3)) if state.is_chance
        ...                         else state.legal_actions()[-1])
        >>> position = PLAY.position(state)
        >>> searcher = Searcher(PLAY, position.part, position.tally)
        >>> searcher.limit(nodes=10)
        >>> low, high = searcher.margin(position)
        >>> low < high, searcher.nodes
        (True, 10)
        """
        self._budget = None if nodes is None else self.nodes + nodes
        self._deadline = None if seconds is None else time.perf_counter() + seconds
        self._arm()

    def _arm(self) -> None:
        check = INFINITY
        if self._budget is not None:
            check = self._budget
        if self._deadline is not None:
            check = min(check, self.nodes + _CLOCK_EVERY)
        self._next_check = check

    def _checkpoint(self, nodes: int) -> int:
        """At the node count of the next check: raise :class:`Exhausted` when the budget is
        spent, else the node count of the check after."""
        self.nodes = nodes
        if self._budget is not None and nodes >= self._budget:
            raise Exhausted
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            raise Exhausted
        self._arm()
        return self._next_check

    # -- what the past adds up to -----------------------------------------------------------
    def past_of(self, tally: TrickTally) -> Past:
        """Each side's value and tricks over ``tally``'s finished tricks (by the game's own
        ``trick_value`` and sides).

        >>> from tablegames.texas42.model import MODELS
        >>> from tablegames.texas42.state import PLAY
        >>> from tablegames.texas42 import Rules
        >>> from tablegames.texas42.hand import start_part
        >>> tally = TrickTally.begin((0, 1, 2, 3), 0, 4, MODELS[6]).after((27, 26, 0, 1))
        >>> Searcher(PLAY, start_part(Rules(), 0, (0, 0), ()), tally).past_of(tally)
        (1, 0, 1, 0)
        """
        trick_value = self.engine.hooks.trick_value
        totals = [0, 0, 0, 0]
        for trick in tally.tricks:
            winner = self.sides[trick.winner]
            totals[winner] += trick_value(trick.pieces)
            totals[2 + winner] += 1
        return totals[0], totals[1], totals[2], totals[3]

    # -- the searches -------------------------------------------------------------------
    def _build(self) -> None:  # one closure set, kept together for speed
        engine = self.engine
        hooks = engine.hooks
        model = self.model
        finish = engine.finish_trick
        trick_value = hooks.trick_value
        made = hooks.made
        side = self.sides
        tables = tables_for(model, hooks.piece_value)
        known_values = hooks.piece_value is not None or trick_value is one_trick
        # Without an after_trick hook a trick's end takes its pieces out of the hands and its
        # winner leads (what tricks.play says): the next position's key is known before the
        # engine is asked, and the engine is asked only for a position not met before (and
        # checked against that).
        predict = hooks.after_trick is None
        bounded = predict and known_values
        values = tables.values
        base = trick_value(()) if known_values else 0
        lead_key = tables.lead_key
        beats = tables.beats
        over = tables.over
        anywhere = tables.anywhere
        same = tables.same
        between = tables.between
        rank = tables.rank
        size = tables.size
        merging = tables.mergeable and predict
        with_mates = 0
        for piece in range(size):
            if same[piece]:
                with_mates |= 1 << piece
        ends_early = self.ends_early
        # A value search of a hand that ends only when its hands run out needs nothing of the
        # engine but the winner of each trick (what it takes and who leads next are known):
        # it asks the engine's end of a trick at its first trick only, to check that.
        lazy = predict and not ends_early
        seating_turns = self.seating.turns
        quick = bounded and not ends_early and model.special_winner is None and not model.tiers
        sure_first = model.special_winner is None
        keys = model.keys
        lead_suit = model.lead_suit
        legal = legal_plays
        first = itemgetter(0)
        winner_of = trick_winner
        # Sort keys for a follower: when its side holds the trick, its most valuable piece
        # and then its lowest; else its lowest that takes the trick, then its least useful.
        spread = 1 << 12
        dump = tuple(tuple(-values[p] * spread + row[p] for p in range(size)) for row in keys)
        cheap = tuple(tuple(values[p] * spread + row[p] for p in range(size)) for row in keys)
        # A leader tries its sure winners first, then its most valuable pieces, highest first.
        lead_order = tuple(-values[p] * spread - lead_key[p] for p in range(size))
        value_table = self.value_table
        contract_table = self.contract_table
        table_size = self.table_size
        searcher = self

        chunk = 10
        value_chunks = tuple(
            tuple(
                sum(
                    values[start + bit]
                    for bit in range(chunk)
                    if start + bit < size and m >> bit & 1
                )
                for m in range(1 << chunk)
            )
            for start in range(0, size, chunk)
        ) if any(values) else ()  # fmt: skip

        def live_value(mask: int) -> int:
            """What the pieces of ``mask`` add to the tricks they fall in."""
            total = 0
            for table in value_chunks:
                total += table[mask & 1023]
                mask >>= chunk
            return total

        # By piece: its classmates ranked below it, the nearest first.
        below = tuple(
            tuple(
                sorted(
                    (q for q in range(size) if same[p] >> q & 1 and rank[q] < rank[p]),
                    key=rank.__getitem__,
                    reverse=True,
                )
            )
            for p in range(size)
        )

        def merged(mask: int, candidates: int, hands: tuple[int, ...]) -> int:
            """``mask`` without the pieces interchangeable with a lower one in it (of the
            ``candidates``, those of ``mask`` with classmates)."""
            live = 0
            for hand in hands:
                live |= hand
            drop = 0
            while candidates:
                low = candidates & -candidates
                piece = low.bit_length() - 1
                candidates ^= low
                for mate in below[piece]:
                    if mask >> mate & 1:
                        if not between[piece * size + mate] & live:
                            drop |= low  # one choice with the piece just below it
                        break
            return mask ^ drop

        # Move orders, by number: 0 for a lead, then for each suit led its "dump" order (a
        # follower whose side holds the trick), then its "cheap" order (one whose side does
        # not). The pieces of a mask in an order are made once and kept.
        suits = len(keys)
        orders = (lead_order, *dump, *cheap)
        dump_id = tuple(range(1, 1 + suits))
        cheap_id = tuple(range(1 + suits, 1 + 2 * suits))
        shift = len(orders).bit_length()
        in_order: dict[int, tuple[int, ...]] = {}

        def sort_mask(mask: int, order_id: int) -> tuple[int, ...]:
            """The pieces of ``mask`` in order ``order_id`` (kept: see ``in_order``)."""
            pieces = []
            key = mask << shift | order_id
            while mask:
                low = mask & -mask
                pieces.append(low.bit_length() - 1)
                mask ^= low
            pieces.sort(key=orders[order_id].__getitem__)
            if len(in_order) >= table_size:
                in_order.clear()
            found = in_order[key] = tuple(pieces)
            return found

        # By suit led and (one more than) the key of the piece heading the trick: the pieces
        # that would head it instead.
        top_key = max(max(row) for row in keys)
        above = tuple(
            tuple(
                sum(1 << p for p in range(size) if row[p] > key - 1)
                for key in range(top_key + 2)
            )
            for row in keys
        )  # fmt: skip

        def ordered(  # noqa: PLR0917 (the search's state at a play, as it holds it)
            mask: int,
            hands: tuple[int, ...],
            pieces: tuple[int, ...],
            turns: tuple[int, ...],
            top: int,
            holder: int,
            mine: int,
            best: int,
        ) -> tuple[int, ...]:
            """The moves of ``mask`` to try for a seat of side ``mine``, interchangeable ones
            once, the likeliest best first."""
            if merging:
                candidates = mask & with_mates
                if candidates & (candidates - 1):
                    mask = merged(mask, candidates, hands)
            if pieces:
                suit = lead_suit[pieces[0]]
                if holder == mine:
                    order_id = dump_id[suit]
                    moves = in_order.get(mask << shift | order_id) or sort_mask(mask, order_id)
                    return moves
                order_id = cheap_id[suit]
                win = mask & above[suit][top + 1]
                if win and win != mask:
                    rest = mask ^ win
                    return (in_order.get(win << shift | order_id) or sort_mask(win, order_id)) + (
                        in_order.get(rest << shift | order_id) or sort_mask(rest, order_id)
                    )
                return in_order.get(mask << shift | order_id) or sort_mask(mask, order_id)
            if sure_first and mask & (mask - 1):
                others = 0
                for seat in turns:
                    if side[seat] != mine:
                        others |= hands[seat]
                sure = 0
                rest = mask
                while rest:
                    low = rest & -rest
                    rest ^= low
                    if not beats[low.bit_length() - 1] & others:
                        sure |= low
                if sure and sure != mask:
                    rest = mask ^ sure
                    moves = (in_order.get(sure << shift) or sort_mask(sure, 0)) + (
                        in_order.get(rest << shift) or sort_mask(rest, 0)
                    )
                else:
                    moves = in_order.get(mask << shift) or sort_mask(mask, 0)
            else:
                moves = in_order.get(mask << shift) or sort_mask(mask, 0)
            if best >= 0 and best in moves and moves[0] != best:
                moves = (best, *[p for p in moves if p != best])
            return moves

        def remaining(hands: tuple[int, ...], players: int) -> int:
            everything = 0
            for hand in hands:
                everything |= hand
            return base * (everything.bit_count() // players) + live_value(everything)

        def sure_tricks(hands: tuple[int, ...], turns: tuple[int, ...]) -> int:
            """What the leader's side takes at least by leading its sure winners one by one
            (pieces no piece of the other side can beat)."""
            leader = turns[0]
            mine = side[leader]
            others = 0
            for seat in turns:
                if side[seat] != mine:
                    others |= hands[seat]
            hand = hands[leader]
            taken = 0
            while hand:
                low = hand & -hand
                piece = low.bit_length() - 1
                hand ^= low
                if not beats[piece] & others:
                    taken += base + values[piece]
            return taken

        # An entry of the tables: see the fields' names (LOW, HIGH, ...) at the top.

        def bosses(hands: tuple[int, ...], turns: tuple[int, ...]) -> tuple[int, int]:
            """The seat holding pieces that take any trick they fall in (its highest
            trumps), and what they take at least (or -1 and 0)."""
            live = 0
            for seat in turns:
                live |= hands[seat]
            for seat in turns:
                hand = hands[seat]
                strong = hand & anywhere
                if not strong:
                    continue
                others = live & ~hand
                taken = 0
                while strong:
                    low = strong & -strong
                    piece = low.bit_length() - 1
                    strong ^= low
                    if not over[piece] & others:
                        taken += base + values[piece]
                if taken:
                    return seat, taken
            return -1, 0

        def last_trick(
            hands: tuple[int, ...], part: Any, tally: Any, turns: tuple[int, ...]
        ) -> int | None:
            """Side 0's margin from the last trick, when every seat holds one piece (its
            only legal play) and the hand ends with it; else None."""
            final = []
            for seat in turns:
                hand = hands[seat]
                if hand & (hand - 1) or not hand:
                    return None
                final.append(hand.bit_length() - 1)
            pieces = tuple(final)
            if tally is None:  # a lazy search: the hand ends as the hands run out
                place, worth, _ = trick_end(pieces)
                return -worth if side[turns[place]] else worth
            ended = finish(part, hands, tally, pieces)
            if ended[3] is None:
                return None
            worth = trick_value(pieces)
            return -worth if side[last_winner(ended[2])] else worth

        def value_entry(  # noqa: PLR0917 (an entry's fields, in order)
            hands: tuple[int, ...],
            part: Any,
            tally: Any,
            turns: tuple[int, ...],
            number: int,
            past: Past,
            result: Any,
        ) -> list[Any]:
            if result is not None:
                low = high = 0
            elif bounded:
                exact = last_trick(hands, part, tally, turns)
                if exact is not None:
                    return [exact, exact, -1, {}, part, tally, turns, number, past, hands]
                high = remaining(hands, len(turns))
                low = -high
                if quick:
                    most = high
                    sure = sure_tricks(hands, turns)
                    if sure:
                        floor = 2 * sure - most
                        if side[turns[0]]:
                            high = -floor
                        else:
                            low = floor
                    holder, taken = bosses(hands, turns)
                    if taken:
                        floor = 2 * taken - most
                        if side[holder]:
                            high = min(high, -floor)
                        else:
                            low = max(low, floor)
            else:
                low, high = -INFINITY, INFINITY
            return [low, high, -1, {}, part, tally, turns, number, past, hands]

        def contract_entry(  # noqa: PLR0917 (an entry's fields, in order)
            hands: tuple[int, ...],
            part: Any,
            tally: Any,
            turns: tuple[int, ...],
            number: int,
            past: Past,
            result: Any,
        ) -> list[Any]:
            answer = None if result is None else bool(made(result))  # type: ignore[misc]
            return [answer, None, -1, {}, part, tally, turns, number, past, hands]

        ends: dict[tuple[int, ...], tuple[int, int, int]] = {}
        """By a complete trick's pieces: the position of its winner (the engine's
        ``trick_winner``), its worth (``trick_value``) and the mask of what is left."""

        def trick_end(after: tuple[int, ...]) -> tuple[int, int, int]:
            known = ends.get(after)
            if known is None:
                if len(ends) >= table_size:
                    ends.clear()
                gone = 0
                for piece in after:
                    gone |= 1 << piece
                known = ends[after] = (winner_of(after, model), trick_value(after), ~gone)
            return known

        def arrive(
            entry: list[Any], after: tuple[int, ...], table: dict[Any, list[Any]],
            fresh: Callable[..., list[Any]],
        ) -> tuple[int, list[Any]]:  # fmt: skip
            """The end of the trick ``after`` from ``entry``'s trick start: its worth to side
            0 and the entry of the position after it (found in ``table``, or made by
            ``fresh``, from the engine's end of the trick unless the search is lazy)."""
            place, worth, keep = ends.get(after) or trick_end(after)
            past = entry[PAST]
            hands = entry[HANDS]
            number = entry[NUMBER] + 1
            if predict:
                winner = entry[TURNS][place]
                hands_after = tuple([hand & keep for hand in hands])
                winning = side[winner]
                if past is not None:
                    v0, v1, t0, t1 = past
                    past = (v0, v1 + worth, t0, t1 + 1) if winning else (v0 + worth, v1, t0 + 1, t1)
                key = (hands_after, winner, number, past)
                found = table.get(key)
                if found is not None:
                    return (-worth if winning else worth), found
                if lazy and fresh is value_entry:
                    if entry[TALLY] is not None:  # the first trick: the engine agrees
                        check_end(entry, after, hands_after, winner)
                    if len(table) >= table_size:
                        table.clear()
                    if any(hands_after):
                        found = value_entry(
                            hands_after, None, None, seating_turns[winner], number, None, None
                        )
                    else:
                        found = [0, 0, -1, {}, None, None, (), number, None, hands_after]
                    table[key] = found
                    return (-worth if winning else worth), found
            part, hands_engine, tally, result = finish(entry[PART], hands, entry[TALLY], after)
            winner = last_winner(tally)
            winning = side[winner]
            if predict:
                if hands_engine != hands_after or tally.turns[0] != winner:
                    raise TableGamesError(
                        "The engine ended a trick otherwise than the solver expects: a game "
                        "that changes the hands or the leader after a trick needs after_trick."
                    )
            else:
                if past is not None:
                    v0, v1, t0, t1 = past
                    past = (v0, v1 + worth, t0, t1 + 1) if winning else (v0 + worth, v1, t0 + 1, t1)
                key = (hands_engine, tally.turns[0] if result is None else -1, number, past)
                found = table.get(key)
                if found is not None:
                    return (-worth if winning else worth), found
            if len(table) >= table_size:
                table.clear()
            found = table[key] = fresh(hands_engine, part, tally, tally.turns, number, past, result)
            return (-worth if winning else worth), found

        def check_end(
            entry: list[Any], after: tuple[int, ...], hands: tuple[int, ...], winner: int
        ) -> None:
            """Raise unless the engine ends the trick ``after`` as a lazy search expects: its
            pieces out of the hands, its winner to lead, the hand over only with the hands."""
            _, hands_engine, tally, result = finish(entry[PART], entry[HANDS], entry[TALLY], after)
            if hands_engine != hands or tally.turns[0] != winner or (result is None) != any(hands):
                raise TableGamesError(
                    "The engine ended a trick otherwise than the solver expects: a game whose "
                    "hand may end before the hands run out needs ends_early, and one that "
                    "changes the hands or the leader after a trick needs after_trick."
                )

        # -- value: fail-soft null-window search on side 0's margin -------------------------
        nodes = 0
        check = INFINITY

        def play(
            pieces: tuple[int, ...], need: int, top: int, holder: int, entry: list[Any]
        ) -> int:
            """Side 0's margin from a play within the trick of ``entry`` (a fail-soft bound
            against ``need``; ``top``: the key of the piece heading it so far, ``holder``:
            the side that played that piece)."""
            nonlocal nodes, check
            v: int
            w: int
            nodes += 1
            if nodes >= check:
                check = searcher._checkpoint(nodes)
            at = len(pieces)
            turns = entry[TURNS]
            seat = turns[at]
            mine = side[seat]
            hands = entry[HANDS]
            moves = ordered(
                legal(hands[seat], pieces, model), hands, pieces, turns, top, holder, mine,
                entry[BEST],
            )  # fmt: skip
            row = keys[lead_suit[pieces[0]]] if at else lead_key
            maximise = not mine
            g = -INFINITY if maximise else INFINITY
            if at + 1 == len(turns):
                # The last play of the trick: every end's bounds first (a cut-off may need no
                # search), then the undecided ends searched, the most promising first.
                kids = entry[KIDS]
                open_ends = []
                for piece in moves:
                    after = (*pieces, piece)
                    kid = kids.get(after)
                    if kid is None:
                        kid = kids[after] = arrive(entry, after, value_table, value_entry)
                    v, following = kid
                    low = following[LOW]
                    rest = need - v
                    if low >= rest:
                        v += low
                    else:
                        high = following[HIGH]
                        if high < rest:
                            v += high
                        else:
                            open_ends.append((high + v if maximise else -low - v, kid))
                            continue
                    if maximise:
                        if v > g:
                            g = v
                            if g >= need:
                                return g
                    elif v < g:
                        g = v
                        if g < need:
                            return g
                if len(open_ends) > 1:
                    open_ends.sort(reverse=True, key=first)
                for _, kid in open_ends:
                    v, following = kid
                    rest = need - v
                    low = following[LOW]
                    high = following[HIGH]
                    if low >= rest:
                        w = low
                    elif high < rest:
                        w = high
                    else:
                        w = play((), rest, -1, 0, following)
                        if w >= rest:
                            following[LOW] = w
                        else:
                            following[HIGH] = w
                    v += w
                    if maximise:
                        if v > g:
                            g = v
                            if g >= need:
                                return g
                    elif v < g:
                        g = v
                        if g < need:
                            return g
                return g
            for piece in moves:
                if at:
                    key = row[piece]
                    if key > top:
                        v = play((*pieces, piece), need, key, mine, entry)
                    else:
                        v = play((*pieces, piece), need, top, holder, entry)
                else:
                    v = play((piece,), need, lead_key[piece], mine, entry)
                if maximise:
                    if v > g:
                        g = v
                        if g >= need:
                            if not at:
                                entry[BEST] = piece
                            return g
                elif v < g:
                    g = v
                    if g < need:
                        if not at:
                            entry[BEST] = piece
                        return g
            return g

        # -- contract: does the declarer's side make it? ------------------------------------
        declaring = self.declarer_side

        def contract_play(pieces: tuple[int, ...], top: int, holder: int, entry: list[Any]) -> bool:
            nonlocal nodes, check
            ok: bool | None
            nodes += 1
            if nodes >= check:
                check = searcher._checkpoint(nodes)
            at = len(pieces)
            turns = entry[TURNS]
            seat = turns[at]
            mine = side[seat]
            hands = entry[HANDS]
            moves = ordered(
                legal(hands[seat], pieces, model), hands, pieces, turns, top, holder, mine,
                entry[BEST],
            )  # fmt: skip
            row = keys[lead_suit[pieces[0]]] if at else lead_key
            wants: bool = mine == declaring
            if at + 1 == len(turns):
                kids = entry[KIDS]
                for piece in moves:
                    after = (*pieces, piece)
                    following = kids.get(after)
                    if following is None:
                        following = kids[after] = arrive(
                            entry, after, contract_table, contract_entry
                        )[1]
                    ok = following[LOW]
                    if ok is None:
                        ok = following[LOW] = contract_play((), -1, 0, following)
                    if ok is wants:
                        return wants
                return not wants
            for piece in moves:
                if at:
                    key = row[piece]
                    if key > top:
                        ok = contract_play((*pieces, piece), key, mine, entry)
                    else:
                        ok = contract_play((*pieces, piece), top, holder, entry)
                else:
                    ok = contract_play((piece,), lead_key[piece], mine, entry)
                if ok is wants:
                    if not at:
                        entry[BEST] = piece
                    return wants
            return not wants

        # -- roots ---------------------------------------------------------------------------
        roots: dict[Any, list[Any]] = {}
        """Entries of positions searched from within a trick, kept for the next search of
        the same position (emptied with the tables)."""

        def heading(pieces: tuple[int, ...], turns: tuple[int, ...]) -> tuple[int, int]:
            if not pieces:
                return -1, 0
            row = keys[lead_suit[pieces[0]]]
            top, at = -1, 0
            for place, piece in enumerate(pieces):
                if row[piece] > top:
                    top, at = row[piece], place
            return top, side[turns[at]]

        def root(position: Position, contract: bool) -> tuple[list[Any], int, int]:
            hands, pieces, part, tally = position
            past = searcher.past_of(tally) if ends_early or contract else None
            number = tally.number
            key: tuple[Any, ...] = (hands, tally.turns[0], number, past)
            table = contract_table if contract else value_table
            fresh = contract_entry if contract else value_entry
            if pieces:
                key = (*key, pieces)
                table = roots
            entry = table.get(key)
            if entry is None:
                if len(table) >= table_size:
                    table.clear()
                entry = table[key] = fresh(hands, part, tally, tally.turns, number, past, None)
                if pieces and not contract:
                    entry[LOW], entry[HIGH] = -INFINITY, INFINITY
            top, holder = heading(pieces, tally.turns)
            return entry, top, holder

        def test(position: Position, need: int) -> int:
            nonlocal nodes, check
            entry, top, holder = root(position, False)
            if entry[LOW] >= need:
                return entry[LOW]  # type: ignore[no-any-return]
            if entry[HIGH] < need:
                return entry[HIGH]  # type: ignore[no-any-return]
            nodes, check = searcher.nodes, searcher._next_check
            try:
                g = play(position.pieces, need, top, holder, entry)
            finally:
                searcher.nodes = nodes
            if g >= need:
                entry[LOW] = g
            else:
                entry[HIGH] = g
            return g

        def makes(position: Position) -> bool:
            nonlocal nodes, check
            if declaring is None or made is None:
                raise TableGamesError("This hand has no contract to make.")
            entry, top, holder = root(position, True)
            if entry[LOW] is not None:
                return entry[LOW]  # type: ignore[no-any-return]
            nodes, check = searcher.nodes, searcher._next_check
            try:
                entry[LOW] = answer = contract_play(position.pieces, top, holder, entry)
            finally:
                searcher.nodes = nodes
            return answer

        def bounds(position: Position) -> tuple[int, int]:
            entry = root(position, False)[0]
            return entry[LOW], entry[HIGH]

        self.test: Callable[[Position, int], int] = test
        """A fail-soft bound on side 0's margin from a position, against ``need``: at least
        the bound when it is ``>= need``, at most it when it is below."""
        self.makes: Callable[[Position], bool] = makes
        """Whether the declarer's side makes its contract from a position under best play
        (raises :class:`Exhausted` when the budget runs out)."""
        self.bounds: Callable[[Position], tuple[int, int]] = bounds
        """The bounds on side 0's margin from a position proved so far."""

    def margin(
        self, position: Position, guess: int = 0, low: int = -INFINITY, high: int = INFINITY
    ) -> tuple[int, int]:
        """Bounds on side 0's margin from ``position`` (MTD(f), the first test at ``guess``):
        equal when the search finished, else as far as it got before its budget ran out."""
        g = guess
        try:
            while low < high:
                beta = g + 1 if g == low else g
                g = self.test(position, beta)
                if g < beta:
                    high = g
                else:
                    low = g
        except Exhausted:
            pass
        return low, high
