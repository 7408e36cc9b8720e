"""Terminal play tells the story: every trick and who took it, every hand's or deal's result in
the words of the game, one notation on the screen, in the hints and in the refusals (either
spelling typed), a pause between deals, and a short status before each turn."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tablegames import ninety_two, preference, quartets, texas42
from tablegames.cli import main
from tablegames.core.game import Game, GameState
from tablegames.interactive import play
from tablegames.watch import narrate_any

HINT = "your move (e.g. "
PAUSE = "Press Enter"


def _first_legal(prompt: str) -> str:
    """A player who types the hint's example (the first legal move) and Enter at a pause."""
    return prompt[len(HINT) : -len("): ")] if prompt.startswith(HINT) else ""


def _session(
    game: Game[Any, Any],
    rules: Any,
    seat: int,
    seed: int,
    read: Callable[[str], str] = _first_legal,
    *,
    ascii: bool = False,
    pause: bool = True,
) -> tuple[GameState[Any], list[str], list[str]]:
    """Play a match; returns the final state, the lines written and the prompts asked."""
    lines: list[str] = []
    prompts: list[str] = []

    def reader(prompt: str) -> str:
        prompts.append(prompt)
        return read(prompt)

    final = play(game, rules, seat, seed=seed, read=reader, write=lines.append, ascii=ascii,
                 pause=pause)  # fmt: skip
    return final, lines, prompts


def _tricks_played(state: GameState[Any]) -> int:
    results: tuple[Any, ...] = getattr(state, "results")  # noqa: B009 (every game has them)
    return sum(sum(r.tricks) for r in results)


def test_texas42_tells_every_trick_and_every_hand_in_its_words() -> None:
    """docs/texas42.md, "Counting and scoring": each trick is told with its winner and its
    points, each hand with the bid made or set, the points per side and what was recorded."""
    final, lines, prompts = _session(texas42.GAME, texas42.Rules(target=100), 1, seed=4)
    out = "\n".join(lines)
    assert final.is_over
    hands = len(final.results)  # type: ignore[attr-defined]
    assert "Hand 1: seat 0 deals." in out and "Hand 2: seat 1 deals." in out
    assert out.count("takes it") == _tricks_played(final)
    tricks = re.findall(r"trick \d+: .* → seat (\d) takes it \((\d+) points?\)", out)
    assert tricks and all(int(points) >= 1 for _, points in tricks)
    told = len(re.findall(r"is (made|set): seats [0-3] & [0-3] took \d+ points?", out))
    thrown = out.count("All four passed: the hand is thrown in")
    assert told + thrown == hands and out.count("  Score: seats 0 & 2 ") == hands
    assert sum(p.startswith(PAUSE) for p in prompts) == hands - 1  # between deals, not after
    last = final.scores  # type: ignore[attr-defined]
    assert f"  Score: seats 0 & 2 {last[0]}, seats 1 & 3 {last[1]} (points" in out
    winners = " and ".join(map(str, final.winners))
    verdict = "you won" if 1 in final.winners else "you lost"
    assert lines[-1] == f"The match is over. Winners: seats {winners}: {verdict}."


def test_marks_scoring_records_marks() -> None:
    rules = texas42.Rules(scoring="marks", bid_ladder="marks", target=2)
    final, lines, _ = _session(texas42.GAME, rules, 0, seed=2)
    out = "\n".join(lines)
    assert re.search(r"Recorded: seats [0-3] & [0-3] \+\d marks?\.", out)
    assert "(marks; game to 2)" in out and final.is_over


