"""Example games built with :mod:`tablegames.kit`, shipped so that their tutorials cannot rot.

They are not registered: a program registers one with
:func:`~tablegames.games.register_game` when it wants it.

>>> from tablegames.examples import whist3
>>> whist3.GAME.title
'Three-handed whist'
"""
