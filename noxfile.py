"""Project checks: ``nox`` runs tests, typecheck and lint with the Python that runs nox."""

from __future__ import annotations

import nox

nox.options.sessions = ["tests", "typecheck", "lint"]
nox.options.reuse_existing_virtualenvs = True


@nox.session
def tests(session: nox.Session) -> None:
    """pytest with hypothesis (profile from HYPOTHESIS_PROFILE, default ci) and all doctests."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src and tests."""
    session.install("-e", ".[test]")
    session.run("mypy", "--strict", "src", "tests")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check."""
    session.install("ruff")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def interop(session: nox.Session) -> None:
    """The OpenSpiel and PettingZoo adapters with their optional packages installed."""
    session.install("-e", ".[test,openspiel,pettingzoo]")
    session.run(
        "pytest",
        "tests/test_observation.py",
        "tests/test_interop_openspiel.py",
        "tests/test_interop_pettingzoo.py",
        "src/tablegames/observation",
        "src/tablegames/interop",
        "docs/interop.md",
        *session.posargs,
    )


@nox.session
def thorough(session: nox.Session) -> None:
    """The property tests with 10,000 playthroughs each (long)."""
    session.install("-e", ".[test]")
    session.run("pytest", "tests", env={"HYPOTHESIS_PROFILE": "thorough"})


@nox.session
def bench(session: nox.Session) -> None:
    """The benchmark: microseconds per decision and deals per second for every game."""
    session.install("-e", ".")
    session.run("python", "-m", "tablegames", "bench", *session.posargs)
