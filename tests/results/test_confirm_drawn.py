"""Who may confirm (issue 15), on tables made by the real draw through the director's
pages (not seated by hand): for every team layout (MeieRijen at four, Keezen at four and
six, fixed teams made on the teams page and partners drawn per round) a partner is
refused at the table's link and on the director's page, and another side confirms; a
private window is another session but the same device; a personal QR code scanned from
the printed check-in slip links a phone; the personal code appears on no sheet, card,
pack or screen the table sees."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from clubs.models import Member
from printing import contents as printing
from printing.sheets import render
from scoring import services
from scoring.actors import Actor
from scoring.links import table_link
from scoring.models import ResultEntry
from scoring.selectors import round_tables
from tournaments.models import Entry, Round, Table, Tournament

from ..conftest import client_for
from ..factories import EntryFactory, MemberFactory, TournamentFactory, seat_round
from ..night_through_pages import Night, assert_status, club_url
from ..sheets.pdf import pdf_text, qr_codes
from ..translated import dutch
from .helpers import CASES, as_post, game_table, page_html, summary

Status = ResultEntry.Status

#: (game, table size, teams, a legal summary entry for the table).
AHEAD = summary(False, {"total": 455}, {"total": 310}, {"total": 205}, {"total": -40})
MEIERIJEN = summary(True, {"rounds": 2, "minus": 11}, {"rounds": 0, "minus": 30})
LAYOUTS = [
    ("meierijen", 4, "fixed", MEIERIJEN),
    ("meierijen", 4, "drawn", MEIERIJEN),
    ("keezen", 4, "fixed", summary(True, {"pawns": 8}, {"pawns": 5})),
    ("keezen", 4, "drawn", summary(True, {"pawns": 8}, {"pawns": 5})),
    ("keezen", 6, "fixed", summary(False, {"pawns": 3}, {"pawns": 5}, {"pawns": 1})),
    ("keezen", 6, "drawn", summary(False, {"pawns": 3}, {"pawns": 5}, {"pawns": 1})),
]  # fmt: skip


PARTNER = (
    "A partner of the one who entered it cannot confirm it: a player of another "
    "side or a director confirms it."
)


def drawn_table(two_clubs, game: str, size: int, teams: str, *, director_plays=False, **more):
    """A tournament made on the tournament form, its players checked in (their teams
    made on the teams page), round 1 drawn: the first table and its seats."""
    night = Night.create(
        two_clubs.a, two_clubs.director, game, table_size=size, teams=teams, **more
    )
    members = [MemberFactory(club=two_clubs.a) for _ in range(size)]
    if director_plays:
        members[0] = Member.objects.get(club=two_clubs.a, user=two_clubs.director)
    entries = [night.register(member) for member in members]
    if teams == "fixed":
        for n in range(0, size, 2):
            night.team(entries[n], entries[n + 1])
    round_ = night.draw()
    table = round_.tables.get()
    seats = list(table.seats.select_related("entry__member").order_by("position"))
    return night, table, seats


def partner_of(seats, entry: Entry) -> Entry:
    side = next(seat.side for seat in seats if seat.entry_id == entry.pk)
    return next(seat.entry for seat in seats if seat.side == side and seat.entry_id != entry.pk)


def opponents_of(seats, entry: Entry) -> list[Entry]:
    side = next(seat.side for seat in seats if seat.entry_id == entry.pk)
    return [seat.entry for seat in seats if seat.side != side]


def version(table: Table) -> int:
    return Table.objects.get(pk=table.pk).version


@pytest.mark.parametrize(
    ("game", "size", "teams", "entry"),
    [pytest.param(*layout, id=f"{layout[0]}-{layout[1]}-{layout[2]}") for layout in LAYOUTS],
)
def test_on_drawn_tables_only_another_side_confirms(two_clubs, game, size, teams, entry):
    _night, table, seats = drawn_table(two_clubs, game, size, teams)
    assert len({seat.side for seat in seats}) == size // 2
    if teams == "fixed":  # the draw seats each fixed team as one side
        for seat in seats:
            assert partner_of(seats, seat.entry).team_id == seat.entry.team_id
    link = table_link(table.pk)
    ine = seats[0].entry
    jan = partner_of(seats, ine)
    assert_status(
        Client(HTTP_USER_AGENT="ine").post(link, as_post(entry, version(table), player=str(ine.pk)))
    )
    result = ResultEntry.objects.get(table=table)
    assert result.status == Status.PROVISIONAL

    # Jan, her partner, on his own phone: no button, and a confirmation sent is refused.
    jans = Client(HTTP_USER_AGENT="jan")
    html = page_html(jans.get(f"{link}?player={jan.pk}"))
    assert 'value="confirm"' not in html
    partner_entered = dutch(
        "Your partner %(name)s entered this result: a player of another side or the "
        "director confirms it."
    )
    assert partner_entered % {"name": escape(ine.name)} in html
    data = {"action": "confirm", "player": jan.pk, "result": result.pk, "version": version(table)}
    assert dutch(PARTNER) in page_html(jans.post(link, data, follow=True))
    assert_status(
        jans.post(link, as_post(entry, version(table), player=str(jan.pk)))
    )  # the same again
    result.refresh_from_db()
    assert result.status == Status.PROVISIONAL
    assert ResultEntry.objects.filter(table=table).count() == 1

    # An opponent confirms.
    opponent = opponents_of(seats, ine)[-1]
    theirs = Client(HTTP_USER_AGENT="opponent")
    assert 'value="confirm"' in page_html(theirs.get(f"{link}?player={opponent.pk}"))
    data = {
        "action": "confirm",
        "player": opponent.pk,
        "result": result.pk,
        "version": version(table),
    }
    assert_status(theirs.post(link, data))
    result.refresh_from_db()
    assert (result.status, result.confirmed_by_entry_id) == (Status.CONFIRMED, opponent.pk)
    assert Round.objects.get(pk=table.round_id).status == Round.Status.FINISHED


@pytest.mark.parametrize("teams", ["fixed", "drawn"])
def test_a_playing_director_on_a_drawn_table_does_not_confirm_for_their_side(two_clubs, teams):
    entry = summary(True, {"pawns": 8}, {"pawns": 5})
    night, table, seats = drawn_table(two_clubs, "keezen", 4, teams, director_plays=True)
    own = next(seat.entry for seat in seats if seat.entry.member.user_id == two_clubs.director.pk)
    partner = partner_of(seats, own)
    link = table_link(table.pk)
    assert_status(Client().post(link, as_post(entry, version(table), player=str(partner.pk))))
    result = ResultEntry.objects.get(table=table)
    page = club_url(two_clubs.a, "scoring:table-result", pk=table.pk)
    html = page_html(night.director.get(page))
    assert 'value="confirm"' not in html and dutch(PARTNER) in html
    night.director.post(page, {"action": "confirm", "result": result.pk, "version": version(table)})
    result.refresh_from_db()
    assert result.status == Status.PROVISIONAL


def test_a_private_window_is_flagged_in_table_mode_and_refused_in_codes_mode(two_clubs):
    """One phone, two browsing sessions (a private window: no cookies shared), the same
    address and browser: the table trusts names, so it counts but is flagged; with codes
    the second name needs its code."""
    entry = summary(True, {"pawns": 8}, {"pawns": 5})
    agent = "Mozilla/5.0 (Linux; Android 14) one phone"
    for confirm_by in ("table", "codes"):
        night, table, seats = drawn_table(two_clubs, "keezen", 4, "fixed", confirm_by=confirm_by)
        ine = seats[0].entry
        opponent = opponents_of(seats, ine)[0]
        link = table_link(table.pk)
        code = {"code": services.personal_code(ine)} if confirm_by == "codes" else {}
        assert_status(Client(HTTP_USER_AGENT=agent).post(
            link, as_post(entry, version(table), player=str(ine.pk), **code)
        ))  # fmt: skip
        result = ResultEntry.objects.get(table=table)
        private = Client(HTTP_USER_AGENT=agent)
        data = {"action": "confirm", "player": opponent.pk, "result": result.pk,
                "version": version(table)}  # fmt: skip
        private.post(link, data)
        result.refresh_from_db()
        if confirm_by == "table":
            assert (result.status, result.same_device) == (Status.CONFIRMED, "address")
            rows = club_url(two_clubs.a, "scoring:round-results", pk=night.tournament.pk, number=1)
            night.director.cookies["troef_language"] = "en"
            assert "one device?" in page_html(night.director.get(rows))
        else:
            assert result.status == Status.PROVISIONAL


def test_the_qr_code_on_a_printed_slip_links_the_phone_that_scans_it(two_clubs):
    entry = summary(True, {"pawns": 8}, {"pawns": 5})
    night, table, seats = drawn_table(two_clubs, "keezen", 4, "fixed", confirm_by="codes")
    ine = seats[0].entry
    opponent = opponents_of(seats, ine)[0]
    link = table_link(table.pk)
    assert_status(Client().post(
        link, as_post(entry, version(table), player=str(ine.pk), code=services.personal_code(ine))
    ))  # fmt: skip
    result = ResultEntry.objects.get(table=table)
    slips = night.director.get(
        reverse("printing:checkin-slips", kwargs={"club_slug": "rooi", "pk": night.tournament.pk}),
        {"player": opponent.pk},
    )
    (scanned,) = [code for page in qr_codes(slips.content, scale=3) for code in page]
    own_phone = Client(HTTP_USER_AGENT="own phone")
    assert own_phone.get(scanned.removeprefix("http://testserver")).status_code == 200
    # The table opens as them, asks no code, and their confirmation counts.
    opened = own_phone.get(link)
    assert opened.context["player"].pk == opponent.pk
    assert 'name="code"' not in page_html(opened)
    data = {
        "action": "confirm",
        "player": opponent.pk,
        "result": result.pk,
        "version": version(table),
    }
    assert_status(own_phone.post(link, data))
    result.refresh_from_db()
    assert (result.status, result.confirmed_by_entry_id) == (Status.CONFIRMED, opponent.pk)


def test_no_personal_code_on_what_the_table_sees(two_clubs):
    """Sheets, table cards, the round's and the tournament's packs, the round and
    standings pages, the venue screen, the table's link and the results pages: none holds
    a personal code (they are all made first, so a leak would show)."""
    night, table, seats = drawn_table(two_clubs, "keezen", 4, "fixed", confirm_by="codes")
    guest = night.director.post(night.page("tournaments:entry-add"), {"guest_name": "Gast Geurts"})
    assert_status(guest)
    codes = services.personal_codes(list(Entry.objects.filter(tournament=night.tournament)))
    assert len(codes) == 5 and all(codes.values())
    pattern = re.compile(r"\b(" + "|".join(codes.values()) + r")\b")
    t = night.tournament
    club = "rooi"
    pdfs = [
        reverse("printing:print-draw-list", kwargs={"club_slug": club, "pk": t.pk, "number": 1}),
        reverse("printing:print-table-cards", kwargs={"club_slug": club, "pk": t.pk, "number": 1}),
        reverse("printing:print-table-sheet", kwargs={"club_slug": club, "pk": table.pk}),
        reverse("printing:print-tournament-report", kwargs={"club_slug": club, "pk": t.pk}),
        reverse("printing:print-tournament-standings", kwargs={"club_slug": club, "pk": t.pk}),
        reverse(
            "printing:print-personal-card",
            kwargs={"club_slug": club, "pk": t.pk, "member": seats[0].entry.member_id},
        ),
    ]
    pages = [
        reverse("evenings:round-detail", kwargs={"club_slug": club, "pk": t.pk, "number": 1}),
        reverse("scoring:round-results", kwargs={"club_slug": club, "pk": t.pk, "number": 1}),
        reverse("scoring:table-result", kwargs={"club_slug": club, "pk": table.pk}),
        reverse("evenings:tournament-detail", kwargs={"club_slug": club, "pk": t.pk}),
        reverse("scoring:tournament-standings", kwargs={"club_slug": club, "pk": t.pk}),
        reverse("scoring:tournament-venue", kwargs={"club_slug": club, "pk": t.pk}),
        reverse("tournaments:tournament-checkin", kwargs={"club_slug": club, "pk": t.pk}),
        reverse("scoring:tournament-codes", kwargs={"club_slug": club, "pk": t.pk}),
        reverse("venue:venue-table-qr", kwargs={"club_slug": club, "pk": table.pk}),
    ]
    for page in pages:
        response = night.director.get(page)
        assert response.status_code == 200, page
        assert not pattern.search(page_html(response)), page
    for page in pdfs:
        response = night.director.get(page)
        assert response.status_code == 200, page
        assert response.content.startswith(b"%PDF"), page
        assert not pattern.search(" ".join(pdf_text(response.content))), page
    # The round's and the tournament's packs (printed by the worker).
    for pack in (
        printing.round_pack(table.round_id, base_url="http://club.local"),
        printing.tournament_pack(t.pk, base_url="http://club.local"),
    ):
        data = render(pack.documents, language=pack.language, title=pack.title)
        assert not pattern.search(" ".join(pdf_text(data))), pack.title
    # The table's own link, for each of its players.
    link = table_link(table.pk)
    for seat in seats:
        assert not pattern.search(page_html(Client().get(f"{link}?player={seat.entry_id}")))
    assert Tournament.objects.get(pk=t.pk).confirmation == "codes"


# --- a correction that changes nothing, as the director's browser sends it -------------------


def form_as_sent(response) -> dict[str, str]:
    """The result form's fields as a browser sends them unchanged: its inputs' values,
    ticked boxes as "on"; the buttons left out."""
    html = page_html(response)
    form = html[html.index('class="result-form"') :]
    form = form[: form.index("</form>")]
    data = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        if name is None:
            continue
        kind = re.search(r'type="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if kind and kind.group(1) == "checkbox":
            if " checked" in tag:
                data[name.group(1)] = "on"
        elif value is not None:
            data[name.group(1)] = value.group(1)
    for name, options in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', options)
        if chosen:
            data[name] = chosen.group(1)
    return data


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_the_correction_form_sent_back_unchanged_is_refused(two_clubs, case):
    """The director opens the correction form (filled with the confirmed result), types
    a reason and saves without changing a cell: refused as changing nothing, for every
    game and both ways of entering."""
    table = game_table(two_clubs.a, case)
    link = table.link
    assert_status(Client(HTTP_USER_AGENT="one").post(
        link, as_post(case.entry, table.version, player=str(table.entries[0].pk))
    ))  # fmt: skip
    result = ResultEntry.objects.get(table=table.table)
    other = table.entries[-1]
    data = {"action": "confirm", "player": other.pk, "result": result.pk, "version": table.version}
    assert_status(Client(HTTP_USER_AGENT="two").post(link, data))
    result.refresh_from_db()
    assert result.status == Status.CONFIRMED
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    sent = form_as_sent(director.get(table.page))
    response = director.post(table.page, {**sent, "note": "checked", "action": "enter"})
    assert response.status_code == 200
    assert "This correction changes nothing" in page_html(response)
    assert ResultEntry.objects.filter(table=table.table).count() == 1


# --- no "confirm" where it can only be refused ----------------------------------------------


def result_links(client, tournament) -> list[str]:
    """The link texts of the round's results list, on the results page and the round page."""
    found = []
    for name in ("scoring:round-results", "evenings:round-detail"):
        page = reverse(name, kwargs={"club_slug": "rooi", "pk": tournament.pk, "number": 1})
        html = page_html(client.get(page))
        section = html[html.index('class="round-results"') :]
        found.append(
            [
                " ".join(text.split())
                for text in re.findall(r'href="[^"]*/tables/\d+/"[^>]*>(.*?)</a>', section, re.S)
            ]
        )
    return found