def test_one_notation_on_screen_in_hints_and_refusals_and_both_spellings_typed() -> None:
    """Tiles show as [6|4] on the table, in the hints and in a refusal; a tile typed either way,
    [6|4] or 6:4, is played; with ascii everything is plain 6:4."""
    lines: list[str] = []
    prompts: list[str] = []
    typed: list[str] = []

    def player(prompt: str) -> str:
        prompts.append(prompt)
        hint = _first_legal(prompt)
        if not hint.startswith("play "):
            return hint
        if len(typed) == 9:
            return "quit"
        if not typed:  # first a tile this seat does not hold
            hand = next(line for line in reversed(lines) if line.startswith("  hand: "))
            held = set(re.findall(r"\[(\d)\|(\d)\]", hand))
            high, low = next((a, b) for a in "6543210" for b in "6543210"[6 - int(a) :]
                             if (a, b) not in held)  # fmt: skip
            typed.append(f"play {high}:{low}")
        elif len(typed) % 2:
            typed.append(hint)  # as shown: play [6|1]
        else:
            typed.append(re.sub(r"\[(\d)\|(\d)\]", r"\1:\2", hint))  # plain: play 6:1
        return typed[-1]

    play(texas42.GAME, texas42.Rules(), 0, seed=1, read=player, write=lines.append)
    out = "\n".join(lines)
    tile = typed[0][5:].replace(":", "|")
    assert f"Refused (not_in_hand): You do not hold [{tile}]." in out
    assert not re.search(r"\d:\d", out + "".join(prompts))
    for move in typed[1:]:  # each spelling was played: its tile is in a trick told
        high, low = re.findall(r"\d", move)
        assert f"seat 0 [{high}|{low}]" in out
    assert any(re.fullmatch(r"play \[\d\|\d\]", t) for t in typed[1:])
    assert any(re.fullmatch(r"play \d:\d", t) for t in typed[1:])
    _, plain, plain_prompts = _session(texas42.GAME, texas42.Rules(), 0, 1, _quit_after(12),
                                       ascii=True)  # fmt: skip
    assert not re.search(r"\[\d\|\d\]|[♠♥♦♣→]", "".join(plain + plain_prompts))
    assert any(re.search(r"play \d:\d", p) for p in plain_prompts)


def _quit_after(moves: int) -> Callable[[str], str]:
    count = [0]

    def read(prompt: str) -> str:
        count[0] += 1
        return "quit" if count[0] > moves else _first_legal(prompt)

    return read


def test_card_refusals_and_help_use_suit_symbols_and_typed_letters_are_read() -> None:
    """docs/ninety-two.md, "Bidding": a refused bid quotes the standing bid as the screen shows
    it (bid 4 ♠), help lists bids with symbols, a card typed as letters (QC) is played."""
    lines: list[str] = []
    typed: list[str] = []
    stages: list[str] = []

    def player(prompt: str) -> str:
        hint = _first_legal(prompt)
        if hint == "pass" and not stages:
            stages.append("bid")
            typed.extend(["bid 1 ♥", "help", "pass"])
        elif hint.startswith("play ") and stages == ["bid"]:
            stages.append("play")
            hand = next(line for line in reversed(lines) if line.startswith("  hand: "))
            absent = next(c for c in ("2♣", "3♣", "4♣", "5♣", "6♣") if c not in hand)
            plain = hint.translate(str.maketrans("♣♦♥♠", "CDHS"))
            typed.extend([f"play {absent}", plain, "quit"])
        return typed.pop(0) if typed else "quit"

    play(ninety_two.GAME, ninety_two.Rules(), 2, seed=3, read=player, write=lines.append)
    out = "\n".join(lines)
    assert "Refused (bid_not_higher): A bid must name more tricks than the standing bid of 4" \
        " (bid 4 ♠); 1 is not more." in out  # fmt: skip
    assert "legal: pass, bid 5-13 ♣/♦/♥/♠\n" in out + "\n"  # every tricks 5-13 with any suit
    assert re.search(r"Refused \(not_in_hand\): You do not hold [2-6]♣\.", out)
    assert re.search(r"trick 1: .*seat 2 Q♣", out)  # typed as QC
    assert not re.search(r"\b[2-9TJQKA][CDHS]\b|bid \d+ [CDHS]\b", out)


def test_the_preference_dealer_sees_the_deal_trick_by_trick_and_its_result() -> None:
    """docs/preference.md, "The dealer sits out": the dealer acts in no turn of the deal, so it
    is told the deal grouped by tricks (no bare plays) and how it ended, in chips."""
    final, lines, prompts = _session(preference.GAME, preference.Rules(deals=1), 0, 3)
    out = "\n".join(lines)
    assert final.is_over and not any(p.startswith(HINT) for p in prompts)  # never to act
    assert "you deal and sit out this deal" in out
    assert not re.search(r"seat \d: play ", out)
    result = final.results[-1]  # type: ignore[attr-defined]
    assert out.count("takes it") == (0 if result.thrown_in else 10)
    assert re.search(r"trick 10: seat \d .., seat \d .., seat \d .. → seat \d takes it", out)
    if not result.thrown_in:
        verb = "made" if result.made else "failed"
        assert f"Seat {result.declarer} {verb} the game in {result.trump.plural} with" in out
    stacks = ", ".join(f"seat {s}{' (you)' * (s == 0)}: {c}" for s, c in enumerate(result.stacks))
    assert f"Stacks — {stacks}; pot {result.pot}." in out


