"""The Duizenden simulator: its games replay legal and follow the rules."""

import copy
import json
from collections import Counter
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import cases
from games.base import CaseError
from games.cards import Card
from games.duizenden import GAME, rules
from games.duizenden import simulate as sim
from games.duizenden.scoring import TARGET
from tests.games.duizenden.helpers import base_log
from tests.games.helpers import json_values, judged_or_case_error, paths, set_at

OPTIONS = st.fixed_dictionaries({"opening_face_cards": st.booleans()})


def simulated_game(seed, players=4, options=None, record=True):
    return sim.simulate(seed, players=players, options=options, record=record)


def judged_after_json_round_trip(case):
    """The verdict of a case after a JSON round trip (what check_hand reads)."""
    return cases.judge(json.loads(json.dumps(case)))


def _conserved(deal):
    places = Counter(deal.stock) + Counter(deal.pile)
    for hand, melds in zip(deal.hands, deal.melds, strict=True):
        places.update({c: n for c, n in enumerate(hand.cnt) if n})
        places.update(c for meld in melds for c in meld[4])
    return places == Counter([*range(52), *range(52), sim.JK, sim.JK, sim.JK, sim.JK])


# --- parts of random games as the standard checks -----------------------------------------------


def _meld_text(meld):
    """A table meld as CASES.md cards; a set's jokers declared with a natural's suit."""
    if meld.reading.kind == "run":
        return [str(t) for t in meld.tokens]
    suit = next(t.card.suit for t in meld.tokens if not t.is_joker)
    stands = str(Card(meld.reading.rank, suit))
    return [f"JK:{stands}" if t.is_joker else str(t.card) for t in meld.tokens]


def _hand(counter):
    return [str(c) for c in counter.elements()]


class _Spy:
    """Wraps rules.Deal while a log replays and judges what it sees as standard cases."""

    def __init__(self, options):
        self.options = options
        self.seen = Counter()

    def judge(self, check, **fields):
        self.seen[check] += 1
        return cases.judge({"game": "duizenden", "check": check, "options": self.options, **fields})

    def patches(self):
        spy = self
        meld, end_melding = rules.Deal.meld, rules.Deal.end_melding
        discard, claims, scores = rules.Deal.discard, rules.Deal.claims, rules.Deal.scores

        def meld_(deal, tokens, where):
            verdict = spy.judge("meld", cards=[str(t) for t in tokens])
            assert verdict["legal"], verdict
            return meld(deal, tokens, where)

        def end_melding_(deal):
            opening = deal.player not in deal.on_table and deal.new_melds
            end_melding(deal)
            if opening:
                verdict = spy.judge("opening", melds=[_meld_text(m) for m in deal.new_melds])
                assert verdict["legal"], verdict
                assert verdict["result"]["opening_points"] >= 30

        def discard_(deal, card, where):
            if card is not None:
                verdict = spy.judge(
                    "discard",
                    card=str(card),
                    first_turn=deal.first_turn,
                    hand=_hand(deal.hands[deal.player]),
                )
                assert verdict["legal"], verdict
            return discard(deal, card, where)

        def claims_(deal, top, names, where):
            miner = claims(deal, top, names, where)
            verdict = spy.judge(
                "mine",
                players=deal.players,
                discarder=deal.player,
                top=str(top),
                claims=list(names),
                on_table=sorted(deal.on_table),
                hands={p: _hand(deal.hands[p]) for p in names},
            )
            assert verdict["legal"], verdict
            assert verdict["result"]["miner"] == miner
            return miner

        def scores_(deal):
            points = scores(deal)
            players = {
                p: {"melded": [_meld_text(m) for m in deal.melds[p]], "hand": _hand(deal.hands[p])}
                for p in deal.players
            }
            verdict = spy.judge("deal_score", players=players)
            assert verdict["result"]["points"] == points
            return points

        return [
            patch.object(rules.Deal, "meld", meld_),
            patch.object(rules.Deal, "end_melding", end_melding_),
            patch.object(rules.Deal, "discard", discard_),
            patch.object(rules.Deal, "claims", claims_),
            patch.object(rules.Deal, "scores", scores_),
        ]


# --- mutated logs ---------------------------------------------------------------------------


def _first_turn_with(log, key):
    for d, deal in enumerate(log["deals"]):
        for t, turn in enumerate(deal["turns"]):
            if turn.get(key):
                return d, t
    raise AssertionError(key)


# --- garbage ----------------------------------------------------------------------------------

JSON = json_values(
    ["QS", "JK", "JK:6H", "JK:JK", "8H", "P1", "Ann", "A", "B", "5H:6H", "10C", "AS"],
    keys=st.text(max_size=5),
)