def test_the_results_list_offers_confirm_only_to_a_director_who_may(two_clubs):
    entry = summary(True, {"pawns": 8}, {"pawns": 5})
    night, table, seats = drawn_table(two_clubs, "keezen", 4, "fixed", director_plays=True)
    night.director.cookies["troef_language"] = "en"
    admin = client_for(two_clubs.admin)
    admin.cookies["troef_language"] = "en"
    # The director's partner entered it: the director is on that side.
    own = next(seat.entry for seat in seats if seat.entry.member.user_id == two_clubs.director.pk)
    partner = partner_of(seats, own)
    assert_status(
        Client().post(table_link(table.pk), as_post(entry, version(table), player=str(partner.pk)))
    )
    assert result_links(night.director, night.tournament) == [["Waiting for confirmation"]] * 2
    assert result_links(admin, night.tournament) == [["Confirm"]] * 2


def test_a_directors_own_entry_is_not_offered_to_them_to_confirm(two_clubs):
    night, table, _seats = drawn_table(two_clubs, "keezen", 4, "fixed")
    night.director.cookies["troef_language"] = "en"
    page = club_url(two_clubs.a, "scoring:table-result", pk=table.pk)
    assert_status(
        night.director.post(
            page, as_post(summary(True, {"pawns": 8}, {"pawns": 5}), version(table))
        )
    )
    assert result_links(night.director, night.tournament) == [["Waiting for confirmation"]] * 2
    admin = client_for(two_clubs.admin)
    admin.cookies["troef_language"] = "en"
    assert result_links(admin, night.tournament) == [["Confirm"]] * 2


