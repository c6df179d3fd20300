"""The MEINO simulator: its games replay legal through the checks."""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import cases, registry
from games.base import CaseError
from games.meino.cards import parse_meino
from games.meino.rules import (
    AFTER_DRAW,
    AFTER_PENALTY,
    COLOUR_OF,
    COLOURS,
    KINDS,
    NAMES,
    PLAY,
    VICTIM,
    W2,
    W4,
    Round,
    W,
    deck_counts,
    kind,
)
from games.meino.scoring import TARGET
from games.meino.simulate import simulate
from tests.games.helpers import json_values, judged_or_case_error, mutated, paths

GAME_OPTIONS = st.sampled_from(
    [{}, {"joker_rule": "swap"}, {"compact": True}, {"compact": True, "joker_rule": "swap"}]
)


def kinds(cards: list[str]) -> list[int]:
    return [kind(parse_meino(c)) for c in cards]


def start(log: dict[str, Any], one: dict[str, Any]) -> Round:
    """The round's state after the deal, as the replay check builds it."""
    names = log["players"]
    stock = deck_counts(compact=log["options"]["compact"])
    hands = [kinds(one["hands"][name]) for name in names]
    top = kinds(one["turned"])[-1]
    for card in [k for hand in hands for k in hand] + [top]:
        stock[card] -= 1
    starter = (names.index(one["dealer"]) + 1) % len(names)
    swap = log["options"]["joker_rule"] == "swap"
    return Round(names, hands, stock, top, starter, joker_swap=swap)


def cards_everywhere(rnd: Round) -> list[int]:
    counts = list(rnd.stock)
    for card in [k for hand in rnd.hands for k in hand] + rnd.discard:
        counts[card] += 1
    return counts


def phase_of(rnd: Round, who: int) -> int:
    """The acting player's phase: another player's optional phase ends by passing."""
    if who != rnd.turn and rnd.phase in (AFTER_DRAW, AFTER_PENALTY):
        return PLAY
    return rnd.phase


def play_case(log: dict[str, Any], rnd: Round, who: int, event: dict[str, Any]) -> dict[str, Any]:
    """The CASES.md ``play`` case of one logged event, from the state before it."""
    case: dict[str, Any] = {
        "game": "meino",
        "check": "play",
        "options": log["options"],
        "top": NAMES[rnd.top],
        "colour": COLOURS[rnd.colour],
        "hand": [NAMES[k] for k in rnd.hands[who]],
        "player": log["players"][who],
        "players": len(log["players"]),
    }
    phase = phase_of(rnd, who)
    if "draw" in event:
        case["draw"] = True
        case["penalty"] = phase == VICTIM
        return case
    case |= {k: event[k] for k in ("wish", "swap") if k in event}
    case["card"] = event["play"]
    case["penalty"] = phase == AFTER_PENALTY
    if phase == AFTER_DRAW:
        case["drawn"] = NAMES[rnd.drawn]
    case["meino"] = event.get("meino", False)
    return case


