"""MeieRijen's dispute forms: a turn told as at the table ("AS op mix", "joker op zwart als
10", "witte pion op trekstapel tegenstander") builds exactly the CASES.md case; round
scores and matches likewise; the page shows the broken rule with its text and the board
after the turn; bad input is explained next to its field, never a server error."""

from __future__ import annotations

import json

import pytest
from django.utils import translation
from django.utils.html import escape

from disputes import checker
from disputes.checker.base import make_form
from disputes.rules import rule
from games import cases
from games.checkform import InputError
from games.meierijen.checker import read_pawns, read_piles, read_play, read_sides

from .helpers import check_url, director_client, flat, verdict_and_case

#: CASES.md's turn, as a director types it: Dutch words, symbols, lower case.
TURN = {
    "piles": "Rood: ruiten acht; zwart: ♠2 als negen; mix: kh",
    "hand": "schoppen aas, 9♦, ruiten zeven\nklaveren 6 5h",
    "draw_pile": "3H, 4 klaveren, QD, joker, 10S",
    "open": "tegenstander: 8♥\nik:",
    "penalty": "Tegenstander: 3S kd",
    "pawns": "grijze pion: start\nrode pion: ik\nwitte pionnen: start, zwart",
    "plays": "AS op mix\n5H op de mix\n8H van open tegenstander op rood\n"
    "joker op zwart als 10\nwitte pion op trekstapel tegenstander\n6C weg naar open",
}
#: CASES.md's turn case (its ``"options": {"variant1": false}`` is the default: left out).
TURN_CASE = {
    "game": "meierijen",
    "check": "turn",
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
ROUND = {
    "players": "red: hand harten heer, open 3♣ 2D, straf schoppen vrouw, pionnen grijs\n"
    "blue: open 9h",
    "emptied_first": "blue",
    "option_variant1": "on",
}
ROUND_CASE = {
    "game": "meierijen",
    "check": "round_score",
    "options": {"variant1": True},
    "players": {
        "red": {"hand": ["KH"], "open": ["3C", "2D"], "penalty": ["QS"], "pawns": ["grey"]},
        "blue": {"hand": [], "open": ["9H"], "penalty": [], "pawns": []},
    },
    "emptied_first": "blue",
}


def form_for(check: str, data: dict[str, str]):
    spec = checker.checker("meierijen", check)
    assert spec is not None
    return make_form(spec, data)


# --- building the cases --------------------------------------------------------------------


def test_the_cases_md_turn_from_table_talk():
    form = form_for("turn", TURN)
    verdict = form.judge()
    assert form.errors == {}
    assert form.case == TURN_CASE
    assert cases.judge_json(json.dumps(form.case)) == verdict
    # RULES.md: 8H on 8D is no step up (MR-2) and a double needs the grey pawn (MR-8)
    assert verdict["legal"] is False
    assert [(v["rule"], v["at"]) for v in verdict["violations"]] == [("MR-2", 2), ("MR-8", 2)]


@pytest.mark.parametrize(
    ("line", "entry"),
    [
        ("AS op mix", {"card": "AS", "to": "mix"}),
        ("as harten op rood", {"card": "AH", "to": "red"}),
        ("8H van open tegenstander op rood", {"card": "8H", "from": "opponent_open", "to": "red"}),
        ("8♥ from the opponent's open cards onto red",
         {"card": "8H", "from": "opponent_open", "to": "red"}),
        ("speel KS van de strafstapel van de tegenstander op zwart",
         {"card": "KS", "from": "opponent_penalty", "to": "black"}),
        ("9c uit mijn open kaarten op de zwarte stapel",
         {"card": "9C", "from": "open", "to": "black"}),
        ("QS from penalty to mix", {"card": "QS", "from": "penalty", "to": "mix"}),
        ("7H van trekstapel op mix", {"card": "7H", "from": "draw", "to": "mix"}),
        ("joker op zwart als 10", {"card": "JK", "to": "black", "as": "10"}),
        ("JK to black as ace", {"card": "JK", "to": "black", "as": "A"}),
        ("schoppen 2 op zwart (tien)", {"card": "2S", "to": "black", "as": "10"}),
        ("9D op rood omlaag", {"card": "9D", "to": "red", "direction": "down"}),
        ("5♣ on mix down", {"card": "5C", "to": "mix", "direction": "down"}),
        ("witte pion op trekstapel tegenstander",
         {"pawn_action": "place", "pawn": "white", "on": "opponent_draw"}),
        ("place the white pawn on the black pile",
         {"pawn_action": "place", "pawn": "white", "on": "pile:black"}),
        ("witte pion op 8H van de tegenstander",
         {"pawn_action": "place", "pawn": "white", "on": "opponent_open:8H"}),
        ("witte pion op strafstapel tegenstander",
         {"pawn_action": "place", "pawn": "white", "on": "opponent_penalty"}),
        ("pak grijze pion", {"pawn_action": "take", "pawn": "grey"}),
        ("takes the red pawn", {"pawn_action": "take", "pawn": "red"}),
        ("rode pion weg bij tegenstander",
         {"pawn_action": "remove", "pawn": "red", "from": "opponent"}),
        ("haal witte pion van zwart weg",
         {"pawn_action": "remove", "pawn": "white", "from": "pile:black"}),
        ("remove white pawn from my draw pile",
         {"pawn_action": "remove", "pawn": "white", "from": "draw"}),
        ("6C weg naar open", {"pass": "6C", "to": "open"}),
        ("paskaart klaveren zes op straf", {"pass": "6C", "to": "penalty"}),
        ("passes 6♣ to penalty", {"pass": "6C", "to": "penalty"}),
        ("trek 5 kaarten: 3H 4C QD JK 10S", {"draw": ["3H", "4C", "QD", "JK", "10S"]}),
        ("draaikaart 7H naar open", {"turned": "7H", "to": "open"}),
    ],
)  # fmt: skip
def test_turn_lines_in_dutch_and_english(line, entry):
    assert read_play(line) == entry


def test_the_last_ten_and_four_players():
    data = {**TURN, "last_ten": "on", "draw_pile": "4S 3H", "pawns": "", "option_players": "4",
            "plays": "draaikaart 4S naar open\n9D op rood\n6C weg naar straf"}  # fmt: skip
    form = form_for("turn", data)
    verdict = form.judge()
    assert form.case["options"] == {"players": 4}
    assert form.case["last_ten"] is True
    assert "pawns" not in form.case
    assert form.case["plays"][0] == {"turned": "4S", "to": "open"}
    # MR-11: the face-up 4S fits no pile, so it joins the open cards; the turn goes on
    assert verdict["legal"] is True
    assert verdict["result"]["hand"] == ["AS", "7D", "5H"]


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("10 op zwart", "10 op zwart"),
        ("AS op blauw", "blauw"),
        ("8H van tegenstander op rood", "tegenstander"),
        ("JK op zwart als elf", "elf"),
        ("pion op zwart", ""),
        ("6C op straf tegenstander", ""),
        ("witte pion", ""),
    ],
)
def test_turn_lines_that_say_too_little_are_refused(line, said):
    with pytest.raises(InputError) as refused:
        read_play(line)
    assert said in str(refused.value)


