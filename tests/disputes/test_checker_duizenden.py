"""Duizenden's dispute forms: table talk (Dutch words, suit symbols, lower case, jokers
declared as "joker als 6H") builds exactly the CASES.md case; disputed situations of
RULES.md are judged on the page with the rule's ID and text; a joker that can stand for
several cards, a bad card or garbage is explained next to its field, never a 500."""

from __future__ import annotations

import json
import re

import pytest
from django.utils import translation
from django.utils.html import escape

from disputes import checker
from disputes.checker.base import make_form
from disputes.models import Dispute
from disputes.rules import rule
from games import cases
from games.cases import judge
from games.duizenden.checker import read_meld_cards

from .helpers import check_url, director_client, flat_page, verdict_and_case

GAME = "duizenden"
#: A default-true option is a ticked box: a browser sends "on".
FACE = {"option_opening_face_cards": "on"}


def form_for(check: str, data: dict[str, str]):
    spec = checker.checker(GAME, check)
    assert spec is not None
    return make_form(spec, data)


def field_html(html: str, name: str) -> str:
    start = html.index(f'id="field-{name}"')
    end = html.find('<div class="checker-field', start + 1)
    return html[start : end if end != -1 else len(html)]


# --- table talk → the exact CASES.md case ---------------------------------------------------

TABLE_TALK = [
    (
        "meld",
        {"cards": "harten 5, joker als harten 6, ♥7", **FACE},
        {"cards": ["5H", "JK:6H", "7H"]},
    ),
    (
        "meld",
        {"cards": "5h jk:6h 7h", **FACE},
        {"cards": ["5H", "JK:6H", "7H"]},
    ),
    (
        "opening",
        {"melds": "schoppen boer, ♠Q, joker voor schoppen heer\nruiten aas aas harten AC", **FACE},
        {"melds": [["JS", "QS", "JK:KS"], ["AD", "AH", "AC"]]},
    ),
    (
        "discard",
        {"card": "schoppen vrouw", "hand": "♠Q, klaveren 8, 9c", "player": "Bas"},
        {"card": "QS", "hand": ["QS", "8C", "9C"], "first_turn": False, "player": "Bas"},
    ),
    (
        "discard",
        {"card": "ruiten tien", "hand": "10 ♦", "first_turn": "on"},
        {"card": "10D", "hand": ["10D"], "first_turn": True},
    ),
    (
        "deal_score",
        {
            "melded": "Ann: harten 5, harten 6, joker als harten 7 | as schoppen, AC, AD\n"
            "Bas: 8c 8d 8♠",
            "hands": "Ann:\nBas: schoppen vrouw, joker",
        },
        {
            "players": {
                "Ann": {"melded": [["5H", "6H", "JK:7H"], ["AS", "AC", "AD"]], "hand": []},
                "Bas": {"melded": ["8C", "8D", "8S"], "hand": ["QS", "JK"]},
            }
        },
    ),
    (
        "game",
        {"players": "Ann, Bas, Cor", "deals": "Ann: 85, Bas: -20, Cor: 40\nAnn 900, Bas 5, Cor 0"},
        {
            "players": ["Ann", "Bas", "Cor"],
            "deals": [{"Ann": 85, "Bas": -20, "Cor": 40}, {"Ann": 900, "Bas": 5, "Cor": 0}],
        },
    ),
    (
        "mine",
        {
            "players": "A, B, C, D",
            "discarder": "A",
            "top": "schoppen acht",
            "claims": "C, B",
            "on_table": "B, C",
            "hands": "B: 8h 8c 2d\nC: ruiten 8, ♥8",
        },
        {
            "players": ["A", "B", "C", "D"],
            "discarder": "A",
            "top": "8S",
            "claims": ["C", "B"],
            "on_table": ["B", "C"],
            "hands": {"B": ["8H", "8C", "2D"], "C": ["8D", "8H"]},
        },
    ),
]


@pytest.mark.parametrize(("check", "data", "body"), TABLE_TALK)
def test_table_talk_builds_the_cases_md_case(check, data, body):
    form = form_for(check, data)
    verdict = form.judge()
    assert form.errors == {}
    assert form.case == {"game": GAME, "check": check, **body}
    # the same case through check_hand's JSON path gives the same verdict
    assert cases.judge_json(json.dumps(form.case)) == verdict


