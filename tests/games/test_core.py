"""The shared engine parts: registry, options, reading a case, decoding and limits."""

import io
import json

import pytest

from games import cases, registry
from games.base import Case, CaseError, Option, Outcome, clean_options, verdict


def test_registry_lists_the_built_engines_in_order():
    assert registry.available() == (
        "meierijen",
        "duizenden",
        "miezemauzen",
        "meino",
        "keezen",
        "klaverjassen",
    )
    for spec in registry.games():
        assert spec.checks, spec.name
        assert "replay" in spec.checks
        assert spec.simulate is not None
        assert spec.default_players in spec.players


def test_every_option_default_is_valid():
    specs = registry.games()
    assert specs  # the loop below runs
    for spec in specs:
        cleaned = clean_options(spec.options, {})
        assert cleaned == {o.name: o.default for o in spec.options}
        for option in spec.options:
            if option.default is not None:  # None: taken from the case (e.g. its players)
                assert option.clean(option.default, "options") == option.default


def test_choice_labels_name_each_choice_in_order():
    rule = Option("rule", "a", str, choices=("a", "b"), choice_labels=("First", "Second"))
    assert [rule.choice_label(value) for value in "abc"] == ["First", "Second", None]
    assert Option("rule", "a", str, choices=("a", "b")).choice_label("a") is None
    with pytest.raises(ValueError, match="one label per choice"):
        Option("rule", "a", str, choices=("a", "b"), choice_labels=("First",))


def test_unknown_game_and_check_name_the_field():
    with pytest.raises(CaseError, match=r"^game: unknown game 'poker'"):
        cases.judge({"game": "poker", "check": "hand"})
    with pytest.raises(CaseError, match=r'^check: meino has no check "turn"'):
        cases.judge({"game": "meino", "check": "turn"})
    with pytest.raises(CaseError, match=r"^check: is missing"):
        cases.judge({"game": "meino"})


def test_options_are_validated_against_the_game():
    with pytest.raises(CaseError, match=r"^options\.colour_blind: is not an option"):
        cases.judge({"game": "miezemauzen", "check": "settlement",
                     "options": {"colour_blind": True}, "points": {"A": 0, "B": 1}})  # fmt: skip
    with pytest.raises(CaseError, match=r"^options\.start_points: must be a whole number"):
        cases.judge({"game": "miezemauzen", "check": "settlement",
                     "options": {"start_points": "many"}, "points": {"A": 0, "B": 1}})  # fmt: skip
    with pytest.raises(CaseError, match=r"^options: must be an object"):
        cases.judge({"game": "meino", "check": "game", "options": [1]})


def test_option_kinds():
    flag = Option("flag", False)
    count = Option("count", 3, int, minimum=1, maximum=5)
    rule = Option("rule", "a", str, choices=("a", "b"))
    assert clean_options((flag, count, rule), {"count": 5}) == {"flag": False, "count": 5,
                                                                "rule": "a"}  # fmt: skip
    for spec, bad in ((flag, 1), (count, True), (count, 0), (count, 6), (rule, "c"), (rule, 2)):
        with pytest.raises(CaseError, match=rf"^o\.{spec.name}: "):
            spec.clean(bad, "o")


def test_case_reader_names_nested_fields():
    case = Case({"hands": {"Ann": ["QS", "XX"]}, "n": True, "deals": [{}, {"x": 1}]})
    with pytest.raises(CaseError, match=r"^hands\.Ann\[1\]: unknown card 'XX'"):
        case.sub("hands").cards("Ann")
    with pytest.raises(CaseError, match=r"^n: must be a whole number, not true"):
        case.integer("n")
    with pytest.raises(CaseError, match=r"^deals\[1\]\.y: is missing"):
        case.subs("deals")[1].text("y")
    with pytest.raises(CaseError, match=r"^missing: is missing"):
        case.items("missing")
    assert case.items("missing", []) == []


