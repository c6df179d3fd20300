"""Duizenden case builders and constants shared by the tests in this folder."""

from games import cases
from tests.games.helpers import judge_checked


def run_dz_unchecked(check, **fields):
    """The verdict of a Duizenden ``check`` case built from ``fields``, without shape checks."""
    return cases.judge({"game": "duizenden", "check": check, **fields})


ANN_HAND = ["5H", "JK", "7H", "8S", "8H", "8C", "6H", "QS", "2C", "3D", "9D", "KC", "4S"]


BAS_HAND = ["10H", "JH", "QH", "AS", "AD", "2S", "3C", "9C", "9S", "5D", "6D", "7C", "KD"]


COR_HAND = ["4H", "4D", "4C", "6S", "7S", "JC", "QC", "KS", "10D", "JD", "2H", "3H", "5C"]


def base_log():
    """Ann opens with a joker she exchanges and lays again, Bas opens, Ann mines Bas's 3C
    and melds it in her next turn. The log stops inside that turn."""
    turns = [
        {
            "player": "Ann",
            "take_turned": True,
            "actions": [
                {"meld": ["5H", "JK:6H", "7H"]},
                {"meld": ["8S", "8H", "8C"]},
                {"exchange": "6H", "to": 0},
                {"lay_off": "JK:8H", "to": 0},
            ],
            "discard": "4S",
        },
        {
            "player": "Bas",
            "draw": "KH",
            "actions": [{"meld": ["10H", "JH", "QH", "KH"]}],
            "discard": "3C",
            "claims": ["Ann"],
            "miner": "Ann",
            "extra": "5S",
        },
        {"player": "Cor", "draw": "9H", "discard": "JD"},
        {
            "player": "Ann",
            "draw": "8D",
            "actions": [{"meld": ["AC", "2C", "3C"]}, {"lay_off": "8D", "to": 1}],
        },
    ]
    return {
        "game": "duizenden",
        "check": "replay",
        "players": ["Ann", "Bas", "Cor"],
        "deals": [
            {
                "dealer": "Cor",
                "hands": {"Ann": ANN_HAND, "Bas": BAS_HAND, "Cor": COR_HAND},
                "turned": "AC",
                "turns": turns,
            }
        ],
    }


def dz_case(check, **fields):
    """A Duizenden ``check`` case built from ``fields`` (not judged)."""
    return {"game": "duizenden", "check": check, **fields}


def judge_dz(data):
    """Judge a whole Duizenden case, its verdict's shape checked (``judge_checked``)."""
    return judge_checked(data, game="duizenden", prefix="DZ-")


def run_dz(check, **fields):
    """``judge_dz`` of the ``check`` case built from ``fields``."""
    return judge_dz(dz_case(check, **fields))


ABCD = ["A", "B", "C", "D"]
