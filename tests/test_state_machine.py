"""ServerMachine: a server that follows the library passes; one that does not is caught. The
server example is the code of docs/property-testing.md, run as it is written there."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from tablegames import ninety_two, quartets
from tablegames.core.errors import ConformanceError
from tablegames.core.seats import Seat
from tablegames.testing import ServerMachine, run_machine

DOC = Path(__file__).resolve().parent.parent / "docs" / "property-testing.md"
FAST = settings(max_examples=5, stateful_step_count=40, deadline=None)


def _run(machine: type[Any], settings: settings) -> None:
    run_machine(machine, settings=settings)


def _doc_namespace() -> dict[str, Any]:
    """Run the python code blocks of the guide, in order, in one namespace."""
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) == 2
    namespace: dict[str, Any] = {"__name__": "property_testing_guide"}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    return namespace


def test_the_guides_server_agrees_with_the_library() -> None:
    guide = _doc_namespace()
    _run(guide["ServerAgrees"], settings=FAST)


def test_the_guides_test_case_is_a_unittest_case() -> None:
    import unittest

    assert issubclass(_doc_namespace()["TestServerAgrees"], unittest.TestCase)


def test_a_server_that_forgets_the_seat_is_caught() -> None:
    guide = _doc_namespace()
    server_type: Any = guide["MatchServer"]
    agrees: Any = guide["ServerAgrees"]

    class Careless(server_type):  # type: ignore[misc]
        def move(self, match_id: int, seat: Seat, text: str) -> dict[str, Any]:
            return super().move(match_id, None, text)  # type: ignore[no-any-return]

    class Forgetful(agrees):  # type: ignore[misc]
        def start(self, rules: Any) -> None:
            self.server = Careless("texas42")
            self.match_id = self.server.new_match(rules)

    with pytest.raises(ConformanceError, match="but the library refuses it as out_of_turn"):
        _run(Forgetful, settings=FAST)


class _LibraryServer(ServerMachine):
    """A server that is the library itself, on a game with a variable number of seats."""

    def start(self, rules: Any) -> None:
        self.server_state = self.game.new_match(rules)

    def deal(self, text: str) -> None:
        self.server_state = self.server_state.apply(self.game.parse_action(text))

    def submit(self, seat: Seat, text: str) -> str | None:
        action = self.game.parse_action(text)
        violation = self.server_state.check(action, seat)
        if violation is not None:
            code: str = violation.code.value
            return code
        self.server_state = self.server_state.apply(action, seat)
        return None


def test_the_machine_uses_the_games_seats() -> None:
    class SixSeats(_LibraryServer):
        game = ninety_two.GAME

        def rules_strategy(self) -> st.SearchStrategy[Any]:
            return st.just(ninety_two.Rules(players=6))

    _run(SixSeats, settings=FAST)


def test_a_server_with_its_own_code_for_a_rule_is_caught() -> None:
    class OwnCodes(_LibraryServer):
        game = quartets.GAME

        def submit(self, seat: Seat, text: str) -> str | None:
            answer = super().submit(seat, text)
            return "not_your_turn" if answer == "out_of_turn" else answer

    with pytest.raises(ConformanceError, match="refused it as not_your_turn"):
        _run(OwnCodes, settings=FAST)


def test_a_server_that_sends_the_wrong_view_is_caught() -> None:
    guide = _doc_namespace()
    server_type: Any = guide["MatchServer"]
    agrees: Any = guide["ServerAgrees"]

    class Leaky(server_type):  # type: ignore[misc]
        def view(self, match_id: int, seat: Seat) -> dict[str, Any]:
            return super().view(match_id, 0)  # type: ignore[no-any-return]

    class Leaking(agrees):  # type: ignore[misc]
        def start(self, rules: Any) -> None:
            self.server = Leaky("texas42")
            self.match_id = self.server.new_match(rules)

    with pytest.raises(ConformanceError, match=r"another view than the library's view\(1\)"):
        _run(Leaking, settings=FAST)


def test_views_are_not_compared_unless_the_server_sends_them() -> None:
    calls: list[int] = []

    class Quiet(_LibraryServer):
        game = quartets.GAME

        def expected_view(self, seat: Seat) -> Any:
            calls.append(seat)
            return super().expected_view(seat)

    _run(Quiet, settings=FAST)
    assert calls == []
