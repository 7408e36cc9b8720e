"""What the page is made of: its static files, the pieces it draws (the library's own SVG
pictures, as one sprite) and, for the lobby, each game's description: its seats, its rules as
form controls (:func:`~tablegames.rule_options.describe_rules`) and the words it uses.

The page is plain HTML, CSS and JavaScript with no build step; only the files of
:data:`STATIC` are served, with their types, so nothing else of the package can be read.

>>> sorted(STATIC)[:3]
['favicon.svg', 'games.js', 'index.html']
>>> sprite = pieces_sprite()
>>> sprite.count("<symbol"), 'id="piece-6-4"' in sprite, 'id="piece-AS"' in sprite
(82, True, True)
"""

from __future__ import annotations

from importlib import resources

from tablegames.games import available_games, get_game
from tablegames.pieces.cards import Card, Suit
from tablegames.pieces.dominoes import Domino
from tablegames.render.pieces import CARD_H, CARD_W, TILE_H, TILE_W, back_svg, piece_svg
from tablegames.rule_options import describe_rules
from tablegames.texas42 import Rules as Texas42Rules
from tablegames.texas42.actions import Trump
from tablegames.texas42.contracts import contract_name

__all__ = ["STATIC", "game_descriptions", "pieces_sprite", "read_static", "symbol_id"]

STATIC = {
    "index.html": "text/html",
    "table.css": "text/css",
    "main.js": "text/javascript",
    "page.js": "text/javascript",
    "games.js": "text/javascript",
    "table.js": "text/javascript",
    "lobby.js": "text/javascript",
    "favicon.svg": "image/svg+xml",
}
"""The page's files, by name, with their content types: the only files served."""


def read_static(name: str) -> str:
    """One of the page's files (a KeyError for a name not in :data:`STATIC`).

    >>> read_static("index.html").startswith("<!doctype html>")
    True
    """
    if name not in STATIC:
        raise KeyError(name)
    return resources.files("tablegames.server").joinpath("static").joinpath(name).read_text("utf-8")


def symbol_id(piece: str) -> str:
    """The id of a piece's picture in the sprite (``6:4`` is ``piece-6-4``).

    >>> symbol_id("6:4"), symbol_id("TH")
    ('piece-6-4', 'piece-TH')
    """
    return "piece-" + piece.replace(":", "-")


def pieces_sprite() -> str:
    """Every piece of the four games as an SVG ``<symbol>`` drawn by
    :mod:`tablegames.render.pieces` (a card face, a domino standing with the high end on top),
    and the backs of a card and of a domino (``piece-back-card``, ``piece-back-domino``): the
    page loads it once and shows a piece with ``<use href="#piece-6-4">``."""
    symbols = []
    seen: set[str] = set()
    for name in sorted(available_games()):
        for piece in get_game(name).deck:
            text = str(piece)
            if text in seen or not isinstance(piece, Card | Domino):
                continue
            seen.add(text)
            w, h = (CARD_W, CARD_H) if isinstance(piece, Card) else (TILE_W, TILE_H)
            symbols.append(_symbol(symbol_id(text), w, h, piece_svg(piece, 0, 0)))
    symbols.append(_symbol("piece-back-card", CARD_W, CARD_H, back_svg(0, 0, card=True)))
    symbols.append(_symbol("piece-back-domino", TILE_W, TILE_H, back_svg(0, 0, card=False)))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">'
        + "".join(symbols)
        + "</svg>"
    )


def _symbol(ident: str, w: float, h: float, body: str) -> str:
    return f'<symbol id="{ident}" viewBox="-1 -1 {w + 2:g} {h + 2:g}">{body}</symbol>'


def game_words(name: str) -> dict[str, object]:
    """The words a game's page uses that the library says: the suits of cards (plural, symbol,
    red or black), Texas 42's trumps and contracts (``trump 4``: ``fours``) and its count
    tiles (``5:5``: 10).

    >>> game_words("texas42")["trump"]["trump nello high"]
    'nello (doubles high)'
    >>> game_words("texas42")["count"]
    {'3:2': 5, '4:1': 5, '5:0': 5, '5:5': 10, '6:4': 10}
    >>> game_words("preference")["suits"]["H"]
    {'plural': 'hearts', 'symbol': '♥', 'red': True}
    """
    words: dict[str, object] = {}
    deck = get_game(name).deck
    if any(isinstance(p, Card) for p in deck):
        words["suits"] = {
            s.letter: {"plural": s.plural, "symbol": s.symbol, "red": s.colour == "red"}
            for s in Suit
        }
    if name == "texas42":
        every = Texas42Rules(
            scoring="marks", bid_ladder="marks", doubles_trump=True, follow_me=True,
            nello=True, sevens=True, plunge=True, splash=True,
        )  # fmt: skip
        trumps = [a for a in get_game(name).action_space(every) if isinstance(a, Trump)]
        words["trump"] = {str(a): contract_name(a.suit) for a in trumps}
        words["count"] = {str(d): d.count for d in deck if isinstance(d, Domino) and d.count}
    return words


def game_descriptions() -> list[dict[str, object]]:
    """Every game a table may play, for the lobby: its name and title, its seats and default
    rules, each rule as a form control (``options``), the numbers of players it allows when
    it allows a choice (``players``: the choices of its ``players`` setting, else ``None``),
    and its words (:func:`game_words`).

    >>> quartets = next(g for g in game_descriptions() if g["name"] == "quartets")
    >>> quartets["players"], quartets["seats"]
    ([2, 3, 4, 5, 6, 7, 8, 9], 4)
    """
    listed = []
    for name in sorted(available_games()):
        game = get_game(name)
        rules = game.rules_type()
        seats = game.seats(rules)
        options = describe_rules(game.rules_type, seats)
        players = next((o.get("choices") for o in options if o["name"] == "players"), None)
        listed.append(
            {
                "name": name,
                "title": game.title,
                "seats": seats,
                "rules": game.rules_to_json(rules),
                "options": options,
                "players": players,
                "words": game_words(name),
            }
        )
    return listed
