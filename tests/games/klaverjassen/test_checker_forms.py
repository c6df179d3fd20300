"""The dispute checker's forms as data (games/klaverjassen/checker.py): "Verzaakt?" (the
``trick`` check) and "Hoeveel roem?" (``roem``). What the fields read builds cases the
engine's checks accept, a reneging card gets a KJ-3 verdict naming the duty in the
page's language, and the roem is itemised (KJ-4). The game is not registered yet, so its
catalogue is added to LOCALE_PATHS here (tests/i18n checks it is compiled)."""

from pathlib import Path

import pytest
from django.utils import translation

from disputes.checker.base import say
from games.base import Case, CaseError
from games.checkform import CheckForm, InputError
from games.klaverjassen.checker import CHECKS, DECK, ROEM, TRICK
from games.klaverjassen.checks import CHECKS as ENGINE
from games.text import Text

LOCALE = Path(__file__).resolve().parents[3] / "games" / "klaverjassen" / "locale"


@pytest.fixture
def catalogue(settings):
    """The game's catalogue in use (as it will be once the game is registered)."""
    settings.LOCALE_PATHS = [*settings.LOCALE_PATHS, LOCALE]


def fill(form: CheckForm, typed: dict[str, str]) -> dict:
    """The case ``form`` builds from what was typed (choices and numbers as the site's
    form fields clean them), with the options the page adds."""
    data = {}
    for spec in form.inputs:
        text = typed.get(spec.name, "")
        if not text:
            data[spec.name] = None
        elif spec.widget == "number":
            data[spec.name] = int(text)
        elif spec.widget == "choice":
            assert text in [code for code, _label in spec.choices]
            data[spec.name] = text
        else:
            data[spec.name] = spec.read(text)
    return form.build(data)


def judge(form: CheckForm, case: dict, options: dict | None = None):
    return ENGINE[form.check](Case({**case, "options": options or {}}))


def test_the_forms_are_keyed_by_the_checks_of_the_engine():
    assert list(CHECKS) == ["trick", "roem"]
    for check, form in CHECKS.items():
        assert (form.game, form.check) == ("klaverjassen", check)
        assert check in ENGINE
        assert all(spec.picker is DECK for spec in form.inputs if hasattr(spec, "deck"))
    assert TRICK.options == ("variant",)


def test_the_picker_offers_the_32_cards_and_no_joker():
    rows = DECK.picker("nl", ())
    codes = [card["code"] for row in rows for card in row["cards"]]
    assert len(codes) == 32
    assert "7H" in codes and "AS" in codes and "JK" not in codes and "6H" not in codes
    # what a button types is read back as its card
    assert all(DECK.parse(card["typed"]).__str__() == card["code"]
               for row in rows for card in row["cards"])  # fmt: skip


def test_a_card_outside_the_32_card_deck_is_refused_at_the_field():
    with pytest.raises(InputError):
        fill(TRICK, {"trump": "H", "hand": "6H, 7H", "card": "7H"})


def test_the_trick_form_gives_each_card_its_seat_from_the_leader():
    case = fill(TRICK, {"trump": "H", "leader": "3", "trick": "AS, harten boer",
                        "hand": "7S, klaveren heer, 9H", "card": "KC"})  # fmt: skip
    assert case == {
        "trump": "H",
        "trick": [{"seat": 3, "card": "AS"}, {"seat": 0, "card": "JH"}],
        "hand": ["7S", "KC", "9H"],
        "card": "KC",
    }
    out = judge(TRICK, case)
    assert out.result["legal_cards"] == ["7S"]


def test_a_legal_card_is_accepted_and_the_seat_left_empty_is_0():
    case = fill(TRICK, {"trump": "S", "trick": "10D", "hand": "AD 7C", "card": "AD"})
    assert case["trick"] == [{"seat": 0, "card": "10D"}]
    out = judge(TRICK, case)
    assert out.legal
    sections = TRICK.present(out.result, case)
    rows = {str(label): value for label, value in sections[0].rows}
    assert str(rows["played by"]) == "seat 1"
    assert str(rows["duty broken"]) == "none"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("nl", "breekt de plicht te bekennen: de hand heeft schoppen"),
        ("de", "verletzt die Pflicht zu bedienen: die Hand hat Pik"),
    ],
)
def test_a_reneging_card_gets_a_kj3_verdict_naming_the_duty(catalogue, language, words):
    case = fill(TRICK, {"trump": "H", "leader": "1", "trick": "AS, JH", "hand": "7S KC 9H",
                        "card": "KC"})  # fmt: skip
    out = judge(TRICK, case, {"variant": "amsterdams"})
    assert [v.rule for v in out.violations] == ["KJ-3"]
    assert out.result["duty"] == "follow"
    assert words in say(out.violations[0].text, language)
    with translation.override(language):
        shown = {str(label): value for label, value in TRICK.present(out.result, case)[0].rows}
        duty = translation.gettext(str(shown["duty broken"]))
    assert duty == {"nl": "bekennen", "de": "Farbe bedienen"}[language]