def test_the_board_in_table_talk():
    assert read_piles("rood 8D, zwarte stapel: JK (A), mix: leeg") == {
        "red": "8D",
        "black": {"card": "JK", "as": "A"},
        "mix": None,
    }
    assert read_sides("mijn open kaarten: 9C\nopponent: 8H 7H") == {
        "me": ["9C"],
        "opponent": ["8H", "7H"],
    }
    assert read_pawns("grey: opponent; witte pion op open 8H tegenstander\nwit: rood") == {
        "grey": "opponent",
        "white": ["opponent_open:8H", "pile:red"],
    }
    with pytest.raises(InputError):
        read_piles("rood: 8D, zwart: 9S")  # the mix pile is not said
    with pytest.raises(InputError):
        read_pawns("wit: start, zwart, rood")  # three white pawns


def test_the_cases_md_round_score():
    form = form_for("round_score", ROUND)
    verdict = form.judge()
    assert form.case == ROUND_CASE
    # MR-V1: KH 2 + 3C 1 + 2D 5 + QS 2 + grey pawn 3 = 13; blue 1
    assert verdict["result"] == {"points": {"red": 13, "blue": 1}, "winner": "blue"}


def test_a_four_player_round_by_teams():
    form = form_for(
        "round_score",
        {"players": "Ann: hand 3H\nBas: open 4S 5S\nCor: straf 6D\nDirk: hand -",
         "teams": "team A: Ann en Cor\nB: Bas, Dirk"},
    )  # fmt: skip
    verdict = form.judge()
    assert form.case["teams"] == {"A": ["Ann", "Cor"], "B": ["Bas", "Dirk"]}
    assert form.case["players"]["Dirk"] == {"hand": [], "open": [], "penalty": [], "pawns": []}
    # equal points (2 each) and nobody said who emptied first: the engine asks
    assert verdict is None
    assert list(form.errors) == ["emptied_first"]
    form = form_for(
        "round_score",
        {"players": "Ann: hand 3H\nBas: open 4S 5S\nCor: straf 6D\nDirk: hand -",
         "teams": "A: Ann, Cor\nB: Bas, Dirk", "emptied_first": "Dirk"},
    )  # fmt: skip
    assert form.judge()["result"] == {"points": {"A": 2, "B": 2}, "winner": "B"}


