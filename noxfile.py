"""Project checks. ``nox`` runs every default session: tests (the core alone, optional
integrations skipped), typecheck, lint, interop (the optional integrations installed and
tested), docs (the site in strict mode) and package (build, check and run the wheel)."""

from __future__ import annotations

import shutil
import sys
import zipfile
from pathlib import Path

import nox

nox.options.sessions = ["tests", "typecheck", "lint", "interop", "server", "docs", "package"]
nox.options.reuse_existing_virtualenvs = True


@nox.session
def tests(session: nox.Session) -> None:
    """pytest with hypothesis (profile from HYPOTHESIS_PROFILE, default ci) and all doctests,
    spread over every core by pytest-xdist (``nox -s tests -- -n 0`` runs them in one process)."""
    session.install("-e", ".[test]")
    session.run("pytest", "-n", "auto", *session.posargs)


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src and tests."""
    session.install("-e", ".[test,server]", *SERVER_TEST_TOOLS)
    session.run("mypy", "--strict", "src", "tests")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check."""
    session.install("ruff")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def interop(session: nox.Session) -> None:
    """The optional integrations with their packages installed: the OpenSpiel and PettingZoo
    adapters, simulation on a Dask cluster, the progress bar."""
    session.install("-e", ".[test,openspiel,pettingzoo,distributed,progress]")
    session.run(
        "pytest",
        "tests/test_observation.py",
        "tests/test_interop_openspiel.py",
        "tests/test_interop_pettingzoo.py",
        "tests/test_boundary_hostile_games.py",
        "tests/test_boundary_hostile.py::test_numpy_ends_ranks_and_suits_are_refused",
        # The progress bar needs tqdm; the rest of test_simulate.py runs in the tests session.
        "tests/test_simulate.py::test_progress_bar_goes_to_stderr",
        "tests/test_simulate_dask.py",
        "src/tablegames/observation",
        "src/tablegames/interop",
        "docs/interop.md",
        "docs/simulation.md",
        *session.posargs,
    )


SERVER_TEST_TOOLS = ("playwright>=1.40", "jsonschema>=4.18")
"""What the server's tests use besides the extra: Playwright drives the system's Chromium
(never its own download), jsonschema checks the messages."""


