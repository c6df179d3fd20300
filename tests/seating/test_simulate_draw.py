"""`python manage.py simulate_draw`: one JSON line; bad options exit 2 with one line."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


def simulate_draw(*args):
    return subprocess.run(
        [sys.executable, "manage.py", "simulate_draw", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


@pytest.mark.parametrize("players", ["16", "32"])
def test_prints_one_json_line_with_the_three_keys(players):
    rounds = {"16": "5", "32": "8"}[players]
    run = simulate_draw("--players", players, "--table-size", "4", "--rounds", rounds)
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("\n") == 1
    result = json.loads(run.stdout)
    assert set(result) == {"pairs_repeated", "max_shared", "seconds"}
    assert result["pairs_repeated"] == 0  # the targets
    assert result["max_shared"] == 1
    assert isinstance(result["seconds"], float)


def test_counts_the_repeats_it_could_not_avoid():
    # 16 in fours: after five rounds everyone has met, so round six repeats 24 pairs.
    run = simulate_draw("--players", "16", "--table-size", "4", "--rounds", "6", "--seed", "3")
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert (result["pairs_repeated"], result["max_shared"]) == (24, 2)


def test_sizes_allows_other_tables():
    # 17 in fours: four tables and a bye, two rounds without repeats. With tables of 3-5
    # everyone plays (4, 4, 4, 5), and the table of five in round two cannot avoid a pair
    # from round one: there were only four tables.
    base = ["--players", "17", "--table-size", "4", "--rounds", "2"]
    alone, mixed = simulate_draw(*base), simulate_draw(*base, "--sizes", "3,4,5")
    assert json.loads(alone.stdout)["pairs_repeated"] == 0
    assert json.loads(mixed.stdout)["pairs_repeated"] == 1


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["--players", "1", "--table-size", "4", "--rounds", "5"], "--players"),
        (["--players", "3", "--table-size", "4", "--rounds", "5"], "--players"),
        (["--players", "many", "--table-size", "4", "--rounds", "5"], "--players"),
        (["--players", "8", "--table-size", "1", "--rounds", "5"], "--table-size"),
        (["--players", "8", "--table-size", "4", "--rounds", "0"], "--rounds"),
        (["--players", "8", "--table-size", "4"], "--rounds"),
        (["--players", "8", "--table-size", "4", "--rounds", "2", "--sizes", "3,5"], "--sizes"),
        (["--players", "8", "--table-size", "4", "--rounds", "2", "--sizes", "4,x"], "--sizes"),
        (["--players", "8", "--table-size", "4", "--rounds", "2", "--seed", "s"], "--seed"),
    ],
)
def test_bad_options_exit_2_with_one_line_naming_the_option(args, option):
    run = simulate_draw(*args)
    assert run.returncode == 2
    assert run.stdout == ""
    assert len(run.stderr.splitlines()) == 1
    assert option in run.stderr
    assert "Traceback" not in run.stderr
