"""Who may confirm (issue 15): the other side, never a partner nor the one who entered it;
how much the table is trusted (Tournament.confirm_by: table, codes, director); a phone
keeps one identity; one device doing both steps is flagged; table links stop taking
writes once finished and can be renewed; corrections need a reason and a change; a round
finishes when every table is confirmed."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from clubs.models import ActionLog, Member
from scoring import services
from scoring.actors import Actor
from scoring.links import (
    device_cookie_name,
    player_key,
    player_link,
    table_link,
)
from scoring.models import ResultEntry
from tournaments.models import Entry, Round, Tournament

from ..conftest import client_for
from ..factories import EntryFactory
from ..sheets.pdf import pdf_text, qr_codes
from ..translated import dutch
from .helpers import CASES, as_post, game_table, page_html, summary

Status = ResultEntry.Status
AHEAD = summary(False, {"total": 455}, {"total": 310}, {"total": 205}, {"total": -40})
DONE = summary(True, {"total": 1005}, {"total": 310}, {"total": 205}, {"total": -40})

#: Every team layout: MeieRijen at four (two teams), Keezen at four (two teams) and six
#: (three teams of two), with fixed teams and with partners drawn per round.
TEAM_CASES = [
    pytest.param(case, teams, id=f"{case.game}-{case.table_size}-{teams}")
    for case in CASES
    if case.teams != "none"
    for teams in ("fixed", "drawn")
]


def phone(agent: str = "phone") -> Client:
    """A phone of its own: its own session and browser (User-Agent)."""
    return Client(HTTP_USER_AGENT=agent)


def enter(table, entry, player, client=None, **extra) -> ResultEntry | None:
    client = client or phone(f"entering-{player.pk}")
    data = as_post(entry, table.version, player=str(player.pk), **extra)
    response = client.post(table.link, data)
    assert response.status_code in (200, 302)
    return ResultEntry.objects.filter(table=table.table).order_by("-id").first()


def confirm(table, result, player, client=None, **extra):
    client = client or phone(f"confirming-{player.pk}")
    data = {
        "action": "confirm",
        "player": player.pk,
        "result": result.pk,
        "version": table.version,
        **extra,
    }
    return client.post(table.link, data, follow=True)


def shown_to(table, player, client=None) -> str:
    client = client or phone(f"looking-{player.pk}")
    return page_html(client.get(f"{table.link}?player={player.pk}"))


def status_of(result: ResultEntry) -> str:
    result.refresh_from_db()
    return result.status


def partner_and_opponent(table):
    """The first player's partner (same side) and an opponent, as seat_round seats them."""
    sides = len(table.entries) // 2
    return table.entries[sides], table.entries[1]


# --- the other side confirms ------------------------------------------------------------------


@pytest.mark.parametrize(("case", "teams"), TEAM_CASES)
def test_only_the_other_side_confirms_at_the_table(two_clubs, case, teams):
    table = game_table(two_clubs.a, case, teams=teams)
    partner, opponent = partner_and_opponent(table)
    result = enter(table, case.entry, table.entries[0])
    assert result.status == Status.PROVISIONAL

    # The partner sees no confirm button, and a confirmation sent anyway is refused.
    html = shown_to(table, partner)
    assert 'value="confirm"' not in html
    refusal = dutch(
        "A partner of the one who entered it cannot confirm it: a player of another "
        "side or a director confirms it."
    )
    assert refusal in page_html(confirm(table, result, partner))
    # Entering the same result does not confirm it either.
    enter(table, case.entry, partner)
    assert status_of(result) == Status.PROVISIONAL
    assert ResultEntry.objects.filter(table=table.table).count() == 1

    # The other side sees the button and confirms.
    assert 'value="confirm"' in shown_to(table, opponent)
    confirm(table, result, opponent)
    assert status_of(result) == Status.CONFIRMED
    assert result.confirmed_by_entry == opponent


