"""The other way a site names its own games: the TROEF_EXTRA_GAMES environment variable
(config/settings.py), read when manage.py starts. A package that is no game stops it
with one line naming the variable."""

from __future__ import annotations

import json

from ..deployment.test_settings import manage
from . import GAME

PACKAGE = __name__.rpartition(".")[0]


def test_the_variable_plays_the_game_in_the_commands(tmp_path):
    case = {"game": GAME.name, "check": "guess", "shown": 13, "guess": "higher"}
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case))
    result = manage("check_hand", str(path), env={"TROEF_EXTRA_GAMES": PACKAGE}, tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    verdict = json.loads(result.stdout)
    assert verdict["legal"] is False
    assert [v["rule"] for v in verdict["violations"]] == ["HL-2"]


def test_a_package_that_is_no_game_stops_with_one_line(tmp_path):
    result = manage("check", env={"TROEF_EXTRA_GAMES": "tests.no_such_game"}, tmp_path=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "troef: TROEF_EXTRA_GAMES is not usable: tests.no_such_game is no game package: "
        "No module named 'tests.no_such_game'"
    ]
