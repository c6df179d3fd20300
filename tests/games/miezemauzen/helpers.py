"""Miezemauzen case builders and constants shared by the tests in this folder."""

import copy

from games import cases
from tests.games.helpers import judge_checked, with_changes

PLAYERS = ["Ann", "Bas", "Cor", "Dirk"]

#: CASES.md's deal example, completed: Dirk exchanged and plays against Ann.
DEAL_EXAMPLE = {
    "game": "miezemauzen",
    "check": "deal",
    "options": {"start_points": 25},
    "players": PLAYERS,
    "dealer": "Dirk",
    "trump": "H",
    "points_before": {"Ann": 12, "Bas": 9, "Cor": 25, "Dirk": 7},
    "passes_before": {"Ann": 0, "Bas": 0, "Cor": 2, "Dirk": 0},
    "declarations": {"Ann": "play", "Bas": "pass", "Cor": "pass", "Dirk": "exchange"},
    "hands": {"Ann": ["AH", "KS", "9S", "8C", "7D"], "Dirk": ["10H", "QS", "7S", "9C", "8D"]},
    "kat": [],
    "tricks": [["AH", "10H"], ["KS", "QS"], ["9S", "7S"], ["8C", "9C"], ["8D", "7D"]],
}

#: A two-player game decided in one deal (start_points 1): Ann takes all five tricks.
REPLAY = {
    "game": "miezemauzen",
    "check": "replay",
    "options": {"start_points": 1},
    "players": ["Ann", "Bas"],
    "deals": [
        {
            "dealer": "Bas",
            "hands": {
                "Ann": ["AH", "KH", "QS", "JS", "7C"],
                "Bas": ["10H", "9S", "8S", "7D", "8D"],
            },
            "kip": ["7H", "8H", "9H", "JH", "QH"],
            "turned": "9C",
            "moves": [
                {"player": "Ann", "declare": "play"},
                {"player": "Bas", "declare": "play"},
                {"player": "Ann", "card": "AH"},
                {"player": "Bas", "card": "10H"},
                {"player": "Ann", "card": "KH"},
                {"player": "Bas", "card": "7D"},
                {"player": "Ann", "card": "QS"},
                {"player": "Bas", "card": "9S"},
                {"player": "Ann", "card": "JS"},
                {"player": "Bas", "card": "8S"},
                {"player": "Ann", "card": "7C"},
                {"player": "Bas", "card": "8D"},
            ],
        }
    ],
}


def deal_example_with(**changes):
    """A copy of ``DEAL_EXAMPLE`` with fields replaced (None drops one), not judged."""
    return with_changes(DEAL_EXAMPLE, **changes)


def judge_game_unchecked(deals, players=("Ann", "Bas", "Cor"), **options):
    """The verdict of a ``game`` case of ``deals``, without shape checks."""
    return cases.judge(
        {
            "game": "miezemauzen",
            "check": "game",
            "options": options,
            "players": list(players),
            "deals": deals,
        }
    )


def deal_summary(trump, declarations, **rest):
    """One deal of a ``game`` case."""
    return {"trump": trump, "declarations": declarations, **rest}


ALL_PLAY3 = {"Ann": "play", "Bas": "play", "Cor": "play"}


def judge_mz(data):
    """Judge a whole Miezemauzen case, its verdict's shape checked (``judge_checked``)."""
    return judge_checked(data, game="miezemauzen", prefix="MZ-")


#
# Ann plays, Bas and Cor pass (Cor for the third time in a row), the dealer Dirk exchanges.
# Playing: Ann (leads, left of the dealer) and Dirk. Trump hearts.
#   1: Ann AH, Dirk 10H -> Ann     2: Ann KS, Dirk QS -> Ann     3: Ann 9S, Dirk 7C -> Ann
#   4: Ann 8C, Dirk JD -> Ann      5: Ann 7D, Dirk 9D -> Dirk

