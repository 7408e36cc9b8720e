"""``tablegames serve`` checks every option before it starts, as every command does
(docs/limits.md, "The command line"; docs/play-online.md, "Starting a server"): one line on
stderr, exit status 2, quoting at most a short prefix of what was typed."""

from __future__ import annotations

import pytest

pytest.importorskip("aiohttp", reason="the server tests need the server extra (aiohttp)")

from tablegames.cli import main as cli_main
from tablegames.server.serve import main

DIGITS = "9" * 5000

REFUSED = [
    ["--port", "99999"],
    ["--port", "x"],
    ["--port", DIGITS],
    ["--shard", "3/2"],
    ["--shard", "1"],
    ["--shard", f"0/{DIGITS}"],
    ["--rate", "nan"],
    ["--rate", "0"],
    ["--burst", "0"],
    ["--bot-after", "-1"],
    ["--bot-after", "inf"],
    ["--bot-delay", "-0.5"],
    ["--max-tables", "0"],
    ["--store", "/nonexistent/folder/x.db"],
    ["--standby", "nobody"],
    ["--seed", "5"],
    ["--table", "chess"],
    ["--table", "texas42", "--seats", "person"],
    ["--table", "texas42", "--seats", f"person,{DIGITS},random,random"],
    ["--table", "texas42", "--rule", f"target={DIGITS}"],
    ["--table", "texas42", "--rule", "colour=red"],
    ["--host", "x" * 20_000],
]


@pytest.mark.parametrize("argv", REFUSED, ids=lambda argv: " ".join(argv)[:40])
def test_a_bad_option_is_one_short_line_and_exit_two(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("tablegames serve: ") and err.count("\n") == 1, err[:300]
    assert len(err) < 400 and DIGITS[:100] not in err


def test_the_command_line_hands_serve_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["serve", "--port", "x"]) == 2
    assert "argument --port" in capsys.readouterr().err
