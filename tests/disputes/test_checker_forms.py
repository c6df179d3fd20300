"""The dispute forms build exactly the CASES.md case from table talk (Dutch card words,
symbols, lower case), judged by the same engine as check_hand; bad input is put on the
field it concerns."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from disputes import checker
from games import cases
from games.cards import FRENCH
from games.checkform import read_cards

from .helpers import verdict_and_case


def form_for(game: str, check: str, data: dict[str, str]):
    spec = checker.checker(game, check)
    assert spec is not None
    from disputes.checker.base import make_form

    return make_form(spec, data)


#: The Miezemauzen renege of the end-to-end test, as a director types it.
RENEGE = {
    "players": "Ann, Bas, Cor",
    "dealer": "Cor",
    "trump": "S",
    "declarations": "Ann: spelen\nBas: play\nCor: Spielen",
    "hands": "Ann: harten aas, K♠, 9s, klaveren 8, 7D\nBas: 9H qc JD ruiten 10 7C\n"
    "Cor: 10H, klaveren heer 8D A♠ schoppen 7",
    "tricks": "AH, 7C, tien harten",
}
RENEGE_CASE = {
    "game": "miezemauzen",
    "check": "deal",
    "players": ["Ann", "Bas", "Cor"],
    "dealer": "Cor",
    "trump": "S",
    "declarations": {"Ann": "play", "Bas": "play", "Cor": "play"},
    "hands": {
        "Ann": ["AH", "KS", "9S", "8C", "7D"],
        "Bas": ["9H", "QC", "JD", "10D", "7C"],
        "Cor": ["10H", "KC", "8D", "AS", "7S"],
    },
    "tricks": [["AH", "7C", "10H"]],
}


def test_table_talk_builds_the_cases_md_case_of_a_renege():
    form = form_for("miezemauzen", "deal", RENEGE)
    verdict = form.judge()
    assert form.errors == {}
    assert form.case == RENEGE_CASE
    # The same case through check_hand's JSON path gives the same verdict.
    assert cases.judge_json(json.dumps(form.case)) == verdict
    assert verdict["legal"] is False
    assert [v["rule"] for v in verdict["violations"]] == ["MZ-8"]
    assert verdict["result"]["trick_winners"] == ["Ann"]


def test_the_meino_plus_four_case_in_any_spelling():
    form = form_for(
        "meino",
        "play",
        {"top": "rot 5", "colour": "R", "hand": "R7, 4-Ziehen & Farbwahl, blau 5",
         "card": "w+4", "wish": "G"},
    )  # fmt: skip
    verdict = form.judge()
    assert form.case == {
        "game": "meino", "check": "play", "top": "R5", "colour": "R",
        "hand": ["R7", "W+4", "B5"], "card": "W+4", "wish": "G",
    }  # fmt: skip
    assert verdict["legal"] is False
    assert [v["rule"] for v in verdict["violations"]] == ["ME-8"]


def test_options_that_differ_from_the_default_go_into_the_case():
    form = form_for(
        "miezemauzen", "settlement", {"points": "Ann: 0, Bas 2\nCor: 8", "option_stake_cents": "25"}
    )
    verdict = form.judge()
    assert form.case == {
        "game": "miezemauzen", "check": "settlement", "options": {"stake_cents": 25},
        "points": {"Ann": 0, "Bas": 2, "Cor": 8},
    }  # fmt: skip
    assert verdict["result"] == {
        "winner": "Ann", "pays_cents": {"Bas": 50, "Cor": 200}, "receives_cents": 250,
    }  # fmt: skip


def test_a_whole_game_from_deal_lines():
    form = form_for(
        "miezemauzen",
        "game",
        {"players": "Ann, Bas, Cor", "deals": "schoppen: Ann 3, Bas pas, Cor 2\nH: Ann kater, "
         "Bas pass, Cor play"},
    )  # fmt: skip
    verdict = form.judge()
    assert form.case["deals"] == [
        {"trump": "S", "declarations": {"Ann": "play", "Bas": "pass", "Cor": "play"},
         "tricks_won": {"Ann": 3, "Cor": 2}},
        {"trump": "H", "declarations": {"Ann": "play", "Bas": "pass", "Cor": "play"},
         "kat": {"player": "Ann", "kater": True}},
    ]  # fmt: skip
    assert verdict["legal"] is True
    assert verdict["result"]["final"] == {"Ann": 14, "Bas": 25, "Cor": 24}


def test_meino_round_and_game_cases():
    form = form_for("meino", "round_score", {"hands": "Ann:\nBas: R5, W+4, JOKER"})
    assert form.judge()["result"] == {"winner": "Ann", "points": {"Ann": 0, "Bas": 95}}
    assert form.case["hands"] == {"Ann": [], "Bas": ["R5", "W+4", "JOKER"]}
    form = form_for(
        "meino", "game", {"players": "Ann, Bas", "rounds": "Ann 0, Bas 95\nAnn: 40, Bas: 0"}
    )
    assert form.judge()["result"]["totals"] == {"Ann": 40, "Bas": 95}
    assert form.case["rounds"] == [{"Ann": 0, "Bas": 95}, {"Ann": 40, "Bas": 0}]


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("AS, 10H, schoppen vrouw", ["AS", "10H", "QS"]),
        ("as harten", ["AH"]),
        ("AS AH", ["AS", "AH"]),
        ("♠Q\n10 ♥\nruiten boer", ["QS", "10H", "JD"]),
        ("klaveren aas heer harten", ["AC", "KH"]),
    ],
)
def test_card_lists_in_table_talk(text, cards):
    assert read_cards(text, FRENCH) == cards


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_a_bad_card_is_explained_next_to_its_field(language):
    with translation.override(language):
        form = form_for("miezemauzen", "deal", {**RENEGE, "tricks": "AH 7C harten elf"})
        assert form.judge() is None
        assert list(form.errors) == ["tricks"]
        error = form.errors["tricks"][0]
    # The text as typed, in the language's quotation marks (“…” or „…“).
    assert "harten elf" in error
    assert ("is not a card" in error) == (language == "en")


def test_an_engine_error_lands_on_the_field_it_names():
    # Dirk is no player: the engine's CaseError names hands.Dirk, said in words.
    form = form_for("miezemauzen", "deal", {**RENEGE, "hands": "Dirk: AH"})
    assert form.judge() is None
    assert list(form.errors) == ["hands"]
    assert form.errors["hands"][0] == "Hand van Dirk: is geen van de spelers."
    # A card held twice in a one-deck game is the engine's to find.
    form = form_for("miezemauzen", "deal", {**RENEGE, "tricks": "AH 7C 10H\nAH"})
    assert form.judge() is None
    assert "tricks" in form.errors


def test_a_bad_option_lands_on_its_field():
    form = form_for("miezemauzen", "deal", {**RENEGE, "option_start_points": "0"})
    assert form.judge() is None
    assert list(form.errors) == ["option_start_points"]


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"players": "x" * 20_000},
        {"players": ["a", "b"], "dealer": {"x": 1}},
        {**RENEGE, "hands": "\x00: \x00"},
        {**RENEGE, "points_before": "Ann: 99999999999999999999"},
        {**RENEGE, "tricks": "\n".join(["AH"] * 500)},
        {**RENEGE, "declarations": "Ann: dance"},
        {**RENEGE, "trump": "Z"},
    ],
)
def test_garbage_is_refused_with_a_message(data):
    form = form_for("miezemauzen", "deal", data)
    assert form.judge() is None
    assert form.errors


def test_names_typed_in_lower_case_are_the_players():
    """ "ann: …" after "Ann, Bas, Cor" was refused ("hands.ann: is not one of the players")."""
    typed = {**RENEGE, "dealer": "cor", "declarations": "ann: spelen\nBAS: play\ncor: Spielen",
             "hands": RENEGE["hands"].replace("Ann:", "ann:").replace("Bas:", "bas:")}  # fmt: skip
    verdict, case = verdict_and_case("miezemauzen", "deal", typed)
    assert case == RENEGE_CASE
    assert [v["rule"] for v in verdict["violations"]] == ["MZ-8"]
    mine = {"players": "Ann, Bas, Cor, Dirk", "discarder": "ann", "top": "8S",
            "claims": "cor, bas", "on_table": "bas, cor",
            "hands": "bas: 8H, 8C, 2D\ncor: 8D, 8H, KS"}  # fmt: skip
    verdict, case = verdict_and_case("duizenden", "mine", mine)
    assert case["claims"] == ["Cor", "Bas"] and set(case["hands"]) == {"Bas", "Cor"}
    assert verdict["result"]["miner"] == "Bas"  # next after the discarder (DZ-7)


def test_a_name_given_twice_in_two_spellings_is_still_refused():
    typed = {**RENEGE, "hands": "Ann: AH KS 9S 8C 7D\nann: 9H QC JD 10D 7C"}
    verdict, errors = verdict_and_case("miezemauzen", "deal", typed)
    assert verdict is None and list(errors) == ["hands"]