def test_every_check_of_cases_md_has_a_form():
    assert list(checker.checks(GAME)) == ["meld", "opening", "discard", "deal_score", "game",
                                          "mine"]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("5H, JK:6H, 7H", ["5H", "JK:6H", "7H"]),
        ("harten 5 joker als 6H harten 7", ["5H", "JK:6H", "7H"]),
        ("joker voor harten 6", ["JK:6H"]),
        ("Joker für Herz 6, Herz 7", ["JK:6H", "7H"]),
        ("joker = zes harten", ["JK:6H"]),
        ("joker (6H) 7H 8H", ["JK:6H", "7H", "8H"]),
        ("JK: harten 6", ["JK:6H"]),
        ("8H 8S joker", ["8H", "8S", "JK"]),
        ("joker as harten", ["JK", "AH"]),  # "as harten" is the ace of hearts
        ("🃏 ♥9 ♥10", ["JK", "9H", "10H"]),
    ],
)
def test_jokers_in_table_talk(text, tokens):
    assert read_meld_cards(text) == tokens


def test_the_opening_option_goes_into_the_case_when_switched_off():
    # the box left unticked on the page (which posts options_shown with its options)
    form = form_for("meld", {"cards": "5H JK:6H 7H", "options_shown": "1"})
    verdict = form.judge()
    assert form.case["options"] == {"opening_face_cards": False}
    assert verdict["result"] == {"type": "run", "opening_points": 15, "card_points": 60}
    form = form_for("meld", {"cards": "5H JK:6H 7H", **FACE})
    assert form.judge()["result"]["opening_points"] == 18
    assert "options" not in form.case  # 5-6-7 = 18 (DZ-4)


# --- disputed situations on the page ---------------------------------------------------------

DISPUTES = [
    ("discard", {"card": "schoppen vrouw", "hand": "♠Q 8c 9c", "player": "Bas"}, "DZ-8",
     "Bas may not discard QS: its holder must meld it"),
    ("discard", {"card": "ruiten 4", "hand": "4♦", "first_turn": "on", "player": "Cor"},
     "DZ-9", "Cor may not go out in the first turn by discarding 4D"),
    ("meld", {"cards": "heer harten, aas harten, twee harten", **FACE}, "DZ-3",
     "wraps round"),
    ("opening", {"melds": "harten 5, harten 6, harten 7\n2C 2D joker", **FACE}, "DZ-4",
     "The opening is worth 24 points, fewer than 30"),
    ("mine", {"players": "Ann, Bas, Cor, Dirk", "discarder": "Ann", "top": "8S",
              "claims": "Cor", "on_table": "Bas", "hands": "Cor: 8H 8C"}, "DZ-7",
     "Cor cannot mine 8S: only a player on the table may mine"),
    ("game", {"players": "Ann, Bas, Cor", "deals": "Ann: 1000, Bas: 0, Cor: 0\n"
              "Ann: 5, Bas: 5, Cor: 5"}, "DZ-12", "deal 2 should not have been played"),
    ("game", {"players": "Ann, Bas, Cor", "deals": "Ann: 87, Bas: 0, Cor: 0"}, "DZ-11",
     "no multiple of 5"),
]  # fmt: skip


@pytest.mark.parametrize(("check", "data", "rule_id", "message"), DISPUTES)
def test_a_disputed_situation_shows_its_rule_and_text(two_clubs, check, data, rule_id, message):
    response = director_client(two_clubs, "en").post(check_url(GAME, check), data)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="verdict verdict-illegal"' in html
    assert f'data-rule="{rule_id}"' in html
    found = rule(rule_id, "en")
    assert escape(found.title) in html
    assert escape(found.text[:50]) in html
    assert escape(message) in html


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_the_queen_of_spades_in_every_language(two_clubs, language):
    data = {"card": "schoppen vrouw", "hand": "♠Q 8c 9c", "player": "Bas"}
    html = (
        director_client(two_clubs, language).post(check_url(GAME, "discard"), data).content.decode()
    )
    assert 'data-rule="DZ-8"' in html
    found = rule("DZ-8", language)
    assert escape(found.title) in html
    assert escape(found.text[:40]) in html


