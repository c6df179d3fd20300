"""Keezen's dispute forms: the board and the move typed as people talk at the table build
exactly the CASES.md case; the verdict names the rule with its text; the pawns after the
move are shown as a table; bad input is explained next to its field, never a 500."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext

from disputes import checker
from disputes.checker.base import make_form
from disputes.rules import rule
from games import cases
from games.keezen.checker import CHECKS
from games.keezen.checker.reading import read_board, read_move

from .helpers import check_url, director_client, flat, verdict_and_case

#: The move of CASES.md, as a director types it: Dutch words, symbols, lower case.
CASES_MOVE = {
    "players": "4",
    "pawns": "zit 0: nest, veld 20, 5, hok 0\n1: opzet\n3: 40 #3",
    "seat": "0",
    "card": "harten 7",
    "move": "pion 1: 3 vooruit\np2 +4",
}
CASES_MOVE_CASE = {
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
NAMES = "Ann, Bas, Cor, Dirk"
#: KZ-3: Ann's queen would pass Bas's pawn on its own start square.
BLOCKADE = {
    "players": NAMES,
    "pawns": "Ann: nest, 10, nest, hok 0\nBas: start\nDirk: 40, 3",
    "seat": "ann",
    "card": "♥Q",
    "move": "pion 1: 12",
}
#: KZ-6: Bas lays his hand down while his king can put a pawn on the board.
FOLD = {"players": NAMES, "pawns": "Bas: 30", "seat": "Bas", "move": "passen",
        "hand": "klaveren heer, 4h"}  # fmt: skip


def form_for(check: str, data: dict[str, str]):
    spec = checker.checker("keezen", check)
    assert spec is not None
    return make_form(spec, data)


def judged(check: str, data: dict[str, str]):
    form = form_for(check, data)
    verdict = form.judge()
    assert form.errors == {}, form.errors
    # the same case through check_hand's JSON path gives the same verdict
    assert cases.judge_json(json.dumps(form.case)) == verdict
    return form.case, verdict


# --- the cases built ---------------------------------------------------------------------


def test_the_cases_md_move_from_table_talk():
    case, verdict = judged("move", CASES_MOVE)
    assert case == CASES_MOVE_CASE
    assert verdict["legal"] is True
    assert verdict["result"]["pawns_after"]["0"] == ["nest", 23, 9, "home:0"]
    assert verdict["result"]["hits"] == []


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("0: nest, 20, 5, hok 0", ["nest", 20, 5, "home:0"]),
        ("0: uit 20 5 h0", ["nest", 20, 5, "home:0"]),
        ("zit 0: Nest, Veld 20, vak 5, Home:0", ["nest", 20, 5, "home:0"]),
        ("0: 4x nest", ["nest"] * 4),
        ("0: hok 3, hokje 2, home 1, h0", ["home:3", "home:2", "home:1", "home:0"]),
        ("0 20", [20]),
    ],
)
def test_board_lines(text, places):
    assert read_board(text) == {0: places}


@pytest.mark.parametrize(
    ("board", "seat0", "seat1"),
    [
        # start is the seat's own start square (16·s), counted on from there, mod 64
        ("0: start+3, start-2\n1: opzet, start + 5", [3, 62, "nest", "nest"], [16, 21, "nest", "nest"]),  # noqa: E501
        ("Ann: s+1\nBas: opzetplaats -1", [1, "nest", "nest", "nest"], [15, "nest", "nest", "nest"]),  # noqa: E501
    ],
)  # fmt: skip
def test_places_counted_from_a_start_square(board, seat0, seat1):
    case, _verdict = judged(
        "legal_moves", {"players": NAMES, "pawns": board, "seat": "0", "hand": "2H"}
    )
    assert case["pawns"]["0"] == seat0
    assert case["pawns"]["1"] == seat1


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("opzetten", {"enter": True}),
        ("Opzetten pion 2", {"enter": True, "pawn": 2}),
        ("pion 1: 12", {"pawn": 1, "steps": 12}),
        ("p0 12 vooruit", {"pawn": 0, "steps": 12}),
        ("pion 0: 4 achteruit", {"pawn": 0, "steps": 4}),
        ("0 -4", {"pawn": 0, "steps": 4}),
        ("pion 0: 5 terug", {"pawn": 0, "steps": -5}),
        ("pion 1: 3 hok", {"pawn": 1, "steps": 3, "into_home": True}),
        ("1: 3 stappen naar binnen", {"pawn": 1, "steps": 3, "into_home": True}),
        ("pion 1: 3 door", {"pawn": 1, "steps": 3}),
        ("1: 3\n2: 4 hok", {"split": [{"pawn": 1, "steps": 3},
                                      {"pawn": 2, "steps": 4, "into_home": True}]}),
        ("1: 3, 2: 4", {"split": [{"pawn": 1, "steps": 3}, {"pawn": 2, "steps": 4}]}),
        ("1 +3 en 2 +4", {"split": [{"pawn": 1, "steps": 3}, {"pawn": 2, "steps": 4}]}),
        ("ruil pion 1 met 3.2", {"pawn": 1, "swap": {"seat": 3, "pawn": 2}}),
        ("1 <> 3:2", {"pawn": 1, "swap": {"seat": 3, "pawn": 2}}),
        ("swap pawn 1 with seat 3 pawn 2", {"pawn": 1, "swap": {"seat": 3, "pawn": 2}}),
        ("passen", {"fold": True}),
        ("FOLD", {"fold": True}),
        ("pion 1: 3 voor 2", {"pawn": 1, "steps": 3, "for_seat": 2}),
        ("opzetten voor maat", {"enter": True, "for_seat": "partner"}),
    ],
)  # fmt: skip
def test_move_lines(text, move):
    assert read_move(text) == move


@pytest.mark.parametrize(
    ("typed", "move"),
    [
        # names from "players" become seats; "voor maat" is the partner opposite (KZ-8)
        ("ruil pion 0 met Bas pion 0 voor maat",
         {"pawn": 0, "swap": {"seat": 1, "pawn": 0}, "for_seat": 2}),
        ("ruil 0 met bas 0\nvoor Cor", {"pawn": 0, "swap": {"seat": 1, "pawn": 0}, "for_seat": 2}),
        ("swap 0 with Bas's pawn 0, for the partner",
         {"pawn": 0, "swap": {"seat": 1, "pawn": 0}, "for_seat": 2}),
    ],
)  # fmt: skip
def test_playing_for_the_partner_with_names(typed, move):
    data = {
        "players": NAMES,
        "pawns": "Ann: hok 0, hok 1, hok 2, hok 3\nBas: 30\nCor: 20",
        "seat": "Ann",
        "card": "schoppen boer",
        "move": typed,
    }
    case, verdict = judged("move", data)
    assert case["move"] == move
    assert case["players"] == ["Ann", "Bas", "Cor", "Dirk"]
    assert verdict["legal"] is True
    assert verdict["result"]["pawns_after"]["1"][0] == 20
    assert verdict["result"]["pawns_after"]["2"][0] == 30


def test_a_blockade_is_kz3():
    case, verdict = judged("move", BLOCKADE)
    assert case["seat"] == 0 and case["card"] == "QH"
    assert case["pawns"]["1"] == [16, "nest", "nest", "nest"]
    assert [v["rule"] for v in verdict["violations"]] == ["KZ-3"]


def test_a_fold_with_a_playable_card_is_kz6():
    case, verdict = judged("move", FOLD)
    assert case == {
        "game": "keezen", "check": "move", "players": ["Ann", "Bas", "Cor", "Dirk"],
        "seat": 1, "move": {"fold": True}, "hand": ["KC", "4H"],
        "pawns": {"0": ["nest"] * 4, "1": [30, "nest", "nest", "nest"], "2": ["nest"] * 4,
                  "3": ["nest"] * 4},
    }  # fmt: skip
    assert [v["rule"] for v in verdict["violations"]] == ["KZ-6"]


def test_six_players_from_the_board():
    case, verdict = judged(
        "move", {"pawns": "5: start+2", "seat": "5", "card": "acht ruiten", "move": "0: 8"}
    )
    assert set(case["pawns"]) == {"0", "1", "2", "3", "4", "5"}
    assert "players" not in case
    assert case["pawns"]["5"] == [82, "nest", "nest", "nest"]
    assert verdict["result"]["pawns_after"]["5"][0] == 90


def test_legal_moves_case_and_result():
    data = {"players": "4", "pawns": "0: 60, hok 3\n1: opzet", "seat": "0",
            "hand": "schoppen 4, ♥J, ruiten tien, 4d"}  # fmt: skip
    case, verdict = judged("legal_moves", data)
    assert case == {
        "game": "keezen", "check": "legal_moves", "players": 4, "seat": 0,
        "pawns": {"0": [60, "home:3", "nest", "nest"], "1": [16, "nest", "nest", "nest"],
                  "2": ["nest"] * 4, "3": ["nest"] * 4},
        "hand": ["4S", "JH", "10D", "4D"],
    }  # fmt: skip
    moves = verdict["result"]["moves"]
    assert moves["4S"] == [{"pawn": 0, "steps": 4}]
    assert moves["JH"] == []  # Bas's pawn on its own start square cannot be swapped (KZ-3)
    assert moves["10D"] == [{"pawn": 0, "steps": 10}]
    assert verdict["result"]["fold"] is False


def test_game_score_case_and_kz9():
    data = {
        "players": NAMES,
        "pawns_home": "Ann en Cor: 8, bas+dirk 5",
        "winner": "Cor + Ann",
        "points": "0+2: 16, 1+3: 10",
        "option_win_bonus": "10",
    }
    case, verdict = judged("game_score", data)
    assert case == {
        "game": "keezen", "check": "game_score", "players": ["Ann", "Bas", "Cor", "Dirk"],
        "pawns_home": {"0+2": 8, "1+3": 5}, "winner": "0+2",
        "points": {"0+2": 16, "1+3": 10},
    }  # fmt: skip
    assert [v["rule"] for v in verdict["violations"]] == ["KZ-9"]
    assert verdict["result"]["points"] == {"0+2": 26, "1+3": 10}
    # per seat, no winner, another score per pawn
    case, verdict = judged(
        "game_score",
        {"pawns_home": "0: 4, 1: 2, 2: 3, 3: 3", "winner": "geen", "option_points_per_pawn": "3"},
    )
    assert case["winner"] is None and case["options"] == {"points_per_pawn": 3}
    assert case["pawns_home"] == {"0": 4, "1": 2, "2": 3, "3": 3}
    assert verdict["legal"] is True
    assert verdict["result"]["points"] == {"0+2": 21, "1+3": 15}


@pytest.mark.parametrize("check", list(CHECKS))
def test_each_example_judges(check):
    form = form_for(check, dict(CHECKS[check].example))
    assert form.judge() is not None, form.errors
    assert form.case["game"] == "keezen"


# --- bad input on its field --------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "typed"),
    [
        ("pawns", "0: nest, twintig"),
        ("pawns", "0: hok 5"),
        ("pawns", "0: 1 2 3 4 5 6 7 8 9"),
        ("pawns", "0: 1\n0: 2"),
        ("move", "pion 7: 3"),
        ("move", "pion 1: 3 zijwaarts"),
        ("move", "ruil 1"),
        ("move", "opzetten\npion 1: 3"),
        ("move", "passen voor maat"),
        ("players", "5"),
        ("players", "Ann, Bas, Ann, Dirk"),
        ("card", "harten elf"),
        ("seat", " "),
    ],
)
def test_a_bad_field_is_refused_on_that_field(field, typed):
    form = form_for("move", {**BLOCKADE, field: typed})
    assert form.judge() is None
    assert list(form.errors) == [field]


@pytest.mark.parametrize(
    ("field", "typed"),
    [
        ("pawns", "Eva: 20"),  # no such player
        ("pawns", "Ann: 20, 20"),  # two pawns on one square
        ("seat", "Eva"),
        ("move", "ruil 1 met Eva 2"),
        ("card", "joker"),
    ],
)
def test_what_the_engine_refuses_lands_on_its_field(field, typed):
    form = form_for("move", {**BLOCKADE, field: typed})
    assert form.judge() is None
    assert list(form.errors) == [field]


# --- the pages ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "rule_id", "messages"),
    [
        (BLOCKADE, "KZ-3", {
            "nl": "Pion 1 van Ann op vak 10 kan niet langs de blokkade van de pion van Bas op "
                  "het startvak 16",
            "de": "Figur 1 von Ann auf Feld 10 kann nicht an die Blockade durch die Figur von "
                  "Bas auf ihrem Startfeld 16 vorbei",
            "en": "Ann&#x27;s pawn 1 on square 10 cannot pass the blockade of Bas&#x27;s"
                  " pawn on its start square 16"}),
        (FOLD, "KZ-6", {"nl": "Bas paste terwijl", "de": "Bas hat gepasst, obwohl",
                        "en": "Bas folded while holding KC"}),
    ],
)  # fmt: skip
@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_disputes_judged_through_the_page(two_clubs, language, data, rule_id, messages):
    response = director_client(two_clubs, language).post(check_url("keezen", "move"), data)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="verdict verdict-illegal"' in html
    assert f'data-rule="{rule_id}"' in html
    found = rule(rule_id, language)
    assert escape(found.title) in html
    assert escape(found.text[:60]) in html
    assert messages[language] in html
    # the board as read is shown, one row per seat
    with translation.override(language):
        nest = gettext("nest")
    assert '<th scope="row">Bas (1)</th>' in flat(html)
    assert f"<td>{nest}</td>" in html


def test_the_pawns_after_a_legal_move(two_clubs):
    data = {**BLOCKADE, "pawns": "Ann: nest, 20, 22, hok 0\nBas: start\nDirk: 40, 26",
            "card": "zeven klaveren", "move": "1: 6\n2: 1"}  # fmt: skip
    html = director_client(two_clubs, "en").post(check_url("keezen", "move"), data).content.decode()
    assert 'class="verdict verdict-legal"' in html
    page = flat(html)
    # pawn 1 goes 20 → 26 and hits Dirk's pawn there; pawn 2 goes 22 → 23
    assert '<th scope="row">Ann (0)</th><td>nest</td><td>20 → 26</td><td>22 → 23</td>' in page
    assert '<th scope="row">Dirk (3)</th><td>40</td><td>26 → nest</td>' in page
    assert '<th scope="row">Dirk (3)</th><td>pawn 1</td>' in page  # the hit
    assert '<th scope="row">Bas (1)</th><td>16 (start)</td>' in page


def test_legal_moves_and_score_pages(two_clubs):
    client = director_client(two_clubs, "en")
    html = client.post(
        check_url("keezen", "legal_moves"),
        {"pawns": "0: 60\n1: opzet", "seat": "0", "hand": "4s, KH"},
    ).content.decode()
    page = flat(html)
    assert '<th scope="row">4S</th><td>1</td><td>pawn 0: 4 backward</td>' in page
    assert '<th scope="row">KH</th><td>1</td><td>put a pawn on the start square</td>' in page
    html = client.post(
        check_url("keezen", "game_score"),
        {"players": NAMES, "pawns_home": "Ann+Cor: 8, Bas+Dirk: 5", "winner": "Bas+Dirk"},
    ).content.decode()
    assert 'data-rule="KZ-9"' in html
    assert '<th scope="row">Ann (0) + Cor (2)</th><td>8</td><td>26</td>' in flat(html)


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_a_bad_place_is_explained_next_to_the_board(two_clubs, language):
    response = director_client(two_clubs, language).post(
        check_url("keezen", "move"), {**BLOCKADE, "pawns": "Ann: nest, twintig"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    field_html = html[html.index('id="field-pawns"') : html.index('id="field-seat"')]
    assert "twintig" in field_html
    assert 'class="errorlist field-errors"' in field_html
    assert "verdict" not in html


def test_an_unknown_player_is_explained_next_to_the_board(two_clubs):
    response = director_client(two_clubs, "en").post(
        check_url("keezen", "move"), {**BLOCKADE, "pawns": "Eva: 20"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    field_html = html[html.index('id="field-pawns"') : html.index('id="field-seat"')]
    assert "Pawns of Eva: is not a seat" in field_html
    assert "pawns.Eva" not in field_html


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"pawns": "x" * 50_000, "seat": "0", "move": "1: 3"},
        {"pawns": "\n".join(f"{i}: 1" for i in range(1000)), "seat": "0"},
        {"pawns": "0: " + "9" * 400, "seat": "99999999999999999999", "move": "pion 1: 99999999"},
        {"pawns": "\x00: \x00\u202e", "move": "::::", "seat": "::"},
        {"players": ["4", "6"], "pawns": ["0: 1"], "move": "ruil met met met"},
        {**BLOCKADE, "move": "ruil 1 met " + "Bas " * 5000 + "2"},
        {**BLOCKADE, "move": "voor voor voor maat"},
        {**BLOCKADE, "players": "6", "pawns": "Ann: 20"},
        {**BLOCKADE, "pawns": "7: start+999"},
    ],
)
def test_garbage_never_fails(two_clubs, data):
    client = director_client(two_clubs)
    response = client.post(check_url("keezen", "move"), data)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    for check in ("legal_moves", "game_score"):  # some of it is a fine board for these
        response = client.post(check_url("keezen", check), data)
        assert response.status_code in (200, 400)
        # refused with the reason shown, or judged with the verdict shown
        shown = 'role="alert"' if response.status_code == 400 else 'class="verdict'
        assert shown in response.content.decode()


@pytest.mark.parametrize("check", list(CHECKS))
def test_each_example_through_the_page(two_clubs, check):
    client = director_client(two_clubs)
    page = client.get(check_url("keezen", check) + "?example=1").content.decode()
    assert 'id="field-' in page
    response = client.post(check_url("keezen", check), dict(CHECKS[check].example))
    assert response.status_code == 200
    assert 'class="verdict' in response.content.decode()


def test_the_index_lists_keezen(two_clubs):
    html = (
        director_client(two_clubs)
        .get(reverse("disputes:dispute-index", args=["rooi"]))
        .content.decode()
    )
    for check in CHECKS:
        assert check_url("keezen", check) in html


def test_a_keezen_player_who_gives_up_folds():
    """KZ-6: "opgeven" with a playable card in hand is not allowed."""
    typed = {"pawns": "0: 20, 30", "seat": "0", "hand": "2C 3C", "move": "opgeven"}
    verdict, case = verdict_and_case("keezen", "move", typed)
    assert verdict is not None, case
    assert case["move"] == {"fold": True}
    assert [v["rule"] for v in verdict["violations"]] == ["KZ-6"]
