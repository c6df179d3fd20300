"""The log's words have one owner each (clubs.log_labels): every app registers its own
when it loads, and a word registered by a second app is refused at start-up."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from clubs import log_labels
from clubs.tables import ACTION_LABELS


def test_each_app_registered_its_own_words_when_it_loaded():
    assert log_labels.owner("action", "result.confirmed") == "scoring"
    assert log_labels.owner("action", "dispute.saved") == "disputes"
    assert log_labels.owner("action", "print.requested") == "printing"
    assert log_labels.owner("action", "club.exported") == "backups"
    assert log_labels.owner("action", "member.added") == "clubs"
    assert "print.requested" in ACTION_LABELS  # the table reads what the apps registered


def test_a_word_of_another_app_is_refused_and_nothing_of_the_call_is_kept():
    before = dict(ACTION_LABELS)
    with pytest.raises(ImproperlyConfigured, match=r"'result\.confirmed' is scoring's"):
        log_labels.register(
            "printing", actions={"print.other": "x", "result.confirmed": "taken over"}
        )
    assert dict(ACTION_LABELS) == before
    assert log_labels.owner("action", "print.other") is None
    # The same app registering again (its ready run twice) is no fault.
    log_labels.register("disputes", actions={"dispute.saved": ACTION_LABELS["dispute.saved"]})


def test_each_app_says_which_of_its_actions_a_director_reads():
    """The evenings' actions (seasons, tournaments, check-in, the draw, results, table
    links, disputes, printing) are the directors'; the club's own and its exports are the
    admins'. An app that forgets to say so hides its entries from the directors."""
    evenings = ("season.", "tournament.", "entry.", "team.", "round.", "seats.", "clock.")
    evenings += ("result.", "table.", "player.", "dispute.", "print.")
    assert {a for a in ACTION_LABELS if a.startswith(evenings)} == log_labels.EVENING_ACTIONS
    assert log_labels.owner("action", "round.drawn") == "evenings"
    assert log_labels.owner("action", "entry.added") == "tournaments"
    assert "club.exported" not in log_labels.EVENING_ACTIONS
    assert "member.added" not in log_labels.EVENING_ACTIONS