def test_a_legal_meld_shows_what_it_is_worth(two_clubs):
    data = {"cards": "harten 5, joker als harten 6, ♥7", **FACE}
    page = flat_page(director_client(two_clubs, "en").post(check_url(GAME, "meld"), data))
    assert 'class="verdict verdict-legal"' in page
    assert '<th scope="row">read as</th><td>5H JK:6H 7H — a run 5H-7H</td>' in page
    assert '<th scope="row">opening points (DZ-4)</th><td>18</td>' in page
    assert '<th scope="row">card points (DZ-11)</th><td>60</td>' in page


def test_a_deal_score_per_player(two_clubs):
    data = {"melded": "Ann: 5H 6H JK:7H | AS AC AD\nBas: 8C 8D 8S", "hands": "Bas: QS 4H"}
    page = flat_page(director_client(two_clubs, "en").post(check_url(GAME, "deal_score"), data))
    assert 'class="verdict verdict-legal"' in page
    # Ann: 5+5+50 + 15*3 = 105; Bas: 15 on the table - (100 + 5) in hand = -90
    assert '<th scope="row">Ann</th><td>5H 6H JK:7H | AS AC AD</td><td>—</td><td>105</td>' in page
    assert '<th scope="row">Bas</th><td>8C 8D 8S</td><td>QS 4H</td><td>-90</td>' in page


def test_the_next_player_wins_a_mining_dispute(two_clubs):
    data = {"players": "Ann, Bas, Cor, Dirk", "discarder": "Ann", "top": "schoppen 8",
            "claims": "Cor, Bas", "on_table": "Bas, Cor",
            "hands": "Bas: 8H 8C\nCor: 8D 8H"}  # fmt: skip
    page = flat_page(director_client(two_clubs, "en").post(check_url(GAME, "mine"), data))
    assert 'class="verdict verdict-legal"' in page
    assert '<th scope="row">mines the pile</th><td>Bas</td>' in page


# --- errors next to the field ------------------------------------------------------------------


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_an_undeclared_joker_with_several_readings_is_explained_at_the_field(two_clubs, language):
    response = director_client(two_clubs, language).post(
        check_url(GAME, "meld"), {"cards": "5H 6H joker", **FACE}
    )
    assert response.status_code == 400
    html = response.content.decode()
    cards = field_html(html, "cards")
    assert "JK:4H" in cards and "JK:7H" in cards  # both readings, next to the field
    assert "verdict-" not in html


def test_an_undeclared_joker_in_an_opening_names_its_line():
    with translation.override("en"):
        form = form_for("opening", {"melds": "AS AC AD\n9H 10H jk", **FACE})
        assert form.judge() is None
        error = form.errors["melds"][0]
    assert list(form.errors) == ["melds"]
    assert error.startswith("Line 2:") and "JK:8H" in error and "JK:JH" in error


def test_the_engines_errors_land_on_their_field():
    # three 5H: two decks hold only two
    form = form_for("meld", {"cards": "5H 5H 5H", **FACE})
    assert form.judge() is None
    assert list(form.errors) == ["cards"]
    said = "De kaarten: heeft 3 keer harten 5, twee spellen hebben er maar 2."
    assert form.errors["cards"][0] == said
    # the discarded card must be in the hand before the discard
    form = form_for("discard", {"card": "AS", "hand": "8C 9C"})
    assert form.judge() is None
    assert list(form.errors) == ["card"]
    # a claimer who is no player
    form = form_for("mine", {"players": "A, B, C", "discarder": "A", "top": "8S", "claims": "Z"})
    assert form.judge() is None
    assert list(form.errors) == ["claims"]


@pytest.mark.parametrize(
    ("check", "data", "field", "text"),
    [
        ("meld", {"cards": "5H, joker als harten elf, 7H"}, "cards", "joker als harten"),
        ("meld", {"cards": "5H joker als joker"}, "cards", "not for another joker"),
        ("discard", {"card": "schoppen twaalf", "hand": "QS"}, "card", "schoppen twaalf"),
        ("deal_score", {"melded": "Ann 5H 6H 7H"}, "melded", "Ann 5H 6H 7H"),
        ("game", {"players": "Ann, Bas, Cor", "deals": "Ann: veel"}, "deals", "veel"),
    ],
)
def test_a_bad_field_is_explained_next_to_it(two_clubs, check, data, field, text):
    response = director_client(two_clubs, "en").post(check_url(GAME, check), data)
    assert response.status_code == 400
    assert escape(text) in field_html(response.content.decode(), field)


