"""The director's forms in a real browser (issue 37, part 5): the new tournament's players
per table follow the game chosen, the language menu's arrow leaves the language readable,
and at "Tijd!" the round clock offers no pause."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from games import registry
from tournaments.models import Round

from .conftest import PHONE_360, log_in

#: Where the select's text ends and Pico's arrow (its background image) begins, in CSS
#: pixels, measured in the page: the text's width with the select's own font (a canvas),
#: the arrow's place from its background position and size.
MEASURE = """select => {
  const style = getComputedStyle(select);
  const box = select.getBoundingClientRect();
  const px = value => parseFloat(value) || 0;
  const canvas = document.createElement("canvas").getContext("2d");
  canvas.font = style.font;
  const text = select.options[select.selectedIndex].text;
  const textLeft = box.left + px(style.borderLeftWidth) + px(style.paddingLeft);
  const textRight = textLeft + canvas.measureText(text).width;
  const arrowWidth = px(style.backgroundSize.split(" ")[0]);
  const fromRight = style.backgroundPositionX.split(" ").map(px).pop();
  const arrowRight = box.right - px(style.borderRightWidth) - fromRight;
  return {text, textRight, arrowLeft: arrowRight - arrowWidth, arrowRight,
          image: style.backgroundImage};
}"""


#: The seconds the round clock has left when the page is made.
LEFT = 10


@pytest.mark.parametrize("viewport", [None, PHONE_360], ids=["desktop", "phone-360"])
def test_the_language_menus_arrow_does_not_overlap_the_language(make_page, site, viewport):
    page = make_page(**(viewport or {}))
    page.goto(f"{site}/")
    menu = page.locator("form.language select")
    expect(menu).to_be_visible()
    box = menu.evaluate(MEASURE)
    assert box["text"] == "Nederlands"
    assert box["image"].startswith("url(")  # Pico's arrow is there
    assert box["arrowLeft"] < box["arrowRight"]
    assert box["textRight"] <= box["arrowLeft"], box


def test_new_tournament_players_per_table_follow_the_game(make_page, site, two_clubs):
    page = make_page()
    log_in(page, site, "director")
    page.goto(f"{site}/c/rooi/tournaments/new/")
    game, size = page.locator("#id_game"), page.locator("#id_table_size")
    expect(page.locator("#id_date")).to_have_value(f"{timezone.localdate():%Y-%m-%d}")
    for name in ("meierijen", "keezen", "miezemauzen", "meierijen"):
        game.select_option(name)
        expect(size).to_have_value(str(registry.get(name).default_players))
    # A number the director typed stays when the game changes.
    size.fill("6")
    game.select_option("duizenden")
    expect(size).to_have_value("6")


def test_new_tournament_teams_and_match_points_follow_the_game(make_page, site, two_clubs):
    """KJ-9: klaverjassen starts with partners drawn and the game scores as match points;
    back to a game of its own players it is every player for themselves by rank; what
    the director chose stays."""
    page = make_page()
    log_in(page, site, "director")
    page.goto(f"{site}/c/rooi/tournaments/new/")
    game, teams, scheme = (page.locator(f"#id_{n}") for n in ("game", "teams", "scheme"))
    game.select_option("klaverjassen")
    expect(teams).to_have_value("drawn")
    expect(scheme).to_have_value("game")
    game.select_option("duizenden")
    expect(teams).to_have_value("none")
    expect(scheme).to_have_value("rank")
    game.select_option("keezen")
    expect(teams).to_have_value("drawn")
    teams.select_option("fixed")
    game.select_option("klaverjassen")
    expect(teams).to_have_value("fixed")  # chosen by the director: kept
    expect(scheme).to_have_value("game")


def test_at_time_the_clock_drops_its_pause_button(make_page, site, two_clubs):
    """A running round clock with seconds left: the page shows "Pauzeren"; when the
    browser's countdown reaches "Tijd!", the button is gone (minutes can still be added)."""
    round_ = two_clubs.evening.round
    page: Page = make_page()
    log_in(page, site, "director")
    minutes = round_.tournament.round_minutes
    started = timezone.now() - datetime.timedelta(seconds=minutes * 60 - LEFT)
    Round.objects.filter(pk=round_.pk).update(clock_started_at=started, clock_running_since=started)
    page.goto(f"{site}/c/rooi/tournaments/{round_.tournament_id}/rounds/{round_.number}/")
    clock = page.locator("#round-clock")
    pause = clock.get_by_role("button", name="Pauzeren")
    expect(pause).to_be_visible()
    expect(clock.locator(".clock-time")).to_have_text("Tijd!", timeout=(LEFT + 10) * 1000)
    expect(pause).to_have_count(0)
    expect(clock.get_by_role("button", name="+5 min")).to_be_visible()
