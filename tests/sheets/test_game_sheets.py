"""The five games' score sheets, read back from real PDFs: the heading and the names of a
pre-filled sheet, its QR code decoded to the table's link, blank sheets with a column per
seat and no QR code, the options that change a sheet, team tables, and every table size
each game allows. Labels are checked in English."""

from __future__ import annotations

import ctypes
import re
import subprocess
import sys
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest

from games import registry
from printing.sheets import Header, Player, TableSheet, render
from printing.sheets.base import PAGE_HEIGHT, PAGE_WIDTH

from .pdf import fonts, page_count, page_size, pdf_text, qr_codes

DASH, MINUS = "\u2013", "\u2212"
GAMES = ("meierijen", "duizenden", "miezemauzen", "meino", "keezen")
HEADER = Header("KC De Troefkaart", "Wintercompetitie 2026", "29 november 2026", round=4, table=17)
LINK = "https://troef.example/t/r4-table17-Zq8xK2pL9vW3"
NAMES = (
    "Anneke Verhoeven", "Bram Janssen", "Carla de Vries-Oosterhuis", "Dirk Smulders",
    "Els Bakker", "Frits van Mulder", "Gerda Kok", "Hans Visser",
)  # fmt: skip
TEAM_GAMES = {"meierijen": 4, "keezen": 4}