def check_game_log(log: dict[str, Any], summary: dict[str, Any]) -> None:
    """Walk a simulated log with the rules' Round; check invariants and derived cases."""
    names = log["players"]
    deck = deck_counts(compact=log["options"]["compact"])
    points: list[dict[str, int]] = []
    for one in log["rounds"]:
        rnd = start(log, one)
        assert all(len(hand) == 7 for hand in rnd.hands)
        assert all(k >= W for k in kinds(one["turned"])[:-1])
        for number, event in enumerate(one["events"]):
            where = f"rounds[{len(points)}].events[{number}]"
            who = names.index(event["player"])
            assert rnd.phase != VICTIM or "draw" in event  # the penalty is always drawn
            case = play_case(log, rnd, who, event)
            verdict = cases.judge(case)
            assert verdict["legal"], (case, verdict["violations"])
            if "play" in event:
                card = kind(parse_meino(event["play"]))
                hand = rnd.hands[who]
                assert not (card >= W and rnd.top >= W)  # ME-9: never a wish on a wish
                if card in (W2, W4):  # ME-8: nobody holds the colour in force
                    assert all(COLOUR_OF[k] != rnd.colour for k in hand)
                faults = rnd.play(
                    who,
                    card,
                    wish=COLOURS.index(event["wish"]) if "wish" in event else None,
                    swap=names.index(event["swap"]) if "swap" in event else None,
                    meino=event.get("meino", False),
                    where=where,
                )
            else:
                faults = rnd.draw(who, kinds(event["draw"]), where=where)
            assert faults == []
            assert cards_everywhere(rnd) == deck  # every card in exactly one place
        assert rnd.winner is not None
        hands = {
            name: [NAMES[k] for k in hand] for name, hand in zip(names, rnd.hands, strict=True)
        }
        score = cases.judge(
            {"game": "meino", "check": "round_score", "hands": hands, "options": log["options"]}
        )
        assert score["legal"]
        assert score["result"]["winner"] == names[rnd.winner]
        assert score["result"]["points"][names[rnd.winner]] == 0
        points.append(score["result"]["points"])
    totals = {name: sum(p[name] for p in points) for name in names}
    assert totals == summary["totals"]
    assert max(totals.values()) >= TARGET
    assert all(sum(p[name] for p in points[:-1]) < TARGET for name in names)
    game = cases.judge(
        {
            "game": "meino",
            "check": "game",
            "players": names,
            "rounds": points,
            "options": log["options"],
        }
    )
    assert game["legal"], game["violations"]
    for key in ("totals", "tally", "winner", "finished_after"):
        assert game["result"][key] == summary[key]
    tally = Counter(next(name for name in names if p[name] == 0) for p in points)
    assert {name: tally[name] for name in names} == summary["tally"]


# --- garbage -----------------------------------------------------------------------------

JSON = json_values(["R5", "W+4", "JOKER", "Gskip", "B+2", "R", "G", "Ann", "Bas", "swap"])


FIELDS = st.sampled_from(
    [
        "top",
        "colour",
        "hand",
        "card",
        "wish",
        "draw",
        "drawn",
        "penalty",
        "swap",
        "meino",
        "hands",
        "players",
        "rounds",
        "options",
        "player",
    ]
)


SAMPLES = [
    {
        "check": "play",
        "top": "R5",
        "colour": "R",
        "hand": ["R7", "W+4", "B5"],
        "card": "W+4",
        "wish": "G",
    },
    {
        "check": "play",
        "top": "W+4",
        "colour": "G",
        "hand": ["G7", "B5"],
        "card": "G7",
        "penalty": True,
        "meino": True,
        "player": "Ann",
        "players": 3,
    },
    {"check": "play", "top": "R5", "hand": ["B3", "R8"], "card": "R8", "drawn": "R8"},
    {
        "check": "play",
        "top": "R5",
        "hand": ["B3", "JOKER"],
        "card": "JOKER",
        "wish": "B",
        "swap": "Bas",
        "options": {"joker_rule": "swap"},
    },
    {"check": "play", "top": "R+2", "hand": ["B3"], "draw": True, "penalty": True},
    {"check": "round_score", "hands": {"Ann": [], "Bas": ["R5", "W+4", "JOKER"]}},
    {
        "check": "game",
        "players": ["Ann", "Bas"],
        "rounds": [{"Ann": 0, "Bas": 95}, {"Ann": 250, "Bas": 0}, {"Ann": 0, "Bas": 420}],
    },
]


LOGS = [simulate(seed, players=players).log for seed, players in ((1, 2), (2, 4), (3, 6))]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), options=GAME_OPTIONS)
def test_random_games_keep_every_rule_and_card(seed, players, options):
    sim = simulate(seed, players=players, options=options)
    assert sim.decisions > 0
    assert sim.summary["finished"] is True
    assert sim.summary["rounds_played"] == len(sim.log["rounds"])
    check_game_log(sim.log, sim.summary)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), options=GAME_OPTIONS)
