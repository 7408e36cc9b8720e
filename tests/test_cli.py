"""The command line: help, version, render, and pieces printed with symbols or plain."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tablegames
from tablegames import texas42
from tablegames.cli import main

SRC = str(Path(tablegames.__file__).resolve().parent.parent)


def test_help_is_a_description_and_examples_not_doctest_text(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert ">>>" not in out and "True" not in out
    assert "Rules of Texas 42, Ninety-Two, Preference and Quartets" in out
    assert "examples:" in out and "tablegames render quartets" in out
    for command in ("demo", "play", "render", "bench", "replay"):
        assert command in out


def test_version_agrees_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"tablegames {tablegames.__version__}\n"
    env = {**os.environ, "PYTHONPATH": SRC}
    done = subprocess.run(
        [sys.executable, "-m", "tablegames", "--version"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert done.stdout == f"tablegames {tablegames.__version__}\n"


def test_render_writes_a_picture_of_a_view_or_a_whole_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "table.svg"
    assert main(["render", "texas42", "--seed", "3", "--seat", "1", "-o", str(path)]) == 0
    view = path.read_text(encoding="utf-8")
    root = ET.fromstring(view)
    assert root.tag.endswith("svg") and "seat 1's view" in view
    assert view.count('class="domino"') >= 7 and 'class="back"' in view
    assert main(["render", "quartets", "--players", "3", "--seed", "3", "--step", "1"]) == 0
    whole = capsys.readouterr().out
    assert whole.startswith("<svg") and whole.count('class="card"') == 52
    assert main(["render", "preference", "--seat", "4"]) == 2
    assert "--seat must be a seat from 0 to 3, not 4" in capsys.readouterr().err


def test_demo_prints_symbols_or_plain_notation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "texas42", "--seed", "2"]) == 0
    fancy = capsys.readouterr().out
    assert "[6|" in fancy and re.search(r"\d:\d", fancy) is None
    assert main(["demo", "preference", "--seed", "2", "--ascii"]) == 0
    plain = capsys.readouterr().out
    assert not set("♠♥♦♣") & set(plain) and "holds" in plain
    assert main(["demo", "preference", "--seed", "2"]) == 0
    assert set("♠♥♦♣") <= set(capsys.readouterr().out)


def _session(game: str, players: list[str], replies: list[str], *, ascii: bool) -> str:
    from tablegames.games import get_game
    from tablegames.interactive import play

    lines: list[str] = []
    typed = iter(replies)
    game_ = get_game(game)
    rules = game_.rules_type(**({"players": int(players[0])} if players else {}))
    play(
        game_, rules, 2, seed=3, read=lambda _: next(typed, "quit"), write=lines.append, ascii=ascii
    )
    return "\n".join(lines)


def test_play_shows_suits_and_asks_in_notation_never_numbers_or_masks() -> None:
    out = _session("preference", [], ["pass", "help"], ascii=False)
    assert "calls: (" not in out and "trump: 3" not in out and "None" not in out
    assert "seat 1: pass" in out and "hand: " in out
    quartets = _session("quartets", ["3"], ["help"], ascii=True)
    assert "Asked(" not in quartets and "wanted=" not in quartets
    assert "seat 1 asked seat 2 for JH: given JH" in quartets
    assert not any(len(word) > 12 and word.isdigit() for word in quartets.split())


def test_play_ends_quietly_when_the_input_ends() -> None:
    from tablegames.interactive import play

    def closed(prompt: str) -> str:
        raise EOFError

    final = play(
        texas42.GAME,
        texas42.Rules(),
        0,
        seed=1,
        read=closed,
        write=lambda line: None,
    )
    assert not final.is_over and final.to_act == 0


def test_bench_solve_stops_a_solve_at_its_cap_and_says_how_many_finished(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # docs/solver.md "Speed": a Ninety-Two solve from the first trick does not finish, so the
    # bench stops each solve at --cap seconds and counts it unfinished instead of hanging.
    assert main(["bench", "--solve", "ninety-two", "--deals", "2", "--cap", "0.05"]) == 0
    line = capsys.readouterr().out.splitlines()[1].split()
    assert line[:4] == ["Ninety-Two", "2", "0/2", "0/2"]
    assert line[6].startswith(">")
    assert main(["bench", "--solve", "texas42", "--deals", "1", "--seed", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[1].split()[3:5] == ["1/1", "1/1"]
    assert main(["bench", "--solve", "--cap", "0"]) == 2
    assert "--cap" in capsys.readouterr().err
