"""The table's link says one thing at a time (issue 37, scoring.selectors.link): each
state shows one message that is true for whoever holds the phone, and nothing that
contradicts it. A Keezen table of two teams (Henk and his partner against the others),
in every confirmation mode: trusting the table, personal codes, a director.

The states: who are you (nobody chosen yet); nobody entered; I entered (this player, or
this phone under another name); my side entered (the partner); the other side entered;
disputed; confirmed; finished; renewed (the table's link; and a renewed personal code,
after which the phone it linked is asked who it is again)."""

from __future__ import annotations

import html as html_module
import re
from dataclasses import dataclass

import pytest
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client
from django.utils import translation

from clubs.models import Member
from scoring import services
from scoring.actors import Actor
from scoring.links import player_key, player_link, table_link
from scoring.models import ResultEntry
from scoring.selectors import link as links
from tournaments.models import Tournament

from ..conftest import client_for
from ..translated import dutch
from .helpers import CASES, as_post, game_table, page_html, summary

MODES = [mode.value for mode in Tournament.ConfirmBy]
KEEZEN = next(c for c in CASES if c.game == "keezen" and c.table_size == 4)
ENTRY = KEEZEN.entry
OTHER = summary(True, {"pawns": 5}, {"pawns": 8})
STATE = re.compile(
    r'<p class="link-state" role="(?:status|alert)" data-state="(\w+)">(.*?)</p>', re.S
)
STATUS_TEXTS = {
    "entered": "The result is saved. A second person confirms it.",
    "confirmed": "The result is saved and confirmed.",
    "disputed": "The result is saved. It differs from another entry: the director decides.",
}


@dataclass
class Table:
    """The Keezen table: Henk (who enters), his partner, and an opponent."""

    game: object
    mode: str

    @property
    def link(self) -> str:
        return self.game.link

    @property
    def henk(self):
        return self.game.entries[0]

    @property
    def partner(self):
        return self.game.entries[2]  # seat_round: sides alternate round the table

    @property
    def opponent(self):
        return self.game.entries[1]

    @property
    def version(self) -> int:
        return self.game.version

    def code(self, entry) -> dict[str, str]:
        return {"code": services.personal_code(entry)} if self.mode == "codes" else {}

    def enter(self, client: Client, entry, data=ENTRY, **extra):
        post = as_post(data, self.version, player=str(entry.pk), **self.code(entry), **extra)
        return client.post(self.link, post, follow=True)

    def page(self, client: Client, entry=None) -> str:
        url = self.link if entry is None else f"{self.link}?player={entry.pk}"
        return page_html(client.get(url))


@pytest.fixture(params=MODES)
def table(request, two_clubs) -> Table:
    game = game_table(two_clubs.a, KEEZEN, teams="fixed", confirm_by=request.param)
    assert game.tournament.confirmation == request.param
    return Table(game, request.param)


def phone(name: str) -> Client:
    """A phone's browser as it posts a form: with the CSRF cookie the form's page set (a
    kept answer is bound to it: clubs.idempotency)."""
    client = Client(HTTP_USER_AGENT=f"phone of {name}")
    client.cookies["csrftoken"] = _get_new_csrf_string()
    return client


def players_confirm(table: Table) -> bool:
    return table.mode != "director"


def shown(page: str) -> tuple[str, str]:
    """The page's one state and its message (there must be exactly one)."""
    found = STATE.findall(page)
    assert len(found) == 1, found
    state, message = found[0]
    return state, html_module.unescape(message)


def every_message(names: list[str]) -> set[str]:
    """Every state's message, in Dutch, with every name that could stand in it."""
    with translation.override("nl"):
        return {str(text) % {"name": name} for text in links.MESSAGES.values() for name in names}


def expect(
    table: Table,
    page: str,
    state: str,
    message: str,
    *,
    you: str | None = None,
    chooser: bool = False,
    form: bool = False,
    button: bool = False,
) -> None:
    """`page` is in `state` with `message` alone; it says who you are (`you`), asks who
    you are (`chooser`), offers the result form and a confirm button only as told; and
    no other state's message, nor the words that used to contradict them, is on it."""
    assert shown(page) == (state, message)
    names = [entry.name for entry in table.game.entries] + ["director"]
    text = html_module.unescape(page)
    others = every_message(names) - {message}
    assert [other for other in others if other in text] == []
    you_are = re.findall(r"Je bent ([^<]*)\.", text)
    assert you_are == ([you] if you else [])
    assert (dutch("Who are you?") in text) is chooser
    assert ('value="enter"' in page) is form
    assert ('value="confirm"' in page) is button
    # The words that made the page say two things at once (issue 37).
    assert "Voer je dezelfde uitslag in als hierboven" not in text
    if state not in (links.MINE,):
        assert "Jij hebt deze uitslag ingevoerd" not in text
    for status in STATUS_TEXTS.values():  # a GET: no answer of an earlier POST
        assert dutch(status) not in text


