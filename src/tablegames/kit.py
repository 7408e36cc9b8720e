"""The kit for writing a game: every public piece a trick game or a collecting game needs, in one
import. docs/writing-a-game.md builds a complete game with it (``examples/whist3``).

What a game is made of:

- **pieces**: :class:`Card`, :class:`Domino`, :class:`PieceSet` (an immutable set over a
  :class:`Universe`, an int mask inside), :func:`bits`, :func:`mask_of`, :class:`MaskDecoder`;
- **actions**: :data:`PASS`, :class:`Play`, :class:`Deal` (the chance step), and for actions of
  your own :func:`register_field_check`, :func:`count_field`, :func:`malformed` and
  :func:`trust`;
- **the state contract**: subclass :class:`GameState` and write ``_step(action)`` — the state
  after ``action`` or the :class:`Violation` that forbids it (see :meth:`GameState._step`);
  ``check``, ``apply`` and the public :meth:`GameState.transition` all go through it. Describe
  the game with a :class:`Game` descriptor (its ``seats`` says how many seats a table has) and
  make it known with :func:`register_game`;
- **the trick engine**: write your play's hooks once (:class:`PlayHooks`: your pieces' ready-made
  plays, sentences, when a hand is over; :class:`Valuation` for a solver), make a
  :class:`TrickPlay` of them, derive your state from :class:`TrickState` (the engine's
  :class:`PlaySlots` layout, :func:`check_play_class` says so; its ``rules`` and ``dealer`` read
  off your part, a :class:`TrickPart`; and ``sample(seat, rng)``, from
  your ``_redeal`` and ``_deal_again``), and let :func:`trick_phases` make its dealing, playing
  and over phases (:class:`TrickPhases`: their builders, the engine told its playing class);
  write your calling phases, if any, as classes of your own with their :func:`builder`; show a
  field of your part as the state's own with :class:`Forwarded`;
  :class:`tablegames.solve.Solver` solves the play (``examples/whist3`` does all of this,
  :data:`Hands` and :data:`Pieces` are the masks a builder takes); histories are
  :data:`LogNode` chains (:data:`EMPTY_LOG`, :func:`logged`), and a state names the public
  parts of its position in ``fingerprint_fields`` (:func:`trick_table` for its play);
- **tricks**: :class:`TrickModel` (which suit a piece leads, what follows, how pieces rank,
  trump) or :func:`plain_card_model`; :func:`legal_plays` and :func:`play_violation` (the
  follow rule), :func:`trick_winner`, :class:`TrickTable` / :class:`Trick` (turn order, tricks
  won), :class:`TrickTally` / :class:`Seating` (the same, cheap to carry from trick to trick),
  :func:`revealed_voids` (what play has shown a seat not to hold), :func:`draw_round`
  (refilling hands from a stock);
- **collecting**: :class:`SetModel` / :func:`set_model`, :func:`deal_round`,
  :func:`lay_down_all`, :func:`ask_violation`, :func:`next_asker`, :func:`sample_deal`...;
- **sampling**: :func:`assign_hidden` deals hidden pieces among seats, keeping counts and known
  voids — the heart of ``GameState.sample``;
- **rules**: :class:`GameRules` (the base of a ``Rules`` class: its canonical dict, reading it
  back, its fingerprint), :func:`strict_rules` (unknown settings refused with a sentence),
  :func:`whole`, :func:`flag`, :func:`choice` (each setting checked, naming it), :func:`describe`
  (a short quote of any value for a message);
- **chance**: :func:`shuffle`; **history**: :class:`History`; **seats**: :func:`check_seat`,
  :func:`left_of`, :func:`clockwise_from`, :func:`leaders`;
- **masks to actions**: :class:`MaskDecoder` and :func:`chunk_tables` turn a mask of legal
  plays into ready-made action tuples;
- **notation**: :func:`words`, :func:`number`, :func:`expect_args`, :func:`parse_deal`,
  :func:`parse_shared` (``pass``, ``play X``, ``deal ...``), :func:`quote`.

>>> from tablegames import kit
>>> hand = kit.cards("AS 7S KD")
>>> model = kit.plain_card_model(None)
>>> led = (kit.Card.parse("QS").index,)
>>> str(kit.PieceSet(kit.legal_plays(hand.mask, led, model), kit.CARD_UNIVERSE))
'7S AS'
"""

from __future__ import annotations