def test_a_match_from_its_rounds():
    form = form_for(
        "match",
        {"rounds": "Ronde 1\nred: hand KH, open 3C 2D, straf QS, pion grijs\nblue: open 9H\n"
         "eerst leeg: blue\nronde 2\nred: open 4D\nblue: hand 5S 6S\n"
         "round 3\nred: hand 8C\nblue: hand 9C\nemptied first: red",
         "option_variant1": "on"},
    )  # fmt: skip
    verdict = form.judge()
    first = {k: v for k, v in ROUND_CASE.items() if k != "options"}
    assert form.case["options"] == {"variant1": True}
    assert form.case["rounds"][0] == first
    assert form.case["rounds"][2]["emptied_first"] == "red"
    # RULES.md MR-13: 1-1 after two rounds without a third round is a draw; round 3 is
    # played on after the match was decided
    assert verdict["legal"] is False
    assert [(v["rule"], v["at"]) for v in verdict["violations"]] == [("MR-13", 2)]
    form = form_for("match", {"rounds": form_for("match", {}).checker.example["rounds"],
                              "option_third_round": "on"})  # fmt: skip
    assert form.judge()["result"] == {"rounds_won": {"Ann": 1, "Bas": 2}, "winner": "Bas",
                                      "draw": False}  # fmt: skip


@pytest.mark.parametrize("check", ["turn", "round_score", "match"])
def test_every_example_judges(check):
    spec = checker.checker("meierijen", check)
    form = make_form(spec, dict(spec.example))
    verdict = form.judge()
    assert form.errors == {}
    assert verdict is not None
    assert verdict["legal"] is True  # each example is a situation RULES.md allows
    assert spec.present(verdict["result"], form.case)


# --- errors next to their field ------------------------------------------------------------


def test_a_bad_line_names_its_number_on_the_plays_field():
    with translation.override("en"):
        form = form_for("turn", {**TURN, "plays": "AS op mix\nharten elf op rood"})
        assert form.judge() is None
        assert list(form.errors) == ["plays"]
        assert form.errors["plays"][0].startswith("Line 2:")
        assert "harten elf" in form.errors["plays"][0]


def test_an_engine_error_lands_on_the_field_it_names():
    # the player's own deck holds one 9C: in the hand and open at once cannot be
    form = form_for("turn", {**TURN, "open": "ik: 9D"})
    assert form.judge() is None
    assert list(form.errors) == ["open"]
    assert form.errors["open"][0].startswith("Open kaarten van de speler, kaart 1: ruiten 9 ")
    # a wild on a pile must say its rank
    form = form_for("turn", {**TURN, "piles": "rood: 8D, zwart: 2S, mix: KH"})
    assert form.judge() is None
    assert list(form.errors) == ["piles"]


@pytest.mark.parametrize(
    "data",
    [
        {},
        {**TURN, "piles": "x" * 20_000},
        {**TURN, "plays": "\n".join(["AS op mix"] * 500)},
        {**TURN, "plays": "\x00 op \u202e"},
        {**TURN, "pawns": "grijs: ergens"},
        {**TURN, "hand": "AS AS AS"},
        {**TURN, "option_players": "9"},
    ],
)
def test_garbage_is_refused_with_a_message(data):
    form = form_for("turn", data)
    assert form.judge() is None
    assert form.errors


# --- the pages -----------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["nl", "en"])
def test_the_cases_md_turn_on_the_page(two_clubs, language):
    response = director_client(two_clubs, language).post(check_url("meierijen", "turn"), TURN)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="verdict verdict-illegal"' in html
    assert 'data-rule="MR-2"' in html and 'data-rule="MR-8"' in html
    found = rule("MR-8", language)
    assert escape(found.title) in html
    assert escape(found.text[:60]) in html
    said = {
        "nl": "De speler speelde harten 8 op ruiten 8 (rode stapel) zonder de grijze pion",
        "en": "The player played 8H on 8D (red pile) without holding the grey pawn",
    }
    assert said[language] in html


