"""Every action a club's log can hold reads in words: each `action="..."` logged by the
apps has a label (the log page shows the raw code otherwise)."""

import re
from pathlib import Path

from clubs.tables import ACTION_LABELS

ROOT = Path(__file__).resolve().parents[2]
APPS = ("clubs", "tournaments", "disputes", "scoring", "printing", "backups", "venue")
APPS += ("evenings",)  # the round's lifecycle (issue 40)
LOGGED = re.compile(r'\baction="([a-z_]+\.[a-z_]+)"')
# Written to the site's own log (backups.models.SiteAction), not to a club's.
SITE_LEVEL = {"club.deleted", "club.imported"}


def logged_actions() -> set[str]:
    found = set()
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" not in path.parts:
                found |= set(LOGGED.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_logged_action_has_a_label():
    actions = logged_actions()
    assert {"table.link_renewed", "club.exported", "season.created"} <= actions
    assert len(actions) > 15  # the search itself works
    assert sorted(actions - SITE_LEVEL - set(ACTION_LABELS)) == []


def test_a_confirmations_device_flag_reads_in_words():
    """result.confirmed logs `same_device` (why entry and confirmation look like one
    device's): the log names it and its reasons in words, not as codes."""
    from django.utils import translation

    from clubs.tables import ActionLogTable

    table = ActionLogTable([])
    with translation.override("en"):
        flagged = table.render_data({"via": "table", "same_device": "session,address"})
        clear = table.render_data({"via": "table", "same_device": ""})
    assert "same_device" not in flagged
    assert (
        "looks like one device: <code>the same browser session, "
        "the same network address and browser</code>"
    ) in flagged
    assert "looks like one device: <code>no</code>" in clear
    with translation.override("nl"):
        assert "lijkt één apparaat" in table.render_data({"same_device": "phone"})