def test_a_director_who_entered_at_the_link_does_not_confirm_it_on_their_page(two_clubs):
    """A director who typed a player's result in at the table's link (say for a player
    without a phone), in their own browser, entered it: their results pages offer no
    "confirm" and refuse one sent; another director confirms it."""
    night, table, seats = drawn_table(two_clubs, "keezen", 4, "fixed")
    night.director.cookies["troef_language"] = "en"
    player = seats[0].entry
    entry = summary(True, {"pawns": 8}, {"pawns": 5})
    assert_status(
        night.director.post(
            table_link(table.pk), as_post(entry, version(table), player=str(player.pk))
        )
    )
    result = ResultEntry.objects.get(table=table)
    page = club_url(two_clubs.a, "scoring:table-result", pk=table.pk)
    html = page_html(night.director.get(page))
    assert 'value="confirm"' not in html
    assert "The person who entered a result cannot confirm it." in html
    assert result_links(night.director, night.tournament) == [["Waiting for confirmation"]] * 2
    night.director.post(page, {"action": "confirm", "result": result.pk, "version": version(table)})
    result.refresh_from_db()
    assert result.status == Status.PROVISIONAL
    admin = client_for(two_clubs.admin)
    admin.post(page, {"action": "confirm", "result": result.pk, "version": version(table)})
    result.refresh_from_db()
    assert result.status == Status.CONFIRMED


