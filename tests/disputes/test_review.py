"""Review of the dispute checker (issue 8) from the outside: situations typed as a director
would, checked against RULES.md and CASES.md; repeats of a save; the rules pages.
Each test here failed before the fix it guards."""

from __future__ import annotations

import re
import threading
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.test import Client
from django.urls import reverse

from clubs.models import ActionLog
from disputes.checker import checker
from disputes.checker.base import make_form
from disputes.models import Dispute
from disputes.rules import rule
from games.cases import judge

from ..conftest import client_for
from .test_checker_forms import RENEGE, RENEGE_CASE
from .test_checker_pages import game_evening

RULES_MD = Path(__file__).resolve().parents[2] / "disputes" / "rules" / "RULES.en.md"


def url(game: str, check: str) -> str:
    return reverse("dispute-check", kwargs={"club_slug": "rooi", "game": game, "check": check})


def director(two_clubs, language: str = "en") -> Client:
    client = client_for(two_clubs.director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def built(game: str, check: str, data: dict) -> tuple[dict | None, dict]:
    form = make_form(checker(game, check), data)
    verdict = form.judge()
    return verdict, (form.case if verdict is not None else dict(form.errors))


# --- an optional name left empty -------------------------------------------------------


def test_an_empty_optional_name_stays_out_of_the_case():
    """MR-12 round score without "emptied first": the form sent ``"emptied_first": ""``
    and the engine refused it ("'' is not one of the players")."""
    typed = {"players": "rood: hand harten heer, open 3C 2D, straf schoppen vrouw\nblauw: open 9H"}
    verdict, case = built("meierijen", "round_score", typed)
    assert verdict is not None, case
    assert "emptied_first" not in case
    assert verdict["result"] == {"points": {"rood": 4, "blauw": 1}, "winner": "blauw"}


# --- an option that is on by default ---------------------------------------------------


def test_an_option_on_by_default_stays_on_when_the_post_never_showed_it():
    """DZ-4 as RULES.md reads it: 5-6-7 opens for 18. A post without the options (no
    checkbox sent) turned ``opening_face_cards`` off and gave 15."""
    verdict, case = built("duizenden", "opening", {"melds": "harten 5, harten 6, harten 7"})
    assert "options" not in case
    assert verdict == judge(
        {"game": "duizenden", "check": "opening", "melds": [["5H", "6H", "7H"]]}
    )
    assert verdict["result"] == {"opening_points": 18}
    assert [v["rule"] for v in verdict["violations"]] == ["DZ-4"]


def test_an_option_unticked_on_the_page_is_off(two_clubs):
    html = director(two_clubs).get(url("duizenden", "opening")).content.decode()
    assert '<input type="hidden" name="options_shown" value="1">' in html
    assert re.search(r'name="option_opening_face_cards"[^>]*checked', html)
    # the page posts the marker; a box left unticked is then the option switched off
    _verdict, case = built("duizenden", "opening", {"melds": "5H 6H 7H", "options_shown": "1"})
    assert case["options"] == {"opening_face_cards": False}
    ticked = {"melds": "5H 6H 7H", "options_shown": "1", "option_opening_face_cards": "on"}
    assert "options" not in built("duizenden", "opening", ticked)[1]


# --- a double click on save --------------------------------------------------------------


def _save_data(evening, ruling: str = "Bas verzaakt: de slag gaat naar Ann.") -> dict:
    """The renege saved to `evening`, a (tournament, table) of Miezemauzen."""
    tournament, table = evening
    return {**RENEGE, "save": "1", "ruling": ruling, "tournament": tournament.pk,
            "round": "1", "table": str(table.number)}  # fmt: skip


def test_ten_saves_at_once_store_one_dispute(two_clubs, transactional_db):
    data = _save_data(game_evening(two_clubs.a))
    barrier = threading.Barrier(10)
    answers: list = []

    def click() -> None:
        client = director(two_clubs, "nl")
        try:
            barrier.wait()
            answers.append(client.post(url("miezemauzen", "deal"), data))
        finally:
            connection.close()

    threads = [threading.Thread(target=click) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    dispute = Dispute.objects.get()
    assert [a.status_code for a in answers] == [302] * 10
    assert {a["Location"] for a in answers} == {
        reverse("dispute-detail", args=["rooi", dispute.pk])
    }
    assert ActionLog.objects.filter(action="dispute.saved").count() == 1


def test_a_resent_save_gives_the_same_dispute_and_another_ruling_a_new_one(two_clubs):
    client = director(two_clubs)
    evening = game_evening(two_clubs.a)
    first = client.post(url("miezemauzen", "deal"), _save_data(evening))
    again = client.post(url("miezemauzen", "deal"), _save_data(evening))
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"]
    assert Dispute.objects.count() == 1
    other = client.post(url("miezemauzen", "deal"), _save_data(evening, "Geen verzaking."))
    assert other.status_code == 302 and other["Location"] != first["Location"]
    assert Dispute.objects.count() == 2


# --- table talk ----------------------------------------------------------------------


def test_a_keezen_player_who_gives_up_folds():
    """KZ-6: "opgeven" with a playable card in hand is not allowed."""
    typed = {"pawns": "0: 20, 30", "seat": "0", "hand": "2C 3C", "move": "opgeven"}
    verdict, case = built("keezen", "move", typed)
    assert verdict is not None, case
    assert case["move"] == {"fold": True}
    assert [v["rule"] for v in verdict["violations"]] == ["KZ-6"]


# --- the rules pages -------------------------------------------------------------------


def test_every_rule_of_rules_md_has_an_anchor_in_every_language(db):
    text = RULES_MD.read_text(encoding="utf-8")
    ids = re.findall(r"^- \*\*([A-Z]{2}-[0-9A-Z]+) ", text, re.M)
    assert len(ids) == 67  # 62 game rules and TP-1 … TP-5 (on the rules index)
    for language in ("nl", "de", "en"):
        client = Client()
        pages = {}
        for rule_id in ids:
            found = rule(rule_id, language)
            assert found is not None and found.language == language, (rule_id, language)
            path = found.url.split("#")[0]
            expected = reverse("rules-game", args=[found.game]) if found.game else "/rules/"
            assert path == expected, (rule_id, path)
            if path not in pages:
                pages[path] = client.get(path, {"lang": language}).content.decode()
            assert f'id="{found.anchor}"' in pages[path], (rule_id, language)


def test_a_verdict_without_a_result_says_so(two_clubs):
    """MZ-5: all three pass. The engine computes nothing after the violation; the page
    said nothing at all under the verdict."""
    typed = {"players": "Ann, Bas, Cor", "dealer": "Cor", "trump": "H",
             "declarations": "Ann: pas, Bas: pas, Cor: pas"}  # fmt: skip
    html = director(two_clubs).post(url("miezemauzen", "deal"), typed).content.decode()
    assert 'data-rule="MZ-5"' in html
    assert 'class="result-section"' not in html
    assert 'class="no-result"' in html


def test_names_typed_in_lower_case_are_the_players():
    """ "ann: …" after "Ann, Bas, Cor" was refused ("hands.ann: is not one of the players")."""
    typed = {**RENEGE, "dealer": "cor", "declarations": "ann: spelen\nBAS: play\ncor: Spielen",
             "hands": RENEGE["hands"].replace("Ann:", "ann:").replace("Bas:", "bas:")}  # fmt: skip
    verdict, case = built("miezemauzen", "deal", typed)
    assert case == RENEGE_CASE
    assert [v["rule"] for v in verdict["violations"]] == ["MZ-8"]
    mine = {"players": "Ann, Bas, Cor, Dirk", "discarder": "ann", "top": "8S",
            "claims": "cor, bas", "on_table": "bas, cor",
            "hands": "bas: 8H, 8C, 2D\ncor: 8D, 8H, KS"}  # fmt: skip
    verdict, case = built("duizenden", "mine", mine)
    assert case["claims"] == ["Cor", "Bas"] and set(case["hands"]) == {"Bas", "Cor"}
    assert verdict["result"]["miner"] == "Bas"  # next after the discarder (DZ-7)


def test_a_name_given_twice_in_two_spellings_is_still_refused():
    typed = {**RENEGE, "hands": "Ann: AH KS 9S 8C 7D\nann: 9H QC JD 10D 7C"}
    verdict, errors = built("miezemauzen", "deal", typed)
    assert verdict is None and list(errors) == ["hands"]