def test_names_must_be_distinct():
    with pytest.raises(CaseError, match=r'^players: names "Ann" twice'):
        Case({"players": ["Ann", "Ann"]}).names("players")
    with pytest.raises(CaseError, match=r"^players\[1\]: must be a player name"):
        Case({"players": ["Ann", 3]}).names("players")


def test_verdict_shape_follows_cases_md():
    outcome = Outcome()
    assert verdict("meino", "play", outcome) == {
        "game": "meino",
        "check": "play",
        "legal": True,
        "violations": [],
        "result": {},
    }
    outcome.add("ME-9", "No wish card on a wish card", 0)
    out = verdict("meino", "play", outcome)
    assert out["legal"] is False
    assert out["violations"] == [{"rule": "ME-9", "at": 0,
                                  "message": "No wish card on a wish card"}]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "field", "message"),
    [
        ("", "case", "is empty"),
        ("{", "case", "is not valid JSON"),
        ("[1]", "case", "must be a JSON object"),
        ('{"game": NaN}', "case", "NaN is not a number"),
        ("[" * 100_000 + "]" * 100_000, "case", "nested"),
        ('{"a":' * 13 + "1" + "}" * 13, "case", "nested more than 12"),
        ("\ufeff", "case", "is empty"),
        (b"\xef\xbb\xbf  ", "case", "is empty"),
        ('{"game": "meino", "game": "duizenden"}', "case", 'the key "game" is given twice'),
        ('{"hands": {"Bas": ["R5"], "Bas": []}}', "case", 'the key "Bas" is given twice'),
        (b"\xff\xfe{}", "case", "not UTF-8"),
        ('{"n": ' + "9" * 5000 + "}", "case", "number is too large"),
        ('{"game": 5}', "game", "must be a text"),
        ("x" * (cases.MAX_CASE_BYTES + 1), "case", "larger than"),
    ],
)
def test_undecodable_cases_name_the_problem(text, field, message):
    with pytest.raises(CaseError) as info:
        cases.judge_json(text)
    assert info.value.field == field
    assert message in info.value.message


def test_twelve_levels_of_nesting_are_allowed():
    with pytest.raises(CaseError, match=r"^game: is missing"):
        cases.judge_json('{"a":' * 12 + "1" + "}" * 12)


def test_messages_show_values_as_json_and_short():
    with pytest.raises(CaseError, match=r"^game: must be a text, not null"):
        cases.judge({"game": None})
    with pytest.raises(CaseError) as info:
        cases.judge({"game": "meino", "check": "play", "top": "R5", "colour": "R",
                     "hand": ["R5"], "card": ["x" * 10_000]})  # fmt: skip
    assert len(str(info.value)) < 120


def test_cli_one_file_prints_the_verdict(tmp_path):
    path = tmp_path / "case.json"
    path.write_text(json.dumps({"game": "meino", "check": "round_score",
                                "hands": {"Ann": [], "Bas": ["R5", "W+4"]}}))  # fmt: skip
    out, err = io.StringIO(), io.StringIO()
    assert cases.main([str(path)], io.BytesIO(), out, err) == 0
    verdict_ = json.loads(out.getvalue())
    assert verdict_["legal"] is True
    assert verdict_["result"]["points"] == {"Ann": 0, "Bas": 45}
    assert err.getvalue() == ""


def test_cli_bad_case_is_one_line_naming_the_field():
    out, err = io.StringIO(), io.StringIO()
    stdin = io.BytesIO(b'{"game": "meino", "check": "play", "top": "R5", "colour": "R",'
                       b' "hand": ["R7", "Q5"], "card": "R7"}')  # fmt: skip
    assert cases.main(["-"], stdin, out, err) == 2
    assert out.getvalue() == ""
    lines = err.getvalue().splitlines()
    assert len(lines) == 1
    assert "hand[1]" in lines[0]
    assert "'Q5'" in lines[0]