@pytest.mark.parametrize(("case", "teams"), TEAM_CASES)
def test_a_playing_director_does_not_confirm_their_partners_entry(two_clubs, case, teams):
    table = game_table(two_clubs.a, case, teams=teams)
    # The director plays: in the partner's seat of the first player.
    own = Member.objects.get(club=two_clubs.a, user=two_clubs.director)
    partner, _opponent = partner_and_opponent(table)
    Entry.objects.filter(pk=partner.pk).update(member=own, guest_name="")
    result = enter(table, case.entry, table.entries[0])
    director = client_for(two_clubs.director)
    page = page_html(director.get(table.page))
    assert 'value="confirm"' not in page  # no button that can only refuse
    director.post(table.page, {"action": "confirm", "result": result.pk, "version": table.version})
    assert status_of(result) == Status.PROVISIONAL
    # A director who does not play there confirms it.
    other = client_for(two_clubs.admin)
    assert 'value="confirm"' in page_html(other.get(table.page))
    other.post(table.page, {"action": "confirm", "result": result.pk, "version": table.version})
    assert status_of(result) == Status.CONFIRMED


def test_in_a_game_without_teams_every_other_player_confirms(two_clubs):
    table = game_table(two_clubs.a)
    result = enter(table, AHEAD, table.entries[0])
    for player in table.entries[1:]:
        assert 'value="confirm"' in shown_to(table, player)
    confirm(table, result, table.entries[3])
    assert status_of(result) == Status.CONFIRMED


def test_the_rule_holds_in_the_service_not_only_the_pages(two_clubs):
    case = next(c for c in CASES if c.game == "keezen" and c.table_size == 4)
    table = game_table(two_clubs.a, case, teams="fixed")
    partner, opponent = partner_and_opponent(table)
    result = services.result_submit(
        table=table.table,
        data=case.entry,
        version=table.version,
        actor=Actor(entry=table.entries[0]),
    )
    with pytest.raises(ValidationError):
        services.result_confirm(result=result, version=table.version, actor=Actor(entry=partner))
    with pytest.raises(ValidationError):
        services.result_confirm(
            result=result, version=table.version, actor=Actor(entry=table.entries[0])
        )
    services.result_confirm(result=result, version=table.version, actor=Actor(entry=opponent))
    assert status_of(result) == Status.CONFIRMED


def test_a_director_sees_no_confirm_button_on_their_own_entry(two_clubs):
    table = game_table(two_clubs.a)
    director = client_for(two_clubs.director)
    director.post(table.page, as_post(AHEAD, table.version))
    html = page_html(director.get(table.page))
    assert 'value="confirm"' not in html
    assert dutch("The person who entered a result cannot confirm it.") in html
    assert 'value="reject"' in html  # setting it aside still works


# --- how much the table is trusted -------------------------------------------------------------


def test_the_default_follows_the_kind_and_a_switch_is_logged(two_clubs):
    evening = game_table(two_clubs.a)
    assert evening.tournament.confirm_by == Tournament.ConfirmBy.TABLE
    championship = game_table(two_clubs.a, kind=Tournament.Kind.CHAMPIONSHIP)
    assert championship.tournament.confirm_by == Tournament.ConfirmBy.CODES

    from tournaments.services import tournament_update

    tournament_update(
        tournament=evening.tournament, actor=two_clubs.director, confirm_by="director"
    )
    log = ActionLog.objects.filter(action="tournament.changed").latest("pk")
    assert log.data["changes"]["confirm_by"] == ["table", "director"]


def test_the_director_switches_it_on_the_tournament_form(two_clubs):
    table = game_table(two_clubs.a)
    director = client_for(two_clubs.director)
    url = reverse(
        "tournaments:tournament-edit", kwargs={"club_slug": "rooi", "pk": table.tournament.pk}
    )
    form = director.get(url).context["form"]
    data = {
        name: value
        for name, value in ((name, form[name].value()) for name in form.fields)
        if value is not None and value is not False
    }
    data["confirm_by"] = "codes"
    data["date"] = table.tournament.date.isoformat()
    response = director.post(url, data)
    assert response.status_code == 302, response.context["form"].errors
    table.tournament.refresh_from_db()
    assert table.tournament.confirm_by == "codes"


