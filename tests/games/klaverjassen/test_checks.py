"""The proposed check_hand cases (the package docstring) read through games.base.Case."""

import json

import pytest

from games.base import Case, CaseError
from games.klaverjassen.cards import Options
from games.klaverjassen.checks import CHECKS
from games.klaverjassen.simulate import make_rng, random_deal


def run(check, data):
    return CHECKS[check](Case(data))


def test_the_trick_case_of_the_docstring():
    out = run("trick", {
        "options": {"variant": "amsterdams"}, "trump": "H",
        "trick": [{"seat": 1, "card": "AS"}, {"seat": 2, "card": "JH"}],
        "hand": ["7S", "KC", "9H"], "card": "KC",
    })  # fmt: skip
    assert [v.as_dict()["rule"] for v in out.violations] == ["KJ-3"]
    assert out.result == {"legal_cards": ["7S"], "duty": "follow"}


def test_a_trick_of_plain_cards_is_played_in_turn_from_the_leader():
    given = {"trump": "H", "hand": ["KC", "9H"], "card": "KC"}
    # Seat 1 leads AS and is winning; seat 3 (its partner) cannot follow.
    plain = run("trick", {**given, "leader": 1, "trick": ["AS", "7S"]})
    seated = run("trick", {**given, "trick": [{"seat": 1, "card": "AS"},
                                              {"seat": 2, "card": "7S"}]})  # fmt: skip
    assert plain.result == seated.result == {"legal_cards": ["9H"], "duty": "trump"}
    free = run("trick", {**given, "leader": 1, "trick": ["AS", "7S"],
                         "options": {"variant": "amsterdams"}})  # fmt: skip
    assert free.legal and free.result["legal_cards"] == ["KC", "9H"]


def test_a_complete_trick_case_gives_winner_and_roem():
    out = run("trick", {
        "trump": "harten",
        "trick": [{"seat": 3, "card": "KH"}, {"seat": 0, "card": "QH"}, {"seat": 1, "card": "JH"}],
        "hand": ["10H", "7S"], "card": "10H",
    })  # fmt: skip
    assert out.legal
    assert out.result["winner"] == 1
    assert out.result["roem"] == ["four in sequence 50", "stuk 20"]


def test_the_deal_and_deal_score_cases_agree():
    fields = random_deal(make_rng(5), 2, Options())
    out = run("deal", fields)
    assert out.legal
    scored = run("deal_score", {"row": out.result["row"]})
    assert scored.result["score"] == out.result["score"]


def test_the_game_case():
    row = {"playing": 1, "points": [60, 102], "roem": [0, 20]}
    out = run("game", {"options": {"deals": 2}, "rows": [row, row]})
    assert out.legal
    assert out.result["running"] == [[60, 122], [120, 244]]


@pytest.mark.parametrize(("check", "data", "field"), [
    ("trick", {"trump": "H", "hand": ["XX"], "card": "7H"}, "hand[0]"),
    ("trick", {"trump": "Z", "hand": ["7H"], "card": "7H"}, "trump"),
    ("deal", {"hands": [["7H"]], "trump": "H", "playing_team": 0, "first_leader": 0,
              "tricks": []}, "hands"),
    ("deal", {"hands": [["7H", "2C"]], "trump": "H", "playing_team": 0, "first_leader": 0,
              "tricks": []}, "hands[0][1]"),
    ("deal_score", {"row": {"playing": 0, "points": [81]}}, "row.points"),
    ("game", {"rows": [{"playing": 3, "points": [81, 81]}]}, "rows[0].playing"),
    # one deck: a card held twice, or twice in the trick, cannot be (CASES.md: exit 2)
    ("trick", {"trump": "H", "hand": ["7S", "7S", "KC"], "card": "KC"}, "hand"),
    ("trick", {"trump": "H", "trick": [{"seat": 0, "card": "AS"}, {"seat": 1, "card": "AS"}],
               "hand": ["KC"], "card": "KC"}, "trick"),
    # the cards of a trick come in turn, clockwise from the leader
    ("trick", {"trump": "H", "trick": [{"seat": 1, "card": "AS"}, {"seat": 1, "card": "JH"}],
               "hand": ["7S", "KC"], "card": "KC"}, "trick[1].seat"),
    ("trick", {"trump": "H", "hand": ["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "7H"],
               "card": "7S"}, "hand"),
])  # fmt: skip
def test_a_case_that_cannot_be_judged_names_its_field(check, data, field):
    with pytest.raises(CaseError) as error:
        run(check, data)
    assert error.value.field == field


def test_the_simulators_log_replays_card_by_card():
    from games.klaverjassen.simulate import simulate

    log = simulate(12).log
    assert log["check"] == "replay"
    out = run("replay", log)
    assert out.legal, out.violations[:2]
    assert out.result["score"] == simulate(12).summary["score"]
    assert out.result["deals"] == 16 and len(out.result["running"]) == 16
    # Deal 6 replaced by one where seat 1 does not follow trump (KJ-3): the replay finds
    # it at that deal and names the card.
    from tests.games.klaverjassen.test_deal import play_out, renege_at, reneging_deal

    index, hands = 5, reneging_deal(0)
    changed = json.loads(json.dumps(log))
    tricks = play_out(hands, "H", 0, renege_at(1))
    changed["deals"][index] = {"hands": hands, "trump": "H", "playing_team": 0,
                               "first_leader": 0, "tricks": tricks}  # fmt: skip
    judged = run("replay", changed)
    assert not judged.legal
    first = judged.violations[0].as_dict()
    assert (first["rule"], first["at"]) == ("KJ-3", index)
    assert first["message"].startswith("deal 6, card 2: ")
