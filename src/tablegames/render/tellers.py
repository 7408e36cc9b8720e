"""How each game tells its moves, deals and results, and what its status line shows: one
teller class per game (the four built-ins), chosen by the class of the game's view.
:mod:`tablegames.render.story` asks them.

>>> from tablegames import texas42
>>> TELLERS[type(texas42.new_match().view(0))](you=0, ascii=True).hand
'hand'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Any

from tablegames.core.game import GameState
from tablegames.core.seat_record import WITHHELD
from tablegames.core.seats import Seat
from tablegames.ninety_two.state import NinetyTwoView
from tablegames.pieces.cards import CARD_UNIVERSE
from tablegames.pieces.sets import PieceSet
from tablegames.preference.actions import Discard, Keep
from tablegames.preference.state import PreferenceView
from tablegames.quartets.actions import Ask, AskRank
from tablegames.quartets.model import RANK_SETS
from tablegames.quartets.state import QuartetsView
from tablegames.texas42.contracts import SEVENS, contract_name, is_nello
from tablegames.texas42.state import Texas42View

from .text import action_text, piece_text, pieces_text, plural

Lines = list[str]


def _seats(seats: Iterable[Seat]) -> str:
    names = [str(s) for s in seats]
    if len(names) == 1:
        return f"seat {names[0]}"
    return "seats " + ", ".join(names[:-1]) + " and " + names[-1]


class Teller(ABC):
    """How one game tells its moves; the defaults suit every game, each game overrides."""

    hand = "deal"
    """What the game calls one deal of the cards: ``hand`` in Texas 42, else ``deal``."""

    def __init__(self, you: Seat | None, ascii: bool) -> None:
        self.you = you
        """The seat of the player told (its hand and its own private moves are shown)."""
        self.ascii = ascii
        """Plain notation, no suit symbols or drawn tiles."""

    def pieces(self, pieces: Iterable[Any]) -> str:
        return pieces_text(pieces, ascii=self.ascii)

    def hand_lines(self, view: Any) -> Lines:
        """The status lines that show the seat's own pieces."""
        return [f"  hand: {self.pieces(view.hand)}"]

    def example(self, view: Any, legal: tuple[Any, ...]) -> Any:
        """The legal action a prompt shows as an example."""
        return legal[0]

    def by_seat(self, label: str, values: Iterable[object]) -> str:
        """``label`` and each seat's number, labelled with its seat: ``tricks — seat 0: 1,
        seat 1 (you): 0``."""
        shown = ", ".join(f"{self.mover(s)}: {v}" for s, v in enumerate(values))
        return f"{label} — {shown}"

    def hidden(self, seat: Seat | None) -> bool:
        """Whether ``seat``'s private moves are hidden: from a player, not from a spectator."""
        return self.you is not None and seat != self.you

    def mover(self, seat: Seat | None) -> str:
        return f"seat {seat}{' (you)' if seat == self.you and seat is not None else ''}"

    def dealt(self, state: GameState[Any], view: Any) -> Lines:
        number = len(view.results) + 1
        lines = ["", f"{self.hand.capitalize()} {number}: seat {view.dealer} deals."]
        if self.you is None:
            hand: Callable[[Seat], Any] = getattr(state, "hand")  # noqa: B009 (every game has one)
            for seat in range(len(view.hand_sizes)):
                if view.hand_sizes[seat]:  # (not the Preference dealer, who sits out)
                    lines.append(f"  seat {seat} holds {self.pieces(hand(seat))}")
        else:
            lines.append(f"  you hold {self.pieces(view.hand)}")
        return lines

    def move(self, before: GameState[Any], action: object, after: GameState[Any]) -> Lines:
        seat = before.to_act
        if type(action) in WITHHELD and self.hidden(seat):
            return [f"{self.mover(seat)}: {WITHHELD[type(action)]}"]
        return [f"{self.mover(seat)}: {action_text(action, ascii=self.ascii)}"]

    def trick(self, number: int, plays: Iterable[tuple[Seat, Any]], winner: Seat) -> str:
        plays = tuple(plays)
        shown = ", ".join(f"seat {s} {piece_text(p, ascii=self.ascii)}" for s, p in plays)
        arrow = "->" if self.ascii else "→"
        return f"  trick {number}: {shown} {arrow} seat {winner} takes it{self.worth(plays)}"

    def worth(self, plays: Iterable[tuple[Seat, Any]]) -> str:
        return ""

    def after_trick(self, before: Any, after: Any) -> Lines:
        return []

    def last_winner(self, before: Any, after: Any) -> Seat:
        """Who took the trick that ended the deal (its result counts it; the view has moved on)."""
        won = before.won if hasattr(before, "won") else before.tricks_won
        result = after.results[-1]
        return next(s for s, n in enumerate(result.tricks) if n > won[s])

    @abstractmethod
    def result(self, view: Any) -> Lines:
        """How the hand or deal that just ended went, in the game's words."""

    @abstractmethod
    def facts(self, view: Any) -> list[str]:
        """The short status facts of the view (calls, trump, score)."""