@pytest.mark.parametrize(
    ("change", "rule_id", "message"),
    [
        # MR-7: a white pawn blocks the black pile
        ({"plays": "AS op mix\nJK op zwart als 10"}, "MR-7", "which a white pawn blocks"),
        # MR-10: with four open cards the pass card goes on the penalty pile
        ({"open": "ik: 3D 4D 5D 6D", "plays": "6C weg naar open"}, "MR-10", "four open cards"),
        # MR-5: a ten-card's pawn action comes at once
        ({"pawns": "grijs: start", "hand": "AS 9D JK 6C 5H",
          "plays": "9D op rood\nJK op zwart als 10\n5H op mix"},
         "MR-5", "pawn action"),
    ],
)  # fmt: skip
def test_disputed_turns_name_their_rule(two_clubs, change, rule_id, message):
    response = director_client(two_clubs, "en").post(
        check_url("meierijen", "turn"), {**TURN, **change}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="verdict verdict-illegal"' in html
    assert f'data-rule="{rule_id}"' in html
    assert escape(rule(rule_id, "en").title) in html
    assert message in html


def test_a_legal_turn_shows_the_board_after_it(two_clubs):
    data = {**TURN, "pawns": "rood: ik",
            "plays": "9D op rood\nAS op mix\n5H op mix\n7D op mix\n6C naar straf"}  # fmt: skip
    html = flat(
        director_client(two_clubs, "en").post(check_url("meierijen", "turn"), data).content.decode()
    )
    assert 'class="verdict verdict-legal"' in html
    # MR-9: 7D skips a rank on the restarted mix pile with the red pawn, which goes home
    assert '<th scope="row">mix pile</th><td>KH</td><td>7D</td>' in html
    assert '<th scope="row">red pile</th><td>8D</td><td>9D</td>' in html
    assert '<th scope="row">red pawn</th><td>the player</td><td>start spot</td>' in html


def test_round_score_and_match_pages(two_clubs):
    client = director_client(two_clubs, "en")
    html = flat(client.post(check_url("meierijen", "round_score"), ROUND).content.decode())
    assert 'class="verdict verdict-legal"' in html
    assert "<td>13</td>" in html
    assert '<th scope="row">round winner</th><td>blue</td>' in html
    rounds = "ronde 1\nred: hand KH\nblue: hand 9H 8H\nronde 2\nred: hand 3S\nblue: hand 4S 5S"
    html = flat(client.post(check_url("meierijen", "match"), {"rounds": rounds}).content.decode())
    assert '<th scope="row">match winner</th><td>red</td>' in html


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_a_bad_field_is_explained_next_to_it(two_clubs, language):
    data = {**TURN, "plays": "AS op mix\nharten elf op rood"}
    response = director_client(two_clubs, language).post(check_url("meierijen", "turn"), data)
    assert response.status_code == 400
    html = response.content.decode()
    start = html.index('id="field-plays"')
    assert "harten elf" in html[start : html.index("</div>", start)]
    assert "verdict" not in html


@pytest.mark.parametrize(
    ("check", "data"),
    [
        ("turn", {"plays": "x" * 50_000}),
        ("turn", {**TURN, "plays": "witte pion op witte pion op " * 300}),
        ("turn", {**TURN, "open": "::::\n\x00", "pawns": "wit: " + ", ".join(["zwart"] * 400)}),
        ("turn", {**TURN, "option_variant1": "x", "option_draw_rule": "three"}),
        ("round_score", {"players": "a: hand " + "AS " * 500}),
        ("round_score", {"players": "a: open 3C\na: open 4C", "teams": "::"}),
        ("match", {"rounds": "ronde 1\n" * 600}),
        ("match", {"rounds": "ronde 1\nred: hand KH\nronde 2\nblue: hand KH"}),
    ],
)
def test_garbage_posts_never_fail(two_clubs, check, data):
    response = director_client(two_clubs).post(check_url("meierijen", check), data)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()


@pytest.mark.parametrize("check", ["turn", "round_score", "match"])
def test_each_example_on_its_page(two_clubs, check):
    client = director_client(two_clubs)
    html = client.get(check_url("meierijen", check) + "?example=1").content.decode()
    assert "card_picker.js" in html
    assert 'data-ranks="A K Q J 10 9 8 7 6 5 4 3 2"' in html
    example = dict(checker.checker("meierijen", check).example)
    response = client.post(check_url("meierijen", check), example)
    assert response.status_code == 200
    assert 'class="verdict verdict-legal"' in response.content.decode()


def test_an_empty_optional_name_stays_out_of_the_case():
    """MR-12 round score without "emptied first": the form sent ``"emptied_first": ""``
    and the engine refused it ("'' is not one of the players")."""
    typed = {"players": "rood: hand harten heer, open 3C 2D, straf schoppen vrouw\nblauw: open 9H"}
    verdict, case = verdict_and_case("meierijen", "round_score", typed)
    assert verdict is not None, case
    assert "emptied_first" not in case
    assert verdict["result"] == {"points": {"rood": 4, "blauw": 1}, "winner": "blauw"}