def codes_table(two_clubs, **setup):
    return game_table(two_clubs.a, confirm_by=Tournament.ConfirmBy.CODES, **setup)


def test_with_codes_a_player_proves_who_they_are(two_clubs):
    table = codes_table(two_clubs)
    first, other = table.entries[0], table.entries[2]
    first_code = services.personal_code(first)
    other_code = services.personal_code(other)

    # Entering without a code is refused: anyone could claim any name.
    assert 'name="code"' in shown_to(table, first)
    assert enter(table, AHEAD, first) is None
    result = enter(table, AHEAD, first, code=first_code.lower())  # typed in small letters
    assert result.status == Status.PROVISIONAL

    # Confirming: no code, a wrong code, then the right one.
    message = dutch(
        "In this tournament players show who they are: type your personal code (on your "
        "check-in slip or your own results page), or use the phone you linked with "
        "your personal QR code."
    )
    assert message in page_html(confirm(table, result, other))
    wrong = dutch("That is not the personal code of %(name)s.") % {"name": escape(other.name)}
    assert wrong in page_html(confirm(table, result, other, code=first_code))
    assert status_of(result) == Status.PROVISIONAL
    confirm(table, result, other, code=f" {other_code[:3]}-{other_code[3:]} ")
    assert status_of(result) == Status.CONFIRMED


def test_with_codes_a_players_own_login_is_proof(two_clubs):
    table = codes_table(two_clubs)
    own = Member.objects.get(club=two_clubs.a, user=two_clubs.player)
    Entry.objects.filter(pk=table.entries[2].pk).update(member=own, guest_name="")
    result = enter(table, AHEAD, table.entries[0], code=services.personal_code(table.entries[0]))
    player = client_for(two_clubs.player)
    # The page opens as them, and asks no code.
    page = player.get(table.link)
    assert page.context["player"].pk == table.entries[2].pk
    assert 'name="code"' not in page_html(page)
    confirm(table, result, table.entries[2], client=player)
    assert status_of(result) == Status.CONFIRMED


@pytest.fixture
def fresh_cache():
    """The counted wrong codes live in the cache: none from another test."""
    cache.clear()
    yield
    cache.clear()


def test_wrong_codes_are_limited(two_clubs, fresh_cache):
    table = codes_table(two_clubs)
    result = enter(table, AHEAD, table.entries[0], code=services.personal_code(table.entries[0]))
    other = table.entries[1]
    for _ in range(services.CODE_TRIES):
        confirm(table, result, other, code="AAAAAA")
    right = services.personal_code(other)
    response = confirm(table, result, other, code=right)
    assert "15" in page_html(response)
    assert status_of(result) == Status.PROVISIONAL


def test_with_director_every_result_waits_for_a_director(two_clubs):
    table = game_table(two_clubs.a, confirm_by=Tournament.ConfirmBy.DIRECTOR)
    result = enter(table, AHEAD, table.entries[0])
    html = shown_to(table, table.entries[1])
    assert 'value="confirm"' not in html
    waits = dutch(
        "%(name)s entered this result: a director confirms it. Is it wrong? Enter the right "
        "one: the director then decides."
    )
    assert waits % {"name": escape(table.entries[0].name)} in html
    refused = confirm(table, result, table.entries[1])
    assert dutch("In this tournament a director confirms every result.") in page_html(refused)
    enter(table, AHEAD, table.entries[2])  # the same result again confirms nothing
    assert status_of(result) == Status.PROVISIONAL
    director = client_for(two_clubs.director)
    director.post(table.page, {"action": "confirm", "result": result.pk, "version": table.version})
    assert status_of(result) == Status.CONFIRMED