@nox.session
def server(session: nox.Session) -> None:
    """The table server (extra ``server``): stores on SQLite and on a throwaway PostgreSQL
    cluster (restarted under a playing table), tables over WebSockets, hostile clients, the
    limits and lifetimes, bounded matches, tables set aside, bots in worker processes, seats
    and invitations, SIGKILL and restart, shard leases and two processes on one PostgreSQL,
    and people playing each game in headless Chromium (with axe-core's accessibility check,
    vendored in tests/vendor). Tests whose tool is missing here
    (PostgreSQL's binaries, Chromium) skip and say why; ``.ci/run`` installs them."""
    session.install("-e", ".[test,server]", *SERVER_TEST_TOOLS)
    session.run(
        "pytest",
        "-rs",
        "tests/test_server_store.py",
        "tests/test_server_tables.py",
        "tests/test_server_hidden.py",
        "tests/test_server_machine.py",
        "tests/test_server_hostile.py",
        "tests/test_server_crash.py",
        "tests/test_server_browser.py",
        "tests/test_server_games_browser.py",
        "tests/test_server_lobby.py",
        "tests/test_server_options.py",
        "tests/test_server_limits.py",
        "tests/test_server_bounds.py",
        "tests/test_server_resume.py",
        "tests/test_server_bots.py",
        "tests/test_server_postgres.py",
        "tests/test_server_seats.py",
        "tests/test_server_requests.py",
        "tests/test_server_structure.py",
        "tests/test_server_bench.py",
        "tests/test_server_events.py",
        "src/tablegames/server",
        "docs/play-online.md",
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


@nox.session
def ladder(session: nox.Session) -> None:
    """The strength ladder: heuristic against random agents and search against heuristic
    agents in every game, and the solver against both in the trick games, written to
    docs/strength.md (win rates with 95% intervals; fails only if a rung the page claims falls
    short of its bar). About an hour and a half on two cores: the search rungs take a quarter
    hour, the solver rungs the rest."""
    session.install("-e", ".")
    session.run(
        "python",
        "-m",
        "tablegames.ladder",
        "--matches",
        "1000",
        "--seed",
        "0",
        "--workers",
        "2",
        "--output",
        "docs/strength.md",
        *session.posargs,
    )


IMAGES = (
    ("texas42-view", "texas42", "--seed", "1", "--seat", "0"),
    ("texas42-table", "texas42", "--seed", "1"),
    ("ninety-two-view", "ninety-two", "--players", "6", "--seed", "2", "--seat", "0"),
    ("ninety-two-table", "ninety-two", "--players", "6", "--seed", "2"),
    ("preference-view", "preference", "--seed", "9", "--seat", "1"),
    ("preference-widow", "preference", "--seed", "9", "--seat", "3", "--step", "144"),
    ("quartets-view", "quartets", "--players", "5", "--seed", "1", "--seat", "0"),
    ("quartets-table", "quartets", "--players", "5", "--seed", "1", "--step", "161"),
)
"""The pictures on the rules pages: file name, then the arguments of ``tablegames render``."""


@nox.session
def images(session: nox.Session) -> None:
    """Draw the rules pages' pictures into docs/images/ (commit them: the docs show them)."""
    session.install("-e", ".")
    Path("docs/images").mkdir(parents=True, exist_ok=True)
    for name, *args in IMAGES:
        session.run("python", "-m", "tablegames", "render", *args, "-o", f"docs/images/{name}.svg")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the documentation site with mkdocs in strict mode: any warning fails; then check
    that the API reference lists every field of every action, view and result class, and, in
    headless Chromium (skipped where it is missing), that copy buttons copy code without
    prompts and that the search works on the served site."""
    session.install("-e", ".[docs,testing]", "playwright>=1.40")
    site = Path(session.create_tmp()) / "site"
    session.run("mkdocs", "build", "--strict", "--site-dir", str(site), *session.posargs)
    session.run(
        "pytest",
        "-q",
        "-rs",
        "-p",
        "no:cacheprovider",
        "tests/test_api_reference.py",
        "tests/test_docs_browser.py",
        # the docs' own griffe extension (skipped in the tests session, which has no griffe)
        "tests/test_forwarding.py::test_the_docs_site_shows_a_forwarded_attribute_as_a_typed_property",
    )


@nox.session
def package(session: nox.Session) -> None:
    """Build the sdist and the wheel, check them with twine, install the wheel into a fresh
    virtual environment and try it there: the import, the version, py.typed, no tests inside,
    and the demo."""
    session.install("build", "twine")
    tmp = Path(session.create_tmp())
    dist = tmp / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    session.run("python", "-m", "build", "--outdir", str(dist))
    built = sorted(str(p) for p in dist.iterdir())
    session.run("twine", "check", "--strict", *built)
    (wheel,) = dist.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    if "tablegames/py.typed" not in names:
        session.error("the wheel has no tablegames/py.typed")
    if any(name.startswith(("tests/", "docs/")) or "/tests/" in name for name in names):
        session.error("the wheel holds tests or docs")
    venv = tmp / "fresh"
    shutil.rmtree(venv, ignore_errors=True)
    session.run("python", "-m", "venv", str(venv))
    bin_dir = venv / ("Scripts" if sys.platform == "win32" else "bin")
    python = str(bin_dir / "python")
    session.run(python, "-m", "pip", "install", "--quiet", str(wheel), external=True)
    check = (
        "import importlib.metadata as m, tablegames; "
        "assert tablegames.__version__ == m.version('tablegames'), tablegames.__version__; "
        "print('tablegames', tablegames.__version__, 'from', tablegames.__file__)"
    )
    session.run(python, "-c", check, external=True)
    meta = "import importlib.metadata as m; print(m.version('tablegames'))"
    version = session.run(python, "-c", meta, external=True, silent=True).strip()
    module = session.run(python, "-m", "tablegames", "--version", external=True, silent=True)
    script = session.run(str(bin_dir / "tablegames"), "--version", external=True, silent=True)
    if not module.strip() == script.strip() == f"tablegames {version}":
        session.error(f"versions disagree: {module!r}, {script!r}, metadata {version!r}")
    session.log(f"tablegames --version and python -m tablegames --version: {version}")
    session.run(
        python, "-m", "tablegames", "demo", "texas42", "--seed", "1", external=True, silent=True
    )


# The modules under mutation testing, one mutmut run each (see docs/testing.md).
# quartets/model.py holds only tables (no function for mutmut to mutate), so it is not listed.
MUTATION_MODULES = (
    "texas42.bidding",
    "texas42.contracts",
    "texas42.scoring",
    "texas42.model",
    "texas42.state",
    "ninety_two.bidding",
    # Ninety-Two's modules split out of state.py: calling, part, playing, view, hidden, start.
    "ninety_two.calling",
    "ninety_two.part",
    "ninety_two.playing",
    "ninety_two.view",
    "ninety_two.hidden",
    "ninety_two.start",
    "ninety_two.scoring",
    "ninety_two.model",
    "ninety_two.state",
    "preference.calling",
    "preference.deal",
    "preference.playing",
    "preference.position",
    "preference.scoring",
    "preference.state",
    "preference.view",
    "preference.hidden",
    "preference.start",
    "quartets.masks",
    "quartets.state",
    "tricks",
    "collecting",
    # The boundary modules (issue 25): signing, records, replaying and bounded JSON reading.
    "core.signing",
    "core.records",
    "core.replaying",
    "core.bounded_json",
    # The views and view sampling. Today the view classes live in each game's state module
    # (listed above) and sampling from a view alone in view_sampling.py; when the views move
    # to modules of their own, list those here too. tricks.table (revealed voids) is run with
    # "tricks" above; `nox -s mutation -- tricks.table` runs it alone.
    "texas42.view_sampling",
    "ninety_two.view_sampling",
    "preference.view_sampling",
    "quartets.view_sampling",
    # The modules the engine redesign split out of the state modules: Texas 42's calling, play,
    # view, actions, hand, position and hidden hands; Quartets' asking, dealing, parts and listing.
    "texas42.calling",
    "texas42.playing",
    "texas42.view",
    "texas42.actions",
    "texas42.hand",
    "texas42.position",
    "texas42.hidden",
    "quartets.asking",
    "quartets.dealing",
    "quartets.parts",
    "quartets.listing",
)


@nox.session
def mutation(session: nox.Session) -> None:
    """Mutation testing of the rule modules with mutmut (long; not a default session).

    ``nox -s mutation`` runs every module of MUTATION_MODULES; ``nox -s mutation -- texas42.state``
    only the ones named. One worker, niced; each mutant runs only the tests that call the mutated
    function. Results are cached in ./mutants; the report goes to .mutation/report.{md,json}.
    """
    session.install(
        "mutmut==3.8.1",
        "pytest>=7",
        "hypothesis>=6.80",
        "attrs>=23.1",
        "typing-extensions>=4.6",
    )
    for module in session.posargs or MUTATION_MODULES:
        mutants = f"tablegames.{module}.*"
        session.run(
            "nice", "-n", "10", "mutmut", "run", "--max-children", "1", mutants, external=True
        )
    commit = session.run("git", "rev-parse", "--short", "HEAD", silent=True, external=True)
    session.run("python", "tools/mutation_report.py", "--commit", str(commit).strip())
