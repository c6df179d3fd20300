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