@pytest.mark.parametrize(
    ("check", "data"),
    [
        ("meld", {"cards": "x" * 50_000}),
        ("meld", {"cards": ", ".join(["JK:6H"] * 600)}),
        ("meld", {"cards": "JK:JK:JK (((( ::: ==", "option_opening_face_cards": ["a", "b"]}),
        ("opening", {"melds": "\n".join(["AS AC AD"] * 500)}),
        ("opening", {"melds": "\x00\u202e JK:"}),
        ("discard", {"card": ["AS", "KS"], "hand": "", "first_turn": "maybe"}),
        ("deal_score", {"melded": "::::\n|||", "hands": "Ann: Ann: Ann:"}),
        ("deal_score", {"melded": "Ann: 5H\nAnn: 6H"}),
        ("game", {"players": "Ann", "deals": "Ann: 99999999999999999999999"}),
        ("mine", {"players": "A, B", "discarder": "A", "top": "8S", "claims": "A, A"}),
        ("mine", {"players": "x" * 9_000, "discarder": "", "top": "", "claims": ""}),
    ],
)
def test_garbage_never_fails(two_clubs, check, data):
    response = director_client(two_clubs).post(check_url(GAME, check), data)
    assert response.status_code in (200, 400)
    # refused with the reason shown, or judged with the verdict shown
    shown = 'role="alert"' if response.status_code == 400 else 'class="verdict'
    assert shown in response.content.decode()
    assert not Dispute.objects.exists()


@pytest.mark.parametrize("check", list(checker.checks(GAME)))
def test_every_example_is_judged(two_clubs, check):
    spec = checker.checker(GAME, check)
    client = director_client(two_clubs)
    page = client.get(check_url(GAME, check) + "?example=1")
    assert page.status_code == 200
    for value in spec.example.values():
        assert escape(value.splitlines()[0]) in page.content.decode()
    response = client.post(check_url(GAME, check), {**spec.example, **FACE})
    assert response.status_code == 200, response.content.decode()[:2000]
    assert 'class="verdict verdict-' in response.content.decode()
    with translation.override("en"):
        assert make_form(spec, {**spec.example, **FACE}).judge() is not None


def test_the_meld_page_has_the_card_picker(two_clubs):
    html = director_client(two_clubs).get(check_url(GAME, "meld")).content.decode()
    assert 'data-picker-for="id_cards"' in html
    assert 'data-deck="french"' in html
    assert 'data-ranks="A K Q J 10 9 8 7 6 5 4 3 2"' in html


def test_an_option_on_by_default_stays_on_when_the_post_never_showed_it():
    """DZ-4 as RULES.md reads it: 5-6-7 opens for 18. A post without the options (no
    checkbox sent) turned ``opening_face_cards`` off and gave 15."""
    verdict, case = verdict_and_case(
        "duizenden", "opening", {"melds": "harten 5, harten 6, harten 7"}
    )
    assert "options" not in case
    assert verdict == judge(
        {"game": "duizenden", "check": "opening", "melds": [["5H", "6H", "7H"]]}
    )
    assert verdict["result"] == {"opening_points": 18}
    assert [v["rule"] for v in verdict["violations"]] == ["DZ-4"]


def test_an_option_unticked_on_the_page_is_off(two_clubs):
    html = director_client(two_clubs, "en").get(check_url("duizenden", "opening")).content.decode()
    assert '<input type="hidden" name="options_shown" value="1">' in html
    assert re.search(r'name="option_opening_face_cards"[^>]*checked', html)
    # the page posts the marker; a box left unticked is then the option switched off
    _verdict, case = verdict_and_case(
        "duizenden", "opening", {"melds": "5H 6H 7H", "options_shown": "1"}
    )
    assert case["options"] == {"opening_face_cards": False}
    ticked = {"melds": "5H 6H 7H", "options_shown": "1", "option_opening_face_cards": "on"}
    assert "options" not in verdict_and_case("duizenden", "opening", ticked)[1]
