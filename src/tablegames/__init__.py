"""tablegames: the rules of Texas 42, Ninety-Two, Preference and Quartets, strictly typed.

>>> from tablegames import texas42
>>> state = texas42.new_match()
>>> state.is_chance
True
>>> import tablegames
>>> tablegames.__version__ == __import__("tablegames.__about__").__about__.__version__
True
"""

from tablegames.__about__ import __version__

__all__ = ["__version__"]