VALID = [
    {"check": "meld", "cards": ["5H", "JK:6H", "7H"]},
    {"check": "opening", "melds": [["5H", "6H", "7H"], ["8S", "8H", "8C"]]},
    {"check": "discard", "card": "4D", "hand": ["QS", "4D", "9C"], "first_turn": False},
    {
        "check": "deal_score",
        "players": {
            "Ann": {"melded": ["5H", "6H", "7H"], "hand": ["JK"]},
            "Bas": {"melded": [], "hand": ["AS", "2C"]},
        },
    },
    {
        "check": "game",
        "players": ["Ann", "Bas", "Cor"],
        "deals": [{"Ann": 85, "Bas": -20, "Cor": 300}, {"Ann": 500, "Bas": 40, "Cor": 720}],
    },
    {
        "check": "mine",
        "players": ["A", "B", "C", "D"],
        "discarder": "A",
        "top": "8S",
        "claims": ["C", "B"],
        "on_table": ["B", "C"],
        "hands": {"B": ["8H", "8D", "KS"], "C": ["9S", "10S", "2H"]},
    },
    base_log(),
]


FIELDS = [
    "cards",
    "melds",
    "card",
    "hand",
    "first_turn",
    "players",
    "deals",
    "discarder",
    "top",
    "claims",
    "on_table",
    "hands",
    "options",
    "turns",
]


# --- the simulator ------------------------------------------------------------------------


def test_the_spec_and_its_simulator():
    assert GAME.name == "duizenden"
    assert GAME.players == (3, 4, 5)
    assert GAME.default_players == 4
    assert GAME.simulate is sim.simulate
    assert set(GAME.checks) == {
        "meld",
        "opening",
        "discard",
        "deal_score",
        "game",
        "mine",
        "replay",
    }
    assert [o.name for o in GAME.options] == ["opening_face_cards"]


def test_the_same_seed_plays_the_same_game_with_or_without_the_log():
    first, second, bare = simulated_game(5), simulated_game(5), simulated_game(5, record=False)
    assert first.log == second.log
    assert first.summary == second.summary == bare.summary
    assert first.decisions == bare.decisions > 0
    assert first.log["check"] == "replay"
    assert first.log["players"] == ["P1", "P2", "P3", "P4"]


def test_bad_simulator_arguments_are_case_errors():
    with pytest.raises(CaseError, match=r"^players"):
        simulated_game(1, players=6)
    with pytest.raises(CaseError, match=r"^options\.colour"):
        simulated_game(1, options={"colour": True})


@pytest.mark.parametrize("players", [3, 4, 5])
def test_games_end_in_a_few_deals(players):
    deals = [simulated_game(seed, players, record=False).summary for seed in range(20)]
    assert all(s["finished"] for s in deals)
    assert all(s["deals"] <= 20 for s in deals)
    assert sum(s["went_out"] for s in deals) > 0


# --- whole random games ---------------------------------------------------------------------


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), players=st.integers(3, 5), options=OPTIONS)
def test_random_games_keep_the_invariants_and_replay_the_same(seed, players, options):
    game = simulated_game(seed, players, options)
    summary = game.summary
    deals = game.log["deals"]
    assert len(deals) == summary["deals"]
    totals = Counter()
    for deal in deals:
        assert all(points % 5 == 0 for points in deal["scores"].values())  # DZ-11
        totals.update(deal["scores"])
        turns = Counter()
        for turn in deal["turns"]:
            assert turn["discard"] != "QS"  # DZ-8
            turns[turn["player"]] += 1
        assert all(len(cards) == 13 for cards in deal["hands"].values())  # DZ-1
    assert {p: totals[p] for p in game.log["players"]} == summary["totals"]
    best = max(summary["totals"].values())
    assert summary["finished"]
    assert summary["totals"][summary["winner"]] == best >= TARGET  # DZ-12
    assert list(summary["totals"].values()).count(best) == 1
    verdict = judged_after_json_round_trip(game.log)
    assert verdict["legal"], verdict["violations"]
    result = verdict["result"]
    assert result["totals"] == summary["totals"]
    assert (result["winner"], result["finished"]) == (summary["winner"], True)
    assert (result["deals"], result["after_deal"]) == (summary["deals"], summary["deals"])
    assert result["complete"] is True


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(3, 5))
def test_every_card_is_in_exactly_one_place_after_every_turn(seed, players):
    original = sim.SimulatedDeal.discard
    checked = []

    def discard(self, p):
        card = original(self, p)
        checked.append(_conserved(self))
        # DZ-9: a hand emptied by a discard was not the player's first turn.
        assert self.hands[p].size or self.had_turn[p]
        return card

    rng = sim.make_rng(seed)
    tables = sim.value_tables(True)
    with patch.object(sim.SimulatedDeal, "discard", discard):
        for first in range(players):
            deal = sim.SimulatedDeal(rng, players, first, tables, record=False)
            deal.play()
            assert _conserved(deal)
            assert all(m[0] == 0 or m[3] - m[2] + 1 == len(m[4]) for ms in deal.melds for m in ms)
    assert checked
    assert all(checked)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**9), options=OPTIONS)