def test_another_seats_discards_stay_hidden_from_the_player() -> None:
    for seed in range(200):
        final, lines, _ = _session(preference.GAME, preference.Rules(deals=1), 0, seed)
        history = final.history.to_tuple()
        discards = [a for a in history if isinstance(a, preference.Discard)]
        if discards:
            out = "\n".join(lines)
            assert "takes the widow and lays two cards aside, face down" in out
            hidden = " ".join(str(c) for c in discards[0].cards)
            assert f"discard {hidden}" not in out
            return
    pytest.fail("no seed had a round-two winner who took the widow")


def test_ninety_two_tells_draws_and_exact_bids() -> None:
    """docs/ninety-two.md, "Drawing" and "Scoring": after a trick everyone draws, the player is
    told its card; the deal's end says whether the team took exactly its bid."""
    final, lines, _ = _session(ninety_two.GAME, ninety_two.Rules(players=6, target=30), 3, 2)
    out = "\n".join(lines)
    assert "Everyone draws a card, the trick's winner first" in out and "you draw " in out
    assert out.count("takes it") == _tricks_played(final)
    outcomes = re.findall(r"took \d+ tricks?, (exactly the bid: made|not \d+: missed)", out)
    thrown = out.count("the deal is thrown in")
    assert len(outcomes) + thrown == len(final.results)  # type: ignore[attr-defined]


def test_quartets_tells_each_ask_and_each_deal() -> None:
    final, lines, _ = _session(quartets.GAME, quartets.Rules(players=3), 1, 5)
    out = "\n".join(lines)
    deals = len(final.results)  # type: ignore[attr-defined]
    assert out.count("All 13 sets are down: the deal is over.") == deals
    assert re.search(r"seat 1 \(you\) asked seat \d for .+: (given|none)", out)
    assert out.count(" lays down the ") >= 13 * deals - 3  # sets dealt complete say "at once"


def test_plurals_are_right_everywhere() -> None:
    one = re.compile(r"\b1 (tricks|points|chips|cards|tiles|marks|sets)\b")
    for game, rules in (
        (texas42.GAME, texas42.Rules(target=60)),
        (ninety_two.GAME, ninety_two.Rules(target=20)),
        (preference.GAME, preference.Rules(deals=4, starting_stack=6, ante=1)),
        (quartets.GAME, quartets.Rules(players=2)),
    ):
        for seed in range(3):
            _, lines, _ = _session(game, rules, 1, seed)
            demo = list(narrate_any(game, rules, seed))
            assert not [line for line in lines + demo if one.search(line)]


def test_look_shows_the_whole_table() -> None:
    replies = iter(["look"])
    _, lines, _ = _session(
        preference.GAME, preference.Rules(), 2, 3, lambda p: next(replies, "quit")
    )
    out = "\n".join(lines)
    assert "  seat 0: dealer · sits out · 0 cards · 95 chips" in out and "  widow: 2 cards" in out


def test_the_status_is_short_and_the_history_stays() -> None:
    """Between two prompts the screen gains the moves since and a status of at most three
    lines; nothing told before is printed again."""
    _, lines, _ = _session(texas42.GAME, texas42.Rules(target=60), 2, 7)
    statuses = [i for i, line in enumerate(lines) if line.startswith("  [")]
    assert statuses
    for i in statuses:
        block = lines[i : i + 3]
        assert block[-1].startswith("  hand: ") or block[1].startswith("  hand: ")
        assert len(lines[i]) <= 120
    told = [line for line in lines if "takes it" in line]
    assert len(told) == len(set(told))


def test_a_pause_between_deals_waits_for_enter_and_may_quit() -> None:
    def quit_at_pause(prompt: str) -> str:
        return "quit" if prompt.startswith(PAUSE) else _first_legal(prompt)

    final, lines, prompts = _session(texas42.GAME, texas42.Rules(), 0, 3, quit_at_pause)
    assert prompts[-1].startswith(PAUSE) and final.is_chance
    assert len(final.results) == 1 and lines[-1].startswith("  Score: ")  # type: ignore[attr-defined]
    _, _, fast = _session(texas42.GAME, texas42.Rules(target=60), 0, 3, pause=False)
    assert not any(p.startswith(PAUSE) for p in fast)


def test_the_command_line_pauses_unless_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def typed(prompt: str) -> str:
        asked.append(prompt)
        return "quit" if prompt.startswith(PAUSE) or len(asked) > 400 else _first_legal(prompt)

    monkeypatch.setattr("builtins.input", typed)
    assert main(["play", "quartets", "--players", "2", "--seed", "1"]) == 0
    assert asked[-1].startswith(PAUSE)
    asked.clear()
    assert main(["play", "quartets", "--players", "2", "--seed", "1", "--fast"]) == 0
    assert asked and not any(p.startswith(PAUSE) for p in asked)
