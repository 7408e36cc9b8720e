"""Before the play of a hand there is no trick: from the deal to the naming of trump the trick in
progress is empty, the table of tricks is not there, and neither side has taken a point
(docs/views.md, "Texas 42": ``trick`` is empty between tricks and outside the play, and
``hand_points`` is ``(0, 0)`` before the first trick; docs/texas42.md, "Trump and play": the
high bidder leads once trump is named).

Written to kill a mutant of ``texas42.state`` that left the dealt state's trick unset
(docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

from tablegames.texas42 import Phase, Rules, deal_of, new_match, parse_action

_HANDS = [
    "6:6 6:5 6:4 6:3 6:2 6:1 6:0",
    "5:5 5:4 5:3 5:2 5:1 5:0 4:4",
    "4:3 4:2 4:1 4:0 3:3 3:2 3:1",
    "3:0 2:2 2:1 2:0 1:1 1:0 0:0",
]


def test_from_the_deal_to_the_naming_of_trump_there_is_no_trick() -> None:
    state = new_match(Rules()).apply(deal_of(_HANDS))
    for text in ["bid 30", "pass", "pass", "pass", "trump 5"]:
        assert state.phase in (Phase.BID, Phase.TRUMP)
        assert state.trick_tiles == ()
        assert state.table is None
        assert state.hand_points == (0, 0)
        assert state.view(0).trick == ()
        state = state.apply(parse_action(text))
    assert state.phase is Phase.PLAY
    assert state.trick_tiles == ()
    state = state.apply(parse_action("play 5:5"))
    assert [str(t) for t in state.trick_tiles] == ["5:5"]
