"""The director's result pages (issue 37, part 5): a correction shows what it changed,
old against new, in the table's history and in the log."""

from __future__ import annotations

from django.test import Client
from django.utils import translation
from django.utils.html import escape

from clubs.models import ActionLog
from games import registry
from games.meierijen.results import MAX_ROUNDS, MOST_ROUND
from scoring.entries import EMPTY, entry_changes
from scoring.models import ResultEntry

from ..conftest import client_for
from ..translated import dutch
from .helpers import Case, as_post, detailed, game_table, page_html, summary

Status = ResultEntry.Status

MINUS_SIX = summary(True, {"rounds": 2, "minus": 6}, {"rounds": 0, "minus": 14})
MINUS_FIVE = summary(True, {"rounds": 2, "minus": 5}, {"rounds": 0, "minus": 14})


def meierijen_table(club, entry):
    return game_table(club, Case("meierijen", 2, "none", entry, []))


def enter_and_correct(director, table, before, after, note="Strafpunten verkeerd geteld"):
    """`before` entered and confirmed at the table (its two players), then corrected to
    `after` by the director."""
    player, other = table.entries
    entered = Client().post(table.link, as_post(before, table.version, player=str(player.pk)))
    assert entered.status_code == 302
    first = ResultEntry.objects.get(table=table.table)
    Client().post(
        table.link,
        {"action": "confirm", "player": other.pk, "result": first.pk, "version": table.version},
    )
    first.refresh_from_db()
    assert first.status == Status.CONFIRMED
    response = director.post(table.page, as_post(after, table.version, note=note))
    assert response.status_code == 302, page_html(response)
    return first, ResultEntry.objects.get(table=table.table, status=Status.CONFIRMED)


def test_a_correction_of_minus_points_shows_them_old_against_new(two_clubs):
    """Minus points 6 -> 5 with the rounds won the same: the scores of both rows are
    alike, the history says what changed."""
    table = meierijen_table(two_clubs.a, MINUS_SIX)
    director = client_for(two_clubs.director)
    first, correction = enter_and_correct(director, table, MINUS_SIX, MINUS_FIVE)
    assert correction.replaces == first
    assert first.outcome["sides"][0]["score"] == correction.outcome["sides"][0]["score"]

    state = director.get(table.page).context["state"]
    newest, oldest = state.history
    where = f"{table.entries[0].name}: {dutch('Minus points')}"
    assert [(c.where, c.old, c.new) for c in newest.changes] == [(where, "6", "5")]
    assert oldest.changes == []  # the first entry corrects nothing
    html = page_html(director.get(table.page))
    assert f"{escape(where)}: <del>6</del> → <ins>5</ins>" in html


def test_the_log_of_a_correction_names_the_changed_values(two_clubs):
    table = meierijen_table(two_clubs.a, MINUS_SIX)
    director = client_for(two_clubs.director)
    enter_and_correct(director, table, MINUS_SIX, MINUS_FIVE)
    log = ActionLog.objects.get(action="result.corrected")
    where = f"{table.entries[0].name}: {dutch('Minus points')}"
    assert log.data["changes"] == {where: ["6", "5"]}
    # The club's log page shows it.
    page = client_for(two_clubs.admin).get(f"/c/{two_clubs.a.slug}/log/")
    assert f"{escape(where)}: 6 → 5" in page_html(page)


def test_a_detailed_correction_names_the_deal(two_clubs):
    rounds = [
        {"first": None, "sides": [{"minus": 5}, {"minus": 12}]},
        {"first": 1, "sides": [{"minus": 3}, {"minus": 9}]},
    ]
    before = detailed(True, *rounds)
    after = detailed(True, rounds[0], {"first": 1, "sides": [{"minus": 4}, {"minus": 9}]})
    table = game_table(two_clubs.a, Case("meierijen", 2, "none", before, []))
    director = client_for(two_clubs.director)
    enter_and_correct(director, table, before, after)
    newest = director.get(table.page).context["state"].history[0]
    deal = dutch("Deal")
    where = f"{deal} 2, {table.entries[0].name}: {dutch('Minus points')}"
    assert [(c.where, c.old, c.new) for c in newest.changes] == [(where, "3", "4")]


