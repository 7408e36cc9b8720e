"""The set-collecting core at its edges: every branch of turn passing, on every small table.

Rulings (Quartets, shared/rulings.md) checked here: 'The player left of the dealer starts (the
next player clockwise with cards, if that one has none)'; 'Holder has it: it is handed over and
the asker asks again. Holder lacks it: the turn passes to the player asked (option
`turn_passes="left"`: to the next player with cards on the asker's left)'; 'If the asker goes
out, the turn passes to the player from whom the last card was requested, or, if that player is
out too, to the next player clockwise from the asker who still holds cards.' Written to kill
mutants that survived ``nox -s mutation`` (docs/testing.md).
"""

from __future__ import annotations

from itertools import product

from tablegames.collecting import first_asker, next_asker, next_holder


def _clockwise_holder(holding: tuple[bool, ...], start: int) -> int | None:
    players = len(holding)
    return next((s % players for s in range(start, start + players) if holding[s % players]), None)


def test_every_branch_of_who_asks_next() -> None:
    """Every hand pattern of 2 to 5 seats, every asker and seat asked, both outcomes, both
    options, against the rulings read literally."""
    for players in range(2, 6):
        for holding in product((False, True), repeat=players):
            hands = tuple(1 << s if held else 0 for s, held in enumerate(holding))
            for start in range(players):
                assert next_holder(hands, start) == _clockwise_holder(holding, start)
            for dealer in range(players):
                assert first_asker(hands, dealer) == _clockwise_holder(holding, dealer + 1)
            for asker, target in product(range(players), repeat=2):
                if asker == target:
                    continue
                on_left = _clockwise_holder(holding, asker + 1)
                # holder had it: ask again; asker out: the giver; giver out too: clockwise
                got = asker if holding[asker] else target if holding[target] else on_left
                assert next_asker(hands, asker, target, got=True) == got
                assert next_asker(hands, asker, target, got=True, passes="left") == got
                # holder lacked it: the player asked (who still holds cards), or on the left
                asked = target if holding[target] else on_left
                assert next_asker(hands, asker, target, got=False) == asked
                assert next_asker(hands, asker, target, got=False, passes="left") == on_left