def test_with_director_a_directors_own_entry_counts_at_once(two_clubs):
    table = game_table(two_clubs.a, confirm_by=Tournament.ConfirmBy.DIRECTOR)
    client_for(two_clubs.director).post(table.page, as_post(AHEAD, table.version))
    result = ResultEntry.objects.get(table=table.table)
    assert result.status == Status.CONFIRMED
    assert result.confirmed_by == two_clubs.director


# --- personal codes, QR codes and slips --------------------------------------------------------


def test_a_personal_qr_code_links_the_phone_and_a_new_code_unlinks_it(two_clubs):
    table = codes_table(two_clubs)
    other = table.entries[2]
    result = enter(table, AHEAD, table.entries[0], code=services.personal_code(table.entries[0]))
    code = services.personal_code(other)
    own_phone = phone("own-phone")
    link = player_link("rooi", player_key(other.member_id, other.pk), code)
    page = own_phone.get(link)
    assert page.status_code == 200
    assert escape(other.name) in page_html(page)
    assert device_cookie_name(two_clubs.a.pk) in own_phone.cookies
    # The phone opens the table as them and confirms without a code.
    opened = own_phone.get(table.link)
    assert opened.context["player"].pk == other.pk
    assert 'name="code"' not in page_html(opened)

    # A new code: the old QR code and the phone linked with it stop working.
    services.personal_code_renew(entry=other, actor=two_clubs.director)
    assert own_phone.get(link).status_code == 404
    assert 'name="code"' in shown_to(table, other, client=own_phone)
    confirm(table, result, other, client=own_phone)
    assert status_of(result) == Status.PROVISIONAL
    log = ActionLog.objects.get(action="player.code_renewed")
    assert code not in str(log.data) and other.member.personal_code not in str(log.data)


def test_a_phone_keeps_one_identity(two_clubs):
    table = game_table(two_clubs.a)  # trusting the table: names are chosen
    ine, jan = table.entries[0], table.entries[1]
    ines_phone = phone("ines-phone")
    link = player_link("rooi", player_key(ine.member_id, ine.pk), services.personal_code(ine))
    ines_phone.get(link)
    result = enter(table, AHEAD, table.entries[2])
    # Ine's phone cannot confirm as Jan without Jan's code.
    html = shown_to(table, jan, client=ines_phone)
    assert 'name="code"' in html
    confirm(table, result, jan, client=ines_phone)
    assert status_of(result) == Status.PROVISIONAL
    confirm(table, result, jan, client=ines_phone, code=services.personal_code(jan))
    assert status_of(result) == Status.CONFIRMED


def test_a_browser_that_acted_as_one_player_needs_the_code_of_another(two_clubs):
    table = game_table(two_clubs.a)
    browser = phone("shared")
    result = enter(table, AHEAD, table.entries[0], client=browser)
    # Another name, another result: refused without that player's code.
    assert enter(table, DONE, table.entries[1], client=browser) == result
    assert ResultEntry.objects.filter(table=table.table).count() == 1
    confirm(table, result, table.entries[1], client=browser)
    assert status_of(result) == Status.PROVISIONAL


def test_the_check_in_slips_carry_name_code_and_qr(two_clubs):
    table = game_table(two_clubs.a)
    guest = EntryFactory(tournament=table.tournament, member=None, guest_name="Gast Geurts")
    director = client_for(two_clubs.director)
    url = reverse("printing:checkin-slips", kwargs={"club_slug": "rooi", "pk": table.tournament.pk})
    response = director.get(url)
    assert response["Content-Type"] == "application/pdf"
    text = " ".join(pdf_text(response.content))
    guest.refresh_from_db()
    assert "Gast Geurts" in text and guest.guest_code in text
    for entry in table.entries:  # members without a login get a slip too
        entry.member.refresh_from_db()
        assert entry.member.name in text and entry.member.personal_code in text
    codes = [code for page in qr_codes(response.content, scale=3) for code in page]
    expected = "http://testserver" + player_link("rooi", f"g{guest.pk}", guest.guest_code)
    assert expected in codes
    # The QR code links a phone to the guest.
    assert phone().get(expected.removeprefix("http://testserver")).status_code == 200

    one = director.get(f"{url}?player={guest.pk}")
    assert pdf_text(one.content)[0].count(guest.guest_code) == 1
    assert table.entries[0].member.personal_code not in " ".join(pdf_text(one.content))