def test_a_playing_director_who_entered_as_themselves_at_the_link_does_not_confirm(two_clubs):
    """The director plays and entered their own table's result at its link from a phone:
    on their results page (another browser, logged in) it is still their entry."""
    night, table, seats = drawn_table(two_clubs, "keezen", 4, "drawn", director_plays=True)
    own = next(seat.entry for seat in seats if seat.entry.member.user_id == two_clubs.director.pk)
    entry = summary(True, {"pawns": 8}, {"pawns": 5})
    assert_status(
        Client().post(table_link(table.pk), as_post(entry, version(table), player=str(own.pk)))
    )
    result = ResultEntry.objects.get(table=table)
    page = club_url(two_clubs.a, "scoring:table-result", pk=table.pk)
    assert 'value="confirm"' not in page_html(night.director.get(page))
    night.director.post(page, {"action": "confirm", "result": result.pk, "version": version(table)})
    result.refresh_from_db()
    assert result.status == Status.PROVISIONAL


@pytest.mark.parametrize("tables", [1, 6])
def test_the_confirm_labels_ask_nothing_more_of_the_database(
    two_clubs, tables, django_assert_num_queries
):
    """The list's "confirm or wait" for a director is worked out from what the list
    loads anyway: still three queries, whatever the number of open entries."""
    tournament = TournamentFactory(club=two_clubs.a, status=Tournament.Status.RUNNING)
    entries = [EntryFactory(tournament=tournament) for _ in range(4 * tables)]
    round_ = seat_round(tournament, [entries[i : i + 4] for i in range(0, len(entries), 4)])
    for table in round_.tables.all():
        seated = table.seats.order_by("position").first().entry
        services.result_submit(
            table=table, data=AHEAD, version=table.version, actor=Actor(entry=seated)
        )
    round_ = Round.objects.select_related("tournament").get(pk=round_.pk)
    with django_assert_num_queries(3):
        rows = round_tables(round_, director=Actor(user=two_clubs.director))
    assert [row.confirmable for row in rows] == [True] * tables