def test_parts_of_random_games_judge_legal_as_standard_checks(seed, options):
    game = simulated_game(seed, 4, options)
    spy = _Spy(options)
    patches = spy.patches()
    for p in patches:
        p.start()
    try:
        assert judged_after_json_round_trip(game.log)["legal"]
    finally:
        for p in patches:
            p.stop()
    assert {"meld", "opening", "discard", "deal_score"} <= set(spy.seen)
    deals = [d["scores"] for d in game.log["deals"]]
    verdict = spy.judge("game", players=game.log["players"], deals=deals)
    assert verdict["legal"]
    assert verdict["result"]["totals"] == game.summary["totals"]
    assert verdict["result"]["winner"] == game.summary["winner"]


def test_parts_include_mining():
    spy = _Spy({"opening_face_cards": True})
    patches = spy.patches()
    for p in patches:
        p.start()
    try:
        for seed in range(3):
            assert judged_after_json_round_trip(simulated_game(seed).log)["legal"]
    finally:
        for p in patches:
            p.stop()
    assert spy.seen["mine"] > 0


def test_mutated_simulated_logs_break_the_rules_they_should():
    log = simulated_game(3).log
    broken = copy.deepcopy(log)
    broken["deals"][0]["scores"]["P1"] += 5
    verdict = judged_after_json_round_trip(broken)
    assert [v["rule"] for v in verdict["violations"]] == ["DZ-11"]
    assert verdict["violations"][0]["at"] == 0
    broken = copy.deepcopy(log)
    broken["deals"].append(copy.deepcopy(log["deals"][-1]))
    verdict = judged_after_json_round_trip(broken)
    assert [v["rule"] for v in verdict["violations"]] == ["DZ-12"]
    assert verdict["violations"][0]["at"] == len(log["deals"])
    d, t = _first_turn_with(log, "claims")
    broken = copy.deepcopy(log)
    turn = broken["deals"][d]["turns"][t]
    turn["claims"] = [turn["player"]]
    del turn["miner"]
    assert "DZ-7" in [v["rule"] for v in judged_after_json_round_trip(broken)["violations"]]


def test_a_log_cut_inside_a_deal_is_judged_as_far_as_it_goes():
    log = simulated_game(8).log
    cut = copy.deepcopy(log)
    cut["deals"] = cut["deals"][:2]
    del cut["deals"][1]["turns"][5]["discard"]
    cut["deals"][1]["turns"] = cut["deals"][1]["turns"][:6]
    result = judged_after_json_round_trip(cut)["result"]
    assert result["complete"] is False
    assert result["deals"] == 1
    assert result["deal_scores"] == [log["deals"][0]["scores"]]


@settings(max_examples=200, deadline=None)
@given(
    check=st.sampled_from(sorted(GAME.checks)), body=st.dictionaries(st.sampled_from(FIELDS), JSON)
)
def test_garbage_fields_give_a_verdict_or_a_case_error(check, body):
    judged_or_case_error({**body, "game": "duizenden", "check": check})


@settings(max_examples=300, deadline=None)
@given(data=st.data(), new=JSON, drop=st.booleans())
def test_mutated_cases_give_a_verdict_or_a_case_error(data, new, drop):
    case = {"game": "duizenden", **copy.deepcopy(data.draw(st.sampled_from(VALID)))}
    path = data.draw(st.sampled_from(paths(case)[1:]))
    set_at(case, path, new, drop=drop)
    judged_or_case_error(case)


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_swapped_cards_give_a_verdict_or_a_case_error(data):
    case = copy.deepcopy(base_log())
    turns = case["deals"][0]["turns"]
    cards = [
        (i, key) for i, t in enumerate(turns) for key in ("draw", "discard", "extra") if key in t
    ]
    (i, a), (j, b) = data.draw(st.lists(st.sampled_from(cards), min_size=2, max_size=2))
    turns[i][a], turns[j][b] = turns[j][b], turns[i][a]
    judged_or_case_error(case)
