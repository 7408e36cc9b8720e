"""A live table: the authoritative state, its seats and listeners, and how a move is made.

Everything that changes a table happens under the table's lock, in this order: the move is
read (``parse_action``) and checked for its seat (``check(action, seat)``), the next state is
computed, the move is written to the store, and only once the commit that holds it returned
is the state replaced, the mover told ``accepted`` and every listener sent its view. A
chance step (the deal) and a bot's move go the same way (the driver, :mod:`.driver`). A move
the store cannot take now is refused as ``not_stored`` (try again): it was not acknowledged.
A listener is a seat's connection (it receives ``view(seat)``) or a spectator's (the public
view); a slow listener never holds the table up.

>>> import asyncio
>>> from tablegames.server.store import SQLiteStore
>>> from tablegames.server.writer import StoreWriter
>>> async def demo():
...     writer = StoreWriter(SQLiteStore(":memory:"))
...     table, tokens = await Table.create(writer, "texas42", {}, ["person"] * 4,
...         TableOptions(bot_delay=0.0, bot_after=None), seed="1")
...     await table.deal()                          # what the driver does
...     answer = await table.submit(0, "bid 30")    # seat 1 bids first
...     writer.close()
...     return answer["type"], answer["code"], table.seat_of(tokens[0]), table.turn
>>> asyncio.run(demo())
('refused', 'out_of_turn', 0, 1)
"""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from collections.abc import Sequence
from typing import Any, Protocol

import attrs

from tablegames.core.actions import Deal
from tablegames.core.game import Game, GameState
from tablegames.core.limits import MAX_ACTIONS, MAX_DEAL_ACTIONS, MAX_MATCH_DEALS
from tablegames.core.seat_record import WITHHELD, seat_record
from tablegames.core.signing import sign
from tablegames.errors import TableGamesError
from tablegames.games import get_game

from .protocol import PROTOCOL_VERSION, encode
from .public import LastMove, bounded_view, public_action, public_view, table_events
from .replay import replay
from .seats import check_players, claim, invite, make_seats, open_invitation, seat_of
from .store import StoreConflictError, StoredTable, StoreUnavailableError, TableInfo
from .writer import StoreWriter

__all__ = ["Listener", "Table", "TableOptions", "replay"]


@attrs.frozen
class TableOptions:
    """How tables behave: ``bot_delay`` seconds before a bot moves (so people can follow),
    ``bot_after`` seconds a person may take on a turn before the ``standby`` agent plays for
    them until they come back (``None``: never), how many messages may wait for one listener
    before it is dropped (``max_queue``), and the bounds every match ends at, as
    :func:`~tablegames.agents.play_match`'s: the most deals, actions in one deal, and actions
    in all.

    >>> TableOptions().standby, TableOptions().max_deals
    ('heuristic', 1000)
    """

    bot_delay: float = 0.7
    bot_after: float | None = 120.0
    standby: str = "heuristic"
    max_queue: int = 256
    max_deals: int = MAX_MATCH_DEALS
    max_deal_actions: int = MAX_DEAL_ACTIONS
    max_actions: int = MAX_ACTIONS


class Listener(Protocol):
    """A connection to a table: its seat (``None`` for a spectator), and ``deliver(text)``,
    which must not block: it queues the text, and drops the connection when its queue is full
    (the client reconnects and resumes at the current view)."""

    seat: int | None

    def deliver(self, text: str) -> None:
        """Queue one message for the client."""
        ...


def _refused(turn: int, code: str, message: str) -> dict[str, object]:
    return {"type": "refused", "turn": turn, "code": code, "message": message}