class _Texas42(Teller):
    hand = "hand"

    def worth(self, plays: Iterable[tuple[Seat, Any]]) -> str:
        return f" ({plural(1 + sum(p.count for _, p in plays), 'point')})"

    def facts(self, view: Any) -> list[str]:
        facts = []
        ours, theirs = view.seat % 2, 1 - view.seat % 2
        if view.bidder is not None:
            bid = f"bid {view.high_bid}" if view.contract == "bid" else view.contract
            who = "you" if view.bidder == view.seat else f"seat {view.bidder}"
            if view.bidder == (view.seat + 2) % 4:
                who += " (your partner)"
            if view.trump is None:
                facts.append(f"high {bid} by {who}")
            else:
                facts.append(f"trump: {contract_name(view.trump)}")
                facts.append(f"{bid} by {who}")
        if view.tricks or view.trick:
            points = view.hand_points
            facts.append(f"this hand: you {points[ours]}, they {points[theirs]}")
        scores, target = view.scores, view.rules.game_target
        facts.append(f"score: you {scores[ours]}, they {scores[theirs]} (game to {target})")
        return facts

    def last_winner(self, before: Any, after: Any) -> Seat:
        winner: Seat = after.results[-1].played[-1].winner
        return winner

    def move(self, before: GameState[Any], action: object, after: GameState[Any]) -> Lines:
        lines = super().move(before, action, after)
        view = after.view(0)
        if before.phase != after.phase and view.trump is not None:
            trump = view.trump
            if is_nello(trump):
                what = f"{contract_name(trump)}: seat {view.aside_seat} lays its tiles aside"
            elif trump == SEVENS:
                what = "sevens: play the tile closest to 7 pips"
            else:
                what = f"{contract_name(trump)} are trumps"
            lines.append(f"  {what}; seat {after.to_act} leads.")
        return lines

    def result(self, view: Any) -> Lines:
        result = view.results[-1]
        sides = ("seats 0 & 2", "seats 1 & 3")
        marks = view.rules.scoring == "marks"
        unit = "mark" if marks else "point"
        if result.thrown_in:
            lines = ["  All four passed: the hand is thrown in and nobody scores."]
        else:
            bid = f"bid {result.bid}"
            if result.contract != "bid":
                bid = f"{result.contract} ({result.bid})"
            elif is_nello(result.trump) or result.trump == SEVENS:
                bid = f"{contract_name(result.trump)} on a bid of {result.bid}"
            side = result.bidder % 2
            points = f"{sides[side]} took {plural(result.points[side], 'point')}, "
            points += f"{sides[1 - side]} {plural(result.points[1 - side], 'point')}"
            outcome = "made" if result.made else "set"
            gained = [
                f"{sides[s]} +{plural(result.score[s], unit)}" for s in (0, 1) if result.score[s]
            ]
            lines = [
                f"  Seat {result.bidder}'s {bid} is {outcome}: {points}.",
                f"  Recorded: {', '.join(gained) or 'nothing'}.",
            ]
        a, b = view.scores
        lines.append(
            f"  Score: {sides[0]} {a}, {sides[1]} {b} ({unit}s; game to {view.rules.game_target})."
        )
        return lines