def test_the_players_own_page_shows_their_code_and_no_one_elses(two_clubs):
    own = Member.objects.get(club=two_clubs.a, user=two_clubs.player)
    url = reverse("scoring:player-detail", kwargs={"club_slug": "rooi", "pk": own.pk})
    mine = client_for(two_clubs.player).get(url)
    own.refresh_from_db()
    assert own.personal_code and own.personal_code in page_html(mine)
    assert "<svg" in page_html(mine)
    # my-results leads there.
    assert (
        client_for(two_clubs.player)
        .get(reverse("scoring:my-results", kwargs={"club_slug": "rooi"}))
        .url
        == url
    )
    # A director looking at the player's page does not see it.
    assert own.personal_code not in page_html(client_for(two_clubs.director).get(url))


def test_the_codes_page_makes_a_new_code(two_clubs):
    table = game_table(two_clubs.a)
    entry = table.entries[0]
    old = services.personal_code(entry)
    director = client_for(two_clubs.director)
    url = reverse(
        "scoring:tournament-codes", kwargs={"club_slug": "rooi", "pk": table.tournament.pk}
    )
    assert old not in page_html(director.get(url))  # never shown there
    assert director.post(url, {"player": entry.pk}).status_code == 302
    entry.member.refresh_from_db()
    assert entry.member.personal_code not in ("", old)
    assert director.post(url, {"player": 0}).status_code == 400
    assert client_for(two_clubs.player).post(url, {"player": entry.pk}).status_code == 403


# --- one device doing both steps ---------------------------------------------------------------


def test_one_device_doing_both_steps_is_flagged(two_clubs):
    table = game_table(two_clubs.a)
    same = "Mozilla/5.0 (one phone)"
    result = enter(table, AHEAD, table.entries[0], client=phone(same))
    # A private window: a new session, the same address and browser.
    confirm(table, result, table.entries[1], client=phone(same))
    result.refresh_from_db()
    assert result.status == Status.CONFIRMED
    assert result.same_device == "address"
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    html = page_html(director.get(table.page))
    assert "what looks like one device (the same network address and browser)" in html
    rows = reverse(
        "scoring:round-results",
        kwargs={"club_slug": "rooi", "pk": table.tournament.pk, "number": 1},
    )
    assert "one device?" in page_html(director.get(rows))
    assert ActionLog.objects.get(action="result.confirmed").data["same_device"] == "address"


def test_two_phones_are_not_flagged(two_clubs):
    table = game_table(two_clubs.a)
    result = enter(table, AHEAD, table.entries[0], client=phone("phone one"))
    confirm(table, result, table.entries[1], client=phone("phone two"))
    result.refresh_from_db()
    assert (result.status, result.same_device) == (Status.CONFIRMED, "")
    assert "one device" not in page_html(client_for(two_clubs.director).get(table.page))


# --- table links --------------------------------------------------------------------------------