class Table:
    """One table: build it with :meth:`create` (a new match) or :meth:`resume` (replaying
    what the store holds); :mod:`.driver` plays its deals and bots."""

    def __init__(
        self,
        info: TableInfo,
        game: Game[Any, Any],
        state: GameState[Any],
        writer: StoreWriter,
        options: TableOptions,
        *,
        counts: tuple[int, int] = (0, 0),
        ended: str | None = None,
    ) -> None:
        self.info = info
        self.game = game
        self.state = state
        self.writer = writer
        self.options = options
        self.deals, self.in_deal = counts
        self.ended = ended
        self.players = len(info.seats)
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        self.listeners: set[Listener] = set()
        self.away = [False] * self.players
        self.unsynced = False
        self.closed: str | None = None
        self.empty_since = time.monotonic()
        self.turn_started = time.monotonic()
        self._hidden = (Deal, *WITHHELD)
        self._last: LastMove | None = None
        self._move: object = None
        self._events: list[dict[str, object]] = []
        self._record: str | None = None
        self._seen, views, self._omitted = self._views()
        self._results = self._result_count(views)
        self._public = public_view(views)
        self._messages = self._encode(views)

    # -- building ------------------------------------------------------------------------------

    @classmethod
    async def create(
        cls,
        writer: StoreWriter,
        game_name: str,
        rules: dict[str, object],
        players: Sequence[str],
        options: TableOptions,
        *,
        seed: str | None = None,
        table_id: str | None = None,
        mine: int | None = 0,
        creator: str | None = None,
        names: Sequence[str | None] = (),
        listed: bool = False,
    ) -> tuple[Table, list[str | None]]:
        """A new table, stored before it is returned, and each seat's token (``None`` for a
        bot's seat): seat ``mine``'s secret (the creator's seat; ``0`` by default when it is a
        person's, ``None``: no seat) and an invitation for every other person's seat; the
        seats' ``names``, and whether the lobby ``listed`` it. A table without a ``seed`` gets
        one the server draws and shows nobody (so it deals the same after a restart); a given
        seed is shown to everyone at the table."""
        game = get_game(game_name)
        parsed = game.rules_from_json(rules)
        state = game.new_match(parsed)
        check_players(game.title, game.seats(parsed), players)
        if mine is not None and (mine >= len(players) or players[mine] != "person"):
            mine = next((s for s, p in enumerate(players) if p == "person"), None)
        seats, tokens = make_seats(players, mine, names)
        info = TableInfo(
            table_id or secrets.token_urlsafe(9),
            game.name,
            game.rules_to_json(parsed),
            seats,
            seed if seed is not None else secrets.token_hex(16),
            seed_shown=seed is not None,
            creator=creator,
            listed=listed,
        )
        await writer.create(info)
        return cls(info, game, state, writer, options), tokens

    @classmethod
    def resume(cls, stored: StoredTable, writer: StoreWriter, options: TableOptions) -> Table:
        """The table a store holds, its match replayed move by move (a RecordError if the
        stored moves do not replay)."""
        game = get_game(stored.info.game)
        state, deals, in_deal = replay(game, stored.info, stored.actions)
        return cls(
            stored.info, game, state, writer, options, counts=(deals, in_deal), ended=stored.ended
        )

    # -- what anyone may ask -------------------------------------------------------------------

    @property
    def id(self) -> str:
        """The table's id."""
        return self.info.id

    @property
    def turn(self) -> int:
        """How many moves (deals included) the match has had."""
        return len(self.state.history)

    @property
    def over(self) -> bool:
        """Whether the match is over: played out, or ended at a bound or for want of players."""
        return self.state.is_over or self.ended is not None

    @property
    def seed(self) -> str | None:
        """The seed, if the people at the table are shown it."""
        return self.info.seed if self.info.seed_shown else None

    def seat_of(self, token: str) -> int | None:
        """The seat whose secret token this is, or ``None`` (compared in constant time)."""
        return seat_of(self.info.seats, token)

    async def claim(self, invitation: str) -> tuple[int, str]:
        """Spend an invitation: its seat and that seat's new secret token (stored first)."""
        async with self.lock:
            seats, secret = claim(self.info.seats, invitation)
            await self.writer.update_seats(self.id, seats)
            self.info = attrs.evolve(self.info, seats=seats)
            seat = self.seat_of(secret)
            assert seat is not None
            return seat, secret

    async def invite(self, creator_token: str | None, seat: int) -> str:
        """A new invitation for an unclaimed seat, asked by the creator (see
        :func:`~tablegames.server.seats.invite`) or, at a table listed as open, by anyone
        (``creator_token`` ``None``: :func:`~tablegames.server.seats.open_invitation`)."""
        async with self.lock:
            if creator_token is not None:
                seats, fresh = invite(self.info.seats, creator_token, seat)
            elif self.info.listed and not self.over:
                seats, fresh = open_invitation(self.info.seats, seat)
            else:
                raise PermissionError("This table is not open: ask its creator for an invitation.")
            await self.writer.update_seats(self.id, seats)
            self.info = attrs.evolve(self.info, seats=seats)
            return fresh

    def seats_message(self) -> dict[str, object]:
        """The ``seats`` message: who plays each seat, its name, who is connected, who is
        away, and which person's seats nobody has taken yet (``open``)."""
        connected = {listener.seat for listener in self.listeners}
        seats = [
            {"seat": s, "player": info.player, "name": info.name, "connected": s in connected,
             "away": self.away[s], "open": info.player == "person" and info.token_hash is None}
            for s, info in enumerate(self.info.seats)
        ]  # fmt: skip
        return {"type": "seats", "seats": seats}

    def welcome(self, seat: int | None, token: str | None = None) -> dict[str, object]:
        """The ``welcome`` message for a seat (or a spectator, ``None``); ``token``: the
        seat's new secret, when its invitation was just claimed."""
        message = {
            "type": "welcome",
            "protocol": PROTOCOL_VERSION,
            "table": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "seat": seat,
            "seats": self.seats_message()["seats"],
            "seed": self.seed,
        }
        if token is not None:
            message["token"] = token
        return message

    def view_message(self, seat: int | None) -> str:
        """The latest ``view`` message for a seat (or the public one), as JSON text."""
        return self._messages[self.players if seat is None else seat]

    def signed_record(self, key: bytes) -> str:
        """The finished match's full record, signed with ``key`` (a TableGamesError while the
        match is on: the record holds every hand). Made once, then kept."""
        if not self.over:
            raise TableGamesError("The match is not over: its record holds every hand.")
        if self._record is None:
            self._record = sign(self.game.record(self.state).to_json(), key)
        return self._record

    def signed_seat_record(self, seat: int, key: bytes) -> str:
        """What ``seat`` has seen of the match so far, signed with ``key``."""
        return sign(seat_record(self.game, self.state, seat).to_json(), key)

    # -- listeners -------------------------------------------------------------------------------

    def join(self, listener: Listener, token: str | None = None) -> None:
        """Add a listener: it gets the welcome and the current view, and everyone the seats;
        a person whose seat a bot was playing takes it back."""
        self.listeners.add(listener)
        seat = listener.seat
        listener.deliver(encode(self.welcome(seat, token)))
        listener.deliver(self.view_message(seat))
        if seat is not None:
            self.back(seat)
        self.tell_all(encode(self.seats_message()))

    def leave(self, listener: Listener) -> None:
        """Remove a listener (and tell the others)."""
        if listener in self.listeners:
            self.listeners.discard(listener)
            if not self.listeners:
                self.empty_since = time.monotonic()
            self.tell_all(encode(self.seats_message()))

    def back(self, seat: int) -> bool:
        """The person of ``seat`` is here: if a bot was playing for them, they take the seat
        back (everyone is told); True if they were away."""
        if not self.away[seat]:
            return False
        self.away[seat] = False
        self.turn_started = time.monotonic()
        self.tell_all(encode(self.seats_message()))
        self.changed.set()
        return True

    def tell_all(self, text: str) -> None:
        """Send ``text`` to every listener."""
        for listener in list(self.listeners):
            listener.deliver(text)

    # -- moves -------------------------------------------------------------------------------

    async def submit(
        self, seat: int, text: str, turn: int | None = None, listener: Listener | None = None
    ) -> dict[str, object]:
        """A person's move from ``seat``: the ``accepted`` message once it is stored (it is
        also delivered to ``listener`` ahead of the views), or the ``refused`` one. Any move
        a person sends takes their seat back from a bot, even one that is refused."""
        if 0 <= seat < self.players:
            self.back(seat)
        try:
            action = self.game.parse_action(text)
        except (TableGamesError, ValueError) as exc:
            return _refused(self.turn, "unreadable", str(exc))
        async with self.lock:
            if self.closed is not None or self.ended is not None:  # played out: check says so
                return _refused(self.turn, "table_closed", self.closed or self.ended or "")
            if turn is not None and turn != self.turn:
                return _refused(
                    self.turn,
                    "stale",
                    f"That move was made at turn {turn}; it is turn {self.turn}.",
                )
            violation = self.state.check(action, seat)
            if violation is not None:
                return _refused(self.turn, violation.code.value, str(violation))
            accepted = {"type": "accepted", "turn": self.turn + 1, "action": str(action)}
            try:
                await self.commit(action, seat, listener, accepted)
            except TableGamesError as exc:
                return _refused(self.turn, "not_stored", str(exc))
            return accepted

    async def deal(self) -> None:
        """Draw and store the next chance step (under the lock), or end the match if it is at
        a bound."""
        async with self.lock:
            if self.state.is_chance and self.closed is None and not self.over:
                reason = self.bound(chance=True)
                if reason is not None:
                    await self.end(reason)
                    return
                await self.commit(self.state.chance_outcome(self.rng("deal")), None)

    def rng(self, purpose: str) -> random.Random:
        """The generator of a deal or a bot's move: from the table's seed and the turn, so a
        table plays the same after a restart."""
        return random.Random(f"{self.info.seed}:{purpose}:{self.turn}")

    def bound(self, chance: bool) -> str | None:
        """Why the match must end before its next step, if it must: the bounds of
        :class:`TableOptions`, as :func:`~tablegames.agents.play_match` applies them."""
        options = self.options
        if self.turn >= options.max_actions:
            return f"The match was stopped after {self.turn:,} moves, the most a match is played."
        if chance and self.deals >= options.max_deals:
            return f"The match was stopped after {self.deals:,} deals, the most a match is played."
        if not chance and self.in_deal >= options.max_deal_actions:
            return (
                f"The match was stopped after {self.in_deal:,} moves in one deal, the most a "
                "deal is played."
            )
        return None

    async def commit(
        self,
        action: object,
        seat: int | None,
        listener: Listener | None = None,
        accepted: dict[str, object] | None = None,
    ) -> None:
        """Store a checked move, then apply it and tell everyone (called under the lock). A
        move that cannot be stored raises TableGamesError and changes nothing; a move beyond
        the match's bounds ends the match instead."""
        if self.unsynced:
            await self._resync()
        chance = seat is None
        reason = self.bound(chance)
        if reason is not None:
            await self.end(reason)
            raise TableGamesError(reason)
        after = self.state.apply(action) if chance else self.state.apply(action, seat)
        try:
            await self.writer.append(self.id, self.turn, str(action), seat, after.is_over)
        except StoreConflictError:
            self.close("This table is now served elsewhere.")
            raise
        except StoreUnavailableError as exc:
            self.unsynced = True
            raise TableGamesError(f"The move could not be stored ({exc}); try again.") from None
        self._apply(action, seat, after)
        if listener is not None and accepted is not None:
            listener.deliver(encode(accepted))
        self._broadcast()

    def _apply(self, action: object, seat: int | None, after: GameState[Any]) -> None:
        self.state = after
        if seat is None:
            self.deals, self.in_deal = self.deals + 1, 0
        else:
            self.in_deal += 1
        self.turn_started = time.monotonic()
        self._last = {"seat": seat, "action": public_action(action, self._hidden)}
        self._move = action

    async def _resync(self) -> None:
        """After a write the store could not confirm: take the moves from the store (the
        truth) before the next one; a StoreUnavailableError while it still cannot be read."""
        stored = await self.writer.load(self.id)
        if stored is None:
            self.close("This table is gone from the store.")
            raise TableGamesError("This table is gone from the store.")
        if len(stored.actions) != self.turn:
            state, self.deals, self.in_deal = replay(self.game, self.info, stored.actions)
            self.state = state
            self._broadcast()
        self.unsynced = False

    async def end(self, reason: str) -> None:
        """End the match before its end (a bound, or nobody came): stored, then everyone is
        sent the last view with the reason. Its record can be downloaded like a finished one."""
        await self.writer.end(self.id, reason)
        self.ended = reason
        self._broadcast()

    def close(self, why: str) -> None:
        """Stop serving this table here (its store has it): every listener is told."""
        self.closed = why
        self.tell_all(encode({"type": "error", "code": "table_closed", "message": why}))
        self.changed.set()

    # -- views -----------------------------------------------------------------------------------

    def _result_count(self, views: list[dict[str, object]]) -> int:
        """How many hands the match has finished (the views carry only the latest)."""
        results = views[0].get("results") if views else None
        shown = len(results) if isinstance(results, list) else 0
        return shown + self._omitted.get("results", 0)

    def _views(self) -> tuple[object, list[dict[str, object]], dict[str, int]]:
        """Seat 0's view (the object), every seat's view cut to its latest entries, and what
        the cut left out."""
        seen = [self.state.view(seat) for seat in range(self.players)]
        views = [bounded_view(view) for view in seen]
        return seen[0], [data for data, _ in views], views[-1][1]

    def _encode(self, views: list[dict[str, object]]) -> list[str]:
        common = {
            "last": self._last,
            "events": self._events,
            "over": self.over,
            "winners": list(self.state.winners) if self.state.is_over else [],
            "ended": self.ended,
            "omitted": self._omitted,
        }
        turn = self.turn
        return [
            encode({"type": "view", "turn": turn, "view": view, **common})
            for view in [*views, self._public]
        ]

    def _broadcast(self) -> None:
        seen, views, self._omitted = self._views()
        public = public_view(views)
        results = self._result_count(views)
        move, self._move = self._move, None
        self._events = table_events(self._seen, seen, move, public, results > self._results)
        self._seen, self._public, self._results = seen, public, results
        self._messages = self._encode(views)
        for listener in list(self.listeners):
            listener.deliver(self.view_message(listener.seat))
        self.changed.set()