def message(key, confirms=None, **name) -> str:
    with translation.override("nl"):
        text = links.MESSAGES[(key, confirms)]
        return str(text) % name if name else str(text)


def by_mode(table: Table, key: str, **name) -> str:
    return message(key, links.PLAYERS if players_confirm(table) else links.DIRECTOR, **name)


# --- the states, one by one, in every mode -------------------------------------------------


def test_nobody_chosen_yet(table):
    page = table.page(phone("someone"))
    expect(table, page, links.CHOOSE, by_mode(table, links.CHOOSE), chooser=True)


def test_nobody_entered(table):
    page = table.page(phone("henk"), table.henk)
    expect(table, page, links.NOBODY, by_mode(table, links.NOBODY), you=table.henk.name, form=True)


def test_i_entered(table):
    henks = phone("henk")
    table.enter(henks, table.henk)
    # The phone opens as Henk by itself (it entered as him).
    page = table.page(henks)
    expect(table, page, links.MINE, by_mode(table, links.MINE), you=table.henk.name)


def test_this_phone_switched_to_the_opponent(table):
    """Issue 37: the same phone, switched to the opponent, said both "Je bent Wim" and
    "Jij hebt deze uitslag ingevoerd". It is the phone that entered it, as Henk."""
    henks = phone("henk")
    table.enter(henks, table.henk)
    page = table.page(henks, table.opponent)
    text = by_mode(table, links.MINE_ELSEWHERE, name=table.henk.name)
    expect(table, page, links.MINE, text, you=table.opponent.name)
    assert "Jij hebt deze uitslag ingevoerd" not in page


def test_my_side_entered(table):
    table.enter(phone("henk"), table.henk)
    page = table.page(phone("partner"), table.partner)
    text = by_mode(table, links.MY_SIDE, name=table.henk.name)
    expect(table, page, links.MY_SIDE, text, you=table.partner.name)


def test_the_partner_entering_it_again_is_told_it_is_henks(table):
    """Issue 37: the partner re-entering Henk's result was answered "De uitslag is
    opgeslagen" and then "Jij hebt deze uitslag ingevoerd"."""
    table.enter(phone("henk"), table.henk)
    partners = phone("partner")
    answer = page_html(table.enter(partners, table.partner))
    already = dutch(
        "%(name)s already entered this result: it waits for a confirmation, nothing was "
        "saved again.",
        name=table.henk.name,
    )
    text = html_module.unescape(answer)
    assert already in text
    assert dutch(STATUS_TEXTS["entered"]) not in text
    assert shown(answer) == (
        links.MY_SIDE,
        by_mode(table, links.MY_SIDE, name=table.henk.name),
    )
    assert "Jij hebt deze uitslag ingevoerd" not in text
    # And later too: the partner's phone did not become the one that entered it.
    page = table.page(partners, table.partner)
    expect(
        table,
        page,
        links.MY_SIDE,
        by_mode(table, links.MY_SIDE, name=table.henk.name),
        you=table.partner.name,
    )
    assert ResultEntry.objects.filter(table=table.game.table).count() == 1
    assert ResultEntry.objects.get().status == ResultEntry.Status.PROVISIONAL


def test_the_other_side_entered(table):
    table.enter(phone("henk"), table.henk)
    page = table.page(phone("opponent"), table.opponent)
    if players_confirm(table):
        text = message(links.OTHER_SIDE, links.MAY, name=table.henk.name)
    else:
        text = message(links.OTHER_SIDE, links.DIRECTOR, name=table.henk.name)
    expect(
        table,
        page,
        links.OTHER_SIDE,
        text,
        you=table.opponent.name,
        form=True,
        button=players_confirm(table),
    )


def test_disputed(table):
    table.enter(phone("henk"), table.henk)
    table.enter(phone("opponent"), table.opponent, OTHER)
    for entry in (None, table.henk, table.partner, table.opponent):
        page = table.page(phone("anyone"), entry)
        expect(table, page, links.DISPUTED, message(links.DISPUTED))


def test_confirmed(table, two_clubs):
    table.enter(phone("henk"), table.henk)
    result = ResultEntry.objects.get()
    services.result_confirm(
        result=result, version=table.version, actor=Actor(user=two_clubs.director)
    )
    for entry in (None, table.henk, table.opponent):
        page = table.page(phone("anyone"), entry)
        expect(table, page, links.CONFIRMED, message(links.CONFIRMED))


@pytest.mark.parametrize("entered", [False, True], ids=["nothing-entered", "entered"])
def test_finished(table, entered):
    """Issue 37: a finished tournament's link asked "Wie ben je?" with "Verder", though
    nothing can be entered."""
    if entered:
        table.enter(phone("henk"), table.henk)
    Tournament.objects.filter(pk=table.game.tournament.pk).update(status=Tournament.Status.FINISHED)
    for entry in (None, table.henk, table.opponent):
        page = table.page(phone("anyone"), entry)
        expect(table, page, links.FINISHED, message(links.FINISHED))
        assert dutch("Continue") not in page


