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
def thorough(session: nox.Session) -> None:
    """The property tests with 10,000 playthroughs each (long)."""
    session.install("-e", ".[test]")
    session.run("pytest", "tests", env={"HYPOTHESIS_PROFILE": "thorough"})


@nox.session
def bench(session: nox.Session) -> None:
    """The benchmark: microseconds per decision and deals per second for every game."""
    session.install("-e", ".")
    session.run("python", "-m", "tablegames", "bench", *session.posargs)


# The rule modules under mutation testing, one mutmut run each (see docs/testing.md).
# quartets/model.py holds only tables (no function for mutmut to mutate), so it is not listed.
MUTATION_MODULES = (
    "texas42.bidding",
    "texas42.scoring",
    "texas42.model",
    "texas42.state",
    "ninety_two.bidding",
    "ninety_two.scoring",
    "ninety_two.model",
    "ninety_two.state",
    "preference.scoring",
    "preference.state",
    "quartets.state",
    "tricks",
    "collecting",
)


@nox.session
def mutation(session: nox.Session) -> None:
    """Mutation testing of the rule modules with mutmut (long; not a default session).

    ``nox -s mutation`` runs every module of MUTATION_MODULES; ``nox -s mutation -- texas42.state``
    only the ones named. One worker, niced; each mutant runs only the tests that call the mutated
    function. Results are cached in ./mutants; the report goes to .mutation/report.{md,json}.
    """
    session.install(
        "mutmut==3.8.1", "pytest>=7", "hypothesis>=6.80", "attrs>=23.1", "typing-extensions>=4.6"
    )
    for module in session.posargs or MUTATION_MODULES:
        mutants = f"tablegames.{module}.*"
        session.run(
            "nice", "-n", "10", "mutmut", "run", "--max-children", "1", mutants, external=True
        )
    commit = session.run("git", "rev-parse", "--short", "HEAD", silent=True, external=True)
    session.run("python", "tools/mutation_report.py", "--commit", str(commit).strip())
