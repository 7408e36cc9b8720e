"""Who sits where: the players a table may have, secret tokens, and invitations.

A table's creator keeps one seat (its secret token comes back with the new table) and gets
an invitation for every other person's seat. An invitation is claimed once: the first
connection that says hello with it takes the seat and receives a new secret token for it,
known only to that player; the invitation is then spent, so whoever else holds the link
(the creator included) can no longer take the seat or read its hand. The creator may issue
a new invitation for a seat nobody has claimed yet (the old one is then spent too).

>>> seats, tokens = make_seats(["person", "random", "person"], mine=0)
>>> [s.creator for s in seats], tokens[1] is None
([True, False, False], True)
>>> claimed, secret = claim(seats, tokens[2])
>>> seat_of(claimed, secret), seat_of(claimed, tokens[2])
(2, None)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence

import attrs

from tablegames.errors import TableGamesError, excerpt

from .store import SeatInfo

__all__ = [
    "BOT_NAMES",
    "PERSON",
    "check_players",
    "claim",
    "invite",
    "make_seats",
    "new_token",
    "open_invitation",
    "seat_name",
    "seat_of",
    "token_hash",
]

BOT_NAMES = ("random", "heuristic", "search", "solver", "first-legal")
"""The agents a seat may be given when a table is created (``make_agent`` names)."""

PERSON = "person"
"""The player of a seat that a person takes through an invite link."""

MAX_NAME_CHARS = 24
"""The longest name a seat may be given."""


def seat_name(name: object) -> str | None:
    """A seat's name as given when the table is created: printable text of at most
    :data:`MAX_NAME_CHARS` characters, spaces trimmed (``None`` or blank: no name); anything
    else is a TableGamesError.

    >>> seat_name("  Ann "), seat_name(""), seat_name(None)
    ('Ann', None, None)
    """
    if name is None:
        return None
    if not isinstance(name, str) or not name.isprintable() or len(name) > MAX_NAME_CHARS * 4:
        raise TableGamesError(f"A seat's name is text of at most {MAX_NAME_CHARS} characters.")
    text = " ".join(name.split())
    if len(text) > MAX_NAME_CHARS:
        raise TableGamesError(f"A seat's name is text of at most {MAX_NAME_CHARS} characters.")
    return text or None


def new_token() -> str:
    """A secret token or an invitation: 32 URL-safe characters (192 random bits).

    >>> len(new_token())
    32
    """
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """The SHA-256 digest (hex) under which a token is stored.

    >>> token_hash("abc")[:12]
    'ba7816bf8f01'
    """
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def check_players(title: str, seats: int, players: Sequence[str]) -> None:
    """Raise :class:`~tablegames.errors.TableGamesError` unless ``players`` names one player
    for each of the ``seats`` of a table of ``title``: ``"person"`` or one of :data:`BOT_NAMES`.

    >>> check_players("Texas 42", 4, ["person", "random", "random", "random"])
    >>> check_players("Texas 42", 4, ["person"])
    Traceback (most recent call last):
    ...
    tablegames.core.errors.TableGamesError: A Texas 42 table under these rules has 4 seats, not 1.
    """
    if len(players) != seats:
        raise TableGamesError(
            f"A {title} table under these rules has {seats} seats, not {len(players)}."
        )
    for player in players:
        if player != PERSON and player not in BOT_NAMES:
            raise TableGamesError(
                f"A seat is played by a person or by {', '.join(BOT_NAMES)}, "
                f"not {excerpt(str(player))}."
            )


def make_seats(
    players: Sequence[str], mine: int | None, names: Sequence[str | None] = ()
) -> tuple[tuple[SeatInfo, ...], list[str | None]]:
    """The seats of a new table and a token for each (``None`` for a bot's seat): seat
    ``mine`` (a person's seat, or ``None``) is the creator's, its token its secret; every
    other person's seat gets an invitation. ``names`` names the seats in order (see
    :func:`seat_name`; fewer names than seats leave the last ones unnamed).

    >>> seats, _ = make_seats(["person", "random"], 0, ["Ann"])
    >>> [s.name for s in seats]
    ['Ann', None]
    """
    if mine is not None and (not 0 <= mine < len(players) or players[mine] != PERSON):
        raise TableGamesError(f'"me" names a person\'s seat, 0 to {len(players) - 1}.')
    if len(names) > len(players):
        raise TableGamesError(f"A table of {len(players)} seats takes at most as many names.")
    named = [seat_name(n) for n in names] + [None] * (len(players) - len(names))
    infos: list[SeatInfo] = []
    tokens: list[str | None] = []
    for seat, player in enumerate(players):
        if player != PERSON:
            infos.append(SeatInfo(player, name=named[seat]))
            tokens.append(None)
            continue
        token = new_token()
        tokens.append(token)
        if seat == mine:
            infos.append(
                SeatInfo(PERSON, token_hash=token_hash(token), creator=True, name=named[seat])
            )
        else:
            infos.append(SeatInfo(PERSON, invite_hash=token_hash(token), name=named[seat]))
    return tuple(infos), tokens


def _find(seats: Sequence[SeatInfo], token: str, invitation: bool) -> int | None:
    """The seat whose secret (or unclaimed invitation) ``token`` is, comparing every seat's
    digest in constant time."""
    digest = token_hash(token)
    found = None
    for seat, info in enumerate(seats):
        stored = info.invite_hash if invitation else info.token_hash
        if stored is not None and hmac.compare_digest(stored, digest):
            found = seat
    return found


def seat_of(seats: Sequence[SeatInfo], token: str) -> int | None:
    """The seat whose secret token this is, or ``None`` (compared in constant time)."""
    return _find(seats, token, invitation=False)


def invited_seat(seats: Sequence[SeatInfo], token: str) -> int | None:
    """The seat whose unclaimed invitation this is, or ``None``."""
    return _find(seats, token, invitation=True)


def claim(seats: Sequence[SeatInfo], invitation: str) -> tuple[tuple[SeatInfo, ...], str]:
    """Spend an invitation: the seats with that seat claimed, and the seat's new secret token
    (a TableGamesError if the invitation is not an unclaimed one of these seats)."""
    seat = invited_seat(seats, invitation)
    if seat is None:
        raise TableGamesError("That invitation has been used, or is not one of this table's.")
    secret = new_token()
    changed = list(seats)
    changed[seat] = attrs.evolve(seats[seat], token_hash=token_hash(secret), invite_hash=None)
    return tuple(changed), secret


def invite(
    seats: Sequence[SeatInfo], creator_token: str, seat: int
) -> tuple[tuple[SeatInfo, ...], str]:
    """A new invitation for ``seat``, asked by the holder of the creator's secret token: the
    seats with the old invitation spent, and the new one (a TableGamesError if the token is
    not the creator's, or the seat is a bot's or claimed).

    >>> seats, tokens = make_seats(["person", "person"], mine=0)
    >>> seats, again = invite(seats, tokens[0], 1)
    >>> invited_seat(seats, tokens[1]), invited_seat(seats, again)
    (None, 1)
    """
    mine = seat_of(seats, creator_token)
    if mine is None or not seats[mine].creator:
        raise PermissionError("Only the table's creator may issue invitations.")
    return open_invitation(seats, seat)


def open_invitation(seats: Sequence[SeatInfo], seat: int) -> tuple[tuple[SeatInfo, ...], str]:
    """A new invitation for an unclaimed person's seat (what :func:`invite` gives the creator,
    and anyone at a table its creator lists as open): the seats with the old invitation spent,
    and the new one (a TableGamesError if the seat is a bot's or claimed). The first to open
    it takes the seat.

    >>> seats, tokens = make_seats(["person", "person"], mine=0)
    >>> seats, fresh = open_invitation(seats, 1)
    >>> invited_seat(seats, tokens[1]), invited_seat(seats, fresh)
    (None, 1)
    """
    if not 0 <= seat < len(seats) or seats[seat].player != PERSON:
        raise TableGamesError(f"Seat {seat} is not a person's seat at this table.")
    if seats[seat].token_hash is not None:
        raise TableGamesError(f"Seat {seat} is taken: its invitation was used.")
    fresh = new_token()
    changed = list(seats)
    changed[seat] = attrs.evolve(seats[seat], invite_hash=token_hash(fresh))
    return tuple(changed), fresh