class _NinetyTwo(Teller):
    def facts(self, view: Any) -> list[str]:
        facts = []
        if view.high is not None:
            bid = action_text(view.high, ascii=self.ascii)
            team = f" with {_seats(view.partners)}" if view.partners else ""
            facts.append(f"{bid} by seat {view.bidder}{team}")
        if view.phase.value == "play":
            facts.append(self.by_seat("tricks", view.won))
        facts.append(f"stock {view.stock_size}")
        facts.append(self.by_seat("scores", view.scores) + f" (game to {view.rules.target})")
        return facts

    def move(self, before: GameState[Any], action: object, after: GameState[Any]) -> Lines:
        lines = super().move(before, action, after)
        view = after.view(0)
        if before.phase != after.phase and view.partners:
            suit = view.high.suit
            team = f"seat {view.bidder} with {_seats(view.partners)}"
            lines.append(
                f"  {suit.plural.capitalize()} are trumps; {team} must take exactly "
                f"{plural(view.high.tricks, 'trick')} together. Seat {after.to_act} leads."
            )
        return lines

    def dealt(self, state: GameState[Any], view: Any) -> Lines:
        lines = super().dealt(state, view)
        return [*lines, f"  {plural(view.stock_size, 'card')} in the stock."]

    def after_trick(self, before: Any, after: Any) -> Lines:
        lines = []
        drawn = before.stock_size - after.stock_size
        if drawn == after.players:
            lines.append(
                f"  Everyone draws a card, the trick's winner first; {after.stock_size} left."
            )
        elif drawn:
            lines.append(
                f"  The {plural(drawn, 'card')} that cannot go round are dealt out, one each, the"
                " trick's winner first."
            )
        if after.dead_count > before.dead_count:
            dead = plural(after.dead_count, "card")
            lines.append(f"  {dead} cannot go round: they are dead, face down.")
        if self.you is not None:
            played = {p for s, p in after.trick} | set(after.tricks[-1][1])
            mine = [c for c in after.hand if c not in before.hand and c not in played]
            if mine:
                lines.append(f"  you draw {self.pieces(mine)}")
        return lines

    def result(self, view: Any) -> Lines:
        result = view.results[-1]
        if result.thrown_in:
            lines = ["  Everybody passed: the deal is thrown in and nobody scores."]
        else:
            bid = action_text(result.bid, ascii=self.ascii)
            team = _seats(result.team)
            took = plural(result.team_tricks, "trick")
            wanted = result.bid.tricks
            outcome = "exactly the bid: made" if result.made else f"not {wanted}: missed"
            scored = sorted({p for p in result.score if p})
            gained = [
                f"{_seats(s for s in range(len(result.score)) if result.score[s] == p)} "
                f"{plural(p, 'point')} each"
                for p in scored
            ]
            lines = [
                f"  Seat {result.bidder}'s {bid}: {team} took {took}, {outcome}.",
                f"  Scored: {'; '.join(gained) or 'nobody'}.",
            ]
        lines.append(f"  {self.by_seat('Scores', view.scores)} (game to {view.rules.target}).")
        return lines


class _Preference(Teller):
    def facts(self, view: Any) -> list[str]:
        facts = []
        playing = view.phase.value in ("widow", "trump", "play")
        if view.trump is not None and not playing:
            facts.append(f"highest suit named: {view.trump.plural}")
        if playing and view.declarer is not None:
            trump = f" in {view.trump.plural}" if view.trump is not None else ""
            facts.append(f"seat {view.declarer} plays{trump}, needs 6 tricks")
        if view.phase.value == "play":
            facts.append(self.by_seat("tricks", view.tricks_won))
        facts.append(f"pot {view.pot}")
        facts.append(self.by_seat("stacks", view.stacks))
        return facts

    def hand_lines(self, view: Any) -> Lines:
        lines = super().hand_lines(view)
        if view.widow and view.phase.value == "widow":  # seen by the round-two winner alone
            twelve = sorted((*view.hand, *view.widow), key=lambda card: card.index)
            example = " ".join(self.pieces([card]) for card in view.widow)
            lines += [
                f"  widow: {self.pieces(view.widow)}; with it you hold {self.pieces(twelve)}",
                "  Type keep to play the ten cards you hold (the widow is laid aside unused), or"
                " discard and two of the twelve cards to take the widow into your hand and lay"
                f" those two aside (e.g. discard {example} gives the widow back).",
            ]
        return lines

    def dealt(self, state: GameState[Any], view: Any) -> Lines:
        lines = super().dealt(state, view)
        lines[1] = lines[1][:-1] + " and sits out."
        if self.you == view.dealer:
            lines[2] = "  you deal and sit out this deal: watch the others play."
        before = view.results[-1].stacks if view.results else None
        if before is not None and tuple(view.stacks) != tuple(before):
            lines.append(f"  The pot was empty: everyone antes {view.rules.ante} again.")
        return lines

    def move(self, before: GameState[Any], action: object, after: GameState[Any]) -> Lines:
        seat = self.mover(before.to_act)
        if isinstance(action, Discard) and self.hidden(before.to_act):
            lines = [f"{seat} takes the widow and lays two cards aside, face down."]
        elif isinstance(action, Discard):  # seen by its player, or by a spectator
            shown = " ".join(self.pieces([card]) for card in action.cards)
            lines = [f"{seat} takes the widow and lays {shown} aside."]
            if self.you is not None and before.to_act == self.you:
                lines.append(f"  your hand: {self.pieces(after.view(self.you).hand)}")
        elif isinstance(action, Keep):
            lines = [f"{seat} keeps the hand; the widow is not used."]
        else:
            lines = super().move(before, action, after)
        was, now = before.view(0), after.view(0)
        if was.phase != now.phase:
            if now.phase.value == "offer":
                lines.append("  All three passed: round two, offers of chips into the pot.")
            elif was.phase.value == "offer" and now.declarer is not None:
                offer = max(now.offers)
                mine = after.view(now.declarer).widow if now.declarer == self.you else ()
                widow = f": {self.pieces(mine)}" if mine else ""
                lines.append(
                    f"  {self.mover(now.declarer).capitalize()} wins round two with "
                    f"{plural(offer, 'chip')} and picks up the widow{widow}."
                )
            elif now.phase.value == "play":
                suit = now.trump
                lines.append(
                    f"  Seat {now.declarer} plays in {suit.plural} and needs 6 of the 10 tricks; "
                    f"seat {after.to_act} leads."
                )
        return lines

    def result(self, view: Any) -> Lines:
        result = view.results[-1]
        if result.thrown_in:
            lines = [
                "  All three passed again: the deal is thrown in and the pot stays "
                f"({plural(result.pot, 'chip')})."
            ]
        else:
            took = plural(result.tricks[result.declarer], "trick")
            game = f"the game in {result.trump.plural} with {took}"
            if result.made:
                what = f"made {game} and takes {plural(result.chips, 'chip')} from the pot"
            else:
                what = f"failed {game} and pays {plural(-result.chips, 'chip')} into the pot"
            lines = [f"  Seat {result.declarer} {what}."]
        lines.append(f"  {self.by_seat('Stacks', result.stacks)}; pot {result.pot}.")
        return lines


