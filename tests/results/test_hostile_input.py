"""Input found to go wrong over real HTTP (results): a player whose entry lost the race
against a confirmation saw no word about it; a long detailed form (Miezemauzen, five
players) grew past what Django accepts in one POST, so "Save" answered a bare 400 and the
entry was lost."""

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from games import registry
from scoring import services as scoring
from scoring.actors import Actor
from scoring.forms import ResultForm
from scoring.services import ResultConflictError

from .helpers import as_post, game_table, page_html, summary

AHEAD = summary(False, {"total": 455}, {"total": 310}, {"total": 205}, {"total": -40})
OTHER = summary(False, {"total": 450}, {"total": 310}, {"total": 205}, {"total": -40})
#: What a result form posts besides its own fields: csrf token, version, rows, player,
#: action.
POSTED_BESIDES = 5


def test_an_entry_that_lost_to_a_confirmation_is_told_why(two_clubs):
    table = game_table(two_clubs.a)
    version = table.version  # the last player's form was shown now
    first = scoring.result_submit(
        table=table.table, data=AHEAD, version=version, actor=Actor(entry=table.entries[0])
    )
    scoring.result_confirm(result=first, version=table.version, actor=Actor(entry=table.entries[1]))
    late = table.entries[3]
    response = Client().post(table.link, as_post(OTHER, version, player=str(late.pk)))
    assert response.status_code == 200
    with translation.override("nl"):
        assert ResultConflictError().message in page_html(response)
    assert table.table.results.count() == 1


def detailed_layouts() -> list:
    """Every game with a detailed form, at every number of sides, with every optional
    column of the game shown (the longest rows its options can make)."""
    return [
        pytest.param(spec.results.layout, sides, id=f"{spec.name}-{sides}")
        for spec in registry.games()
        if "detailed" in spec.results.layout.modes
        for sides in spec.results.sides
    ]


@pytest.mark.parametrize(("layout", "sides"), detailed_layouts())
def test_a_detailed_form_never_grows_past_what_one_post_may_hold(layout, sides):
    names = [f"Speler {side}" for side in range(sides)]
    form = ResultForm({"rows": "100000"}, layout=layout, mode="detailed", side_names=names)
    assert not form.can_grow  # grown as far as it goes
    assert len(form.fields) + POSTED_BESIDES <= settings.DATA_UPLOAD_MAX_NUMBER_FIELDS


def test_the_longest_miezemauzen_form_can_be_saved(two_clubs):
    table = game_table(
        two_clubs.a, game="miezemauzen", table_size=5, entering="detailed", options={}
    )
    player = str(table.entries[0].pk)
    more = {"player": player, "version": table.version, "action": "more", "rows": "100000"}
    grown = Client().post(table.link, more)
    form = grown.context["form"]
    assert not form.can_grow
    # What a browser sends: every cell (empty), unticked boxes left out.
    cells = {
        name: "" for name, field in form.fields.items() if field.widget.input_type != "checkbox"
    }
    response = Client().post(
        table.link,
        {**cells, "player": player, "version": table.version, "rows": form.rows, "action": "enter"},
    )
    assert response.status_code == 200  # the game's "at least one row", not a bare 400
    assert response.context["form"].errors
