"""A table server: people at one table from their browsers, bots in the empty seats.

``pip install "tablegames[server]"`` and ``python -m tablegames serve`` host tables of any
registered game under any rules (see docs/play-online.md). The parts:

- :mod:`~tablegames.server.store`: where tables live (SQLite, WAL), behind a small interface;
  :mod:`~tablegames.server.postgres` is the same store in PostgreSQL, shared by processes and
  reconnected when its database comes back; :mod:`~tablegames.server.writer` calls a store
  off the event loop and commits the moves of many tables together;
  :mod:`~tablegames.server.lease` gives one process at a time each shard;
- :mod:`~tablegames.server.table`: a live table (moves checked for their seat, stored before
  they are acknowledged); :mod:`~tablegames.server.driver` its deals, bots and bounds;
  :mod:`~tablegames.server.bots` the bots' worker processes; :mod:`~tablegames.server.seats`
  tokens and invitations;
- :mod:`~tablegames.server.public`: what a spectator may see, the bounded views, the events;
- :mod:`~tablegames.server.protocol`: the WebSocket messages and their JSON Schemas;
- :mod:`~tablegames.server.limits`: what one client may cost; :mod:`~tablegames.server.hub`
  the tables of one process, their lifetimes and health;
- :mod:`~tablegames.server.app` and :mod:`~tablegames.server.sockets`: the aiohttp
  application; :mod:`~tablegames.server.serve` the command line;
  :mod:`~tablegames.server.bench` the load benchmark (``python -m tablegames bench
  --server``), :mod:`~tablegames.server.pgcluster` the throwaway PostgreSQL it and the tests
  use; :mod:`~tablegames.server.client` a scripted client.

Only app, sockets, serve and client need the extra (aiohttp) to import.

>>> from tablegames.server.protocol import PROTOCOL_VERSION
>>> PROTOCOL_VERSION
1
"""
