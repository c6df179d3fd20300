"""Rows kept during the game (issue 41): a table saves the rows entered so far ("Save rows
so far", action "draft") without submitting a result; they come back on any phone of the
table with each side's running total; they are no result (no confirmation, no standings,
the table stays open); whoever may not enter the table's result may not save them; the
result's submission clears them; a repeat of the same POST changes nothing twice. And a
field with a complement (games.results.Field.complement) filled in on the server."""

from __future__ import annotations

import re
import uuid
from dataclasses import replace

import pytest
from django.core.exceptions import ValidationError
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client
from django.utils.html import escape

import games.meierijen
from clubs.idempotency import FIELD
from clubs.models import ActionLog
from games import registry
from scoring import services
from scoring.actors import Actor
from scoring.models import ResultDraft, ResultEntry
from scoring.selectors import load_table, round_tables, tournament_board

from ..conftest import client_for
from ..factories import EntryFactory, TournamentFactory
from ..translated import dutch
from .helpers import CASES, as_post, deal, detailed, game_table, page_html

#: Duizenden at a table of four, deal by deal: two deals, nobody at 1000 yet.
TWO_DEALS = detailed(False, deal(120, 35, -15, 60), deal(-20, 85, 40, 5))
ALL = detailed(False, deal(120, 35, -15, 60), deal(-20, 85, 40, 5), deal(10, 10, 10, 10))
SAVED = (
    "The rows so far are saved. They are not a result yet: when the game is over, save the result."
)
CELL = re.compile(r'<input[^>]*name="(r\d+_s\d+_\w+)"[^>]*>')
VALUE = re.compile(r'value="([^"]*)"')
RUNNING = re.compile(r'<td class="running-cell"[^>]*>(.*?)</td>', re.S)
NOW = re.compile(r'<p class="running-now"[^>]*>(.*?)</p>', re.S)


@pytest.fixture
def table(two_clubs):
    """A Duizenden table of four in club A, results entered deal by deal."""
    return game_table(two_clubs.a, CASES[0])


def keep(table, entry, player: int = 0, *, follow: bool = False):
    """Post "Save rows so far" at the table's link as `player`."""
    data = as_post(
        entry,
        table.version,
        player=str(table.entries[player].pk),
        action="draft",
        draft=str(draft_version(table)),
    )
    return Client().post(table.link, data, follow=follow)


def draft_version(table) -> int:
    draft = ResultDraft.objects.filter(table=table.table).first()
    return draft.version if draft else 0


def cells(html: str) -> dict[str, str]:
    """The form's per-side cells with a value: name -> value."""
    found = {}
    for tag in CELL.finditer(html):
        value = VALUE.search(tag.group(0))
        if value and value.group(1):
            found[tag.group(1)] = value.group(1)
    return found


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def at_table(table, player: int) -> str:
    return page_html(Client().get(f"{table.link}?player={table.entries[player].pk}"))


# --- kept, and shown again -----------------------------------------------------------------


def test_rows_saved_come_back_on_another_phone_with_running_totals(table):
    response = keep(table, TWO_DEALS, follow=True)
    assert response.status_code == 200
    assert escape(dutch(SAVED)) in page_html(response)
    # Another phone of the table, another player: the rows are there, with the totals.
    html = at_table(table, 1)
    assert cells(html) == {
        "r0_s0_points": "120", "r0_s1_points": "35", "r0_s2_points": "-15", "r0_s3_points": "60",
        "r1_s0_points": "-20", "r1_s1_points": "85", "r1_s2_points": "40", "r1_s3_points": "5",
    }  # fmt: skip
    names = load_table(table.table.pk).names
    running = [text(cell) for cell in RUNNING.findall(html)]
    assert running[:2] == [
        " ".join(f"{name} {total}" for name, total in zip(names, totals, strict=True))
        for totals in ((120, 35, -15, 60), (100, 120, 25, 65))
    ]
    assert all(cell == "" for cell in running[2:])  # the blank rows to come
    now = text(NOW.search(html).group(1)).replace(" :", ":")
    assert now.startswith(f"{dutch('Totals')} ({dutch('Deal')} 2):")
    assert all(
        f"{name} {total}" in now for name, total in zip(names, (100, 120, 25, 65), strict=True)
    )


def test_the_director_sees_the_rows_kept_and_may_keep_rows(table, two_clubs):
    keep(table, TWO_DEALS)
    director = client_for(two_clubs.director)
    assert cells(page_html(director.get(table.page)))["r1_s1_points"] == "85"
    data = as_post(ALL, table.version, action="draft", draft=str(draft_version(table)))
    assert director.post(table.page, data).status_code == 302
    draft = ResultDraft.objects.get(table=table.table)
    assert len(draft.rows) == 3
    assert draft.totals[-1] == [110, 130, 35, 75]
    assert draft.saved_by_name == two_clubs.director.get_username()


