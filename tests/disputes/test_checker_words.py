"""The checker's forms in the page's language (issue 37): every text is marked to be
translated when the page is made (never joined in English when a module loads), the example
is filled in in the page's words and means the same case in every language, and the
page language's keywords are read."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from disputes import checker as checkers
from disputes.checker.base import make_form, people
from games import registry
from games.checkshow import Label
from games.text import Text

from .words import wrong_words

CHECKS = [(game, check) for game, _title, checks in checkers.games() for check in checks]


def _marked(value) -> bool:
    """A text the site translates: a Label (``_()``) or a Text made of them."""
    if isinstance(value, Label):
        return True
    if isinstance(value, Text):  # joined texts: each part marked, separators no words
        return all(
            _marked(v) or not isinstance(v, str) or not any(c.isalpha() for c in v)
            for v in value.values.values()
        )
    return False


@pytest.mark.parametrize(("game", "check"), CHECKS)
def test_every_text_of_a_form_is_translated_when_the_page_is_made(game, check):
    """A label or help joined with ``+`` when the module loads is a plain English str: the
    catalogue's translation is never looked up for it (the Keezen hand's help)."""
    form = checkers.checker(game, check).form
    texts = [("title", form.title), ("intro", form.intro)]
    for spec in form.inputs:
        texts += [(f"{spec.name} label", spec.label)]
        if spec.help:
            texts += [(f"{spec.name} help", spec.help)]
        texts += [(f"{spec.name} choice", label) for _v, label in getattr(spec, "choices", ())]
    plain = [name for name, text in texts if not _marked(text)]
    assert not plain, plain


@pytest.mark.parametrize("language", ["nl", "de"])
def test_the_keezen_hand_help_reads_in_the_page_language(language):
    hand = next(i for i in checkers.checker("keezen", "move").form.inputs if i.name == "hand")
    with translation.override(language):
        shown = people(hand.help)
    assert "Needed" not in shown and "fold" not in shown
    assert {"nl": "Nodig bij neerleggen", "de": "Nötig beim Hinlegen"}[language] in shown
    assert {"nl": "harten aas", "de": "Herz Ass"}[language] in shown


def _example_case(game: str, check: str, language: str) -> dict:
    spec = checkers.checker(game, check)
    with translation.override(language):
        example = spec.example
        form = make_form(spec, {k: str(v) for k, v in example.items()})
        verdict = form.judge()
    assert verdict is not None, (language, example, form.errors)
    return form.case


@pytest.mark.parametrize(("game", "check"), CHECKS)
def test_the_example_means_the_same_case_in_every_language(game, check):
    if not checkers.checker(game, check).form.example:
        pytest.skip("no example")
    english = _example_case(game, check, "en")
    for language in ("nl", "de"):
        assert _example_case(game, check, language) == english, language


@pytest.mark.parametrize("language", ["nl", "de"])
@pytest.mark.parametrize(("game", "check"), CHECKS)
def test_the_example_uses_the_page_words(game, check, language):
    spec = checkers.checker(game, check)
    with translation.override(language):
        shown = " ".join(str(v) for v in spec.example.values())
    assert not wrong_words(shown, language), shown


@pytest.mark.parametrize(
    ("language", "typed", "said"),
    [
        ("nl", "Ann: spelen\nBas: passen\nCor: ruilen", "spelen, passen of ruilen"),
        ("de", "Ann: spielen\nBas: passen\nCor: tauschen", "spielen, passen oder tauschen"),
    ],
)
def test_miezemauzen_declarations_are_read_and_named_in_the_page_words(language, typed, said):
    spec = checkers.checker("miezemauzen", "deal")
    data = {"players": "Ann, Bas, Cor", "dealer": "Cor", "trump": "S", "declarations": typed}
    with translation.override(language):
        form = make_form(spec, data)
        assert form.judge() is not None, form.errors
        assert form.case["declarations"] == {"Ann": "play", "Bas": "pass", "Cor": "exchange"}
        bad = make_form(spec, {**data, "declarations": "Ann: misschien"})
        assert bad.judge() is None
    error = bad.errors["declarations"][0]
    assert said in error
    assert "play" not in error and "exchange" not in error


def test_meino_joker_rule_is_a_choice_with_labels_and_reads_older_texts():
    option = next(o for o in registry.get("meino").options if o.name == "joker_rule")
    assert option.offered() == ("none", "swap")
    assert option.shown("swap hands") == "swap"
    assert option.shown("Tausch der Hände") == "swap"
    assert option.shown("none") == "none"
    assert option.shown("a house rule") == "none"
    spec = checkers.checker("meino", "play")
    with translation.override("nl"):
        field = make_form(spec).fields["option_joker_rule"]
        assert [label for _v, label in field.choices] == [
            "Een gewone wenskaart",
            "Ruil van hand met een andere speler",
        ]


def _quoted(text: str) -> list[str]:
    """The phrases a help text quotes (“…” in Dutch, „…“ in German)."""
    return [p for p in re.findall(r"[“„]([^”“]+)[”“]", text) if not p.startswith("…")]


@pytest.mark.parametrize("language", ["nl", "de"])
def test_every_play_the_meierijen_help_quotes_is_read(language):
    from games.meierijen.checker import PLAYS_HELP
    from games.meierijen.checker.reading import read_play

    with translation.override(language):
        phrases = _quoted(people(PLAYS_HELP))
    assert len(phrases) >= 12
    for phrase in phrases:
        read_play(phrase)  # an InputError fails the test


@pytest.mark.parametrize("language", ["nl", "de"])
def test_every_move_the_keezen_help_quotes_is_read(language):
    from games.keezen.checker import BOARD_HELP, MOVE_HELP
    from games.keezen.checker.reading import read_move, read_places

    with translation.override(language):
        moves, board = _quoted(people(MOVE_HELP)), _quoted(people(BOARD_HELP))
    for phrase in moves:
        first = phrase.split()[0]
        if first in ("voor", "für"):  # added to a move, not a move alone
            read_move("1: 3 " + phrase)
        elif first in ("met", "mit"):  # the other pawn of a swap
            read_move("swap 1 " + phrase)
        else:
            read_move(phrase)
    assert read_places(board[0].partition(":")[2]) == ["nest", 20, "start+3", "home:0"]
