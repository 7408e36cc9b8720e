"""A table server: people at one table from their browsers, bots in the empty seats.

``pip install "tablegames[server]"`` and ``python -m tablegames serve`` host tables of any
registered game under any rules (see docs/play-online.md). The parts:

- :mod:`~tablegames.server.store`: where tables live (SQLite, WAL), behind a small interface;
  :mod:`~tablegames.server.postgres` is the same store in PostgreSQL, shared by processes;
- :mod:`~tablegames.server.table`: a live table (moves checked for their seat, stored before
  they are acknowledged, bots, deals, seats handed to a bot when a person is away);
- :mod:`~tablegames.server.public`: what a spectator may see, and the table's events;
- :mod:`~tablegames.server.protocol`: the WebSocket messages and their JSON Schemas;
- :mod:`~tablegames.server.app`: the aiohttp application; :mod:`~tablegames.server.serve`
  the command line; :mod:`~tablegames.server.bench` the load benchmark.

Only the store, table, public and protocol modules import without the extra.

>>> from tablegames.server.protocol import PROTOCOL_VERSION
>>> PROTOCOL_VERSION
1
"""
