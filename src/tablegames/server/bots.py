"""The bots' decisions, off the event loop: worker processes, a time budget a decision, and a
fair share between tables.

A table asks :meth:`BotPool.choose` for one decision at a time (only one seat acts at a time),
and the pool serves the tables in the order they asked: while sixteen tables of solver bots
wait, a seventeenth table's bot is served after at most one decision of each of them. Each
worker is a process of its own (started on the first decision, at a lower CPU priority than
the server, so the server's own work comes first); its agents are made by name once and kept.
A decision that takes longer than the budget (counted from when its worker is ready: a new
worker's start is not counted) is abandoned: the worker is stopped and another
started, and the seat plays a legal action drawn at random for that turn (so no table waits
longer than the budget for a bot). ``workers=0`` runs the decisions on a thread of the
server's process instead (for an embedded server; the budget is then not enforced).

>>> import asyncio, random
>>> from tablegames import texas42
>>> state = texas42.new_match(); state = state.apply(state.chance_outcome(random.Random(1)))
>>> async def demo():
...     pool = BotPool(workers=0, budget=5.0)
...     action = await pool.choose("t1", "first-legal", state.view(1), seed=7)
...     pool.close()
...     return str(action)
>>> asyncio.run(demo())
'pass'
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import multiprocessing
import os
import random
from multiprocessing.connection import Connection
from typing import Any

from tablegames.agents import Agent, make_agent

__all__ = ["MAX_AGENTS", "BotPool", "decide"]

_Job = tuple[str, str, Any, int, "asyncio.Future[object]"]


MAX_AGENTS = 16
"""The most agents a worker keeps made (one per spec; the server names a handful)."""


def decide(agents: dict[str, Agent], spec: str, view: object, seed: int) -> object:
    """One decision: the agent ``spec`` names (made once, kept in ``agents``, at most
    :data:`MAX_AGENTS` of them) chooses from ``view`` with a generator seeded by ``seed``.

    >>> import random
    >>> from tablegames import quartets
    >>> state = quartets.new_match(quartets.Rules(players=3))
    >>> state = state.apply(state.chance_outcome(random.Random(1)))
    >>> str(decide({}, "first-legal", state.view(state.to_act), 1)).startswith("ask")
    True
    """
    agent = agents.get(spec)
    if agent is None:
        if len(agents) >= MAX_AGENTS:
            agents.clear()
        agent = agents[spec] = make_agent(spec)
    return agent.choose(view, random.Random(seed))


def _worker(conn: Connection, nice: int) -> None:  # pragma: no cover (runs in a child)
    with contextlib.suppress(OSError):
        os.nice(nice)
    agents: dict[str, Agent] = {}
    conn.send(("ready", None))  # the budget counts from here: starting is not deciding
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        spec, view, seed = job
        try:
            conn.send(("ok", decide(agents, spec, view, seed)))
        except Exception as exc:
            conn.send(("failed", f"{type(exc).__name__}: {exc}"[:200]))


class _Worker:
    def __init__(self, nice: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.process = context.Process(
            target=_worker, args=(child, nice), name="tablegames-bot", daemon=True
        )
        self.process.start()
        child.close()
        self.job: _Job | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.ready = False

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)


class BotPool:
    """``workers`` processes deciding for every table's bots, each decision within ``budget``
    seconds (see the module). :attr:`overruns` counts the decisions abandoned."""

    def __init__(self, workers: int = 1, budget: float = 10.0, nice: int = 10) -> None:
        self.workers, self.budget, self.nice = workers, budget, nice
        self.overruns = 0
        self._waiting: collections.deque[_Job] = collections.deque()
        self._idle: list[_Worker] = []
        self._busy: list[_Worker] = []
        self._threads: dict[str, Agent] | None = None
        self.closed = False

    async def choose(self, table: str, spec: str, view: object, seed: int) -> object:
        """The action the agent ``spec`` chooses for ``table`` from ``view`` (with the
        generator seeded by ``seed``), or a random legal one when it overruns the budget or
        fails."""
        if self.workers == 0:
            return await asyncio.to_thread(decide, self._local(), spec, view, seed)
        future: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        self._waiting.append((table, spec, view, seed, future))
        self._dispatch()
        try:
            return await future
        except asyncio.CancelledError:
            self._forget(future)
            raise

    def _local(self) -> dict[str, Agent]:
        if self._threads is None:
            self._threads = {}
        return self._threads

    def _forget(self, future: asyncio.Future[object]) -> None:
        self._waiting = collections.deque(j for j in self._waiting if j[4] is not future)

    def _dispatch(self) -> None:
        while self._waiting and not self.closed:
            if not self._idle and len(self._busy) >= self.workers:
                return
            worker = self._idle.pop() if self._idle else _Worker(self.nice)
            job = self._waiting.popleft()
            _, spec, view, seed, future = job
            if future.done():
                self._idle.append(worker)
                continue
            try:
                worker.conn.send((spec, view, seed))
            except (OSError, ValueError):
                worker.stop()
                self._waiting.appendleft(job)
                continue
            worker.job = job
            self._busy.append(worker)
            loop = asyncio.get_running_loop()
            loop.add_reader(worker.conn.fileno(), self._answered, worker)
            if worker.ready:
                worker.timer = loop.call_later(self.budget, self._overran, worker)

    def _release(self, worker: _Worker, keep: bool) -> _Job | None:
        loop = asyncio.get_running_loop()
        with contextlib.suppress(Exception):
            loop.remove_reader(worker.conn.fileno())
        if worker.timer is not None:
            worker.timer.cancel()
        job, worker.job = worker.job, None
        if worker in self._busy:
            self._busy.remove(worker)
        if keep and not self.closed:
            self._idle.append(worker)
        else:
            worker.stop()
        return job

    def _answered(self, worker: _Worker) -> None:
        try:
            kind, value = worker.conn.recv()
        except (EOFError, OSError):
            kind, value = "failed", "the worker stopped"
        if kind == "ready":  # a new worker has started: its decision's budget begins
            worker.ready = True
            loop = asyncio.get_running_loop()
            worker.timer = loop.call_later(self.budget, self._overran, worker)
            return
        job = self._release(worker, keep=kind == "ok")
        if job is not None and not job[4].done():
            if kind == "ok":
                job[4].set_result(value)
            else:
                job[4].set_result(_random_action(job))
        self._dispatch()

    def _overran(self, worker: _Worker) -> None:
        self.overruns += 1
        job = self._release(worker, keep=False)
        if job is not None and not job[4].done():
            job[4].set_result(_random_action(job))
        self._dispatch()

    def close(self) -> None:
        """Stop every worker."""
        self.closed = True
        for worker in [*self._idle, *self._busy]:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(worker.conn.fileno())
            if worker.timer is not None:
                worker.timer.cancel()
            if worker.job is not None and not worker.job[4].done():
                worker.job[4].cancel()
            worker.stop()
        self._idle, self._busy = [], []


def _random_action(job: _Job) -> object:
    _, _, view, seed, _ = job
    return random.Random(seed).choice(list(view.legal_actions))