def players(game: str, n: int) -> tuple[Player, ...]:
    """``n`` named players; team tables with partners opposite (seat i and i + n/2)."""
    teams = n in registry.get(game).team_tables
    return tuple(Player(NAMES[i], i + 1, i % (n // 2) if teams else None) for i in range(n))


def prefilled(game: str, n: int | None = None, **options) -> TableSheet:
    n = n or TEAM_GAMES.get(game) or registry.get(game).default_players
    return TableSheet(game, HEADER, options=options, players=players(game, n), link=LINK)


def blank(game: str, seats: int = 0, **options) -> TableSheet:
    return TableSheet(game, Header("KC De Troefkaart"), options=options, seats=seats)


def text_of(sheet: TableSheet, language: str = "en") -> tuple[bytes, str]:
    """The PDF and its text, every run of white space made one space (a long name may
    be printed in two lines)."""
    data = render([sheet], language=language)
    return data, " ".join(" ".join(pdf_text(data)).split())


def player_labels(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"Player (\d+)", text)}


# --- pre-filled ------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_prefilled_sheet_has_the_heading_every_name_and_the_table_link(game):
    sheet = prefilled(game)
    data, text = text_of(sheet)
    title = registry.get(game).title
    assert f"Score sheet {title}" in text
    for part in ("KC De Troefkaart", "Wintercompetitie 2026", "29 november 2026"):
        assert part in text
    assert "Table 17" in text  # the boxes of the heading: label, then the number
    assert "Round 4" in text
    for player in sheet.players:
        assert player.name in text
    pages = qr_codes(data)
    assert pages[0] == [LINK]
    assert all(codes in ([], [LINK]) for codes in pages)
    assert "Scan to enter the result" in text
    assert page_size(data) == pytest.approx((PAGE_WIDTH, PAGE_HEIGHT))


@pytest.mark.parametrize("game", GAMES)
def test_a_prefilled_sheet_shows_seat_numbers_not_empty_name_boxes(game):
    _data, text = text_of(prefilled(game))
    assert not player_labels(text)


def glyph_fonts(data: bytes) -> set[str]:
    """The fonts every printed character is set in (pdfium's view, all pages)."""
    document = pypdfium2.PdfDocument(data)
    found = set()
    try:
        for page in document:
            textpage = page.get_textpage()
            for index in range(textpage.count_chars()):
                name = ctypes.create_string_buffer(128)
                flags = ctypes.c_int()
                pdfium_c.FPDFText_GetFontInfo(textpage, index, name, 128, ctypes.byref(flags))
                if name.value:  # characters pdfium adds itself (line ends) have none
                    found.add(name.value.decode())
            textpage.close()
            page.close()
    finally:
        document.close()
    return found


@pytest.mark.parametrize("game", GAMES)
def test_sheets_set_every_character_in_the_embedded_font(game):
    data = render([prefilled(game, variant1=True) if game == "meierijen" else prefilled(game),
                   blank(game)], language="en")  # fmt: skip
    assert glyph_fonts(data) == {"DejaVuSans", "DejaVuSans-Bold"}
    # embedded subsets; no Symbol or ZapfDingbats fallback for the suits or the ticks
    assert {"AAAAAA+DejaVuSans", "AAAAAA+DejaVuSans-Bold"} <= fonts(data)
    assert not {f for f in fonts(data) if "Symbol" in f or "Dingbats" in f}


# --- blank -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "seats"), [(g, n) for g in GAMES for n in registry.get(g).players]
)
def test_a_blank_sheet_has_a_name_box_per_seat_and_no_qr_code(game, seats):
    data, text = text_of(blank(game, seats))
    assert player_labels(text) == set(range(1, seats + 1))
    assert all(codes == [] for codes in qr_codes(data))
    assert "Scan to enter the result" not in text
    assert not any(name in text for name in NAMES)


@pytest.mark.parametrize(
    ("game", "options", "expected"),
    [
        ("meierijen", {}, 2),  # the game's default players
        ("meierijen", {"players": 4}, 4),  # the option players
        ("duizenden", {}, 4),
        ("miezemauzen", {}, 3),
        ("miezemauzen", {"players": 7}, 7),
        ("meino", {}, 4),
        ("keezen", {}, 4),
    ],
)
def test_a_blank_sheet_without_seats_takes_the_option_players_or_the_default(
    game, options, expected
):
    _data, text = text_of(blank(game, **options))
    assert player_labels(text) == set(range(1, expected + 1))


# --- every table size ------------------------------------------------------------------


@pytest.mark.parametrize(("game", "n"), [(g, n) for g in GAMES for n in registry.get(g).players])
def test_every_table_size_renders_on_one_or_two_pages(game, n):
    for sheet in (prefilled(game, n), blank(game, n)):
        data, text = text_of(sheet)
        assert page_count(data) in (1, 2)
        assert f"Score sheet {registry.get(game).title}" in text
    data, text = text_of(prefilled(game, n))
    for player in players(game, n):
        assert player.name in text


@pytest.mark.parametrize("game", ["duizenden", "meino", "keezen", "meierijen"])
def test_these_sheets_fit_one_page_whatever_the_options(game):
    spec = registry.get(game)
    options = {o.name: True for o in spec.options if o.kind is bool}
    for n in spec.players:
        assert page_count(render([prefilled(game, n, **options)], language="en")) == 1


# --- MeieRijen -------------------------------------------------------------------------


def test_meierijen_has_two_rounds_with_hand_open_penalty_pawns_and_minus_points():
    _data, text = text_of(prefilled("meierijen", 2))
    for label in ("Hand", "Open cards", "Penalty pile", "Pawns held", "Minus points",
                  "Emptied draw pile first", "Won the round", "Rounds won"):  # fmt: skip
        assert label in text
    assert "Round 1" in text
    assert "Round 2" in text
    assert "Round 3" not in text
    assert "Variant 1" not in text
    assert "one minus point a card" in text


def test_meierijen_variant1_prints_the_card_and_pawn_values():
    _data, text = text_of(prefilled("meierijen", 2, variant1=True))
    assert "Variant 1 values ♠ ♥ ♦ ♣" in text
    assert f"3 {DASH} 10" in text
    assert "J Q K A" in text
    assert "Red pawn Grey pawn White pawn" in text
    assert "Minus points 1 2 5 5 3 0" in text


def test_meierijen_third_round_adds_a_third_round_block():
    _data, text = text_of(prefilled("meierijen", 2, third_round=True))
    assert f"Round 3 {DASH} only at 1-1" in text
    assert "at 1-1 a third round decides" in text


def test_meierijen_with_four_players_shows_both_teams_with_their_totals():
    sheet = prefilled("meierijen", 4)
    _data, text = text_of(sheet)
    assert text.count("Team total") == 2  # one per round
    assert text.count("Team A") >= 3  # both rounds and the match
    assert text.count("Team B") >= 3
    # the match lists each team with its partners (seat 1 + 3, seat 2 + 4)
    assert f"Team A: {NAMES[0]} & {NAMES[2]}" in text
    assert f"Team B: {NAMES[1]} & {NAMES[3]}" in text


def test_meierijen_blank_four_seats_are_two_teams():
    _data, text = text_of(blank("meierijen", 4))
    assert "Team A" in text
    assert "Team B" in text
    assert "Team total" in text


# --- Duizenden -------------------------------------------------------------------------


@pytest.mark.parametrize("n", [3, 4, 5])
def test_duizenden_has_melded_hand_and_total_per_player_toward_1000(n):
    _data, text = text_of(prefilled("duizenden", n))
    assert text.count("+ Melded") == n
    assert text.count(f"{MINUS} Hand") == n
    assert "1000" in text
    assert "Q♠ = 100" in text
    assert re.search(r"Deal .*\b1 2 3 4 5\b", text)


def test_duizenden_opening_option_changes_the_opening_line():
    _data, face = text_of(prefilled("duizenden", opening_face_cards=True))
    _data, plain = text_of(prefilled("duizenden", opening_face_cards=False))
    assert "face value" in face
    assert "face value" not in plain


# --- Miezemauzen -----------------------------------------------------------------------


def test_miezemauzen_counts_down_from_the_start_points():
    sheet = prefilled("miezemauzen", 3, start_points=77)
    data, _text = text_of(sheet)
    first = " ".join(pdf_text(data)[0].split())
    assert "start at 77 points" in first
    # the start row prints 77 in every player's points column
    assert re.search(r"Start 77 77 77\b", first)


def test_miezemauzen_default_start_is_25_and_a_long_game_gets_a_second_page():
    data, text = text_of(prefilled("miezemauzen", 4))
    assert "start at 25 points" in text
    assert page_count(data) == 2  # 25 points: 40 deals or more
    second = " ".join(pdf_text(data)[1].split())
    assert "Continued from the first page" in second
    assert "Carried" in second


def test_miezemauzen_short_game_fits_one_page():
    data, _text = text_of(prefilled("miezemauzen", 4, start_points=10))
    assert page_count(data) == 1


def test_miezemauzen_columns_per_deal_and_player():
    _data, text = text_of(prefilled("miezemauzen", 4))
    for label in ("Deal", "Trump", "Kat"):
        assert label in text
    assert text.count("Decl.") == 2 * 4  # two pages, four players
    assert text.count("Tricks") == 2 * 4
    assert "✓ played" in text
    assert "⇄ exchanged" in text
    assert "from the 3rd pass in a row +3" in text


def test_miezemauzen_rules_in_play_follow_the_options():
    _data, default = text_of(prefilled("miezemauzen", 3))
    assert "kat: holder 5 off" in default
    assert "spades trump" not in default
    assert "exactly to zero" not in default
    _data, text = text_of(
        prefilled(
            "miezemauzen", 3, kat_scoring="others", per_trick=True, exact_zero=True,
            spades_double=True, stake_cents=50,
        )
    )  # fmt: skip
    assert "kat: holder 5 off, every other player 5 on" in text
    assert "a point off per trick" in text
    assert "exactly to zero" in text
    assert "spades trump: every point double" in text
    assert "stake 50 ct a point" in text


def test_miezemauzen_eight_players_casual_fit_the_page_width():
    data, text = text_of(blank("miezemauzen", 8))
    assert player_labels(text) == set(range(1, 9))
    assert page_count(data) <= 2


# --- MEINO -----------------------------------------------------------------------------


def test_meino_has_points_totals_and_tally_marks_toward_500():
    n = 5
    _data, text = text_of(prefilled("meino", n))
    assert text.count("Tally marks") == n
    assert "Target: 500 points" in text
    assert "Full deck: 110 cards" in text
    assert "JOKER = 50" in text


def test_meino_compact_deck_and_joker_rule():
    _data, text = text_of(prefilled("meino", 4, compact=True, joker_rule="swap hands"))
    assert "Compact deck: 55 cards" in text
    assert "110 cards" not in text
    assert "JOKER: swap hands" in text


def test_meino_joker_rule_chosen_on_the_form_is_printed_in_words():
    """Issue 37: the form's choice is stored as "swap"; the sheet says what it means."""
    _data, text = text_of(prefilled("meino", 4, joker_rule="swap"))
    assert "JOKER: swap hands with another player" in text
    _data, text = text_of(prefilled("meino", 4, joker_rule="none"))
    assert "JOKER:" not in text


# --- Keezen ----------------------------------------------------------------------------


def test_keezen_teams_pawns_home_winner_and_time():
    _data, text = text_of(prefilled("keezen", 4))
    for label in ("Pawns home", "Winner", "Game points", "Start", "End"):
        assert label in text
    assert "2 per pawn home, 10 more for the winning team" in text
    assert "Time is up" not in text
    assert f"Team A 1 {NAMES[0]}" in text
    assert f"Team B 2 {NAMES[1]}" in text
    assert "Team C" not in text


def test_keezen_six_players_are_three_teams_of_partners_opposite():
    _data, text = text_of(prefilled("keezen", 6))
    assert f"Team A 1 {NAMES[0]}" in text
    assert f"4 {NAMES[3]}" in text
    assert "Team C" in text


def test_keezen_options_change_points_and_the_clock():
    _data, text = text_of(prefilled("keezen", 4, points_per_pawn=3, win_bonus=15, round_minutes=45))
    assert "3 per pawn home, 15 more for the winning team" in text
    assert "a round of 45 minutes" in text
    assert "Time is up at (start + 45 min.)" in text


# --- languages and purity --------------------------------------------------------------


@pytest.mark.parametrize("language", ["nl", "de"])
def test_every_game_renders_in_the_club_languages(language):
    data, text = text_of(prefilled("meino"), language)
    assert NAMES[0] in text
    assert qr_codes(data)[0] == [LINK]
    for game in GAMES:
        render([prefilled(game), blank(game)], language=language)


@pytest.mark.parametrize(
    ("language", "heading", "table", "round_"),
    [
        ("nl", "Scoreblad", "Tafel", "Ronde"),
        ("de", "Spielzettel", "Tisch", "Runde"),
        ("en", "Score sheet", "Table", "Round"),
    ],
)
@pytest.mark.parametrize("game", GAMES)
def test_each_game_s_heading_table_and_round_in_the_club_s_language(
    game, language, heading, table, round_
):
    data, text = text_of(prefilled(game), language)
    assert f"{heading} {registry.get(game).title}" in text
    first = " ".join(pdf_text(data)[0].split())
    assert f"{table} 17" in first
    assert f"{round_} 4" in first
    for player in prefilled(game).players:
        assert player.name in text
    others = {"Scoreblad", "Spielzettel", "Score sheet"} - {heading}
    assert not any(word in text for word in others)


@pytest.mark.parametrize(("language", "melded"), [("nl", "Uitgel."), ("de", "Ausgel."),
                                                  ("en", "Melded")])  # fmt: skip
def test_a_game_s_own_words_on_its_sheet_come_from_its_own_catalogue(language, melded):
    # Duizenden's sub-column "+ Melded" is in games/duizenden/locale, not the site's.
    _data, text = text_of(blank("duizenden"), language)
    assert f"+ {melded}" in text


def test_the_game_sheets_render_without_django():
    root = Path(__file__).resolve().parents[2]
    script = (
        "import sys\n"
        "from printing.sheets import Header, TableSheet, render\n"
        f"for game in {GAMES!r}:\n"
        "    render([TableSheet(game, Header('Club'))], language='nl')\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'django')\n"
        "assert not loaded, loaded\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