def test_rows_kept_are_no_result(table):
    version = table.version
    before = tournament_board(table.tournament)
    keep(table, TWO_DEALS)
    assert ResultEntry.objects.count() == 0
    assert table.version == version  # the table's result did not change
    after = tournament_board(table.tournament)
    assert (after.lines, after.provisional) == (before.lines, before.provisional)
    assert after.open_tables == 1
    assert [row.status for row in round_tables(table.table.round)] == ["none"]
    assert not ActionLog.objects.filter(action__startswith="result.").exists()
    # Nobody is asked to confirm anything: the table waits for its result.
    assert 'data-state="nobody"' in at_table(table, 1)
    assert 'value="confirm"' not in at_table(table, 1)


@pytest.mark.parametrize(
    ("data", "totals"),
    [
        ({"mode": "detailed", "finished": False, "rows": 5}, [[1, 2]]),
        ({"mode": "detailed", "finished": False, "rows": ["x", {"sides": 3}]}, "x"),
        ({"mode": "detailed", "finished": False,
          "rows": [{"sides": ["a", {"points": 7}, None, 5, 6]}]}, [[1, "2", 3, None], 4]),
    ],
)  # fmt: skip
def test_rows_kept_of_another_shape_show_a_blank_form_not_an_error(table, data, totals):
    """An edited archive may hold rows no form made: the page still opens, the cells a
    form could not have filled are blank, and rows can be kept again."""
    ResultDraft.objects.create(table=table.table, data=data, totals=totals, version=3)
    response = Client().get(f"{table.link}?player={table.entries[0].pk}")
    assert response.status_code == 200
    html = page_html(response)
    assert set(cells(html)) <= {"r0_s1_points"}
    assert not RUNNING.findall(html) or all(text(c) == "" for c in RUNNING.findall(html))


def test_the_cells_are_checked_and_refusals_shown_there(table):
    bad = detailed(False, deal(120, 33, -15, 60), deal(500, 500, 500, 500))
    response = keep(table, bad)
    assert response.status_code == 200
    html = page_html(response)
    assert escape(dutch("Enter a multiple of %(step)s.", step=5)) in html
    assert 'class="row-error"' in html  # DZ-11 at its row: more points than the decks hold
    assert "r0_s1_points" in html and "rows[" not in html  # no field path shown
    assert not ResultDraft.objects.filter(table=table.table).exists()


def test_a_row_not_complete_yet_is_kept_unjudged(table):
    half = detailed(False, deal(120, 35, -15, 60), {"sides": [{"points": 10}, {}, {}, {}]})
    assert keep(table, half).status_code == 302
    draft = ResultDraft.objects.get(table=table.table)
    assert len(draft.rows) == 2
    assert draft.totals == [[120, 35, -15, 60]]  # only the complete row scored


def test_a_form_shown_before_another_phone_saved_is_told_so(table):
    stale = draft_version(table)
    keep(table, TWO_DEALS, player=0)
    data = as_post(ALL, table.version, player=str(table.entries[1].pk), action="draft")
    response = Client().post(table.link, {**data, "draft": str(stale)})
    assert response.status_code == 200
    assert escape(dutch(
        "Another phone at this table saved the rows a moment ago. Check the rows shown "
        "here: saving again replaces those with these."
    )) in page_html(response)  # fmt: skip
    assert len(ResultDraft.objects.get(table=table.table).rows) == 2


# --- who may -------------------------------------------------------------------------------


def test_only_who_may_enter_the_result_may_keep_rows(table, two_clubs):
    outsider = EntryFactory(tournament=table.tournament)
    with pytest.raises(ValidationError) as refused:
        services.result_draft_save(
            table=table.table,
            data=TWO_DEALS,
            version=table.version,
            draft_version=0,
            actor=Actor(entry=outsider),
        )
    assert refused.value.messages == [
        dutch("Only a director or a player of this table can save its rows.")
    ]
    # The table's link knows only its own players: nothing is kept for anyone else.
    data = as_post(TWO_DEALS, table.version, player=str(outsider.pk), action="draft", draft="0")
    assert Client().post(table.link, data).status_code == 200
    # Nor from the director's page without a director's login.
    data = as_post(TWO_DEALS, table.version, action="draft", draft="0")
    for who in (None, two_clubs.player, two_clubs.other_director):
        client = client_for(who) if who is not None else Client()
        assert client.post(table.page, data).status_code in (302, 403, 404), who
    assert not ResultDraft.objects.exists()


