"""What the browser tests share: Debian's Chromium driven by Playwright (never a browser of
its own download), a watch on every page for console errors and failed requests, the
accessibility check (axe-core, vendored under tests/vendor), and reading the table page.

Needs Debian's chromium (``apt-get install chromium``) and Playwright for Python: a test module
that imports this one is skipped without them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from test_server_support import ServerProcess, http_json

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
# A test module that imports this one is skipped where the browser cannot run.
pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright")
if not Path(CHROMIUM).exists():  # pragma: no cover (CI installs it)
    pytest.skip("Chromium is not installed (apt-get install chromium)", allow_module_level=True)
AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = os.environ.get("TABLEGAMES_SCREENSHOTS")
"""Where the tests keep their screenshots of each game at desktop and phone sizes (the docs'
are made with ``TABLEGAMES_SCREENSHOTS=docs/images``); unset: the test's temporary folder."""

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida"]


def start_server(where: Path, *args: str) -> ServerProcess:
    """A server on a fresh store, with quick bots and room for many tables from one client."""
    return ServerProcess(
        where,
        "--store",
        str(where / "t.db"),
        "--bot-delay",
        "0.02",
        "--bot-workers",
        "0",
        "--tables-per-client",
        "100",
        "--creates-per-hour",
        "1000",
        "--http-rate",
        "200",
        *args,
    ).start()


def launch(playwright: Any) -> Any:
    """Chromium from the system (Debian's package)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)


class Watched:
    """A page and what went wrong on it: console errors, uncaught exceptions, failed requests
    and answers of 400 and over (``allowed``: statuses a test expects)."""

    def __init__(self, browser: Any, viewport: dict[str, int] | None = None) -> None:
        self.context = browser.new_context(viewport=viewport or DESKTOP)
        self.page = self.context.new_page()
        self.problems: list[str] = []
        self.allowed: set[int] = set()
        page = self.page
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.problems.append(f"uncaught: {exc}"))
        page.on("requestfailed", self._failed)
        page.on("response", self._response)

    def _console(self, message: Any) -> None:
        expected = any(f"status of {status} " in message.text for status in self.allowed)
        if message.type == "error" and not expected:
            self.problems.append(f"console: {message.text}")

    def _failed(self, request: Any) -> None:
        failure = request.failure or ""
        if "ERR_ABORTED" not in failure:  # a download or a page left mid-request
            self.problems.append(f"failed: {request.url} {failure}")

    def _response(self, response: Any) -> None:
        if response.status >= 400 and response.status not in self.allowed:
            self.problems.append(f"{response.status}: {response.url}")

    def close(self) -> None:
        """Close it, and fail if anything went wrong on it."""
        self.context.close()
        assert self.problems == [], self.problems


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = launch(playwright)
        yield launched
        launched.close()


def create(server: ServerProcess, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    """A table made through the API (the lobby is tested on its own), its seats named."""
    body = {"game": game, "seats": seats, "names": NAMES[: len(seats)], **extra}
    answer: dict[str, Any] = http_json(server.base + "/api/tables", body)
    return answer


def wait_settled(page: Any, timeout: float = 30.0) -> None:
    """Wait until the page draws the latest view, holds over (no finished trick or result
    waiting to be cleared)."""
    page.wait_for_function(
        "() => document.querySelector('#status[data-turn]') && !document.body.dataset.holding",
        timeout=timeout * 1000,
    )


def my_turn(page: Any, timeout: float = 60.0) -> bool:
    """Wait until it is this seat's turn (a legal action can be clicked); False when the
    match is over first."""
    page.wait_for_function(
        '() => document.querySelector(\'#status[data-yours="true"], #status[data-over="true"]\')',
        timeout=timeout * 1000,
    )
    over: int = page.locator("#status[data-over='true']").count()
    return over == 0


def actions(page: Any) -> list[str]:
    """The legal actions the page offers now."""
    found = page.eval_on_selector_all(
        "#mine [data-action]:not([disabled])", "nodes => nodes.map(n => n.dataset.action)"
    )
    return list(dict.fromkeys(found))


def results(page: Any) -> list[str]:
    """The results the history lists, newest first."""
    found: list[str] = page.eval_on_selector_all(
        "#history-body li.result", "nodes => nodes.map(n => n.textContent)"
    )
    return found


def snapshot(page: Any) -> dict[str, Any]:
    """What the table shows: the text of each part, and the pieces in order."""
    parts = ["#status", "#contract", "#table-facts", "#felt", "#standing", "#history-body", "#hand"]
    shown = {part: page.inner_text(part) for part in parts}
    shown["pieces"] = page.eval_on_selector_all(
        "#felt [data-piece], #hand [data-piece]",
        "nodes => nodes.map(n => n.dataset.piece + ' ' + n.getAttribute('aria-label'))",
    )
    shown["actions"] = actions(page)
    return shown


def check_accessibility(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is (WCAG 2 A and AA)."""
    if not page.evaluate("typeof axe !== 'undefined'"):  # evaluated, so the page's CSP holds
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;true")
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
            const result = await axe.run(document, {
                runOnly: { type: "tag",
                    values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
            });
            return result.violations
                .filter((v) => v.impact === "serious" || v.impact === "critical")
                .map((v) => ({ id: v.id, impact: v.impact,
                    nodes: v.nodes.slice(0, 3).map((n) => n.html) }));
        }"""
    )
    return found


def unnamed_controls(page: Any) -> list[str]:
    """Every button, piece and form control on the page without an accessible name."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('button, [data-piece], select, input')]
            .filter((n) => n.offsetParent !== null)
            .filter((n) => !(n.getAttribute('aria-label') || n.textContent.trim() ||
                (n.id && document.querySelector(`label[for="${n.id}"]`)) || n.closest('label')))
            .map((n) => n.outerHTML.slice(0, 120))"""
    )
    return found


def screenshot(page: Any, name: str, where: Path) -> Path:
    """Keep a screenshot of the whole page (in :data:`SCREENSHOTS` when set)."""
    folder = Path(SCREENSHOTS) if SCREENSHOTS else where
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
