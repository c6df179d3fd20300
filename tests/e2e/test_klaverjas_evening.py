"""A whole klaverjas evening in the browser (issue 41): 16 players, individual competition
(partners drawn anew each round), 3 rounds of a 16-deal game, results entered deal by
deal from phones at 360 px, ranked by the game's own score (scheme "game", KJ-9).

Every table of every round goes through the pages, none through the services or bare
form posts (about two and a half minutes in all): the director creates the evening on
the new-tournament form, checks the 16 in, draws and starts each round, and prints
round 1's pack, whose klaverjasbriefjes are read back; their QR codes are the links
round 1's phones open. At each table a phone of team Wij (seat 1's player) enters the
briefje row by row on the table's link and a phone of team Zij confirms it. At the first
table the first try has a mistyped row, refused at that row; it is corrected there. Then
the standings on the director's phone. The rows are games simulate.py played
(demo.briefje_rows); the game scores they should give are computed here apart from the
site, with games.klaverjassen.scoring.game.
"""

from __future__ import annotations

import re
from collections import Counter

from playwright.sync_api import Page, expect

from games.klaverjassen.demo import briefje_rows
from games.klaverjassen.scoring import deal_score, game
from scoring.links import table_link
from scoring.models import ResultEntry
from tournaments.models import Round, Seat, Table, Tournament

from ..factories import MemberFactory
from ..sheets.pdf import pdf_text, qr_codes
from .conftest import PHONE_360, choose, log_in

EVENING = "Klaverjasavond"
#: Club A's four members of tests/conftest.py, and twelve more: 16 make 4 tables of 4.
PLAYERS = [
    "Player Lid",
    "Director Lid",
    "Admin Lid",
    "Anneke van den Heuvel",
    *(f"Speler {n:02d}" for n in range(1, 13)),
]
ROUNDS = 3
TABLES = 4
DEALS = 16
SAVED = "De uitslag is opgeslagen. Een tweede persoon bevestigt die."
CONFIRMED = "De uitslag is bevestigd."
#: A blank row of the printed briefje after its deal number: boxes to tick the team that
#: played, the marks nat and pit, and the team that reneged (the numbers are written in).
BLANK_ROW = "☐ Wij ☐ Zij ☐ ☐ ☐ Wij ☐ Zij"


def link(page, text: str):
    """The link (a plain one, or one drawn as a button) whose whole text is ``text``."""
    return page.locator("a").filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$"))


def words(text: str) -> str:
    return " ".join(text.split())


def fits(page: Page) -> None:
    """Nothing sticks out sideways on the phone."""
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], (page.url, width)


def fill_row(page: Page, index: int, row: dict) -> None:
    """Briefje row ``index`` (0-based) into the form's cells, as the phone's user types
    it: the team that played, each team's points, roem where there was any, the marks."""
    page.locator(f"[name=r{index}_playing]").select_option(str(row["playing"]))
    for side in (0, 1):
        page.locator(f"[name=r{index}_s{side}_points]").fill(str(row["points"][side]))
        if row["roem"][side]:
            page.locator(f"[name=r{index}_s{side}_roem]").fill(str(row["roem"][side]))
    for mark in ("nat", "pit"):
        if row[mark]:
            page.locator(f"[name=r{index}_{mark}]").check()
    if row["verzaakt"] is not None:
        page.locator(f"[name=r{index}_verzaakt]").select_option(str(row["verzaakt"]))


def fill_briefje(page: Page, rows: list[dict]) -> None:
    """The rows one by one, asking the form for more rows when its blank ones run out."""
    grid = page.locator("table.detailed-grid tbody tr")
    shown = grid.count()
    for index, row in enumerate(rows):
        if index == shown:
            page.get_by_role("button", name="Meer regels").tap()
            expect(grid).not_to_have_count(shown)
            shown = grid.count()
        fill_row(page, index, row)
    fits(page)