def test_renewed_link(table, two_clubs):
    old = table.link
    services.table_link_renew(table=table.game.table, actor=two_clubs.director)
    for suffix in ("", f"?player={table.henk.pk}"):
        response = phone("anyone").get(old + suffix)
        assert response.status_code == 410
        expect(table, page_html(response), links.RENEWED, message(links.RENEWED))
    new = table_link(table.game.table.pk, 1)
    page = page_html(phone("henk").get(f"{new}?player={table.henk.pk}"))
    assert shown(page)[0] == links.NOBODY


def test_a_renewed_personal_code_asks_the_phone_who_it_is_again(table, two_clubs):
    henk = table.henk
    henks = phone("henk")
    code = services.personal_code(henk)
    henks.get(player_link("rooi", player_key(henk.member_id, henk.pk), code))
    page = table.page(henks)  # the linked phone opens as Henk
    expect(table, page, links.NOBODY, by_mode(table, links.NOBODY), you=henk.name, form=True)
    services.personal_code_renew(entry=henk, actor=two_clubs.director)
    page = table.page(henks)
    expect(table, page, links.CHOOSE, by_mode(table, links.CHOOSE), chooser=True)


# --- the rule itself -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("facts", "state"),
    [
        ({"renewed": True, "finished": True, "status": "confirmed"}, links.RENEWED),
        ({"finished": True, "status": "none", "chosen": False}, links.FINISHED),
        ({"finished": True, "status": "provisional", "relation": links.OPPONENT}, links.FINISHED),
        ({"status": "confirmed", "chosen": False}, links.CONFIRMED),
        ({"status": "confirmed", "relation": links.ME}, links.CONFIRMED),
        ({"status": "disputed", "relation": links.OPPONENT}, links.DISPUTED),
        ({"status": "none", "chosen": False}, links.CHOOSE),
        ({"status": "provisional", "chosen": False}, links.CHOOSE),
        ({"status": "none"}, links.NOBODY),
        ({"status": "provisional", "relation": links.ME}, links.MINE),
        ({"status": "provisional", "relation": links.THIS_PHONE}, links.MINE),
        ({"status": "provisional", "relation": links.PARTNER}, links.MY_SIDE),
        ({"status": "provisional", "relation": links.OPPONENT}, links.OTHER_SIDE),
    ],
)
def test_one_state_for_each_case(facts, state):
    given = {"renewed": False, "finished": False, "chosen": True, "relation": None, **facts}
    assert links.link_state(**given) == state


def test_every_state_has_its_messages_and_its_offers():
    assert set(links.OFFERS) == set(links.STATES)
    keyed = {state for state, _confirms in links.MESSAGES} - {links.MINE_ELSEWHERE}
    assert keyed == set(links.STATES)
    # Two messages never read the same.
    with translation.override("nl"):
        texts = [str(text) for text in links.MESSAGES.values()]
    assert len(texts) == len(set(texts))


def test_a_players_own_login_is_them_on_any_phone(two_clubs):
    """A player who entered it with their own login, now on another browser that is
    logged in as them too, sees that they entered it."""
    game = game_table(two_clubs.a, KEEZEN, teams="fixed")
    own = Member.objects.get(club=two_clubs.a, user=two_clubs.player)
    henk = game.entries[0]
    type(henk).objects.filter(pk=henk.pk).update(member=own, guest_name="")
    henk.refresh_from_db()
    table = Table(game, "table")
    table.enter(client_for(two_clubs.player), henk)
    page = table.page(client_for(two_clubs.player))
    assert shown(page) == (links.MINE, by_mode(table, links.MINE))


# --- resend.js: the answer comes once ------------------------------------------------------


def test_resend_gets_a_redirect_as_a_header_and_its_repeat_the_same(table):
    """static/troef/resend.js follows the answer to a kept entry without sending it again:
    a redirect comes back as a 204 naming where to go (its messages wait there), a repeat
    of the same key gets the same, and a form without the script gets the redirect."""
    key = "k" * 32
    henks = phone("henk")
    post = {
        **as_post(ENTRY, table.version, player=str(table.henk.pk), **table.code(table.henk)),
        "idempotency_key": key,
    }
    first = henks.post(table.link, post, HTTP_X_TROEF_RESEND="1")
    assert first.status_code == 204
    where = first["X-Troef-Location"]
    assert where == f"{table.link}?player={table.henk.pk}"
    again = henks.post(table.link, post, HTTP_X_TROEF_RESEND="1")
    assert (again.status_code, again["X-Troef-Location"]) == (204, where)
    assert ResultEntry.objects.count() == 1
    # The message waits on the page it names.
    assert dutch(STATUS_TEXTS["entered"]) in page_html(henks.get(where))
    plain = henks.post(table.link, post)
    assert (plain.status_code, plain["Location"]) == (302, where)