from tablegames.collecting import (
    Asked,
    AskKind,
    Knowledge,
    SetModel,
    TurnPass,
    ask,
    ask_violation,
    askable_pieces,
    askable_sets,
    deal_round,
    first_asker,
    hand_sizes,
    holders,
    knowledge,
    lay_down,
    lay_down_all,
    next_asker,
    next_holder,
    sample_deal,
    set_model,
)
from tablegames.core.actions import (
    PASS,
    Deal,
    Pass,
    Play,
    count_field,
    is_count,
    malformed,
    register_field_check,
    trust,
)
from tablegames.core.chance import rng_for, shuffle
from tablegames.core.errors import (
    IllegalActionError,
    NotationError,
    RecordError,
    RulesError,
    TableGamesError,
)
from tablegames.core.fingerprint import trick_table
from tablegames.core.forwarding import Forwarded
from tablegames.core.frozen import builder
from tablegames.core.game import Game, GameRecord, GameState, play_randomly, random_action
from tablegames.core.history import EMPTY_LOG, History, LogNode, logged
from tablegames.core.notation import expect_args, number, parse_deal, parse_shared, quote, words
from tablegames.core.sampling import assign_hidden
from tablegames.core.seats import Seat, check_seat, clockwise_from, leaders, left_of, seat_count
from tablegames.core.settings import (
    MAX_DEALS,
    MAX_TARGET,
    GameRules,
    choice,
    flag,
    strict_rules,
    whole,
)
from tablegames.core.text import describe
from tablegames.core.violations import Violation, ViolationCode
from tablegames.games import available_games, get_game, register_game
from tablegames.pieces import (
    CARD_UNIVERSE,
    CARDS,
    DOMINO_UNIVERSE,
    DOMINOES,
    DOUBLE_SIX,
    Card,
    Domino,
    MaskDecoder,
    Piece,
    PieceSet,
    Rank,
    Suit,
    Universe,
    bits,
    cards,
    dominoes,
    mask_of,
    suit_mask,
)
from tablegames.tricks import (
    Seating,
    SpecialWinner,
    Trick,
    TrickModel,
    TrickTable,
    TrickTally,
    card_of,
    draw_round,
    legal_plays,
    plain_card_model,
    play_violation,
    revealed_voids,
    trick_winner,
    turn_order,
)
from tablegames.tricks.decode import chunk_tables
from tablegames.tricks.facade import TrickPart, TrickPhases, TrickState, trick_phases
from tablegames.tricks.hooks import Hands, Pieces
from tablegames.tricks.play import (
    PlayHooks,
    PlaySlots,
    TrickPlay,
    TrickRulesError,
    Valuation,
    check_play_class,
)

__all__ = [
    "CARDS",
    "CARD_UNIVERSE",
    "DOMINOES",
    "DOMINO_UNIVERSE",
    "DOUBLE_SIX",
    "EMPTY_LOG",
    "MAX_DEALS",
    "MAX_TARGET",
    "PASS",
    "AskKind",
    "Asked",
    "Card",
    "Deal",
    "Domino",
    "Forwarded",
    "Game",
    "GameRecord",
    "GameRules",
    "GameState",
    "Hands",
    "History",
    "IllegalActionError",
    "Knowledge",
    "LogNode",
    "MaskDecoder",
    "NotationError",
    "Pass",
    "Piece",
    "PieceSet",
    "Pieces",
    "Play",
    "PlayHooks",
    "PlaySlots",
    "Rank",
    "RecordError",
    "RulesError",
    "Seat",
    "Seating",
    "SetModel",
    "SpecialWinner",
    "Suit",
    "TableGamesError",
    "Trick",
    "TrickModel",
    "TrickPart",
    "TrickPhases",
    "TrickPlay",
    "TrickRulesError",
    "TrickState",
    "TrickTable",
    "TrickTally",
    "TurnPass",
    "Universe",
    "Valuation",
    "Violation",
    "ViolationCode",
    "ask",
    "ask_violation",
    "askable_pieces",
    "askable_sets",
    "assign_hidden",
    "available_games",
    "bits",
    "builder",
    "card_of",
    "cards",
    "check_play_class",
    "check_seat",
    "choice",
    "chunk_tables",
    "clockwise_from",
    "count_field",
    "deal_round",
    "describe",
    "dominoes",
    "draw_round",
    "expect_args",
    "first_asker",
    "flag",
    "get_game",
    "hand_sizes",
    "holders",
    "is_count",
    "knowledge",
    "lay_down",
    "lay_down_all",
    "leaders",
    "left_of",
    "legal_plays",
    "logged",
    "malformed",
    "mask_of",
    "next_asker",
    "next_holder",
    "number",
    "parse_deal",
    "parse_shared",
    "plain_card_model",
    "play_randomly",
    "play_violation",
    "quote",
    "random_action",
    "register_field_check",
    "register_game",
    "revealed_voids",
    "rng_for",
    "sample_deal",
    "seat_count",
    "set_model",
    "shuffle",
    "strict_rules",
    "suit_mask",
    "trick_phases",
    "trick_table",
    "trick_winner",
    "trust",
    "turn_order",
    "whole",
    "words",
]
