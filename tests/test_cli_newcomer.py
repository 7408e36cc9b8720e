"""What a newcomer meets at the terminal, through the command line's own input and output: the
Preference widow and what keep and discard mean, long legal lists summarised, every number of a
status line labelled with its seat, refusals that quote what was typed, a Quartets hint that
does not repeat an ask just answered none, the end of a match that says who won, the demo told
as play tells it, option help, and render past the end of a match."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tablegames.cli import main

HINT = re.compile(r"your move \(e\.g\. (.*)\): $")

Reply = Callable[[str, list[str]], str]


def run(
    args: list[str],
    reply: Reply,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, list[str], list[str]]:
    """``tablegames`` with ``args``, each prompt answered by ``reply(prompt, lines so far)``;
    returns the exit status, the lines printed and the prompts."""
    printed: list[str] = []
    prompts: list[str] = []

    def typed(prompt: str = "") -> str:
        printed.extend(capsys.readouterr().out.splitlines())
        prompts.append(prompt)
        return reply(prompt, printed)

    monkeypatch.setattr("builtins.input", typed)
    status = main(args)
    printed.extend(capsys.readouterr().out.splitlines())
    return status, printed, prompts


def script(*moves: str) -> Reply:
    """Type ``moves`` in turn, then the hint's example; quit when the hint is ``stop``."""
    queue = list(moves)

    def reply(prompt: str, lines: list[str]) -> str:
        if queue:
            return queue.pop(0)
        hint = HINT.match(prompt)
        return hint[1] if hint else ""

    return reply


def test_the_preference_round_two_winner_sees_the_widow_and_what_keep_and_discard_mean(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/preference.md, "The widow": the winner of round two looks at the widow at once,
    then keeps its ten cards or takes the widow in and lays two of the twelve aside."""
    moves = ("pass", "help", "offer 95", "help", "discard 8D 7H", "quit")
    status, lines, _ = run(
        ["play", "preference", "--seat", "1", "--seed", "1", "--fast"],
        script(*moves),
        monkeypatch,
        capsys,
    )
    out = "\n".join(lines)
    assert status == 0
    assert "legal: pass, offer 1-95" in out  # not offer 1, offer 2, ... offer 95
    assert "  Seat 1 (you) wins round two with 95 chips and picks up the widow: 8♦ 7♥." in out
    hand = "T♣ T♦ Q♦ A♦ 8♥ T♥ K♥ 9♠ K♠ A♠"
    assert f"  hand: {hand}" in lines
    twelve = "T♣ 8♦ T♦ Q♦ A♦ 7♥ 8♥ T♥ K♥ 9♠ K♠ A♠"
    assert f"  widow: 8♦ 7♥; with it you hold {twelve}" in lines
    assert "Type keep to play the ten cards you hold (the widow is laid aside unused)" in out
    assert "discard and two of the twelve cards to take the widow into your hand" in out
    assert "legal: keep, discard two of the twelve cards, e.g. discard T♣ 8♦" in out
    assert "seat 1 (you) takes the widow and lays 8♦ 7♥ aside." in out
    assert f"  your hand: {hand}" in lines


def test_a_discard_from_the_widow_shows_the_new_hand(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = ("pass", "offer 95", "discard TC 9S", "quit")
    _, lines, _ = run(
        ["play", "preference", "--seat", "1", "--seed", "1", "--fast", "--ascii"],
        script(*moves),
        monkeypatch,
        capsys,
    )
    assert "seat 1 (you) takes the widow and lays TC 9S aside." in lines
    assert "  your hand: 8D TD QD AD 7H 8H TH KH KS AS" in lines
    assert lines[-2:] == ["  [trump] seat 1 plays, needs 6 tricks · pot 115 · stacks — seat 0: 95,"
                          " seat 1 (you): 0, seat 2: 95, seat 3: 95",
                          "  hand: 8D TD QD AD 7H 8H TH KH KS AS"]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "pattern"),
    [
        ("ninety-two", r"\[play\] .*tricks — seat 0: \d+, seat 1: \d+, seat 2 \(you\): \d+, "
                       r"seat 3: \d+ · stock \d+ · scores — seat 0: \d+, "),
        ("preference", r"\[bid\] .*stacks — seat 0: 95, seat 1: 95, seat 2 \(you\): 95, seat 3"),
        ("quartets", r"\[ask\] cards held — seat 0: \d+, seat 1: \d+, seat 2 \(you\): \d+ · "
                     r"sets this deal — seat 0: \d+, "),
        ("texas42", r"\[bid\] .*score: you 0, they 0 \(game to 250\)"),
    ],
)  # fmt: skip
def test_every_number_of_a_status_line_is_labelled_with_its_seat(
    game: str, pattern: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    players = ["--players", "3"] if game == "quartets" else []
    _, lines, _ = run(
        ["play", game, "--seat", "2", "--seed", "5", "--fast", *players],
        lambda prompt, lines: "quit" if sum("[play]" in line for line in lines) > 1 else (
            HINT.match(prompt) or ["", ""])[1],
        monkeypatch,
        capsys,
    )  # fmt: skip
    out = "\n".join(lines)
    assert re.search(pattern, out), out[-600:]
    assert not re.search(r"(tricks|scores|stacks|held|deal) by seat", out)
    assert not re.search(r"seat \d+ \d+(?=[ ,.;]|$)", out, re.MULTILINE)  # "seat 1 0": seat 1?


def test_a_refusal_quotes_what_was_typed_and_shows_the_notation_in_symbols(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, lines, _ = run(
        ["play", "preference", "--seat", "1", "--seed", "1"], script("bid 6 D", "quit"),
        monkeypatch, capsys,
    )  # fmt: skip
    assert "Not a move: 'bid 6 D' is not an action: write bid ♥" in lines


def test_the_quartets_hint_never_repeats_an_ask_just_answered_none(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The hint suggests no ask its seat has just said none to: a seat that had none of a card
    still has none until an ask of its own brings it that card."""
    none_answers = 0
    for seed in range(1, 4):
        _, lines, prompts = run(
            ["play", "quartets", "--players", "4", "--seed", str(seed), "--fast", "--ascii"],
            script(),
            monkeypatch,
            capsys,
        )
        assert lines[-1].startswith("The match is over.")
        refused: set[tuple[str, str]] = set()
        hints = iter(HINT.match(p) for p in prompts)
        for line in lines:
            told = re.fullmatch(r"seat (\d)( \(you\))? asked seat (\d) for (\w\w): (.*)", line)
            if line.startswith("Deal "):
                refused.clear()
            if told is None:
                continue
            asker, you, target, card, outcome = told.groups()
            if you:  # this ask was typed at a prompt: the hint shown there
                hint = next(hints)
                while hint is None:
                    hint = next(hints)
                assert (hint[1].split()[1], hint[1].split()[2]) not in refused, line
            if outcome == "none":
                refused.add((target, card))
                none_answers += 1
            else:
                refused = {(t, c) for t, c in refused if t != asker or c not in outcome}
    assert none_answers > 10  # the case arose


@pytest.mark.parametrize("seat", [0, 1])
def test_the_end_of_a_match_says_whether_you_won(
    seat: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, lines, _ = run(
        ["play", "texas42", "--seat", str(seat), "--seed", "3", "--rule", "target=20", "--fast"],
        script(),
        monkeypatch,
        capsys,
    )
    last = re.fullmatch(r"The match is over\. Winners: seats (\d) and (\d): (you \w+)\.", lines[-1])
    assert last is not None, lines[-1]
    won = str(seat) in (last[1], last[2])
    assert last[3] == ("you won" if won else "you lost")


def test_the_demo_tells_a_match_as_play_does(capsys: pytest.CaptureFixture[str]) -> None:
    """One way of telling: the same arrows, sides and results in demo and play."""
    assert main(["demo", "texas42", "--seed", "1"]) == 0
    demo = capsys.readouterr().out
    assert "→ seat 1 takes it (1 point)" in demo and "Score: seats 0 & 2 " in demo
    assert "->" not in demo and "0&2" not in demo
    assert main(["demo", "texas42", "--seed", "1", "--ascii"]) == 0
    plain = capsys.readouterr().out
    assert "-> seat 1 takes it" in plain and "→" not in plain


@pytest.mark.parametrize("command", ["play", "demo", "render", "simulate", "bench"])
def test_every_option_of_a_command_says_what_it_does(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    options = capsys.readouterr().out.split("options:", 1)[1]
    entries = re.split(r"\n  (?=-)", "\n" + options)[1:]
    assert entries
    for entry in entries:
        flag, _, words = entry.partition("  ")
        assert words.strip() or "\n" in entry, f"{command} {flag.strip()} has no help"
    if command == "play":
        assert "your seat" in options and "the seed" in options and "how many players" in options


def test_render_past_the_end_of_the_match_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["render", "texas42", "--rule", "target=20", "--seed", "1"]
    assert main([*args, "--step", "100000"]) == 2
    err = capsys.readouterr().err
    end = re.fullmatch(
        r"tablegames: --step 100000 is past the end: the match of seed 1 is over after (\d+) "
        r"actions; --step \1 draws its end\.\n",
        err,
    )
    assert end is not None, err
    assert main([*args, "--step", end[1]]) == 0
    assert capsys.readouterr().out.startswith("<svg")