def save(page: Page) -> None:
    page.get_by_role("button", name="Uitslag opslaan").tap()
    expect(page.get_by_text(SAVED)).to_be_visible()


def typo_row(rows: list[dict]) -> tuple[int, dict]:
    """The first row where typing the other team's points wrong (the two summing to 170)
    breaks KJ-2 alone: (its index, the row as mistyped)."""
    for index, row in enumerate(rows):
        wrong = {**row, "points": [row["points"][0], 170 - row["points"][0]]}
        found = deal_score(wrong).violations
        if row["verzaakt"] is None and [v.rule for v in found] == ["KJ-2"]:
            return index, wrong
    raise AssertionError("no row to mistype")


def seats_of(table: Table) -> list[Seat]:
    return list(
        Seat.objects.filter(table=table).select_related("entry__member").order_by("position")
    )


def teams_of(seats: list[Seat]) -> list[list[str]]:
    """The names of each team, Wij (seats 1 and 3, side 0) first."""
    return [[s.entry.member.name for s in seats if s.side == side] for side in (0, 1)]


def create_evening(page: Page, site: str) -> str:
    """The director's new evening, on the form; returns its page's address."""
    page.goto(f"{site}/c/rooi/")
    page.locator("a", has_text="Ledenpagina").click()
    link(page, "Toernooien").first.click()
    link(page, "Nieuw toernooi").click()
    page.fill("[name=name]", EVENING)
    page.fill("[name=date]", "2026-12-04")
    page.select_option("[name=game]", "klaverjassen")
    page.fill("[name=table_size]", "4")
    page.select_option("[name=teams]", "drawn")
    page.select_option("[name=scheme]", "game")
    page.fill("[name=rounds_planned]", str(ROUNDS))
    page.select_option("[name=entering]", "detailed")
    page.locator("#tournament-form button[type=submit]").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(EVENING)
    return page.url


def check_in(page: Page) -> None:
    link(page, "Aanwezigheid").click()
    for name in PLAYERS:
        row = page.locator("#checkin-list tr", has_text=name)
        row.locator("form.toggle button").click()
        expect(row.locator("button[aria-pressed=true]")).to_be_visible()
    expect(page.locator("#plan")).to_contain_text("16 aanwezig: 4 tafels van 4")


def draw_and_start(page: Page, evening_url: str, number: int) -> Round:
    page.goto(evening_url)
    page.get_by_role("button", name=f"Ronde {number} loten").click()
    expect(page.locator(f"article#table-{TABLES}")).to_be_visible()
    page.get_by_role("button", name="Ronde starten").click()
    expect(page.get_by_role("button", name="Ronde starten")).to_have_count(0)
    round_ = Round.objects.get(tournament__name=EVENING, number=number)
    assert round_.status == Round.Status.STARTED
    return round_


def print_round_pack(page: Page) -> bytes:
    """On the round's page: print its pack and download it from the job's page."""
    page.locator("section.print-jobs button[type=submit]").click()
    download_link = page.locator("#print-job a[download]")
    expect(download_link).to_be_visible(timeout=60_000)
    with page.expect_download() as info:
        download_link.click()
    pdf = info.value.path().read_bytes()
    assert pdf.startswith(b"%PDF-")
    return pdf


