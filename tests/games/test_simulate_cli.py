"""python -m games.simulate: whole games by random legal moves, with a summary."""

import io
import json
import subprocess
import sys

import pytest

from games import cases, registry
from games.simulate import main


@pytest.mark.parametrize("game", registry.available())
def test_simulate_prints_one_line_per_game_and_a_summary(game, tmp_path):
    out, err = io.StringIO(), io.StringIO()
    log = tmp_path / "log.json"
    assert main([game, "--games", "3", "--seed", "7", "--log", str(log)], out, err) == 0, err
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["seed"] for line in lines[:3]] == [7, 8, 9]
    summary = lines[-1]["summary"]
    assert summary["games"] == 3
    assert summary["decisions"] == sum(line["decisions"] for line in lines[:3]) > 0
    assert sum(summary["wins"].values()) == 3
    # The written log is the last game's replay case, and it replays as legal.
    verdict = cases.judge(json.loads(log.read_text()))
    assert verdict["legal"], verdict["violations"][:3]


def test_the_same_seed_plays_the_same_game():
    game = registry.available()[0]
    runs = []
    for _ in range(2):
        out = io.StringIO()
        main([game, "--games", "2", "--seed", "11", "--quiet"], out, io.StringIO())
        runs.append(json.loads(out.getvalue())["summary"])
    assert runs[0]["decisions"] == runs[1]["decisions"]
    assert runs[0]["wins"] == runs[1]["wins"]


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["poker"], "game"),
        (["meino", "--players", "9"], "--players"),
        (["meino", "--option", "nope=1"], "--option.nope"),
        (["meino", "--games", "0"], "--games"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(argv, field):
    err = io.StringIO()
    assert main(argv, io.StringIO(), err) == 2
    assert err.getvalue().count("\n") == 1
    assert f" {field}: " in err.getvalue()


def test_runs_as_a_module():
    run = subprocess.run(
        [sys.executable, "-m", "games.simulate", "meino", "--games", "1", "--quiet"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["summary"]["game"] == "meino"
    bad = subprocess.run([sys.executable, "-m", "games.simulate", "meino", "--games", "x"],
                         capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr
