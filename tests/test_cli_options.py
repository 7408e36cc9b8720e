"""Every command-line option given hostile values (issue 21 item 9), your own agents on the
command line and ``render --rule`` (issue 22 item 5).

docs/limits.md ("The command line") promises that a bad option ends the command before any
work with one line on stderr and exit status 2; docs/simulation.md ("Command line") and
docs/bots.md ("Your agent on the command line") show ``package.module:Name``.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.cli import main
from tablegames.cli_options import number
from tablegames.cli_parser import MAX_SECONDS

DIGITS = "9" * 5000
HOSTILE_VALUES = [
    "",
    " ",
    "-1",
    "0",
    "nan",
    "inf",
    "-inf",
    "1e309",
    "1.5",
    "0x10",
    "+5",
    "١٢",
    "\x00",
    DIGITS,
    "x" * 100_000,
]
"""Texts where a number, a name or a setting belongs."""


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``argv``; it must end with exit status 2 and one short line on stderr."""
    status = main(argv)
    captured = capsys.readouterr()
    assert status == 2, (argv[:4], captured.err[:200])
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tablegames: "), captured.err[:300]
    assert len(lines[0]) <= 320 and "x" * 41 not in lines[0] and "9" * 41 not in lines[0]
    return lines[0]


# -- the issue's reproductions ----------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "texas42", "--rule", "target=" + DIGITS],
        ["demo", "preference", "--rule", "payout=1,2,3," + DIGITS],
        ["render", "texas42", "-o", "/nonexistent/x.svg"],
        ["bench", "--seconds", "nan"],
        ["play", "texas42", "--seat", "9"],
        ["play", "quartets", "--seat=-1"],
        ["demo", "texas42", "--players", "6"],
        ["demo", "quartets", "--players", "0"],
        ["demo", "quartets", "--players", "12"],
        ["simulate", "texas42", "--agents", "x" * 100_000],
        ["demo", "texas42", "--rule", "x" * 100_000],
        ["play", "texas42", "--opponents", "nobody"],
        ["simulate", "texas42", "--agents", "heuristic,random"],
    ],
    ids=lambda argv: " ".join(a[:20] for a in argv),
)
def test_the_issues_command_lines_end_with_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    refused(argv, capsys)


def test_render_to_a_folder_that_exists_writes_the_picture(tmp_path: Path) -> None:
    target = tmp_path / "table.svg"
    assert main(["render", "texas42", "-o", str(target)]) == 0
    assert target.read_text(encoding="utf-8").startswith("<svg")


# -- every option of every command, hostile values ---------------------------------------


OPTIONS: dict[str, list[str]] = {
    "demo": ["--seed", "--players", "--rule"],
    "play": ["--seat", "--seed", "--players", "--rule", "--opponents"],
    "simulate": ["--matches", "--agents", "--players", "--rule", "--workers", "--seed"],
    "render": ["--seed", "--players", "--seat", "--step", "--rule", "--output"],
    "bench": ["--seconds", "--seed", "--rule", "--game"],
}
"""The options that take a value, by command."""

ACCEPTS = {
    ("demo", "--seed", "0"),
    ("demo", "--seed", "-1"),
    ("play", "--seed", "0"),
    ("play", "--seed", "-1"),
    ("play", "--seat", "0"),
    ("simulate", "--seed", "0"),
    ("simulate", "--seed", "-1"),
    ("render", "--seed", "0"),
    ("render", "--seed", "-1"),
    ("render", "--seat", "0"),
    ("render", "--step", "0"),
    ("render", "--output", "-"),
    ("bench", "--seed", "0"),
    ("bench", "--seed", "-1"),
}
"""The few hostile-looking values that are good ones (each then runs quickly)."""


def cases() -> list[Any]:
    out = []
    for command, options in OPTIONS.items():
        for option in options:
            for value in HOSTILE_VALUES:
                label = value[:8].encode("unicode_escape").decode() or "empty"
                out.append(pytest.param((command, option, value), id=f"{command}{option}={label}"))
    return out


@pytest.mark.parametrize("case", cases())
def test_every_option_given_a_hostile_value_is_refused_in_one_line(
    case: tuple[str, str, str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    command, option, value = case
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    game = [] if command == "bench" and option == "--game" else ["quartets"]
    argv = [command, *game, f"{option}={value}"]
    if command == "bench" and option != "--seconds":
        argv.append("--seconds=0.01")
    if command == "simulate":
        argv += ["--matches=1"] if option != "--matches" else []
        argv += (
            ["--rule=deals=1", "--rule=players=4"] if option not in ("--rule", "--players") else []
        )
    if command == "bench" and option == "--seconds" and value in ("1.5", "+5"):
        assert number(0.0, MAX_SECONDS)(value) == float(
            value
        )  # good values: timing them would take seconds
        return
    if (command, option, value) in ACCEPTS or (option == "--output" and is_file_name(value)):
        assert main(argv) == 0
        capsys.readouterr()
        return
    refused(argv, capsys)


def is_file_name(value: str) -> bool:
    """A name a file may have here (in the test's own folder)."""
    return 0 < len(value) < 200 and "\x00" not in value


@given(game=st.text(max_size=60), seed=st.text(max_size=30))
def test_any_game_name_and_seed_text_either_runs_or_is_refused_in_one_line(
    game: str, seed: str
) -> None:
    import contextlib
    import io

    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        status = (
            main(["demo", game, f"--seed={seed}", "--players=2"])
            if game == "quartets"
            else main(["render", game, f"--seed={seed}", "-o", "-"])
        )
    if status == 0:
        return
    assert status == 2
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tablegames: ") and len(lines[0]) <= 320


# -- your own agent on the command line ---------------------------------------------------


AGENT_MODULE = textwrap.dedent(
    '''
    """A user's agents, outside the tablegames package."""


    class LastLegal:
        """Plays the last legal action."""

        def choose(self, view, rng):
            return view.legal_actions[-1]


    def make_first():
        from tablegames.agents import FirstLegalAgent

        return FirstLegalAgent()


    NOT_AN_AGENT = 5


    class NeedsArguments:
        def __init__(self, strength):
            self.strength = strength

        def choose(self, view, rng):
            return view.legal_actions[0]
    '''
)


@pytest.fixture
def user_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "__init__.py").write_text("", encoding="utf-8")
    (folder / "user_agents_for_test.py").write_text(AGENT_MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "mine.user_agents_for_test"


def test_simulate_takes_your_agent_class_and_factory(
    user_module: str, capsys: pytest.CaptureFixture[str]
) -> None:
    agents = f"{user_module}:LastLegal,random,{user_module}:make_first,random"
    argv = ["simulate", "texas42", "-n", "3", "--rule", "target=40", "--json", "--agents", agents]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["agents"][0] == f"{user_module}:LastLegal"
    assert result["agents"][2] == f"{user_module}:make_first"
    assert result["matches"] == 3


def test_one_agent_of_yours_plays_every_seat(
    user_module: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [
        "simulate",
        "preference",
        "-n",
        "2",
        "--rule",
        "deals=1",
        "--agents",
        f"{user_module}:LastLegal",
    ]
    assert main(argv) == 0
    assert capsys.readouterr().out.count(f"{user_module}:LastLegal") == 4


def test_play_takes_your_agent_as_opponents(
    user_module: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    replies = iter(["help", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(replies))
    argv = [
        "play",
        "quartets",
        "--players",
        "3",
        "--seat",
        "2",
        "--opponents",
        f"{user_module}:LastLegal",
    ]
    assert main(argv) == 0
    assert "legal:" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        (":NOT_AN_AGENT", "cannot be called"),
        (":Missing", "has no"),
        (":NeedsArguments", "no arguments"),
    ],
)
def test_a_bad_agent_of_yours_is_refused_in_one_line(
    user_module: str, spec: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(["simulate", "texas42", "-n", "1", "--agents", user_module + spec], capsys)
    assert words in line


def test_an_agent_module_that_is_not_there_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    line = refused(["simulate", "texas42", "--agents", "no_such_module_here:Bot"], capsys)
    assert "Cannot import 'no_such_module_here'" in line


def test_the_help_says_how_to_name_your_agent(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("simulate", "play"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert "package.module:Name" in " ".join(capsys.readouterr().out.split())


# -- render --rule and matches that never end ------------------------------------------


def test_render_takes_rule_settings(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/texas42.md, "Special contracts": nello needs the tournament game.
    argv = ["render", "texas42", "--rule", "scoring=marks", "--rule", "bid_ladder=marks"]
    assert main([*argv, "--rule", "nello=true", "-o", "-"]) == 0
    assert capsys.readouterr().out.startswith("<svg")
    line = refused(["render", "texas42", "--rule", "nello=true"], capsys)
    assert "nello" in line


def test_simulate_of_players_who_stall_a_game_ends_and_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # docs/simulation.md, "Matches that never end".
    assert main(["simulate", "texas42", "-n", "1", "--agents", "first-legal"]) == 0
    assert "1 of 1 matches never ended" in capsys.readouterr().out
