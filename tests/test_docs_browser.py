"""The documentation site in a real headless Chromium: a code block's copy button copies the
code a reader types (no ``>>>`` prompts, no output), and the search finds pages when the site
is served, even from this machine alone (README, "Documentation": it cannot run from pages
opened straight from disk).

Needs the docs extra (mkdocs), Debian's chromium and Playwright for Python; skipped without.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mkdocstrings", reason="the docs extra builds the site")
sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright")

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
COPY = "button[data-md-type='copy'], button.md-clipboard"
"""A code block's copy button (Material for MkDocs 9.6 and later, and before)."""

if not Path(CHROMIUM).exists():  # pragma: no cover (CI installs it)
    pytest.skip("Chromium is not installed (apt-get install chromium)", allow_module_level=True)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built as the docs session builds it, served on a local port."""
    folder = tmp_path_factory.mktemp("docs") / "site"
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    thread.join()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def copied(site: str, browser: Any, page_path: str, text: str) -> str:
    """What the copy button of the first code block holding ``text`` puts on the clipboard."""
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(f"{site}/{page_path}")
    block = page.locator(".highlight").filter(has_text=text).first
    block.hover()
    block.locator(COPY).click()
    clipboard: str = page.evaluate("navigator.clipboard.readText()")
    context.close()
    return clipboard


def test_the_copy_button_copies_the_code_without_prompts_or_output(site: str, browser: Any) -> None:
    code = copied(site, browser, "getting-started/", ">>> from tablegames import ninety_two")
    assert code.startswith("import random\nfrom tablegames import ninety_two\n")
    assert "state = ninety_two.new_match(ninety_two.Rules(players=6))" in code
    assert ">>>" not in code and "... " not in code
    assert "(True, None)" not in code  # an output line of the block


def test_a_block_without_prompts_is_copied_whole(site: str, browser: Any) -> None:
    code = copied(site, browser, "getting-started/", "python -m tablegames --version")
    assert "python -m tablegames --version" in code and "pip install" in code


def test_the_search_finds_pages_on_a_served_site(site: str, browser: Any) -> None:
    page = browser.new_page()
    page.goto(f"{site}/")
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator("input.md-search__input").fill("widow")
    results = page.locator(".md-search-result__item")
    results.first.wait_for(timeout=15_000)
    assert results.count() > 0
    assert "preference" in (results.first.locator("a").first.get_attribute("href") or "")
    page.close()