def test_a_simulated_log_replays_to_the_summary(seed, players, options):
    sim = simulate(seed, players=players, options=options)
    verdict = cases.judge_json(json.dumps(sim.log))
    assert verdict["legal"], verdict["violations"][:3]
    for key in ("totals", "tally", "winner", "finished", "finished_after", "behind"):
        assert verdict["result"][key] == sim.summary[key]
    assert len(verdict["result"]["rounds"]) == sim.summary["rounds_played"]
    assert verdict["result"]["round_in_progress"] is False


def test_the_same_seed_plays_the_same_game_with_or_without_the_log():
    first, again, bare = simulate(5), simulate(5), simulate(5, record=False)
    assert first.log == again.log
    assert first.decisions == again.decisions == bare.decisions
    assert first.summary == bare.summary
    assert bare.log is None
    assert simulate(6).log != first.log


def test_the_default_game_has_four_players_and_the_registry_knows_it():
    spec = registry.get("meino")
    assert spec.simulate is simulate
    assert spec.players == (2, 3, 4, 5, 6)
    assert simulate(1).log["players"] == ["P1", "P2", "P3", "P4"]
    with pytest.raises(CaseError):
        simulate(1, players=7)
    with pytest.raises(CaseError):
        simulate(1, options={"compact": "yes"})


def test_joker_swaps_happen_under_the_swap_rule_only():
    def swaps(options: dict[str, Any]) -> int:
        return sum(
            "swap" in event
            for seed in range(8)
            for one in simulate(seed, options=options).log["rounds"]
            for event in one["events"]
        )

    assert swaps({"joker_rule": "swap"}) > 0
    assert swaps({}) == 0


def test_the_stock_is_reshuffled_when_it_runs_out():
    # Six players with the compact deck leave 55 - 42 - 1 = 12 cards in the stock: a round
    # that draws more has reshuffled the discard pile (the replays above judge such logs).
    drawn = 0
    for seed in range(5):
        log = simulate(seed, players=6, options={"compact": True}).log
        for one in log["rounds"]:
            taken = sum(len(e.get("draw", [])) for e in one["events"])
            drawn = max(drawn, taken)
    assert drawn > 12


@settings(max_examples=250, deadline=None)
@given(
    check=st.sampled_from(["play", "round_score", "game", "replay"]),
    body=st.dictionaries(FIELDS, JSON, max_size=6),
    options=JSON,
)
def test_random_fields_give_a_verdict_or_a_case_error(check, body, options):
    judged_or_case_error({**body, "game": "meino", "check": check})
    judged_or_case_error({**body, "game": "meino", "check": check, "options": options})


@settings(max_examples=300, deadline=None)
@given(data=st.data(), new=JSON, drop=st.booleans())
def test_mutated_sample_cases(data, new, drop):
    case = {"game": "meino", **data.draw(st.sampled_from(SAMPLES))}
    path = data.draw(st.sampled_from(paths(case)))
    judged_or_case_error(mutated(case, path, new, drop=drop))


@settings(max_examples=80, deadline=None)
@given(data=st.data(), new=JSON, drop=st.booleans())
def test_mutated_replay_logs(data, new, drop):
    log = data.draw(st.sampled_from(LOGS))
    all_paths = paths(log)
    path = all_paths[data.draw(st.integers(0, len(all_paths) - 1))]
    judged_or_case_error(mutated(log, path, new, drop=drop))


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_swapped_cards_in_a_replay_log(data):
    log = copy.deepcopy(data.draw(st.sampled_from(LOGS)))
    events = [e for one in log["rounds"] for e in one["events"] if "play" in e]
    first, second = (events[data.draw(st.integers(0, len(events) - 1))] for _ in range(2))
    first["play"], second["play"] = second["play"], first["play"]
    judged_or_case_error(log)


def test_every_kind_has_a_name_that_parses_back():
    assert [kind(parse_meino(name)) for name in NAMES] == list(range(KINDS))
