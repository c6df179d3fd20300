"""The MeieRijen simulator: whole matches replay legal through the checks."""

from __future__ import annotations

import copy
import io
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import cases, registry
from games.base import CaseError, clean_options, make_rng
from games.meierijen import rules
from games.meierijen.judging.moves import judge_faceup_left, judge_pass, judge_pawn, judge_play
from games.meierijen.notation import pawns_json, piles_json
from games.meierijen.scoring import round_summary
from games.meierijen.simulate import deal_round, play_round, simulate, turns_json
from games.simulate import main as simulate_main
from tests.games.cases_md import MR_ROUND, MR_TURN
from tests.games.helpers import json_values, judged_or_case_error, mutate_drawn, paths

GAME = registry.get("meierijen")


SEEDS = st.integers(min_value=0, max_value=2**32)


OPTIONS = st.fixed_dictionaries(
    {
        "variant1": st.booleans(),
        "draw_rule": st.sampled_from(["fill5", "two"]),
        "third_round": st.booleans(),
    }
)


SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


VALUE = {0: 5, 2: 5, **dict.fromkeys(range(3, 11), 1), **dict.fromkeys(range(11, 15), 2)}


# --- a round played move by move, with every invariant checked -------------------------------


def all_cards(state: rules.Round) -> Counter[int]:
    cards: Counter[int] = Counter(state.closed)
    for group in (state.draw, state.hands, state.open, state.penalty, state.pile_cards):
        for cards_there in group:
            cards.update(cards_there)
    return cards


def rule_breaks_of_move(state: rules.Round, move: tuple) -> list[tuple[str, str]]:
    """What the checks' rule functions say about a move the simulator chose."""
    kind = move[0]
    if kind == rules.PLAY:
        return judge_play(state, *move[1:])[0]
    if kind == rules.PAWN:
        return judge_pawn(state, *move[1:])
    if kind == rules.PASS:
        return judge_pass(state, *move[1:])
    if kind == rules.TURNED:
        return judge_faceup_left(state)
    return [] if not state.hands[state.seat] else [("MR-10", "END with cards in hand")]


def turn_case(state: rules.Round, options: dict[str, Any]) -> dict[str, Any]:
    """The board at the start of a turn (after the draw) as a CASES.md ``turn`` case."""
    me, seat = state.side, state.seat
    other = 1 - me
    last_ten = state.last_ten(me)
    draw = state.draw[me][::-1]
    return {
        "game": "meierijen",
        "check": "turn",
        "options": {"variant1": options["variant1"], "players": options["players"]},
        "piles": piles_json(state),
        "hand": [rules.NAME[c] for c in state.hands[seat]],
        "draw_pile": [rules.NAME[c] for c in (draw if last_ten else draw[: state.drawable(me)])],
        "last_ten": last_ten,
        "open": {
            "me": [rules.NAME[c] for c in state.open[me]],
            "opponent": [rules.NAME[c] for c in state.open[other]],
        },
        "penalty": {
            "me": [rules.NAME[c] for c in state.penalty[me]],
            "opponent": [rules.NAME[c] for c in state.penalty[other]],
        },
        "pawns": pawns_json(state, me),
    }


def round_score_case(state: rules.Round, options: dict[str, Any]) -> dict[str, Any]:
    """The end of a round as a CASES.md ``round_score`` case (teams with four players)."""
    players: dict[str, Any] = {}
    for seat, name in enumerate(state.seat_names):
        side = state.seat_side[seat]
        lays = seat == side  # the first player of each side holds its open cards and pawns
        players[name] = {
            "hand": [rules.NAME[c] for c in state.hands[seat]],
            "open": [rules.NAME[c] for c in state.open[side]] if lays else [],
            "penalty": [rules.NAME[c] for c in state.penalty[side]] if lays else [],
            "pawns": [
                rules.PAWN_NAMES[p]
                for p in (rules.GREY, rules.RED)
                if lays and state.holder[p] == side
            ],
        }
    case = {
        "game": "meierijen",
        "check": "round_score",
        "players": players,
        "options": {"variant1": options["variant1"], "players": options["players"]},
    }
    if state.emptied_first >= 0:
        emptied = state.side_names[state.emptied_first]
        case["emptied_first"] = state.seat_names[state.side_names.index(emptied)]
    if options["players"] == 4:
        case["teams"] = {"red": ["red 1", "red 2"], "blue": ["blue 1", "blue 2"]}
    return case


