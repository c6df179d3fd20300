"""The first club through the browser (issue 38): on an empty site, the set-up page,
a member list of 24 from a CSV file through the import's preview, then check-in and the
draw of a first evening. Every field typed is counted; the issue asks for under two
minutes of typing (the count is printed and bounded below).

And the first start's pages fit a 360 px phone."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from playwright.sync_api import Locator, Page, expect

from clubs.models import Club, Member, Role

from .conftest import ARTIFACTS, PHONE_360

PASSWORD = "Klaveren-Aas-2026"
#: 24 members, as a secretary saves them from Excel.
MEMBERS_CSV = "naam;lidnummer;email\n" + "".join(
    f"Speler {number:02d};K{number:03d};speler{number}@example.nl\n" for number in range(1, 25)
)
#: A slow typist (volunteers, two fingers): 100 characters a minute.
CHARACTERS_A_MINUTE = 100


@dataclass
class Effort:
    """What the director did by hand: fields typed (and their characters), choices made
    (a list, a file), and taps."""

    typed: list[tuple[str, str]] = field(default_factory=list)
    chosen: list[str] = field(default_factory=list)
    taps: int = 0

    def type(self, box: Locator, text: str, what: str) -> None:
        box.fill(text)
        self.typed.append((what, text))

    def tap(self, target: Locator) -> None:
        target.click()
        self.taps += 1

    @property
    def characters(self) -> int:
        return sum(len(text) for _what, text in self.typed)

    def report(self) -> str:
        minutes = self.characters / CHARACTERS_A_MINUTE
        return (
            f"first club: {len(self.typed)} fields typed, {self.characters} characters "
            f"(~{minutes:.1f} min at {CHARACTERS_A_MINUTE}/min), {len(self.chosen)} choices "
            f"({', '.join(self.chosen)}), {self.taps} taps"
        )


def test_the_first_club_from_an_empty_site_to_the_draw(page: Page, site, tmp_path):
    assert not Club.objects.exists()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    members_file = tmp_path / "leden.csv"
    members_file.write_bytes(MEMBERS_CSV.encode("cp1252"))
    effort = Effort()

    # The laptop's browser opens Troef: an empty site goes to set-up.
    page.goto(f"{site}/")
    expect(page).to_have_url(f"{site}/setup/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Nieuwe club beginnen")
    effort.type(page.locator("#id_name"), "Kaartclub De Troef", "club name")
    effort.type(page.locator("#id_town"), "Uden", "town")
    expect(page.locator("#id_language")).to_have_value("nl")  # the browser's: nothing to choose
    effort.type(page.locator("#id_admin_name"), "Ria van Dijk", "admin name")
    effort.type(page.locator("#id_username"), "ria", "login")
    effort.type(page.locator("#id_password"), PASSWORD, "password")
    effort.type(page.locator("#id_password_again"), PASSWORD, "password again")
    page.locator("#id_members").set_input_files(members_file)
    effort.chosen.append("member file")
    effort.tap(page.get_by_role("button", name="Club beginnen"))

    # The club is there, Ria is its admin and logged in; the list's preview comes first.
    expect(page.get_by_role("heading", level=1)).to_have_text("Voorbeeld van de import")
    expect(
        page.get_by_text("Kaartclub De Troef is klaar en jij bent de beheerder.")
    ).to_be_visible()
    expect(page.locator("tr.row-new")).to_have_count(24)
    club = Club.objects.get()
    assert Role.objects.get(club=club, user__username="ria").level == Role.Level.ADMIN
    assert not Member.objects.exists()
    effort.tap(page.get_by_role("button", name="Importeren: 24 toevoegen, 0 wijzigen"))
    expect(page.get_by_text("Import klaar: 24 toegevoegd, 0 bijgewerkt.")).to_be_visible()
    assert club.members.count() == 24

    # A first evening: its name, date, game and table size; the rest as it comes.
    page.goto(f"{site}/c/{club.slug}/home/")
    effort.tap(page.locator("a", has_text="Nieuw toernooi"))
    effort.type(page.locator("[name=name]"), "Eerste avond", "evening name")
    effort.type(page.locator("[name=date]"), "2026-12-10", "date")
    page.locator("[name=game]").select_option("meierijen")
    effort.chosen.append("game")
    effort.type(page.locator("[name=table_size]"), "2", "table size")
    effort.tap(page.locator("#tournament-form button[type=submit]"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Eerste avond")
    evening_url = page.url

    # Check-in: one tap each for the 24 in the club's list.
    effort.tap(page.locator("a", has_text=re.compile(r"^\s*Aanwezigheid\s*$")))
    rows = page.locator("#checkin-list tr", has=page.locator("form.toggle button"))
    expect(rows).to_have_count(24)
    for number in range(1, 25):
        row = page.locator("#checkin-list tr", has_text=f"Speler {number:02d}")
        effort.tap(row.locator("form.toggle button"))
        expect(row.locator("button[aria-pressed=true]")).to_be_visible()
    expect(page.locator("#plan")).to_contain_text("24 aanwezig")

    # The draw of round 1: every one of the 24 at a table.
    page.goto(evening_url)
    effort.tap(page.get_by_role("button", name="Ronde 1 loten"))
    expect(page.locator("article#table-1")).to_be_visible()
    seated = [
        " ".join(t.split()) for t in page.locator("article[id^=table-] ol li").all_inner_texts()
    ]
    assert sorted(seated) == [f"Speler {number:02d}" for number in range(1, 25)]

    (ARTIFACTS / "first_start_effort.txt").write_text(effort.report() + "\n")
    print(effort.report())  # noqa: T201 - the measure the issue asks for
    # Under two minutes of typing, even for a slow typist; and few fields at all.
    assert effort.characters < 2 * CHARACTERS_A_MINUTE, effort.report()
    assert len(effort.typed) <= 9, effort.report()  # 6 for the club, 3 for the evening


def _fits(page: Page) -> None:
    scroll, width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert scroll <= width, f"{page.url}: {scroll} px wide on a {width} px screen"


def test_the_first_start_pages_fit_a_360px_phone(make_page, site):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    laptop = make_page(**PHONE_360)
    laptop.goto(f"{site}/setup/")
    expect(laptop.get_by_role("heading", level=1)).to_have_text("Nieuwe club beginnen")
    _fits(laptop)
    laptop.screenshot(path=ARTIFACTS / "first_start_360.png", full_page=True)

    # Another device (here: through a proxy, which is never taken for the laptop) is asked
    # for the code, and told where it is.
    phone = make_page(**PHONE_360, extra_http_headers={"X-Forwarded-For": "192.168.1.23"})
    phone.goto(f"{site}/setup/")
    expect(phone.get_by_label("startcode")).to_be_visible()
    expect(phone.get_by_text("troef venue").first).to_be_visible()
    _fits(phone)
    phone.screenshot(path=ARTIFACTS / "first_start_code_360.png", full_page=True)
    phone.get_by_label("startcode").fill("ABCD-EFGH")
    phone.get_by_role("button", name="Verder").click()
    expect(phone.get_by_text("Er is nog geen code")).to_be_visible()
    _fits(phone)

    # A weak password is told in words, next to the field, at 360 px too.
    laptop.locator("#id_name").fill("Kaartclub De Troef")
    laptop.locator("#id_admin_name").fill("Ria van Dijk")
    laptop.locator("#id_username").fill("ria")
    laptop.locator("#id_password").fill("qwerty")
    laptop.locator("#id_password_again").fill("qwerty")
    laptop.get_by_role("button", name="Club beginnen").click()
    expect(laptop.get_by_text("Dit wachtwoord is te kort")).to_be_visible()
    expect(laptop.get_by_text("Dit wachtwoord is te algemeen.")).to_be_visible()
    _fits(laptop)
    assert not Club.objects.exists()

    # The site administrator's clubs page, once there is a club and a superuser.
    laptop.locator("#id_password").fill(PASSWORD)
    laptop.locator("#id_password_again").fill(PASSWORD)
    laptop.get_by_role("button", name="Club beginnen").click()
    expect(laptop.get_by_role("heading", level=1)).to_have_text("Kaartclub De Troef")
    from django.contrib.auth import get_user_model

    get_user_model().objects.filter(username="ria").update(is_superuser=True)
    laptop.goto(f"{site}/setup/")
    expect(laptop.get_by_role("heading", level=1)).to_have_text("Niet gevonden")
    laptop.goto(f"{site}/clubs/")
    expect(laptop.get_by_role("heading", level=1)).to_have_text("Clubs beheren")
    _fits(laptop)
    laptop.screenshot(path=ARTIFACTS / "club_manage_360.png", full_page=True)


def test_trying_the_demo_first_shows_a_wait_and_lands_on_the_front_page(page: Page, site):
    page.goto(f"{site}/")
    button = page.get_by_role("button", name="Eerst proberen met de democlubs")
    note = page.get_by_text("De democlubs worden geladen.")
    expect(note).to_be_hidden()
    # The press, held back for a moment (Playwright looks at no page while one loads):
    # the page's own script shows the wait and disables the button.
    form = page.locator("form[action$='/setup/demo/']")
    form.evaluate("f => f.addEventListener('submit', e => e.preventDefault(), {once: true})")
    button.click()
    expect(note).to_be_visible()
    expect(note.locator("progress")).to_be_visible()
    expect(button).to_be_disabled()  # not sent twice
    # Then sent for real: the demo loads (tens of seconds), then the front page.
    form.evaluate("f => f.submit()")
    expect(page).to_have_url(f"{site}/", timeout=180_000)
    expect(page.get_by_text("De democlubs staan klaar.")).to_be_visible()
    expect(page.get_by_role("link", name="Spellenclub Rooi")).to_be_visible()
    # The club's own set-up is still there, from the front page.
    page.get_by_role("button", name="Nieuwe club beginnen").or_(
        page.get_by_role("link", name="Nieuwe club beginnen")
    ).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Nieuwe club beginnen")
