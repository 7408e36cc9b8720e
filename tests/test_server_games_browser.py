"""A whole hand of each game played by clicking, in a real headless Chromium: the game's own
controls (Texas 42's bid box and trump choice, Ninety-Two's bid and partner call, Preference's
offer and pick-two discard, Quartets' player-then-card ask), the seats around the table, the
trick by seat, the result in a sentence; the page after a reload equals the page before; the
accessibility check finds nothing serious; no console error, no failed request.
docs/play-online.md, "At the table".

Needs Debian's chromium (``apt-get install chromium``) and Playwright for Python.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_page import (
    PHONE,
    Watched,
    actions,
    browser,
    check_accessibility,
    create,
    my_turn,
    results,
    screenshot,
    snapshot,
    start_server,
    unnamed_controls,
    wait_settled,
)
from test_server_support import ServerProcess

__all__ = ["browser"]

Chooser = Callable[[Any, list[str]], None]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    running = start_server(tmp_path_factory.mktemp("games"))
    yield running
    running.stop()


def click(page: Any, action: str) -> None:
    page.locator(f'#mine [data-action="{action}"]:not([disabled])').first.click()


def play_hand(
    page: Any, choose: Chooser, checks: Callable[[Any, int], None], limit: int = 400
) -> str:
    """Click through one hand (or deal) with ``choose`` at each of this seat's turns, running
    ``checks`` at each (with the turn's number), until the history lists a result; returns it."""
    for turn in range(limit):
        if not my_turn(page) or results(page):
            break
        wait_settled(page)
        if results(page):
            break
        if page.get_attribute("#status", "data-yours") != "true":
            continue
        checks(page, turn)
        before = page.get_attribute("#status", "data-turn")
        choose(page, actions(page))
        page.wait_for_function(
            "(before) => document.querySelector('#status').dataset.turn !== before || "
            "document.querySelector('#history-body li.result')",
            arg=before,
        )
    found = results(page)
    assert found, "no hand was finished"
    return found[-1]


def look(page: Any, browser: Any, link: str, name: str, where: Path) -> None:
    """At one of this seat's turns in mid-hand: the page after a reload equals the page before,
    every control and piece has a name, axe finds nothing serious; screenshots at desktop and
    phone sizes."""
    wait_settled(page)
    before = snapshot(page)
    assert unnamed_controls(page) == []
    assert check_accessibility(page) == []
    screenshot(page, f"{name}-desktop", where)
    page.reload()
    wait_settled(page)
    my_turn(page)
    wait_settled(page)
    assert snapshot(page) == before
    phone = Watched(browser, PHONE)
    phone.page.goto(link)  # a second device at the same seat
    wait_settled(phone.page)
    my_turn(phone.page)
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert check_accessibility(phone.page) == []
    screenshot(phone.page, f"{name}-phone", where)
    phone.close()


def look_in_play(
    page: Any, browser: Any, link: str, name: str, where: Path, *, looked: bool
) -> bool:
    """:func:`look` once, at the first of this seat's turns after a trick was finished."""
    playing = page.get_attribute("#status", "data-phase") == "play"
    if looked or not playing or not page.locator("#history-body .trick-line").count():
        return looked
    look(page, browser, link, name, where)
    return True


def test_a_texas42_hand_by_clicking_with_the_keyboard_too(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    table = create(server, "texas42", ["person", "heuristic", "heuristic", "heuristic"], seed=5)
    link = table["you"]["link"]
    watched = Watched(browser)
    page = watched.page
    page.goto(link)
    wait_settled(page)
    assert "you are Ann (seat 0)" in page.inner_text("#title")
    # Seats around the table as seat 0 sees them: Bob on the left, Cy (the partner) across.
    assert page.get_attribute("#felt .seat[data-seat='1']", "data-rel") == "1"
    across = page.get_attribute("#felt .seat[data-seat='2']", "aria-label")
    assert "across from you" in (across or "")
    seen: dict[str, Any] = {"keyboard": False, "looked": False, "held": 0}

    def checks(page: Any, turn: int) -> None:
        calls = page.eval_on_selector_all(
            "#history-body .calls li", "nodes => nodes.map(n => n.textContent)"
        )
        assert all(re.match(r"^(Ann|Bob|Cy|Dee|You) (Pass|\d+)", c) for c in calls), calls
        phase = page.get_attribute("#status", "data-phase")
        if phase == "play":
            assert re.search(r"are trumps|follow me|Doubles", page.inner_text("#contract"), re.I)
            assert "Us" in page.inner_text("#standing") and "Them" in page.inner_text("#standing")
            for line in page.locator("#history-body .trick-line").all():
                assert line.locator(".play").count() == 4 and "won by" in line.inner_text()
            if page.locator("#history-body .trick-line").count() >= 2 and not seen["looked"]:
                look(page, browser, link, "texas42", tmp_path)
                seen["looked"] = True

    def choose(page: Any, legal: list[str]) -> None:
        bids = [a for a in legal if a.startswith("bid ")]
        if bids:
            assert page.locator("#actions .control[aria-label='Your bid']").count() == 1
            click(page, bids[0])
        elif legal[0].startswith("trump "):
            assert page.inner_text("#actions").count("\n") >= 1
            click(page, legal[0])
        elif not seen["keyboard"]:  # play a tile with the keyboard alone
            for _ in range(80):
                page.keyboard.press("Tab")
                focused = "document.activeElement.closest('#hand') && document.activeElement"
                if page.evaluate(f"!!({focused}) && !!document.activeElement.dataset.action"):
                    break
            page.keyboard.press("ArrowRight")
            piece = page.evaluate("document.activeElement.dataset.piece")
            action = page.evaluate("document.activeElement.dataset.action")
            assert piece and action == f"play {piece}"
            page.keyboard.press("Enter")
            page.wait_for_selector(f"#hand [data-piece='{piece}']", state="detached")
            seen["keyboard"] = True
        else:
            last = page.locator("#trick:not(.done) [data-piece]").count() == 3
            click(page, legal[0])
            if last:  # this tile finishes the trick: it stays on the table a moment
                page.wait_for_selector("#trick.done")
                assert page.locator("#trick.done [data-piece]").count() == 4
                assert page.locator("#trick.done .trick-winner").inner_text().startswith("won by")
                seen["held"] += 1

    result = play_hand(page, choose, checks)
    said = r"^(Set! )?(You|Ann|Bob|Cy|Dee) (bid|called) .* (made it|took) \d+ to \d+"
    assert re.match(said, result) or "thrown in" in result, result
    assert seen["keyboard"] and seen["looked"] and seen["held"] >= 1
    # The last trick can be looked at again; the hand's tricks are in the result's played list.
    page.click("#last-trick")
    assert page.get_attribute("#trick", "aria-label") == "Last trick"
    assert page.locator("#trick [data-piece]").count() == 4
    page.keyboard.press("Escape")
    watched.close()


def test_a_ninety_two_deal_by_clicking(server: ServerProcess, browser: Any, tmp_path: Path) -> None:
    table = create(server, "ninety-two", ["person"] + ["first-legal"] * 3, seed=3)
    link = table["you"]["link"]
    watched = Watched(browser)
    page = watched.page
    page.goto(link.replace("#", "?hold=0.2#"))
    seen = {"partners": False, "looked": False}

    def checks(page: Any, turn: int) -> None:
        seen["looked"] = look_in_play(
            page, browser, link, "ninety-two", tmp_path, looked=seen["looked"]
        )

    def choose(page: Any, legal: list[str]) -> None:
        phase = page.get_attribute("#status", "data-phase")
        if phase == "bid":
            assert len(legal) <= 6  # a number of tricks, then a suit: not 53 buttons
            page.select_option("#bid-tricks", "2")
            page.locator("#actions [data-action='bid 2 H']").click()
        elif phase == "partners":
            seen["partners"] = True
            assert page.locator("#actions [data-action^='partners']").count() == 0  # choose first
            page.locator("#actions [data-partner]").first.click()
            confirm = page.locator("#actions [data-key='confirm-partners']")
            assert confirm.is_enabled()
            confirm.click()
        else:
            click(page, legal[0])

    result = play_hand(page, choose, checks)
    assert seen["partners"] and seen["looked"]
    assert re.match(r"^(Missed! )?You bid 2 tricks in hearts with (Bob|Cy|Dee)", result), result
    watched.close()


def test_a_preference_deal_by_clicking(server: ServerProcess, browser: Any, tmp_path: Path) -> None:
    table = create(
        server, "preference", ["first-legal", "person", "first-legal", "first-legal"], seed=2
    )
    link = table["you"]["link"]
    watched = Watched(browser)
    page = watched.page
    page.goto(link.replace("#", "?hold=0.2#"))
    seen = {"offer": False, "discard": False, "looked": False}

    def checks(page: Any, turn: int) -> None:
        seen["looked"] = look_in_play(
            page, browser, link, "preference", tmp_path, looked=seen["looked"]
        )

    def choose(page: Any, legal: list[str]) -> None:
        phase = page.get_attribute("#status", "data-phase")
        if phase == "bid":
            click(page, "pass")  # everyone passes round one: round two sells the widow
        elif phase == "offer":
            assert page.locator("#actions button").count() <= 3  # not 96 buttons
            page.fill("#offer-chips", "4")
            page.locator("#actions [data-key='offer']").click()
            seen["offer"] = True
        elif phase == "widow":
            confirm = page.locator("#actions [data-key='discard']")
            assert not confirm.is_enabled() and page.locator("#actions button").count() == 2
            pieces = page.locator("#hand button[aria-pressed]")
            assert pieces.count() == 12  # the ten and the widow
            pieces.nth(0).click()
            pieces.nth(11).click()
            assert page.locator("#hand button[aria-pressed='true']").count() == 2
            assert confirm.is_enabled()
            confirm.click()
            seen["discard"] = True
        else:
            click(page, legal[0])

    result = play_hand(page, choose, checks)
    assert seen["offer"] and seen["discard"] and seen["looked"]
    assert re.match(r"^(Set! )?You played \w+ \(for 4 chips\)", result), result
    watched.close()


def test_a_quartets_deal_by_clicking(server: ServerProcess, browser: Any, tmp_path: Path) -> None:
    table = create(
        server, "quartets", ["person", "heuristic", "heuristic"], rule=["players=3"], seed=1
    )
    rng = random.Random(1)
    link = table["you"]["link"]
    watched = Watched(browser)
    page = watched.page
    page.goto(link.replace("#", "?hold=0.2#"))
    seen = {"looked": False}

    def checks(page: Any, turn: int) -> None:
        if turn == 2 and not seen["looked"]:
            look(page, browser, link, "quartets", tmp_path)
            seen["looked"] = True

    def choose(page: Any, legal: list[str]) -> None:
        assert legal == []  # nothing to send before a player is chosen
        players = page.locator("#actions [data-target]")
        players.nth(rng.randrange(players.count())).click()  # a player first
        cards = page.locator("#actions [data-group='wanted'] [data-action]")
        assert cards.count() >= 1
        cards.nth(rng.randrange(cards.count())).click()  # then a card

    result = play_hand(page, choose, checks, limit=200)
    assert seen["looked"]
    assert re.match(r"^Deal over: (You|Bob|Cy) \d+ sets?", result), result
    watched.close()


def test_the_dealer_who_sits_out_is_told_so(server: ServerProcess, browser: Any) -> None:
    """Preference's dealer sits the deal out (docs/preference.md, "The dealer sits out
    (ruling)"): the hand's place says so. The other seats are people who have not come, so the
    deal waits at round one."""
    table = create(server, "preference", ["person"] * 4, seed=1)
    watched = Watched(browser)
    page = watched.page
    page.goto(table["you"]["link"])
    wait_settled(page)
    assert page.get_attribute("#status", "data-phase") == "bid"
    assert page.inner_text("#hand .sit-out") == "You sit out this deal."
    assert page.locator("#hand [data-piece]").count() == 0
    watched.close()
