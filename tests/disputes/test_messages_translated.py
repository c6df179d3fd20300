"""The dispute checker speaks the user's language: the engine's reasons translated, the
place in words ("slag 1", "Stich 1"), never a field path; violations too."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from disputes import checker
from disputes.checker.base import engine_message, make_form, violation_messages
from games import cases
from games.base import CaseError

#: A field path as the engine writes it: ``tricks[0]``, ``hands.Ann``, ``options.x``.
PATH = re.compile(r"\[\d*\]|\b[a-z_]+\.[A-Za-z_]+|\b[a-z]+_[a-z_]+\b")

RENEGE = {
    "players": "Ann, Bas, Cor",
    "dealer": "Cor",
    "trump": "S",
    "declarations": "Ann: spelen\nBas: play\nCor: Spielen",
    "hands": "Ann: AH, KS, 9S, 8C, 7D\nBas: 9H QC JD 10D 7C\nCor: 10H KC 8D AS 7S",
    "tricks": "AH, 7C, 10H",
}


def errors_of(game: str, check: str, data: dict[str, str], language: str) -> list[str]:
    spec = checker.checker(game, check)
    assert spec is not None
    with translation.override(language):
        form = make_form(spec, data)
        assert form.judge() is None
        return [str(e) for errors in form.errors.values() for e in errors]


def judge_error(case: dict) -> CaseError:
    with pytest.raises(CaseError) as caught:
        cases.judge(case)
    return caught.value


def json_case() -> str:
    import json

    return json.dumps({"game": "miezemauzen", "check": "deal", "players": ["Ann", "Bas", "Cor"],
                       "dealer": "Cor", "trump": "S"})  # fmt: skip


def assert_no_path(text: str) -> None:
    assert not PATH.search(text), text


@pytest.mark.parametrize(
    ("language", "wanted"),
    [
        ("nl", "Slag 1: heeft 4 kaarten, maar er spelen 3 spelers."),
        ("de", "Stich 1: hat 4 Karten, aber es spielen 3 Spieler."),
        ("en", "Trick 1: has 4 cards but 3 players play."),
    ],
)
def test_too_many_cards_in_a_trick_reads_in_words(language, wanted):
    data = {**RENEGE, "tricks": "AH, 7C, 10H, KS"}
    shown = errors_of("miezemauzen", "deal", data, language)
    assert wanted in shown
    for text in shown:
        assert_no_path(text)


@pytest.mark.parametrize(
    ("language", "words"),
    [("nl", ["Hand van Ann, kaart 3", "onbekende kaart"]),
     ("de", ["Hand von Ann, Karte 3", "unbekannte Karte"])],
)  # fmt: skip
def test_an_unknown_card_names_the_hand_and_the_card(language, words):
    error = judge_error(
        {"game": "miezemauzen", "check": "deal", "players": ["Ann", "Bas", "Cor"],
         "dealer": "Cor", "trump": "S",
         "declarations": {"Ann": "play", "Bas": "play", "Cor": "play"},
         "hands": {"Ann": ["AH", "KS", "ZZ"]}}
    )  # fmt: skip
    assert error.field == "hands.Ann[2]"
    with translation.override(language):
        text = engine_message(error)
    for word in words:
        assert word in text
    assert_no_path(text)


@pytest.mark.parametrize(
    ("language", "words"),
    [("nl", ["Optie", "moet minstens"]), ("de", ["Option", "muss mindestens"])],
)
def test_a_bad_option_value_names_the_option_by_its_label(language, words):
    from games import registry

    spec = registry.get("miezemauzen")
    option = next(o for o in spec.options if o.name == "start_points")
    error = judge_error({**cases.decode(json_case()), "options": {"start_points": 0}})
    assert error.field == "options.start_points"
    with translation.override(language):
        text = engine_message(error, spec.options)
        label = translation.gettext(option.label)
    for word in words:
        assert word in text
    assert label in text
    assert option.name not in text
    assert_no_path(text)


def test_a_violation_reads_in_dutch_and_german_with_its_letters():
    spec = checker.checker("miezemauzen", "deal")
    form = make_form(spec, RENEGE)
    verdict = form.judge()
    assert verdict is not None and verdict["violations"]
    assert verdict == cases.judge(form.case)  # the stored verdict stays CASES.md's
    nl = violation_messages(verdict, form.case, "nl")
    de = violation_messages(verdict, form.case, "de")
    en = violation_messages(verdict, form.case, "en")
    assert en == [verdict["violations"][0]["message"] + "."]
    assert nl[0].startswith("Bas bekende geen harten in slag 1")
    assert "harten 9" in nl[0]
    assert de[0].startswith("Bas hat in Stich 1 Herz nicht bedient")
    assert "Herz 9" in de[0]


def test_a_ruling_that_no_longer_matches_keeps_its_english_words():
    spec = checker.checker("miezemauzen", "deal")
    form = make_form(spec, RENEGE)
    verdict = form.judge()
    old = {**verdict, "violations": [{"rule": "MZ-8", "at": 0, "message": "Old words"}]}
    assert violation_messages(old, form.case, "nl") == ["Old words"]
