"""`python manage.py check_hand` and `POST /api/check-hand`, exactly as CASES.md says."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from benchmarks.engines import CORPUS
from games import cases

ROOT = Path(__file__).resolve().parents[2]
ROUND = {"game": "meino", "check": "round_score", "hands": {"Ann": [], "Bas": ["R5", "JOKER"]}}
BAD_POINTS = {"game": "miezemauzen", "check": "settlement", "points": {"Ann": "zero", "Bas": 2}}


def check_hand(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "manage.py", "check_hand", *args],
        cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip


@pytest.fixture
def files(tmp_path):
    def write(name, content):
        path = tmp_path / name
        path.write_text(content if isinstance(content, str) else json.dumps(content))
        return str(path)

    return write


def test_one_file_prints_one_verdict(files):
    run = check_hand(files("round.json", ROUND))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == cases.judge(ROUND)
    assert json.loads(run.stdout)["result"]["points"] == {"Ann": 0, "Bas": 55}
    assert run.stderr == ""


def test_standard_input():
    run = check_hand("-", stdin=json.dumps(ROUND))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["result"]["winner"] == "Ann"


def test_an_illegal_case_is_judged_with_status_0(files):
    case = {"game": "meino", "check": "play", "top": "W", "colour": "R",
            "hand": ["W+4", "B5"], "card": "W+4", "wish": "G"}  # fmt: skip
    run = check_hand(files("wish.json", case))
    assert run.returncode == 0
    out = json.loads(run.stdout)
    assert out["legal"] is False
    assert "ME-9" in {v["rule"] for v in out["violations"]}


def test_bad_case_exits_2_with_one_line_naming_the_field(files):
    run = check_hand(files("bad.json", BAD_POINTS))
    assert run.returncode == 2
    assert run.stdout == ""
    assert len(run.stderr.splitlines()) == 1
    assert "points.Ann" in run.stderr
    assert "Traceback" not in run.stderr


def test_several_files_give_json_lines_in_order(files):
    names = [files("a.json", ROUND), files("b.json", "{not json"), files("c.json", CORPUS[-1])]
    run = check_hand(*names, str(Path(names[0]).parent / "missing.json"))
    assert run.returncode == 2
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(lines) == 4
    assert lines[0] == cases.judge(ROUND)
    assert "not valid JSON" in lines[1]["error"]
    assert lines[2] == cases.judge(CORPUS[-1])
    assert "cannot read" in lines[3]["error"]
    assert "Traceback" not in run.stderr


def test_no_file_is_a_usage_error_of_one_line():
    run = check_hand()
    assert run.returncode == 2
    assert len(run.stderr.splitlines()) == 1
    assert "FILE" in run.stderr


def shell(command):
    bash = shutil.which("bash")
    return subprocess.run([bash, "-c", command], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, check=False)  # fmt: skip


def test_closed_standard_input_and_output_give_one_line(files):
    name = files("round.json", ROUND)
    python = f"{sys.executable} manage.py check_hand"
    run = shell(f"{python} {name} <&-")  # stdin closed, but not needed
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["legal"] is True
    run = shell(f"{python} - <&-")
    assert run.returncode == 2
    assert run.stderr == "check_hand: file: standard input is closed\n"
    run = shell(f"{python} {name} >&-")
    assert run.returncode == 2
    assert run.stderr.splitlines() == ["check_hand: standard output is closed"]


def test_a_closed_pipe_is_no_traceback(files):
    names = " ".join(files(f"{n}.json", ROUND) for n in range(3))
    run = shell(
        f"{sys.executable} manage.py check_hand {names} | head -c 0; exit ${{PIPESTATUS[0]}}"
    )
    assert "Traceback" not in run.stderr
    assert run.returncode in (0, 2)


# --- POST /api/check-hand ---------------------------------------------------------------

URL = "/api/check-hand"


def post(body, **extra):
    client = Client(enforce_csrf_checks=True)  # no CSRF token needed: a tool's endpoint
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(URL, data, content_type="application/json", **extra)


@pytest.mark.django_db
@pytest.mark.parametrize("case", CORPUS, ids=lambda c: f"{c['game']}-{c['check']}")
def test_api_gives_the_same_verdict_as_the_command(case):
    response = post(case)
    assert response.status_code == 200, response.content
    assert response.json() == json.loads(cases.dumps(cases.judge(case)))


@pytest.mark.django_db
def test_api_bad_case_is_400_naming_the_field():
    response = post(BAD_POINTS)
    assert response.status_code == 400
    assert response.json()["field"] == "points.Ann"
    assert "points.Ann" in response.json()["error"]
    for body in ("", "{", "[]", '{"game": "go"}'):
        response = post(body)
        assert response.status_code == 400, body
        assert response.json()["error"]


@pytest.mark.django_db
def test_api_refuses_a_case_too_large():
    response = post({"game": "meino", "check": "game", "pad": "x" * cases.MAX_CASE_BYTES})
    assert response.status_code == 413
    assert "kB" in response.json()["error"]


@pytest.mark.django_db
def test_api_asks_for_json_not_a_form():
    response = Client().post(URL, {"game": "meino"})
    assert response.status_code == 400
    assert "application/json" in response.json()["error"]


@pytest.mark.django_db
def test_api_duplicate_keys_are_refused_not_dropped():
    response = post('{"game": "meino", "check": "round_score",'
                    ' "hands": {"Ann": [], "Bas": ["R5"], "Bas": []}}')  # fmt: skip
    assert response.status_code == 400
    assert '"Bas" is given twice' in response.json()["error"]


@pytest.mark.django_db
def test_api_is_post_only():
    response = Client().get(URL)
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert "POST" in response.json()["error"]
    assert post(ROUND).status_code == 200
    assert (
        Client().post(URL + "/", json.dumps(ROUND), content_type="application/json").json()["legal"]
    )
