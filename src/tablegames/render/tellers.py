"""How each game tells its moves, deals and results, and what its status line shows: one
teller class per game (the four built-ins), chosen by the class of the game's view, each typed
by its game's state and view classes (the shape they share is :mod:`tablegames.render.teller`).
:mod:`tablegames.render.story` asks them.

What a contract asks is the game's to say: the tricks a Preference declarer needs come from
its scoring (:mod:`tablegames.render.contract_words`), a Ninety-Two team's from its bid, a
Texas 42 contract's name from :mod:`tablegames.texas42.contracts`.

>>> from tablegames import texas42
>>> TELLERS[type(texas42.new_match().view(0))](you=0, ascii=True).hand
'hand'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from tablegames.core.seats import Seat
from tablegames.ninety_two.state import NinetyTwoState, NinetyTwoView
from tablegames.pieces.cards import CARD_UNIVERSE
from tablegames.pieces.dominoes import Domino
from tablegames.pieces.sets import PieceSet
from tablegames.preference.actions import Discard, Keep
from tablegames.preference.state import PreferenceState, PreferenceView
from tablegames.quartets.actions import Ask, AskRank
from tablegames.quartets.model import RANK_SETS
from tablegames.quartets.state import QuartetsState, QuartetsView
from tablegames.texas42.contracts import SEVENS, contract_description, contract_name, is_nello
from tablegames.texas42.state import Texas42State, Texas42View

from .contract_words import declarer_needs
from .scene import Piece
from .teller import Lines, Teller, Telling, TrickTeller, seats_text, took_last
from .text import action_text, plural

__all__ = ["TELLERS", "Lines", "Teller"]

A = TypeVar("A")


class _Texas42(TrickTeller[Texas42State, Texas42View]):
    hand = "hand"
    state_type = Texas42State
    view_type = Texas42View

    def worth(self, plays: Iterable[tuple[Seat, Piece]]) -> str:
        count = sum(p.count for _, p in plays if isinstance(p, Domino))
        return f" ({plural(1 + count, 'point')})"

    def facts(self, view: Texas42View) -> list[str]:
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

    def last_winner(self, before: Texas42View, after: Texas42View) -> Seat:
        return after.results[-1].played[-1].winner

    def move(self, before: Texas42State, action: object, after: Texas42State) -> Lines:
        lines = super().move(before, action, after)
        view = self.seen(after, 0)
        if before.phase != after.phase and view.trump is not None:
            trump = view.trump
            if is_nello(trump):
                what = f"{contract_name(trump)}: seat {view.aside_seat} lays its tiles aside"
            else:
                what = contract_description(trump)
            lines.append(f"  {what}; seat {after.to_act} leads.")
        return lines

    def result(self, view: Texas42View) -> Lines:
        result = view.results[-1]
        sides = ("seats 0 & 2", "seats 1 & 3")
        marks = view.rules.scoring == "marks"
        unit = "mark" if marks else "point"
        if result.bidder is None:
            lines = ["  All four passed: the hand is thrown in and nobody scores."]
        else:
            bid = f"bid {result.bid}"
            if result.contract != "bid":
                bid = f"{result.contract} ({result.bid})"
            elif result.trump is not None and (is_nello(result.trump) or result.trump == SEVENS):
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


class _NinetyTwo(TrickTeller[NinetyTwoState, NinetyTwoView]):
    state_type = NinetyTwoState
    view_type = NinetyTwoView

    def facts(self, view: NinetyTwoView) -> list[str]:
        facts = []
        if view.high is not None:
            bid = action_text(view.high, ascii=self.ascii)
            team = f" with {seats_text(view.partners)}" if view.partners else ""
            facts.append(f"{bid} by seat {view.bidder}{team}")
        if view.phase.value == "play":
            facts.append(self.by_seat("tricks", view.won))
        facts.append(f"stock {view.stock_size}")
        facts.append(self.by_seat("scores", view.scores) + f" (game to {view.rules.target})")
        return facts

    def last_winner(self, before: NinetyTwoView, after: NinetyTwoView) -> Seat:
        return took_last(before.won, after.results[-1].tricks)

    def move(self, before: NinetyTwoState, action: object, after: NinetyTwoState) -> Lines:
        lines = super().move(before, action, after)
        view = self.seen(after, 0)
        if before.phase != after.phase and view.partners and view.high is not None:
            suit = view.high.suit
            team = f"seat {view.bidder} with {seats_text(view.partners)}"
            lines.append(
                f"  {suit.plural.capitalize()} are trumps; {team} must take exactly "
                f"{plural(view.high.tricks, 'trick')} together. Seat {after.to_act} leads."
            )
        return lines

    def dealt(self, state: NinetyTwoState, view: NinetyTwoView) -> Lines:
        lines = super().dealt(state, view)
        return [*lines, f"  {plural(view.stock_size, 'card')} in the stock."]

    def after_trick(self, before: NinetyTwoView, after: NinetyTwoView) -> Lines:
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

    def result(self, view: NinetyTwoView) -> Lines:
        result = view.results[-1]
        if result.bid is None:
            lines = ["  Everybody passed: the deal is thrown in and nobody scores."]
        else:
            bid = action_text(result.bid, ascii=self.ascii)
            team = seats_text(result.team)
            took = plural(result.team_tricks, "trick")
            wanted = result.bid.tricks
            outcome = "exactly the bid: made" if result.made else f"not {wanted}: missed"
            scored = sorted({p for p in result.score if p})
            gained = [
                f"{seats_text(s for s in range(len(result.score)) if result.score[s] == p)} "
                f"{plural(p, 'point')} each"
                for p in scored
            ]
            lines = [
                f"  Seat {result.bidder}'s {bid}: {team} took {took}, {outcome}.",
                f"  Scored: {'; '.join(gained) or 'nobody'}.",
            ]
        lines.append(f"  {self.by_seat('Scores', view.scores)} (game to {view.rules.target}).")
        return lines


class _Preference(TrickTeller[PreferenceState, PreferenceView]):
    state_type = PreferenceState
    view_type = PreferenceView

    def facts(self, view: PreferenceView) -> list[str]:
        facts = []
        playing = view.phase.value in ("widow", "trump", "play")
        if view.trump is not None and not playing:
            facts.append(f"highest suit named: {view.trump.plural}")
        if view.goal is not None:
            trump = f" in {view.trump.plural}" if view.trump is not None else ""
            facts.append(f"seat {view.declarer} plays{trump}, {declarer_needs(view.goal)}")
        if view.phase.value == "play":
            facts.append(self.by_seat("tricks", view.tricks_won))
        facts.append(f"pot {view.pot}")
        facts.append(self.by_seat("stacks", view.stacks))
        return facts

    def last_winner(self, before: PreferenceView, after: PreferenceView) -> Seat:
        return took_last(before.tricks_won, after.results[-1].tricks)

    def hand_lines(self, view: PreferenceView) -> Lines:
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

    def dealt(self, state: PreferenceState, view: PreferenceView) -> Lines:
        lines = super().dealt(state, view)
        lines[1] = lines[1][:-1] + " and sits out."
        if self.you == view.dealer:
            lines[2] = "  you deal and sit out this deal: watch the others play."
        before = view.results[-1].stacks if view.results else None
        if before is not None and tuple(view.stacks) != tuple(before):
            lines.append(f"  The pot was empty: everyone antes {view.rules.ante} again.")
        return lines

    def move(self, before: PreferenceState, action: object, after: PreferenceState) -> Lines:
        seat = self.mover(before.to_act)
        if isinstance(action, Discard) and self.hidden(before.to_act):
            lines = [f"{seat} takes the widow and lays two cards aside, face down."]
        elif isinstance(action, Discard):  # seen by its player, or by a spectator
            shown = " ".join(self.pieces([card]) for card in action.cards)
            lines = [f"{seat} takes the widow and lays {shown} aside."]
            if self.you is not None and before.to_act == self.you:
                lines.append(f"  your hand: {self.pieces(self.seen(after, self.you).hand)}")
        elif isinstance(action, Keep):
            lines = [f"{seat} keeps the hand; the widow is not used."]
        else:
            lines = super().move(before, action, after)
        was, now = self.seen(before, 0), self.seen(after, 0)
        if was.phase != now.phase:
            lines.extend(self._next_phase(was, now, after))
        return lines

    def _next_phase(
        self, was: PreferenceView, now: PreferenceView, after: PreferenceState
    ) -> Lines:
        """The line that says what a change of phase brings, if any."""
        if now.phase.value == "offer":
            return ["  All three passed: round two, offers of chips into the pot."]
        if was.phase.value == "offer" and now.declarer is not None:
            offer = max(now.offers)
            mine = self.seen(after, now.declarer).widow if now.declarer == self.you else ()
            widow = f": {self.pieces(mine)}" if mine else ""
            return [
                f"  {self.mover(now.declarer).capitalize()} wins round two with "
                f"{plural(offer, 'chip')} and picks up the widow{widow}."
            ]
        if now.phase.value == "play" and now.goal is not None:
            trump = f" in {now.trump.plural}" if now.trump is not None else ""
            return [
                f"  Seat {now.declarer} plays{trump} and {declarer_needs(now.goal, of_all=True)}; "
                f"seat {after.to_act} leads."
            ]
        return []

    def result(self, view: PreferenceView) -> Lines:
        result = view.results[-1]
        if result.declarer is None:
            lines = [
                "  All three passed again: the deal is thrown in and the pot stays "
                f"({plural(result.pot, 'chip')})."
            ]
        else:
            took = plural(result.tricks[result.declarer], "trick")
            trump = f" in {result.trump.plural}" if result.trump is not None else ""
            game = f"the game{trump} with {took}"
            if result.made:
                what = f"made {game} and takes {plural(result.chips, 'chip')} from the pot"
            else:
                what = f"failed {game} and pays {plural(-result.chips, 'chip')} into the pot"
            lines = [f"  Seat {result.declarer} {what}."]
        lines.append(f"  {self.by_seat('Stacks', result.stacks)}; pot {result.pot}.")
        return lines


class _Quartets(Teller[QuartetsState, QuartetsView]):
    state_type = QuartetsState
    view_type = QuartetsView

    def facts(self, view: QuartetsView) -> list[str]:
        return [
            self.by_seat("cards held", view.hand_sizes),
            self.by_seat("sets this deal", view.points),
            self.by_seat("scores", view.scores),
        ]

    def suggest(self, view: QuartetsView, legal: Sequence[A]) -> A:
        """The first ask not known to be answered none: a seat that said it had none of a card
        has none until an ask of its own brings it some."""
        refused: set[tuple[Seat, int]] = set()
        for asked in view.asks:
            if not asked.given:
                refused.add((asked.target, asked.wanted))
            else:
                refused = {(t, w) for t, w in refused if t != asked.asker or not w & asked.given}
        for action in legal:
            if isinstance(action, (Ask, AskRank)) and (action.seat, _wanted(action)) not in refused:
                return action
        return legal[0]

    def move(self, before: QuartetsState, action: object, after: QuartetsState) -> Lines:
        asker = before.to_act
        if not isinstance(action, (Ask, AskRank)) or asker is None:
            return super().move(before, action, after)
        target = action.seat
        was, now = self.seen(before, 0), self.seen(after, 0)
        if len(now.results) > len(was.results):
            asked = before.hand(target)
            given = PieceSet(_wanted(action) & asked.mask, CARD_UNIVERSE)
        else:
            given = PieceSet(now.asks[-1].given, CARD_UNIVERSE)
        outcome = f"given {self.pieces(given)}" if given else "none"
        lines = [f"{self.mover(asker)} asked seat {target} for {_what(action)}: {outcome}"]
        laid = RANK_SETS.complete(before.hand(asker).mask | given.mask)
        if laid:
            lines.append(f"  seat {asker} lays down the {', '.join(_set_names(laid))}")
        if now.phase.value == "ask":
            for s, count in enumerate(now.hand_sizes):
                if was.hand_sizes[s] and not count:
                    lines.append(f"  seat {s} has no cards left and is out of the deal")
            if after.to_act != asker:
                lines.append(f"  seat {after.to_act} asks next")
        return lines

    def dealt(self, state: QuartetsState, view: QuartetsView) -> Lines:
        lines = super().dealt(state, view)
        for seat, laid in enumerate(view.laid):
            if laid:
                names = _set_names(laid.mask)
                lines.append(f"  seat {seat} lays down the {', '.join(names)} at once")
        return [*lines, f"  seat {state.to_act} asks first."]

    def result(self, view: QuartetsView) -> Lines:
        result = view.results[-1]
        return [
            "  All 13 sets are down: the deal is over.",
            f"  {self.by_seat('Sets this deal', result.points)}.",
            f"  {self.by_seat('Scores', view.scores)}.",
        ]


def _set_names(laid: int) -> list[str]:
    """The names of the sets whose cards are all in the mask ``laid``."""
    return [RANK_SETS.names[k] for k, m in enumerate(RANK_SETS.members) if laid & m]


def _wanted(action: Ask | AskRank) -> int:
    """The cards an ask asks for, as a mask."""
    if isinstance(action, Ask):
        return 1 << action.card.index
    mask: int = RANK_SETS.members[action.rank - 2]
    return mask


def _what(action: Ask | AskRank) -> str:
    """What an ask asks for, in words: ``8S`` (shown as ``8♠``), or ``the eights``."""
    if isinstance(action, Ask):
        return str(action.card)
    return f"the {RANK_SETS.names[action.rank - 2]}"


TELLERS: dict[type, type[Telling]] = {
    Texas42View: _Texas42,
    NinetyTwoView: _NinetyTwo,
    PreferenceView: _Preference,
    QuartetsView: _Quartets,
}
"""How each game tells its moves, by its view class."""
