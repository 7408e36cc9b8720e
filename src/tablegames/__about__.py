"""The package's version, in one place: the build reads it from here, and so does
``tablegames.__version__``.

>>> __version__.count(".") >= 2
True
"""

__version__ = "0.2.0"
