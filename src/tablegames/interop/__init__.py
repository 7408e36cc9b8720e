"""Adapters to research tools: OpenSpiel games and PettingZoo environments (optional extras).

``tablegames.interop.openspiel`` needs ``pip install tablegames[openspiel]`` and
``tablegames.interop.pettingzoo`` needs ``pip install tablegames[pettingzoo]``; importing these
modules works without them, and the functions that need them say so. Both rest on
:mod:`tablegames.observation`.

>>> from tablegames.interop import limits
>>> limits.deck_size("texas42")
28
"""
