"""Doctest collection: the server's modules that need its extra (aiohttp) are left out when it
is not installed (the ``tests`` session); the ``server`` session installs it and runs them."""

import importlib.util

collect_ignore_glob: list[str] = []
if importlib.util.find_spec("aiohttp") is None:
    collect_ignore_glob += [
        "src/tablegames/server/app.py",
        "src/tablegames/server/client.py",
        "src/tablegames/server/serve.py",
        "src/tablegames/server/sockets.py",
    ]
