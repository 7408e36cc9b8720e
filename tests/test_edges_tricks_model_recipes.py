"""A trick model made by a game's factory pickles as that factory's call, so an unpickled state
holds the very same model (docs/architecture.md: *one made by a cached factory ... carries
that call as its ``recipe`` and pickles as it, so an unpickled state holds the very same
model*).

Ninety-Two's models carry a special winner made on the fly (the duplicate two), which cannot
be pickled by value: the model must keep the recipe its factory gives. The factories are
cached, and their models are made when the game is imported, so these tests call the factory
behind the cache. Written to kill mutants of ``tablegames.tricks.model`` (docs/testing.md,
"Mutation testing").
"""

from __future__ import annotations

import pickle

from tablegames.ninety_two.model import ninety_two_model
from tablegames.pieces import Suit
from tablegames.tricks import plain_card_model


def test_a_model_with_a_hook_made_on_the_fly_keeps_its_factorys_recipe() -> None:
    for trump in Suit:
        made = ninety_two_model(trump)
        assert made.recipe == (ninety_two_model, (trump,))
        assert made.special_winner is not None
        # Pickled as the factory's call: it comes back as the game's own model.
        assert pickle.loads(pickle.dumps(made)) is ninety_two_model(trump)


def test_a_plain_card_model_pickles_as_its_own_call() -> None:
    for trump in (None, *Suit):
        model = plain_card_model(trump)
        assert model.recipe == (plain_card_model, (trump, None))
        assert pickle.loads(pickle.dumps(model)) is model