def test_a_renewed_link_stops_the_old_qr_code_and_prints_on_a_fresh_card(two_clubs):
    table = game_table(two_clubs.a)
    old = table.link
    director = client_for(two_clubs.director)
    director.post(table.page, {"action": "renew"})
    table.table.refresh_from_db()
    assert table.table.link_version == 1
    response = phone().get(f"{old}?player={table.entries[0].pk}")
    assert response.status_code == 410
    assert dutch("This link was renewed") in page_html(response)
    assert phone().post(old, as_post(AHEAD, table.version, player=str(table.entries[0].pk)))
    assert not ResultEntry.objects.exists()
    new = table_link(table.table.pk, 1)
    assert new != old
    assert phone().get(f"{new}?player={table.entries[0].pk}").status_code == 200
    assert ActionLog.objects.filter(action="table.link_renewed").count() == 1

    cards = reverse(
        "printing:print-table-cards",
        kwargs={"club_slug": "rooi", "pk": table.tournament.pk, "number": 1},
    )
    pdf = director.get(f"{cards}?table=1").content
    assert qr_codes(pdf, scale=3) == [[f"http://testserver{new}"]]


def test_a_finished_tournaments_link_reads_but_takes_no_writes(two_clubs):
    table = game_table(two_clubs.a)
    result = enter(table, AHEAD, table.entries[0])
    Tournament.objects.filter(pk=table.tournament.pk).update(status=Tournament.Status.FINISHED)
    html = shown_to(table, table.entries[1])
    finished = "This tournament is finished: results can be read here, but no longer entered"
    assert dutch(f"{finished} or confirmed.") in html
    assert 'value="confirm"' not in html and 'value="enter"' not in html
    response = confirm(table, result, table.entries[1])
    assert dutch("This tournament is finished.") in page_html(response)
    assert status_of(result) == Status.PROVISIONAL
    # Renewing is refused too.
    client_for(two_clubs.director).post(table.page, {"action": "renew"})
    table.table.refresh_from_db()
    assert table.table.link_version == 0


# --- corrections and rounds ---------------------------------------------------------------------


def confirmed_table(two_clubs):
    table = game_table(two_clubs.a)
    result = enter(table, AHEAD, table.entries[0])
    confirm(table, result, table.entries[1])
    assert status_of(result) == Status.CONFIRMED
    return table, result


def test_a_correction_needs_a_reason(two_clubs):
    table, result = confirmed_table(two_clubs)
    response = client_for(two_clubs.director).post(table.page, as_post(DONE, table.version))
    assert response.status_code == 200
    assert dutch("Say why the result is corrected.") in response.context["form"].errors["note"]
    assert ResultEntry.objects.get(status=Status.CONFIRMED) == result


def test_a_correction_that_changes_nothing_is_refused(two_clubs):
    table, _result = confirmed_table(two_clubs)
    data = as_post(AHEAD, table.version, note="nagekeken")
    response = client_for(two_clubs.director).post(table.page, data)
    assert response.status_code == 200
    message = "This correction changes nothing: it is the confirmed result as it stands."
    assert dutch(message) in response.context["form"].non_field_errors()
    assert ResultEntry.objects.count() == 1


def test_a_round_finishes_when_every_table_is_confirmed(two_clubs):
    table = game_table(two_clubs.a)
    round_ = table.table.round
    result = enter(table, AHEAD, table.entries[0])
    round_.refresh_from_db()
    assert round_.status == Round.Status.STARTED
    confirm(table, result, table.entries[1])
    round_.refresh_from_db()
    assert round_.status == Round.Status.FINISHED
    # A correction keeps it finished.
    director = client_for(two_clubs.director)
    director.post(table.page, as_post(DONE, table.version, note="telfout"))
    round_.refresh_from_db()
    assert round_.status == Round.Status.FINISHED


def test_a_round_with_an_open_table_is_not_finished(two_clubs):
    evening = two_clubs.evening  # table 1's open result was entered by the director
    director = client_for(two_clubs.admin)
    page = reverse("scoring:table-result", kwargs={"club_slug": "rooi", "pk": evening.table.pk})
    open_entry = evening.table.results.get(status=Status.PROVISIONAL)
    director.post(
        page, {"action": "confirm", "result": open_entry.pk, "version": evening.table.version}
    )
    assert status_of(open_entry) == Status.CONFIRMED
    evening.round.refresh_from_db()
    assert evening.round.status != Round.Status.FINISHED  # the other table is open
