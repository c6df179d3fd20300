"""The examples of shared/spec/CASES.md, verbatim, for the tests that judge them.

Copy before changing one (``copy.deepcopy``): several test modules share them.
"""

from typing import Any

#: MeieRijen ``turn``: judged illegal at play 2 (8H on 8D without the grey pawn).
MR_TURN: dict[str, Any] = {
    "game": "meierijen",
    "check": "turn",
    "options": {"variant1": False},
    "piles": {"red": "8D", "black": {"card": "2S", "as": "9"}, "mix": "KH"},
    "hand": ["AS", "9D", "7D", "6C", "5H"],
    "draw_pile": ["3H", "4C", "QD", "JK", "10S"],
    "open": {"me": [], "opponent": ["8H"]},
    "penalty": {"me": [], "opponent": ["3S", "KD"]},
    "pawns": {"grey": "start", "red": "me", "white": ["start", "pile:black"]},
    "plays": [
        {"card": "AS", "to": "mix"},
        {"card": "5H", "to": "mix"},
        {"card": "8H", "from": "opponent_open", "to": "red"},
        {"card": "JK", "to": "black", "as": "10"},
        {"pawn_action": "place", "pawn": "white", "on": "opponent_draw"},
        {"pass": "6C", "to": "open"},
    ],
}

#: MeieRijen ``round_score`` with Variant 1.
MR_ROUND: dict[str, Any] = {
    "game": "meierijen",
    "check": "round_score",
    "options": {"variant1": True},
    "players": {
        "red": {"hand": ["KH"], "open": ["3C", "2D"], "penalty": ["QS"], "pawns": ["grey"]},
        "blue": {"hand": [], "open": ["9H"], "penalty": [], "pawns": []},
    },
    "emptied_first": "blue",
}

#: Keezen ``move``: a 7 split 3 + 4 over seat 0's pawns 1 and 2.
KZ_MOVE: dict[str, Any] = {
    "game": "keezen",
    "check": "move",
    "players": 4,
    "seat": 0,
    "pawns": {
        "0": ["nest", 20, 5, "home:0"],
        "1": [16, "nest", "nest", "nest"],
        "2": ["nest", "nest", "nest", "nest"],
        "3": [40, 3, "nest", "nest"],
    },
    "card": "7H",
    "move": {"split": [{"pawn": 1, "steps": 3}, {"pawn": 2, "steps": 4}]},
}