def play_checked(seed: int, options: dict[str, Any], *, turns: bool = True) -> list[dict]:
    """Play one round move by move: every chosen move is judged legal, every card of the
    decks stays in exactly one place, and each (two-sided) turn judged as a ``turn`` case
    gives the same board. Returns the round_score case of the end."""
    rng = make_rng(seed)
    state, _ = deal_round(rng, options)
    decks = Counter(rules.DECK * len(state.side_names))
    assert all_cards(state) == decks
    while not state.over:
        seat = state.seat
        drawn = state.begin_turn()
        if drawn is None:
            state.skip()
            continue
        me = state.side
        case = turn_case(state, options) if turns and len(state.side_names) == 2 else None
        started_in_last_ten = state.last_ten(me)
        events: list[tuple] = []
        while state.phase != rules.DONE:
            choices = state.options()
            assert choices
            move = choices[rng.randrange(len(choices))]
            assert rule_breaks_of_move(state, move) == [], move
            extra = state.pile_rank[move[4]] if move[0] == rules.PLAY else 0
            if move[0] == rules.TURNED:
                extra = state.draw[me][-1]
            events.append((move, extra))
            got = state.apply(move)
            if got is not None:
                events.append((None, got))
            assert all_cards(state) == decks
            if move[0] == rules.PLAY:
                # MR-5: a pawn action is due only after a card laid as a 10 on a 9 (on an 8
                # with red, on a 10 with grey), never after a 10 starting an empty place.
                assert state.pending == (move[5] == 10 and extra in (8, 9, 10)), (move, extra)
        if case is not None and state.last_ten(me) == started_in_last_ten:
            case["plays"] = turns_json(state, [(seat, drawn, events)])[0]["plays"]
            verdict = cases.judge(case)
            assert verdict["legal"], (verdict["violations"], case)
            assert verdict["result"] == {
                "piles": piles_json(state),
                "hand": [rules.NAME[c] for c in state.hands[seat]],
                "pawns": pawns_json(state, me),
                "finished": True,
            }
    return [round_score_case(state, options), state]


def engine_move_candidates(state: rules.Round):
    side = state.side
    if state.pending:
        places = [None, *rules.PILE_PLACES]
        for s in range(2):
            places += [(rules.DRAWPILE, s, 0), (rules.PENPILE, s, 0)]
            places += [(rules.OPENCARD, s, c) for c in set(state.open[s])]
        for place in places:
            yield (rules.PAWN, rules.PLACE, rules.WHITE, place)
            yield (rules.PAWN, rules.REMOVE, rules.WHITE, place)
        for pawn in (rules.GREY, rules.RED):
            yield (rules.PAWN, rules.TAKE, pawn, None)
            yield from ((rules.PAWN, rules.REMOVE, pawn, h) for h in (0, 1))
        return
    if state.phase == rules.FACEUP:
        sources = [(rules.DRAW, side, state.draw[side][-1])]
    else:
        sources = [(rules.HAND, side, c) for c in set(state.hands[state.seat])]
        for owner in (0, 1):
            sources += [(rules.OPEN, owner, c) for c in set(state.open[owner])]
            if state.penalty[owner]:
                sources.append((rules.PENALTY, owner, state.penalty[owner][-1]))
        for card in set(state.hands[state.seat]):
            yield (rules.PASS, card, rules.OPEN)
            yield (rules.PASS, card, rules.PENALTY)
    for source, owner, card in sources:
        for pile in range(3):
            for rank in range(3, 15):
                yield (rules.PLAY, source, owner, card, pile, rank)


# --- mutated replay logs ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def simulated_log() -> dict[str, Any]:
    return simulate(5).log


def first_turn(log: dict[str, Any], test) -> tuple[int, dict[str, Any]]:
    turns = log["rounds"][0]["turns"]
    return next((i, t) for i, t in enumerate(turns) if test(t))


# --- garbage never gives a traceback ---------------------------------------------------------

JSON = json_values(
    [
        "JK",
        "9D",
        "2S",
        "AS",
        "10H",
        "start",
        "me",
        "opponent_draw",
        "pile:red",
        "red",
        "mix",
        "hand",
        "open",
        "draw",
        "place",
        "grey",
    ],
    integers=None,
    text_size=8,
    keys=st.sampled_from(
        [
            "card",
            "to",
            "from",
            "as",
            "pass",
            "pawn_action",
            "pawn",
            "on",
            "hand",
            "open",
            "penalty",
            "pawns",
            "white",
            "x",
        ]
    )
    | st.text(max_size=4),
    max_leaves=25,
)


CHECKS = st.sampled_from(["turn", "round_score", "match", "replay"])


def mutated_at_random(value: Any, data: st.DataObject) -> Any:
    value = copy.deepcopy(value)
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(paths(value)[1:]))
        mutate_drawn(data, value, where, JSON, ["JK", "2H", "AS", "10C", "KD", "3S"])
    return value


