"""End to end in a real headless Chromium: a person creates a table on the page, follows the
invite link and plays a whole Texas 42 hand against bots, and a Preference deal, by clicking
the legal actions; the page shows each trick's winner and the hand's result.
docs/play-online.md, "Play".

Needs Debian's chromium (``apt-get install chromium``) and Playwright for Python
(``pip install playwright``; its own browser download is never used).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from test_server_support import ServerProcess, http_json

sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

if not Path(CHROMIUM).exists():  # pragma: no cover (CI installs it)
    pytest.skip("Chromium is not installed (apt-get install chromium)", allow_module_level=True)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    where = tmp_path_factory.mktemp("browser")
    running = ServerProcess(where, "--store", str(where / "t.db"), "--bot-delay", "0.02").start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def _choose(page: Any) -> bool:
    """Click one of the legal actions, if the page offers any: a bid or a trump first (so the
    hand is played, not thrown in), else the first one."""
    buttons = page.locator("[data-action]:not([disabled])")
    actions = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
    if not actions:
        return False
    wanted = next((a for a in actions if a.startswith(("bid ", "trump "))), actions[0])
    page.locator(f'[data-action="{wanted}"]').first.click()
    return True


def _play_until_a_result(page: Any, want_tricks: bool, limit: int = 400) -> None:
    for _ in range(limit):
        results = page.locator("#events li.result")
        if results.count() and (not want_tricks or page.locator("#events li.trick").count()):
            return
        if not _choose(page):
            page.wait_for_timeout(50)
    raise AssertionError("no hand was finished: " + page.inner_text("#events"))


def test_a_person_plays_a_texas42_hand_against_bots(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    page = browser.new_page()
    page.goto(server.base + "/")
    page.select_option("#game", "texas42")
    page.wait_for_selector("#seat-choices select[data-seat='3']")
    assert page.locator("#seat-choices select[data-seat='0']").input_value() == "person"
    page.click("button[type=submit]")
    link = page.locator("[data-seat-link='0']").get_attribute("href")
    assert link is not None and "#" in link
    page.goto(link)
    page.wait_for_selector("#status[data-turn]")
    assert "you are seat 0" in page.inner_text("#title")
    _play_until_a_result(page, want_tricks=True)
    tricks = page.locator("#events li.trick")
    assert 1 <= tricks.count() <= 7
    for i in range(tricks.count()):
        text = tricks.nth(i).inner_text()
        assert text.startswith("Trick won by seat ") and text.count("[") == 4  # four tiles
    result = page.locator("#events li.result").first.inner_text()
    assert result.startswith("Hand over") and "made" in result and "score" in result
    page.screenshot(path=str(tmp_path / "texas42.png"), full_page=True)
    table = link.split("/t/")[1].split("#")[0]
    info = http_json(f"{server.base}/api/tables/{table}")
    assert info["turn"] > 28 and info["seats"][0]["connected"]


def test_a_person_plays_a_preference_deal_against_bots(server: ServerProcess, browser: Any) -> None:
    answer = http_json(
        server.base + "/api/tables",
        {
            "game": "preference",
            "seats": ["heuristic", "person", "heuristic", "heuristic"],
            "seed": 3,
        },
    )
    page = browser.new_page()
    page.goto(answer["seats"][1]["link"])
    page.wait_for_selector("#status[data-turn]")
    assert "you are seat 1" in page.inner_text("#title")
    _play_until_a_result(page, want_tricks=False)
    result = page.locator("#events li.result").first.inner_text()
    assert result.startswith("Hand over") and "declarer" in result and "stacks" in result
    if "tricks 0/0/0/0" not in result:  # the deal was played, not thrown in
        assert page.locator("#events li.trick").count() == 10
    watcher = browser.new_page()
    watcher.goto(answer["watch"])
    watcher.wait_for_selector("#status[data-turn]")
    assert "watching" in watcher.inner_text("#title")
    assert watcher.locator("#hand [data-piece]").count() == 0


def test_the_page_of_a_missing_table_says_it_is_missing(
    server: ServerProcess, browser: Any
) -> None:
    page = browser.new_page()
    response = page.goto(server.base + "/t/nosuchtable")
    assert response is not None and response.status == 404
    page.wait_for_selector("#status[data-missing='404']")
    assert page.inner_text("#status") == "There is no such table here."


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
        page = browser.new_page()
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
    finally:
        running.stop()
