"""The documentation stands on its own and is laid out for a newcomer: no pointer to files outside
the repository, each rules page opens with what the game is and its picture and gathers its
rulings, and the site leads with what a newcomer needs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES_PAGES = ("texas42", "ninety-two", "preference", "quartets")
OUTSIDE = re.compile("shared" + r"/|rulings\.md|seeds" + r"/README|\b00\d_[0-9a-f]{16}\.txt")
"""A path to the project's private rule texts (written so that this file does not match)."""


def _texts() -> list[Path]:
    return [
        *sorted((ROOT / "docs").rglob("*.md")),
        ROOT / "README.md",
        *sorted((ROOT / "tests").glob("*.py")),
    ]


def test_no_page_and_no_test_points_outside_the_repository() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in _texts()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not found


@pytest.mark.parametrize("page", RULES_PAGES)
def test_a_rules_page_opens_with_the_game_and_its_picture(page: str) -> None:
    text = (ROOT / "docs" / f"{page}.md").read_text(encoding="utf-8")
    opening = text.split("\n## ", 1)[0]
    for label in ("**Players:**", "**Pieces:**", "**Goal:**"):
        assert label in opening
    picture = re.search(r"!\[[^\]]+\]\((images/[\w-]+\.svg)\)", opening)
    assert picture and (ROOT / "docs" / picture[1]).is_file()
    assert opening.index("**Players:**") < picture.start()


@pytest.mark.parametrize("page", RULES_PAGES)
def test_a_rules_page_gathers_its_rulings(page: str) -> None:
    text = (ROOT / "docs" / f"{page}.md").read_text(encoding="utf-8")
    rulings = text.split("\n## Rulings\n", 1)[1].split("\n## ", 1)[0]
    items = re.findall(r"^\d+\. \*\*", rulings, flags=re.MULTILINE)
    assert len(items) >= 6
    assert "**Notation.**" in rulings


def test_the_site_leads_with_what_a_newcomer_needs() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = config.split("\nnav:\n", 1)[1]
    order = [
        "getting-started.md",
        "bots.md",
        "server.md",
        "texas42.md",
        "quartets.md",
        "performance.md",
        "testing.md",
        "architecture.md",
    ]
    places = [nav.index(f": {page}") for page in order]
    assert places == sorted(places)
    css = config.split("extra_css:", 1)[1].split("\n\n", 1)[0].split()[-1]
    assert "white-space: pre-wrap" in (ROOT / "docs" / css).read_text(encoding="utf-8")
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert "python -m pip install ." in home.split("```python", 1)[0]
    first = home.split("```python\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert sum(line.startswith(">>> ") for line in first) == 3


def test_every_install_command_shown_works_before_the_first_release() -> None:
    """Until a release is on the Python Package Index, no page shows installing tablegames by
    name from it as a command to run (only releasing.md, which says how it gets there); the
    install section shows a checkout, a built wheel and a git URL."""
    blocks = re.compile(r"```sh\n(.*?)```", re.S)
    by_name = re.compile(r"pip install (?:-U )?[\"']?tablegames(?:[=\[\"' ]|$)", re.M)
    pages = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
    shown = [
        f"{page.relative_to(ROOT)}: {block.strip()}"
        for page in pages
        if page.name != "releasing.md"
        for block in blocks.findall(page.read_text(encoding="utf-8"))
        if by_name.search(block)
    ]
    assert not shown
    install = (ROOT / "docs" / "getting-started.md").read_text(encoding="utf-8")
    install = install.split("## Install", 1)[1].split("\n## ", 1)[0]
    for command in (
        "python -m pip install .",
        "python -m build",
        "python -m pip install dist/tablegames-*.whl",
        'python -m pip install "git+',
    ):
        assert command in install
    assert "[Releasing](releasing.md)" in install
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert "python -m pip install ." in home and "getting-started.md#install" in home


def test_the_release_checklist_says_how_a_release_reaches_the_index() -> None:
    text = (ROOT / "docs" / "releasing.md").read_text(encoding="utf-8")
    steps = re.findall(r"^\d+\. \*\*(.+?)\*\*", text, re.M)
    assert len(steps) >= 8
    commands = (
        "python -m build",
        "twine check --strict",
        "twine upload --repository testpypi",
        "python -m twine upload dist/*",
        "__about__.py",
        "## [Unreleased]",
    )
    for command in commands:
        assert command in text
    assert "releasing.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def test_the_changelog_has_a_section_for_this_version() -> None:
    """docs/releasing.md, step 1: the release's section is cut, dated, under an empty
    [Unreleased] (Keep a Changelog), and names the version the package says it is."""
    from tablegames import __version__

    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    sections = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", text, re.M)
    assert sections[0] == ("Unreleased", "")
    released = [version for version, date in sections[1:] if date]
    assert released and released[0] == __version__, (released[:1], __version__)