# The CASES.md examples; in the turn, 9D from the hand goes on red instead of the opponent's 8H.
TURN_EXAMPLE = {
    **MR_TURN,
    "plays": [*MR_TURN["plays"][:2], {"card": "9D", "to": "red"}, *MR_TURN["plays"][3:]],
}


ROUND_EXAMPLE = MR_ROUND


MATCH_EXAMPLE = {"game": "meierijen", "check": "match", "rounds": [ROUND_EXAMPLE, ROUND_EXAMPLE]}


# --- whole matches ---------------------------------------------------------------------------


@SETTINGS
@given(seed=SEEDS, players=st.sampled_from([2, 3, 4]), options=OPTIONS)
def test_simulated_matches_replay_as_legal_with_the_same_result(seed, players, options):
    sim = simulate(seed, players=players, options=options)
    log = json.loads(json.dumps(sim.log))  # JSON-able as it stands
    verdict = cases.judge(log)
    assert verdict["legal"], verdict["violations"][:3]
    assert verdict["result"] == sim.summary
    rounds = len(sim.summary["rounds"])
    assert rounds == 2 or (rounds == 3 and options["third_round"])
    assert sim.decisions > 0
    quiet = simulate(seed, players=players, options=options, record=False)
    assert (quiet.decisions, quiet.summary) == (sim.decisions, sim.summary)


def test_default_simulation_is_the_two_player_basic_game():
    sim = simulate(3)
    assert sim.log["players"] == ["red", "blue"]
    assert sim.log["options"] == {
        "variant1": False,
        "draw_rule": "fill5",
        "third_round": False,
        "players": 2,
    }
    assert set(sim.summary) >= {"rounds", "rounds_won", "winner", "draw"}


@SETTINGS
@given(seed=SEEDS, players=st.sampled_from([2, 3, 4]), options=OPTIONS)
def test_every_move_legal_every_card_accounted_for_turns_judge_the_same(seed, players, options):
    opts = clean_options(GAME.options, {**options, "players": players})
    case, state = play_checked(seed, opts)
    verdict = cases.judge(case)
    assert verdict["legal"], verdict["violations"]
    summary = round_summary(state)
    assert verdict["result"] == {"points": summary["points"], "winner": summary["winner"]}
    # Scores equal the cards left (hand, open, penalty), with Variant 1 their values and pawns.
    for side, name in enumerate(state.side_names):
        left = list(state.open[side]) + state.penalty[side]
        for seat, owner in enumerate(state.seat_side):
            if owner == side:
                left += state.hands[seat]
        expected = len(left)
        if opts["variant1"]:
            expected = sum(VALUE[rules.RANK[c]] for c in left)
            expected += 3 * (state.holder[rules.GREY] == side) + 5 * (
                state.holder[rules.RED] == side
            )
        assert summary["points"][name] == expected
    if players == 2:
        assert sum(all_cards(state).values()) == 108


@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, variant1=st.booleans())
def test_the_simulator_offers_exactly_the_moves_the_judge_allows(seed, variant1):
    """Every play (source, card, pile, rank), pass and pawn action: legal to the judge
    exactly when the simulator offers it."""
    rng = make_rng(seed)
    opts = clean_options(GAME.options, {"variant1": variant1})
    state, _ = deal_round(rng, opts)
    for _ in range(60):
        if state.over:
            break
        if state.begin_turn() is None:
            state.skip()
            continue
        while state.phase != rules.DONE:
            offered = set(state.options())
            for move in engine_move_candidates(state):
                assert (move in offered) == (rule_breaks_of_move(state, move) == []), move
            state.apply(list(offered)[rng.randrange(len(offered))])


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, players=st.sampled_from([2, 4]), options=OPTIONS)
def test_rounds_and_matches_as_round_score_and_match_cases(seed, players, options):
    opts = clean_options(GAME.options, {**options, "players": players})
    sim = simulate(seed, options=opts)
    rng = make_rng(seed)
    rounds = []
    for summary in sim.summary["rounds"]:
        state, _ = deal_round(rng, opts)
        play_round(state, rng, None)
        case = round_score_case(state, opts)
        rounds.append(case)
        assert cases.judge(case)["result"] == {
            "points": summary["points"],
            "winner": summary["winner"],
        }
    verdict = cases.judge(
        {
            "game": "meierijen",
            "check": "match",
            "rounds": rounds,
            "options": {"third_round": opts["third_round"]},
        }
    )
    assert verdict["legal"], verdict["violations"]
    assert verdict["result"] == {key: sim.summary[key] for key in ("rounds_won", "winner", "draw")}


