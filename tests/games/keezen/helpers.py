"""Keezen case builders and constants shared by the tests in this folder."""

import json

from games import cases
from tests.games.helpers import cited, judge_checked, legal_result

NEST = ["nest"] * 4


def kz_case_with_nests(check="move", players=4, seat=0, pawns=None, **fields):
    """A CASES.md case; seats not named in ``pawns`` have all pawns in the nest."""
    board = {str(s): list(NEST) for s in range(players if isinstance(players, int) else 4)}
    board.update({str(s): places for s, places in (pawns or {}).items()})
    return {
        "game": "keezen",
        "check": check,
        "players": players,
        "seat": seat,
        "pawns": board,
        **fields,
    }


def judge_kz_unchecked(**fields):
    """The verdict of ``kz_case_with_nests(**fields)``, without shape checks."""
    return cases.judge(kz_case_with_nests(**fields))


def first_message_says(verdict, words):
    """The first violation's message contains ``words`` (any case)."""
    return words.lower() in verdict["violations"][0]["message"].lower()


def pawns_after_of(verdict, seat):
    """A legal verdict's ``pawns_after`` of ``seat``."""
    assert verdict["legal"], verdict["violations"]
    return verdict["result"]["pawns_after"][str(seat)]


def legal_moves_result(hand, **fields):
    """The result of a legal ``legal_moves`` case for ``hand`` (unchecked verdict)."""
    verdict = judge_kz_unchecked(check="legal_moves", hand=hand, **fields)
    assert verdict["legal"]
    return verdict["result"]


def deal_without_aces_or_kings(dealer=0, size=5, shuffle=True, players=4, first=0):
    """Hands without aces and kings: with every pawn in the nest, nobody can play."""
    from games.keezen.rules import keezen_deck

    deck = [str(c) for c in keezen_deck(players) if c.rank < 13][first:]
    hands = {str(s): deck[s * size : (s + 1) * size] for s in range(players)}
    return {"deal": {"dealer": dealer, "shuffle": shuffle, "hands": hands}}


def judge_kz_replay_unchecked(events, players=4, **fields):
    """The verdict of a Keezen ``replay`` of ``events``, without shape checks."""
    return cases.judge(
        {"game": "keezen", "check": "replay", "players": players, "events": events, **fields}
    )


ALL_HOME = ["home:0", "home:1", "home:2", "home:3"]


def pawns_board(players=4, **seats):
    """All pawns in the nest except the seats given as ``s0=[...]``, ``s1=[...]``, …"""
    pawns = {str(s): list(NEST) for s in range(players)}
    for key, places in seats.items():
        pawns[key[1:]] = list(places)
    return pawns


def kz_case(check, pawns, seat=0, players=4, **fields):
    """A Keezen ``check`` case on the board ``pawns`` (not judged)."""
    return {
        "game": "keezen",
        "check": check,
        "players": players,
        "seat": seat,
        "pawns": pawns,
        **fields,
    }


def judge_kz(data):
    """Judge a whole Keezen case, its verdict's shape checked (``judge_checked``)."""
    return judge_checked(data, game="keezen", prefix="KZ-")


def judge_move_case(pawns, card, mv, seat=0, players=4, **fields):
    """``judge_kz`` of a ``move`` case: ``card`` (None: left out) played as ``mv``."""
    if card is not None:
        fields["card"] = card
    return judge_kz(kz_case("move", pawns, seat=seat, players=players, move=mv, **fields))


def listed_moves(pawns, hand, seat=0, players=4, **fields):
    """The moves per card of a legal ``legal_moves`` case (checked verdict)."""
    verdict = judge_kz(
        kz_case("legal_moves", pawns, seat=seat, players=players, hand=hand, **fields)
    )
    assert verdict["legal"], verdict
    return verdict["result"]["moves"]


def legal_move_result(verdict):
    """A legal ``move`` verdict's result, which has ``pawns_after`` and ``hits``."""
    result = legal_result(verdict)
    assert set(result) >= {"pawns_after", "hits"}, result
    return result


def illegal_move_citing(verdict, *rules):
    """An illegal ``move`` verdict citing exactly ``rules``, without ``pawns_after``;
    returns the verdict."""
    assert verdict["legal"] is False, verdict
    assert cited(verdict) == set(rules), verdict["violations"]
    # An illegal move has no position after it: never guessed.
    assert "pawns_after" not in verdict["result"], verdict["result"]
    return verdict


def move_outcome_key(result):
    """The position after a move and the pawns it hit (in any order): what makes two moves
    the same move."""
    hits = sorted((h["seat"], h["pawn"]) for h in result["hits"])
    return json.dumps([result["pawns_after"], hits], sort_keys=True)
