"""The lobby and the table's frame in a real headless Chromium: a table created from the lobby
with its rules set in the form built from the game's Rules and its seats named; the rules
shown at the table; the creator's tables and their links kept in the browser; an open table
joined from the list; a spectator; a missing table's page; a person away who takes the seat
back; no serious accessibility violation, no console error, no failed request.
docs/play-online.md, "Start a table" and "At the table".

Needs Debian's chromium (``apt-get install chromium``) and Playwright for Python (its own
browser download is never used); the games' hands are in test_server_games_browser.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_page import (
    PHONE,
    Watched,
    browser,
    check_accessibility,
    create,
    screenshot,
    start_server,
    unnamed_controls,
    wait_settled,
)
from test_server_support import ServerProcess, http_json

__all__ = ["browser"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    running = start_server(tmp_path_factory.mktemp("browser"))
    yield running
    running.stop()


def test_the_lobby_builds_each_games_rules_form_and_creates_a_named_table(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    watched = Watched(browser)
    page = watched.page
    page.goto(server.base + "/")
    page.wait_for_selector("#games input[value='texas42']")
    assert check_accessibility(page) == [] and unnamed_controls(page) == []
    # The player count is asked only where the game allows a choice.
    page.check("#games input[value='ninety-two']")
    assert page.is_visible("#players")
    assert page.locator("#players option").all_inner_texts() == ["4", "6", "8"]
    page.select_option("#players", "6")
    assert page.locator("#seat-choices select").count() == 6
    page.check("#games input[value='texas42']")
    assert not page.is_visible("#players") and page.locator("#seat-choices select").count() == 4
    # Each rule is a control with its default and its help.
    page.click(".rules-form summary")
    assert page.input_value("#rule-scoring") == "points"
    help_text = page.inner_text("#rule-nello-help")
    assert "nello" in help_text and "marks" in help_text
    page.select_option("#rule-scoring", "marks")
    page.select_option("#rule-bid_ladder", "marks")
    page.check("#rule-nello")
    page.fill("#name-0", "Ann")
    page.select_option("#seat-2", "person")
    page.fill("#name-2", "Cy")
    page.check("#listed")
    screenshot(page, "lobby-desktop", tmp_path)
    page.click("#create-button")
    own = page.locator("#links [data-seat-link='0']")
    own.wait_for()
    invitation = page.get_attribute("#links [data-seat-link='2']", "href")
    assert invitation and "#" in invitation
    own.click()
    wait_settled(page)
    assert "you are Ann (seat 0)" in page.inner_text("#title")
    summary = page.inner_text("#rules-summary")
    assert "scoring marks" in summary and "nello true" in summary
    page.click("#rules-button")
    assert "scoring: marks" in page.inner_text("#rules-body")
    page.click("#rules-close")
    assert page.locator("#standing .marks").count() == 2  # the marks pad, one a side
    assert "Cy" in page.inner_text("#felt .seat[data-seat='2']")
    # Back in the lobby: the table and its links are kept; it is listed as open.
    page.goto(server.base + "/")
    page.wait_for_selector("#kept-list .kept-table")
    kept = page.inner_text("#kept-list")
    assert "Texas 42" in kept
    assert page.get_attribute("#kept-list [data-seat-link='2']", "href") == invitation
    page.wait_for_selector("#open-list [data-join='2']")
    watched.close()
    # Someone else joins the open seat from the list.
    stranger = Watched(browser)
    stranger.page.goto(server.base + "/")
    stranger.page.click("#open-list [data-join='2']")
    stranger.page.wait_for_url("**/t/**")
    wait_settled(stranger.page)
    assert "you are Cy (seat 2)" in stranger.page.inner_text("#title")
    across = stranger.page.get_attribute("#felt .seat[data-seat='0']", "aria-label")
    assert "across from you" in (across or "")
    stranger.close()


def test_the_lobby_on_a_phone(server: ServerProcess, browser: Any, tmp_path: Path) -> None:
    watched = Watched(browser, PHONE)
    page = watched.page
    page.goto(server.base + "/")
    page.wait_for_selector("#games input[value='texas42']")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert check_accessibility(page) == []
    screenshot(page, "lobby-phone", tmp_path)
    watched.close()


def test_a_spectator_sees_the_table_from_seat_0_without_a_hand(
    server: ServerProcess, browser: Any
) -> None:
    answer = create(server, "preference", ["heuristic", "person", "heuristic", "heuristic"], seed=3)
    watched = Watched(browser)
    page = watched.page
    page.goto(answer["watch"])
    wait_settled(page)
    assert "watching" in page.inner_text("#title")
    assert page.locator("#hand [data-piece]").count() == 0 and page.is_hidden("#mine")
    assert page.get_attribute("#felt .seat[data-seat='0']", "data-rel") == "0"
    assert check_accessibility(page) == []
    watched.close()


def test_the_page_of_a_missing_table_says_it_is_missing(
    server: ServerProcess, browser: Any
) -> None:
    watched = Watched(browser)
    watched.allowed = {404}
    page = watched.page
    response = page.goto(server.base + "/t/nosuchtable")
    assert response is not None and response.status == 404
    page.wait_for_selector("#status[data-missing='404']")
    assert page.inner_text("#status") == "There is no such table here."
    assert page.is_visible("#missing a[href='/']") and page.is_hidden("#felt")
    assert check_accessibility(page) == []
    watched.close()


def test_a_person_away_takes_the_seat_back_from_the_page(
    tmp_path_factory: pytest.TempPathFactory, browser: Any
) -> None:
    """Silent past --bot-after, the person is told a bot plays for them; the page's button
    takes the seat back, and the page says so. The invitation they opened is spent, and the
    page's address now holds their own secret (a reload keeps the seat)."""
    where = tmp_path_factory.mktemp("away")
    running = ServerProcess(
        where, "--store", str(where / "t.db"), "--bot-delay", "0.5", "--bot-after", "1"
    ).start()
    try:
        answer = http_json(
            running.base + "/api/tables",
            {"game": "texas42", "seats": ["heuristic", "person", "heuristic", "heuristic"],
             "me": None, "seed": 5},
        )  # fmt: skip
        invitation = answer["seats"][1]["link"]
        watched = Watched(browser)
        page = watched.page
        page.goto(invitation)
        page.wait_for_selector("#notice:not(.hidden)")
        assert page.url != invitation and "#" in page.url  # the secret replaced the invitation
        page.wait_for_selector("#back:not(.hidden)", timeout=20_000)
        assert "a bot is playing your seat" in page.inner_text("#away")
        page.click("#back")
        page.wait_for_selector("#back", state="hidden")
        assert "Your seat is yours again" in page.inner_text("#away")
        page.reload()
        page.wait_for_selector("#status[data-turn]")
        assert "you are seat 1" in page.inner_text("#title")
        watched.close()
    finally:
        running.stop()