def test_replay_of_a_card_not_held(simulated_log):
    bad = copy.deepcopy(simulated_log)
    deal = bad["rounds"][0]
    index, turn = first_turn(
        bad, lambda t: any("card" in p and "from" not in p for p in t.get("plays", []))
    )
    # The starting card its own deck gave is on a pile: that player cannot hold it.
    pile = next(p for p, side in deal["turned"].items() if side == turn["player"])
    play = next(p for p in turn["plays"] if "card" in p and "from" not in p)
    play["card"] = deal["piles"][pile]
    verdict = cases.judge(bad)
    assert verdict["violations"][0]["rule"] == "MR-6"
    assert verdict["violations"][0]["at"] == index
    assert verdict["result"]["finished"] is False
    assert "winner" not in verdict["result"]


def test_replay_of_a_missing_pawn_action(simulated_log):
    bad = copy.deepcopy(simulated_log)
    index, turn = first_turn(bad, lambda t: any("pawn_action" in p for p in t.get("plays", [])))
    turn["plays"] = [p for p in turn["plays"] if "pawn_action" not in p]
    verdict = cases.judge(bad)
    assert [v["rule"] for v in verdict["violations"]] == ["MR-5"]
    assert verdict["violations"][0]["at"] == index


def test_replay_of_a_wrong_draw(simulated_log):
    bad = copy.deepcopy(simulated_log)
    _, turn = first_turn(bad, lambda t: len(t.get("draw", [])) >= 2)
    turn["draw"] = turn["draw"][:-1]
    assert [v["rule"] for v in cases.judge(bad)["violations"]] == ["MR-10"]
    bad = copy.deepcopy(simulated_log)
    _, turn = first_turn(bad, lambda t: len(t.get("draw", [])) >= 2)
    turn["draw"][0], turn["draw"][1] = turn["draw"][1], turn["draw"][0]
    with pytest.raises(CaseError, match=r"draw: does not match the draw pile"):
        cases.judge(bad)


def test_replay_of_a_turn_after_the_end_and_of_the_wrong_player(simulated_log):
    bad = copy.deepcopy(simulated_log)
    turns = bad["rounds"][0]["turns"]
    turns.append({"player": turns[0]["player"], "plays": []})
    verdict = cases.judge(bad)
    assert [v["rule"] for v in verdict["violations"]] == ["MR-12"]
    assert verdict["violations"][0]["at"] == len(turns) - 1
    bad = copy.deepcopy(simulated_log)
    turns = bad["rounds"][0]["turns"]
    turns[1]["player"] = turns[0]["player"]
    assert [v["rule"] for v in cases.judge(bad)["violations"]] == ["MR-10"]
    bad = copy.deepcopy(simulated_log)
    bad["rounds"].append(copy.deepcopy(bad["rounds"][0]))
    assert [v["rule"] for v in cases.judge(bad)["violations"]] == ["MR-13"]


def test_replay_of_a_deck_that_does_not_add_up(simulated_log):
    bad = copy.deepcopy(simulated_log)
    bad["rounds"][0]["draw_piles"]["red"][0] = "JK"
    with pytest.raises(CaseError, match=r"draw_piles\.red: with the turned cards is not one"):
        cases.judge(bad)


def test_simulate_command_line_for_meierijen(tmp_path):
    out = io.StringIO()
    path = tmp_path / "log.json"
    assert (
        simulate_main(
            [
                "meierijen",
                "--games",
                "2",
                "--players",
                "4",
                "--log",
                str(path),
                "--option",
                "variant1=true",
            ],
            out,
            io.StringIO(),
        )
        == 0
    )
    assert cases.judge(json.loads(path.read_text()))["legal"]


@settings(max_examples=300, deadline=None)
@given(
    check=CHECKS,
    body=st.dictionaries(
        st.text(max_size=10)
        | st.sampled_from(
            [
                "piles",
                "hand",
                "draw_pile",
                "open",
                "penalty",
                "pawns",
                "plays",
                "players",
                "rounds",
                "emptied_first",
                "teams",
                "options",
                "last_ten",
            ]
        ),
        JSON,
        max_size=8,
    ),
)
def test_random_json_gives_a_verdict_or_a_case_error(check, body):
    judged_or_case_error({**body, "game": "meierijen", "check": check})


@settings(max_examples=300, deadline=None)
@given(base=st.sampled_from([TURN_EXAMPLE, ROUND_EXAMPLE, MATCH_EXAMPLE]), data=st.data())
def test_mutated_cases_give_a_verdict_or_a_case_error(base, data):
    judged_or_case_error(mutated_at_random(base, data))


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_mutated_replay_logs_give_a_verdict_or_a_case_error(simulated_log, data):
    judged_or_case_error(mutated_at_random(simulated_log, data))