def test_rows_cannot_be_kept_in_another_clubs_tournament(table, two_clubs):
    other = TournamentFactory(club=two_clubs.b)
    player = EntryFactory(tournament=other)
    with pytest.raises(ValidationError):
        services.result_draft_save(
            table=table.table,
            data=TWO_DEALS,
            version=table.version,
            draft_version=0,
            actor=Actor(entry=player),
        )
    assert not ResultDraft.objects.exists()


# --- the result clears them ----------------------------------------------------------------


def test_submitting_the_result_clears_the_rows_kept(table):
    keep(table, TWO_DEALS)
    data = as_post(TWO_DEALS, table.version, player=str(table.entries[0].pk))
    assert Client().post(table.link, data).status_code == 302
    draft = ResultDraft.objects.get(table=table.table)
    assert (draft.data, draft.rows, draft.totals) == (None, [], [])
    # The other side sees the entered result to confirm, and an empty form, not the rows.
    html = at_table(table, 1)
    assert 'value="confirm"' in html
    assert cells(html) == {}
    assert "rows-kept" not in html


def test_a_repeat_of_the_same_post_keeps_the_rows_once(table):
    """The wifi dropped before the answer came: the phone sends the same form again (the
    same idempotency key, the same browser) and gets the first answer back."""
    secret = _get_new_csrf_string()
    data = {
        **as_post(
            TWO_DEALS,
            table.version,
            player=str(table.entries[0].pk),
            action="draft",
            draft=str(draft_version(table)),
        ),
        FIELD: str(uuid.uuid4()),
    }

    def send():
        client = Client()
        client.cookies["csrftoken"] = secret
        return client.post(table.link, data)

    first, again = send(), send()
    assert (first.status_code, again.status_code) == (302, 302)
    assert again["Idempotent-Replayed"] == "true"
    assert draft_version(table) == 1  # saved once, not refused as stale the second time
    assert ResultDraft.objects.count() == 1


# --- bad posts -----------------------------------------------------------------------------


def test_a_malformed_draft_post_is_a_400(table, two_clubs):
    player = str(table.entries[0].pk)
    for draft in (None, "", "x"):
        data = as_post(TWO_DEALS, table.version, player=player, action="draft")
        if draft is not None:
            data["draft"] = draft
        assert Client().post(table.link, data).status_code == 400
    data = as_post(TWO_DEALS, table.version, player=player, action="draft", draft="0")
    del data["version"]
    assert Client().post(table.link, data).status_code == 400
    # A tournament of final scores keeps no rows.
    summary_table = game_table(two_clubs.a, CASES[1])
    data = as_post(CASES[1].entry, summary_table.version, action="draft", draft="0",
                   player=str(summary_table.entries[0].pk))  # fmt: skip
    assert Client().post(summary_table.link, data).status_code == 400
    assert not ResultDraft.objects.exists()


# --- a complement --------------------------------------------------------------------------


@pytest.fixture
def complement(monkeypatch):
    """MeieRijen's minus points as if the two sides' always summed to 17."""
    spec = games.meierijen.GAME
    layout = spec.results.layout
    fields = tuple(replace(f, complement=17) if f.name == "minus" else f for f in layout.row_fields)
    results = replace(spec.results, layout=replace(layout, row_fields=fields))
    monkeypatch.setattr(games.meierijen, "GAME", replace(spec, results=results))
    registry.get.cache_clear()
    yield
    monkeypatch.undo()
    registry.get.cache_clear()


def test_the_other_sides_value_is_filled_in_and_saved(two_clubs, complement):
    table = game_table(two_clubs.a, CASES[2])  # MeieRijen, two players
    html = at_table(table, 0)
    assert re.search(r'name="r0_s0_minus"[^>]*data-complement="17"[^>]*data-pair="r0_s1_minus"',
                     html)  # fmt: skip
    assert "troef/complement" in html
    one_side = {"first": None, "sides": [{"minus": 5}, {"minus": None}]}
    other_side = {"first": None, "sides": [{"minus": None}, {"minus": 3}]}
    assert keep(table, detailed(False, one_side)).status_code == 302
    draft = ResultDraft.objects.get(table=table.table)
    assert draft.rows[0]["sides"] == [{"minus": 5}, {"minus": 12}]
    data = as_post(detailed(True, one_side, other_side), table.version,
                   player=str(table.entries[0].pk))  # fmt: skip
    assert Client().post(table.link, data).status_code == 302
    result = ResultEntry.objects.get(table=table.table)
    assert [row["sides"] for row in result.data["rows"]] == [
        [{"minus": 5}, {"minus": 12}],
        [{"minus": 14}, {"minus": 3}],
    ]


def test_no_complement_cells_without_one(table):
    html = at_table(table, 0)
    assert "data-complement" not in html
    assert "troef/complement" not in html