def read_briefjes(pdf: bytes, round_: Round, site: str) -> dict[int, str]:
    """Each table's klaverjasbriefje in the round's pack: its players, teams and 16 rows,
    and one QR code, its table's link. Returns {table number: the link read}."""
    texts, codes = pdf_text(pdf), qr_codes(pdf)
    links = {}
    for table in round_.tables.order_by("number"):
        expected = site + table_link(table.pk)
        pages = [n for n, found in enumerate(codes) if expected in found]
        assert len(pages) == 1, (table.number, codes)
        (page,) = pages
        assert codes[page] == [expected], codes[page]
        text = words(texts[page])
        assert f"Tafel {table.number}" in text, text
        assert "Ronde 1" in text, text
        # The two teams, Wij (team A: seats 1 and 3) above Zij (team B: seats 2 and 4).
        wij, zij = teams_of(seats_of(table))
        teams = f"Wij 1 {wij[0]} 3 {wij[1]} Zij 2 {zij[0]} 4 {zij[1]}"  # as the briefje says
        assert teams in text, (teams, text)
        # The briefje's columns, then a row per deal, 1 to 16, and the total.
        heading = "Spel Gespeeld Punten wij Roem wij Punten zij Roem zij Nat Pit Verzaakt"
        assert heading in text, text
        rows = " ".join(f"{deal} {BLANK_ROW}" for deal in range(1, DEALS + 1))
        assert f"{heading} {rows} Totaal" in text, text
        links[table.number] = codes[page][0]
    return links


def open_table(make_page, address: str, table: Table, name: str) -> Page:
    """A phone of 360 px on the table's link, as ``name``; the page is that table's."""
    phone = make_page(**PHONE_360)
    phone.goto(address)
    expect(phone.get_by_role("heading", level=1)).to_have_text(
        f"Tafel {table.number} · Ronde {table.round.number}"
    )
    at_table = words(phone.get_by_text("Aan deze tafel").inner_text())
    for team in teams_of(seats_of(table)):
        assert " & ".join(team) in at_table, (team, at_table)
    choose(phone, name)
    fits(phone)
    return phone


def refuse_a_typo(phone: Page, table: Table, rows: list[dict]) -> None:
    """A briefje with one row mistyped (points 170 together): refused at that row and cell in
    Dutch, naming the deal and the rule in words, no field path; nothing is saved. The
    cells are corrected where the refusal shows them."""
    index, wrong = typo_row(rows)
    fill_briefje(phone, [*rows[:index], wrong, *rows[index + 1 :]])
    phone.get_by_role("button", name="Uitslag opslaan").tap()
    message = f"Spel {index + 1}: de punten zijn samen 170, niet 162 (KJ-2)."
    at_row = phone.locator("table.detailed-grid tbody tr.row-error")
    expect(at_row).to_have_count(1)
    expect(at_row.locator("th")).to_contain_text(f"Spel {index + 1}")
    expect(at_row.locator("th .errorlist")).to_have_text(message)
    # ... and at the cell: Wij's points of that deal (games.klaverjassen.results).
    cell = at_row.locator(f"td:has([name=r{index}_s0_points]) .errorlist")
    expect(cell).to_have_text(message)
    expect(phone.locator("form.result-form > ul.errorlist")).to_have_text(message)
    page_text = phone.locator("main").inner_text()
    assert "rows[" not in page_text and "sides" not in page_text, page_text
    assert not table.results.exists()
    fits(phone)
    # Corrected where it shows: the other team's points of that deal.
    phone.locator(f"[name=r{index}_s1_points]").fill(str(rows[index]["points"][1]))


def play_table(make_page, address: str, table: Table, rows: list[dict], *, typo=False):
    """Wij's phone enters the briefje, Zij's confirms it. Returns the game scores."""
    seats = seats_of(table)
    wij, zij = teams_of(seats)
    expected = game(rows).result["score"]
    assert not game(rows).violations

    phone = open_table(make_page, address, table, wij[0])
    if typo:
        refuse_a_typo(phone, table, rows)
    else:
        fill_briefje(phone, rows)
    save(phone)
    fits(phone)
    entered = phone.locator("article", has_text="Ingevoerd, nog niet bevestigd")
    for team, score in zip((wij, zij), expected, strict=True):
        expect(entered).to_contain_text(f"{' & '.join(team)} {score}")
    result = table.results.get()
    assert result.status == ResultEntry.Status.PROVISIONAL
    assert len(result.data["rows"]) == DEALS

    other = open_table(make_page, address, table, zij[0])
    expect(other.locator(".link-state")).to_contain_text(f"{wij[0]} heeft deze uitslag ingevoerd")
    other.get_by_role("button", name="Dit klopt: bevestigen").tap()
    expect(other.get_by_text(CONFIRMED)).to_be_visible()
    fits(other)
    result.refresh_from_db()
    assert result.status == ResultEntry.Status.CONFIRMED
    assert [side["game_points"] for side in result.outcome["sides"]] == expected
    for page in (phone, other):
        page.context.close()
    return expected