ANN_HAND = ["AH", "KS", "9S", "8C", "7D"]


DIRK_HAND = ["10H", "QS", "JD", "9D", "7C"]


TRICKS = [["AH", "10H"], ["KS", "QS"], ["9S", "7C"], ["8C", "JD"], ["7D", "9D"]]


def four_player_deal(**changes):
    """The four-player CASES.md deal (``ANN_HAND``, ``DIRK_HAND``, ``TRICKS``) with fields
    replaced (None drops one), not judged."""
    data = {
        "game": "miezemauzen",
        "check": "deal",
        "options": {"start_points": 25},
        "players": ["Ann", "Bas", "Cor", "Dirk"],
        "dealer": "Dirk",
        "trump": "H",
        "points_before": {"Ann": 12, "Bas": 9, "Cor": 25, "Dirk": 7},
        "passes_before": {"Ann": 0, "Bas": 0, "Cor": 2, "Dirk": 0},
        "declarations": {"Ann": "play", "Bas": "pass", "Cor": "pass", "Dirk": "exchange"},
        "hands": {"Ann": list(ANN_HAND), "Dirk": list(DIRK_HAND)},
        "kat": [],
        "tricks": copy.deepcopy(TRICKS),
    }
    return with_changes(data, **changes)


# Three players, dealer Cor, trump diamonds, everyone plays. Ann leads.
#   1: Ann AH, Bas KH, Cor QH -> Ann       2: Ann 7S, Bas 9S, Cor 10S -> Cor
#   3: Cor 7C, Ann KC, Bas AC -> Bas       4: Bas 8S, Cor JH, Ann 8D -> Ann (trumps)
#   5: Ann 9H, Bas 10D, Cor 7D -> Bas (higher trump)
HANDS3 = {
    "Ann": ["AH", "9H", "7S", "KC", "8D"],
    "Bas": ["KH", "8S", "9S", "AC", "10D"],
    "Cor": ["QH", "JH", "10S", "7C", "7D"],
}


TRICKS3 = [
    ["AH", "KH", "QH"],
    ["7S", "9S", "10S"],
    ["7C", "KC", "AC"],
    ["8S", "JH", "8D"],
    ["9H", "10D", "7D"],
]


def three_player_deal(**changes):
    """A three-player deal (``HANDS3``, ``TRICKS3``) with fields replaced, not judged."""
    data = {
        "game": "miezemauzen",
        "check": "deal",
        "players": ["Ann", "Bas", "Cor"],
        "dealer": "Cor",
        "trump": "D",
        "points_before": {"Ann": 10, "Bas": 10, "Cor": 10},
        "passes_before": {"Ann": 0, "Bas": 0, "Cor": 0},
        "declarations": {"Ann": "play", "Bas": "play", "Cor": "play"},
        "hands": copy.deepcopy(HANDS3),
        "tricks": copy.deepcopy(TRICKS3),
    }
    return with_changes(data, **changes)


def game_case(deals, players=("Ann", "Bas", "Cor"), **kw):
    """A ``game`` case of ``deals`` (not judged)."""
    return {"game": "miezemauzen", "check": "game", "players": list(players), "deals": deals, **kw}


def settlement_case(points, **kw):
    """A ``settlement`` case of ``points`` (not judged)."""
    return {"game": "miezemauzen", "check": "settlement", "points": points, **kw}


ALL3 = {"Ann": "play", "Bas": "play", "Cor": "play"}


GAME_DEALS = [  # the deals of the CASES.md game example
    {
        "trump": "S",
        "declarations": {"Ann": "play", "Bas": "pass", "Cor": "play"},
        "tricks_won": {"Ann": 3, "Cor": 2},
    },
    {"trump": "H", "declarations": ALL3, "kat": {"player": "Cor", "kater": True}},
]


KAT_ANN = ["AC", "KC", "QC", "9C", "7C"]


DIRK_NO_KAT = ["10H", "QS", "JD", "9D", "8C"]
