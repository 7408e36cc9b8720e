"""The core: history, records, chance, sampling, seats, errors, the registry and the CLI."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames import texas42
from tablegames.cli import main
from tablegames.core import (
    GameRecord,
    History,
    IllegalActionError,
    RecordError,
    TableGamesError,
    clockwise_from,
    left_of,
    play_randomly,
    shuffle,
)
from tablegames.core.sampling import assign_hidden
from tablegames.games import available_games, get_game
from tablegames.pieces import DOUBLE_SIX


def test_history_is_shared_and_append_only() -> None:
    base = History.EMPTY.append(1).append(2)
    left, right = base.append(3), base.append(4)
    assert left.to_tuple() == (1, 2, 3) and right.to_tuple() == (1, 2, 4)
    assert base.to_tuple() == (1, 2) and left.back(1) == base and len(right) == 3
    assert left.log[0] is base.log is right.log[0], "the shorter log is shared, not copied"


def test_seats() -> None:
    assert left_of(3, 4) == 0 and clockwise_from(3, 6) == (3, 4, 5, 0, 1, 2)


def test_shuffle_is_reproducible_and_complete() -> None:
    a = shuffle(DOUBLE_SIX, random.Random(9))
    b = shuffle(DOUBLE_SIX, random.Random(9))
    assert a == b and sorted(d.index for d in a.order) == list(range(28))


@given(st.integers(0, 2**32), st.integers(0, 6))
def test_assign_hidden_respects_counts_and_voids(seed: int, void_rank: int) -> None:
    rng = random.Random(seed)
    forbidden = {1: 0b1111111 << (void_rank * 3 % 14)}
    out = assign_hidden((1 << 21) - 1, {1: 7, 2: 7, 3: 7}, forbidden, rng)
    assert out[1] | out[2] | out[3] == (1 << 21) - 1
    assert all(bin(m).count("1") == 7 for m in out.values())
    assert out[1] & forbidden[1] == 0


def test_assign_hidden_reports_impossible() -> None:
    with pytest.raises(TableGamesError):
        assign_hidden(0b11, {1: 2}, {1: 0b01}, random.Random(0))


def test_record_json_is_strict() -> None:
    for bad in ("[]", "nope", '{"game": 1, "rules": {}, "actions": []}',
                '{"game": "texas42", "rules": {}, "actions": [1]}'):  # fmt: skip
        with pytest.raises(RecordError):
            GameRecord.from_json(bad)
    with pytest.raises(RecordError):
        texas42.GAME.replay(GameRecord("texas42", {"scoring": "pips"}, ()))


def test_illegal_action_error_is_a_value_error() -> None:
    with pytest.raises(ValueError) as err:
        texas42.new_match().apply(texas42.Bid(30))
    assert isinstance(err.value, IllegalActionError)
    assert err.value.violation.code.value == "deal_expected"


def test_registry() -> None:
    assert get_game("texas42") is texas42.GAME
    assert "texas42" in available_games()
    with pytest.raises(TableGamesError, match="no game called"):
        get_game("chess")


def test_cli_demo_replay_and_bench(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "texas42", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Hand 1: seat 0 deals." in out and "Winners: seats" in out and "trick 7" in out
    final = play_randomly(texas42.new_match(texas42.Rules(target=60)), random.Random(2))
    path = tmp_path / "match.json"
    path.write_text(texas42.GAME.record(final).to_json())
    assert main(["replay", str(path)]) == 0
    assert f"winners: {final.winners}" in capsys.readouterr().out
    data = json.loads(path.read_text())
    data["actions"][3] = "bid 7"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    assert main(["bench", "texas42", "--seconds", "0.2"]) == 0
    assert "µs/decision" in capsys.readouterr().out


def test_agents_play_a_match_seat_by_seat() -> None:
    from tablegames.agents import Agent, FirstLegalAgent, RandomAgent, play_match

    steps: list[str] = []

    def agents() -> dict[int, Agent]:
        return {
            0: FirstLegalAgent(),
            1: RandomAgent(random.Random(1)),
            2: FirstLegalAgent(),
            3: RandomAgent(random.Random(2)),
        }

    start = texas42.new_match(texas42.Rules(target=50))
    final = play_match(start, agents(), random.Random(3), lambda b, a, s: steps.append(str(a)))
    assert final.is_over and len(steps) == len(final.history)
    assert play_match(start, agents(), random.Random(3)) == final
    with pytest.raises(TableGamesError, match="no agent plays seat"):
        play_match(start, {0: FirstLegalAgent()}, random.Random(3))


def test_interactive_play_refuses_with_reasons_and_finishes() -> None:
    """A scripted player first types nonsense and an illegal bid, then always the first legal
    move; the refusals name the rule, and the match plays to its end."""
    from tablegames.interactive import play

    lines: list[str] = []
    typed = iter(["bid", "bid 29"])

    def reader(prompt: str) -> str:
        assert prompt.startswith("your move (e.g. ")
        return next(typed, prompt[len("your move (e.g. ") : -len("): ")])

    final = play(texas42.GAME, texas42.Rules(target=60), 0, seed=4, read=reader, write=lines.append)
    out = "\n".join(lines)
    assert "Not a move: 'bid' is not an action: write bid 30" in out
    assert "Refused (bid_out_of_range): The lowest bid is 30, not 29." in out
    verdict = "you won" if 0 in final.winners else "you lost"
    assert final.is_over and out.endswith(
        f"Winners: seats {' and '.join(map(str, final.winners))}: {verdict}."
    )
    assert "  hand: " in out and "seat 1: " in out


def test_cli_play_quits_and_checks_players(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("builtins.input", lambda prompt: "quit")
    assert main(["play", "quartets", "--players", "3", "--seed", "2"]) == 0
    assert main(["play", "texas42", "--players", "6"]) == 2