def standings(page: Page) -> list[dict[str, str]]:
    """The standings table's rows, top to bottom, as {column heading: cell}."""
    table = page.locator("table.standings")
    headings = [words(h) for h in table.locator("thead th").all_text_contents()]
    return [
        dict(zip(headings, [words(c) for c in row.locator("td").all_inner_texts()], strict=True))
        for row in table.locator("tbody tr").all()
    ]


def test_a_klaverjas_evening_of_three_rounds(make_page, site, worker, two_clubs):
    for number, name in enumerate(PLAYERS[4:]):
        MemberFactory(club=two_clubs.a, name=name, membership_number=f"K{number:03d}")
    director = make_page()
    log_in(director, site, "director")
    evening_url = create_evening(director, site)
    tournament = Tournament.objects.get(name=EVENING)
    assert (tournament.game, tournament.teams, tournament.scheme, tournament.entering) == (
        "klaverjassen",
        Tournament.Teams.DRAWN,
        Tournament.Scheme.GAME,
        Tournament.Entering.DETAILED,
    )
    check_in(director)

    totals: Counter[str] = Counter()  # each player's game scores, from the rows
    won: Counter[str] = Counter()
    for number in range(1, ROUNDS + 1):
        round_ = draw_and_start(director, evening_url, number)
        if number == 1:
            # The briefjes printed before the cards are dealt; the phones scan their codes.
            links = read_briefjes(print_round_pack(director), round_, site)
        else:
            links = {t.number: site + table_link(t.pk) for t in round_.tables.all()}
        for table in round_.tables.order_by("number"):
            rows = briefje_rows(100 * number + table.number)
            scores = play_table(
                make_page, links[table.number], table, rows, typo=(number, table.number) == (1, 1)
            )
            for team, score in zip(teams_of(seats_of(table)), scores, strict=True):
                for name in team:
                    totals[name] += score
                    won[name] += score > min(scores)

    # Individual competition: nobody had the same partner twice.
    partners = Counter()
    for table in Table.objects.filter(round__tournament=tournament):
        for team in teams_of(seats_of(table)):
            assert len(team) == 2
            partners[frozenset(team)] += 1
    assert len(partners) == ROUNDS * TABLES * 2
    assert set(partners.values()) == {1}, partners.most_common(3)
    assert sorted(totals) == sorted(PLAYERS)

    # The standings, on the director's phone: all 16, each with their teams' game scores
    # added up as match points, best first; games won and played as the rows gave them.
    phone = make_page(**PHONE_360)
    log_in(phone, site, "director")
    phone.goto(evening_url)
    link(phone, "Stand").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text(f"Stand: {EVENING}")
    expect(phone.locator(".standings-note")).to_have_count(0)  # every table confirmed
    board = standings(phone)
    fits(phone)
    assert sorted(row["naam"] for row in board) == sorted(PLAYERS)
    shown = {row["naam"]: int(row["wedstrijdpunten"]) for row in board}
    assert shown == dict(totals)
    assert [int(row["wedstrijdpunten"]) for row in board] == sorted(totals.values(), reverse=True)
    for row in board:
        assert row["punten"] == row["wedstrijdpunten"], row  # the game score is the margin
        assert (row["gespeeld"], row["gewonnen"]) == (str(ROUNDS), str(won[row["naam"]])), row
    best = max(totals.values())
    assert board[0]["plaats"] == "1" and totals[board[0]["naam"]] == best, board[0]
    assert [int(row["plaats"]) for row in board] == sorted(int(row["plaats"]) for row in board)
