"""Packaging: one source for the version, the licence and the metadata a package index shows.

``nox -s package`` builds and installs the real wheel; these checks run on the source tree."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import tablegames
from tablegames.__about__ import __version__

ROOT = Path(__file__).resolve().parent.parent


def _pyproject() -> dict[str, object]:
    if sys.version_info >= (3, 11):
        import tomllib

        with open(ROOT / "pyproject.toml", "rb") as handle:
            return tomllib.load(handle)
    pytest.skip("reading pyproject.toml needs tomllib (Python 3.11)")


def test_the_version_has_one_source() -> None:
    data = _pyproject()
    project = data["project"]
    assert isinstance(project, dict)
    assert "version" not in project and project["dynamic"] == ["version"]
    tool = data["tool"]
    assert isinstance(tool, dict)
    assert tool["hatch"]["version"]["path"] == "src/tablegames/__about__.py"
    assert tablegames.__version__ == __version__
    major, minor, patch = __version__.split(".")[:3]
    assert major.isdigit() and minor.isdigit() and patch[0].isdigit()


def test_metadata_names_licence_pythons_status_and_topics() -> None:
    project = _pyproject()["project"]
    assert isinstance(project, dict)
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    classifiers = project["classifiers"]
    assert isinstance(classifiers, list)
    assert project["requires-python"] == ">=3.10"
    for minor in (10, 11, 12, 13):
        assert f"Programming Language :: Python :: 3.{minor}" in classifiers
    assert any(c.startswith("Development Status ::") for c in classifiers)
    assert any(c.startswith("Topic :: Games/Entertainment") for c in classifiers)
    assert "Typing :: Typed" in classifiers
    assert project["readme"] == "README.md"
    extras = project["optional-dependencies"]
    assert isinstance(extras, dict) and "docs" in extras
    assert (ROOT / "src" / "tablegames" / "py.typed").exists()
