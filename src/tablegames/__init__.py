"""tablegames: the rules of Texas 42, Ninety-Two, Preference and Quartets, strictly typed.

>>> from tablegames import texas42
>>> state = texas42.new_match()
>>> state.is_chance
True
"""

__version__ = "0.1.0"