@pytest.mark.parametrize(
    ("typed", "duty"),
    [
        ({"trump": "H", "trick": "AS", "hand": "JH 7C", "card": "7C"}, "trump"),
        ({"trump": "H", "trick": "AS, 9H", "hand": "JH 7C", "card": "7C"}, "overtrump"),
        ({"trump": "H", "trick": "AS, 9H", "hand": "8H 7C", "card": "8H"}, "no undertrump"),
    ],
)
def test_every_duty_through_the_form(typed, duty):
    out = judge(TRICK, fill(TRICK, typed))
    assert [v.rule for v in out.violations] == ["KJ-3"]
    assert out.result["duty"] == duty


def test_a_fourth_card_shows_the_winner_and_the_roem_of_the_trick():
    case = fill(TRICK, {"trump": "H", "leader": "3", "trick": "KH, QH, JH",
                        "hand": "10H 7S", "card": "10H"})  # fmt: skip
    out = judge(TRICK, case)
    assert out.legal and out.result["winner"] == 1
    sections = TRICK.present(out.result, case)
    roem = sections[-1]
    assert "KJ-4" in str(roem.title)
    assert [str(item) for item, _points in roem.rows[:-1]] == ["four in sequence 50", "stuk 20"]
    assert roem.rows[-1][1] == 70


def roem_of(typed, options=None):
    case = fill(ROEM, typed)
    out = judge(ROEM, case, options)
    assert out.legal
    return out, ROEM.present(out.result, case)


def test_the_roem_form_itemises_stuk_and_a_sequence():
    out, sections = roem_of({"trump": "H", "cards": "harten heer, harten vrouw, JH, 7S"})
    assert out.result == {"winner": 2, "roem": ["three in sequence 20", "stuk 20"],
                          "roem_points": 40}  # fmt: skip
    items = sections[-1].rows
    assert [(str(item), points) for item, points in items[:-1]] == [
        ("three in sequence 20", 20),
        ("stuk 20", 20),
    ]
    assert items[-1][1] == 40


def test_the_roem_form_counts_from_the_leader_and_four_of_a_kind_by_option():
    out, _sections = roem_of({"trump": "S", "cards": "JH JS JD JC", "leader": "2"})
    assert out.result["winner"] == 3  # the jack of trump, the second card from seat 2
    assert out.result["roem_points"] == 200
    out, _ = roem_of({"trump": "S", "cards": "JH JS JD JC"}, {"four_of_a_kind": False})
    assert out.result["roem_points"] == 0


@pytest.mark.parametrize(
    ("language", "items"),
    [("nl", ["drie op een rij 20", "stuk 20"]), ("de", ["drei in Folge 20", "Stuk 20"])],
)
def test_the_roem_items_in_the_pages_language(catalogue, language, items):
    _out, sections = roem_of({"trump": "H", "cards": "KH QH JH 7S"})
    rows = sections[-1].rows[:-1]
    assert all(isinstance(item, Text) for item, _points in rows)
    assert [say(item, language) for item, _points in rows] == items
    with translation.override(language):
        assert translation.gettext(str(sections[-1].title)) != str(sections[-1].title)


def test_the_roem_check_refuses_a_trick_that_is_not_four_cards():
    with pytest.raises(CaseError) as error:
        judge(ROEM, fill(ROEM, {"trump": "H", "cards": "KH QH JH"}))
    assert error.value.field == "cards"
    with pytest.raises(CaseError) as error:
        judge(ROEM, fill(ROEM, {"trump": "H", "cards": "KH QH KH 7S"}))
    assert error.value.field == "cards"


@pytest.mark.parametrize("language", ["en", "nl", "de"])
@pytest.mark.parametrize("form", [TRICK, ROEM], ids=["trick", "roem"])
def test_each_example_in_the_pages_language_builds_a_case_the_check_accepts(
    catalogue, form, language
):
    with translation.override(language):
        typed = {name: translation.gettext(str(text)) for name, text in form.example.items()}
    if language != "en":
        assert any(typed[n] != str(form.example[n]) for n in typed)  # translated
    out = judge(form, fill(form, typed))
    assert out.result