def test_what_changed_between_two_entries_of_a_table():
    """scoring.entries.entry_changes: a deal added or dropped, the game's end, and an
    entry made another way (the values do not compare: that alone is said)."""
    layout = registry.get("meierijen").results.layout
    names = ["Ann", "Bas"]
    one = {"first": None, "sides": [{"minus": 5}, {"minus": 12}]}
    two = {"first": 1, "sides": [{"minus": 3}, {"minus": 3}]}
    with translation.override("en"):
        added = entry_changes(detailed(False, one), detailed(True, one, two), layout, names)
        assert [(c.where, c.old, c.new) for c in added] == [
            ("Deal 2, Ann: Minus points", EMPTY, "3"),
            ("Deal 2, Bas: Minus points", EMPTY, "3"),
            ("Deal 2, Emptied the draw pile first", EMPTY, "Bas"),
            ("finished", "no", "yes"),
        ]
        dropped = entry_changes(detailed(True, one, two), detailed(False, one), layout, names)
        assert [c.new for c in dropped] == [EMPTY, EMPTY, EMPTY, "no"]
        other_way = entry_changes(detailed(True, one, two), MINUS_SIX, layout, names)
        assert [(c.where, c.old, c.new) for c in other_way] == [
            ("results are entered", "deal by deal", "final scores")
        ]
        assert entry_changes(MINUS_SIX, MINUS_SIX, layout, names) == []


# --- MeieRijen's refusals: the evening's options, and all at once ------------------------------


def test_a_two_two_on_an_evening_without_a_third_round_cites_no_third_round(two_clubs):
    table = meierijen_table(two_clubs.a, MINUS_SIX)
    assert table.tournament.options["third_round"] is False
    entry = summary(True, {"rounds": 2, "minus": 6}, {"rounds": 2, "minus": 14})
    response = client_for(two_clubs.director).post(table.page, as_post(entry, table.version))
    assert response.status_code == 200
    errors = [str(e) for e in response.context["form"].non_field_errors()]
    expected = dutch(
        "No match ends %(first)s-%(second)s: this evening plays no third round, so a match "
        "ends after two rounds, 2-0, 1-1 or 0-2 (MR-13).",
        first=2,
        second=2,
    )
    assert errors == [expected]
    third = dutch(
        "No match ends %(first)s-%(second)s: it is decided after two rounds, or after a "
        "third one with a 1-1 (MR-13).",
        first=2,
        second=2,
    )
    assert third not in page_html(response)


def test_a_number_out_of_bounds_and_a_broken_rule_are_shown_at_once(two_clubs):
    """Rounds won 2-2 and minus points over the form's bound: both messages on top and
    each at its cell, in one answer; nothing is saved."""
    table = meierijen_table(two_clubs.a, MINUS_SIX)
    most = MAX_ROUNDS * MOST_ROUND
    entry = summary(True, {"rounds": 2, "minus": most + 1}, {"rounds": 2, "minus": 14})
    response = client_for(two_clubs.director).post(table.page, as_post(entry, table.version))
    assert response.status_code == 200
    form = response.context["form"]
    bound = dutch("Enter at most %(maximum)s.", maximum=most)
    rule = dutch(
        "No match ends %(first)s-%(second)s: this evening plays no third round, so a match "
        "ends after two rounds, 2-0, 1-1 or 0-2 (MR-13).",
        first=2,
        second=2,
    )
    assert [str(e) for e in form.non_field_errors()] == [bound, rule]
    assert form.errors["t_s0_minus"] == [bound]
    assert not ResultEntry.objects.exists()