class _Quartets(Teller):
    def facts(self, view: Any) -> list[str]:
        return [
            self.by_seat("cards held", view.hand_sizes),
            self.by_seat("sets this deal", view.points),
            self.by_seat("scores", view.scores),
        ]

    def example(self, view: Any, legal: tuple[Any, ...]) -> Any:
        """The first ask not known to be answered none: a seat that said it had none of a card
        has none until an ask of its own brings it some."""
        refused: set[tuple[Seat, int]] = set()
        for asked in view.asks:
            if not asked.given:
                refused.add((asked.target, asked.wanted))
            else:
                refused = {(t, w) for t, w in refused if t != asked.asker or not w & asked.given}
        fresh = (a for a in legal if (a.seat, _wanted(a)) not in refused)
        return next(fresh, legal[0])

    def move(self, before: GameState[Any], action: object, after: GameState[Any]) -> Lines:
        asker = before.to_act
        assert isinstance(action, (Ask, AskRank))
        target = action.seat
        if len(after.view(0).results) > len(before.view(0).results):
            asked = before.hand(target)  # type: ignore[attr-defined]
            given = PieceSet(_wanted(action) & asked.mask, CARD_UNIVERSE)
        else:
            last = after.view(0).asks[-1]
            given = PieceSet(last.given, CARD_UNIVERSE)
        what = _what(action)
        outcome = f"given {self.pieces(given)}" if given else "none"
        lines = [f"{self.mover(asker)} asked seat {target} for {what}: {outcome}"]
        laid = RANK_SETS.complete(before.hand(asker).mask | given.mask)  # type: ignore[attr-defined]
        if laid:
            names = [RANK_SETS.names[k] for k, m in enumerate(RANK_SETS.members) if laid & m]
            lines.append(f"  seat {asker} lays down the {', '.join(names)}")
        view = after.view(0)
        if view.phase.value == "ask":
            for s, count in enumerate(view.hand_sizes):
                if before.view(0).hand_sizes[s] and not count:
                    lines.append(f"  seat {s} has no cards left and is out of the deal")
            if after.to_act != asker:
                lines.append(f"  seat {after.to_act} asks next")
        return lines

    def dealt(self, state: GameState[Any], view: Any) -> Lines:
        lines = super().dealt(state, view)
        for seat, laid in enumerate(view.laid):
            if laid:
                names = [
                    RANK_SETS.names[k] for k, m in enumerate(RANK_SETS.members) if m & laid.mask
                ]
                lines.append(f"  seat {seat} lays down the {', '.join(names)} at once")
        return [*lines, f"  seat {state.to_act} asks first."]

    def result(self, view: Any) -> Lines:
        result = view.results[-1]
        return [
            "  All 13 sets are down: the deal is over.",
            f"  {self.by_seat('Sets this deal', result.points)}.",
            f"  {self.by_seat('Scores', view.scores)}.",
        ]


def _wanted(action: object) -> int:
    """The cards an ask asks for, as a mask."""
    if isinstance(action, Ask):
        return 1 << action.card.index
    assert isinstance(action, AskRank)
    mask: int = RANK_SETS.members[action.rank - 2]
    return mask


def _what(action: object) -> str:
    """What an ask asks for, in words: ``8S`` (shown as ``8♠``), or ``the eights``."""
    if isinstance(action, Ask):
        return str(action.card)
    assert isinstance(action, AskRank)
    return f"the {RANK_SETS.names[action.rank - 2]}"


TELLERS: dict[type | None, type[Teller]] = {
    Texas42View: _Texas42,
    NinetyTwoView: _NinetyTwo,
    PreferenceView: _Preference,
    QuartetsView: _Quartets,
}
"""How each game tells its moves, by its view class."""
