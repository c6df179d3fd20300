"""Miezemauzen properties: random deals against a reference trick player."""

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.cards import parse_card
from games.cases import judge
from games.miezemauzen.rules import Declarations, Tricks, miezemauzen_deck
from games.miezemauzen.simulate import MAX_DEALS, simulate
from tests.games.helpers import get_at, json_values, judged_or_case_error, paths, set_at
from tests.games.miezemauzen.helpers import DEAL_EXAMPLE, REPLAY

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


OPTIONS = st.fixed_dictionaries(
    {
        "start_points": st.sampled_from([25, 12, 5, 1]),
        "kat_scoring": st.sampled_from(["holder", "others", "either"]),
        "per_trick": st.booleans(),
        "exact_zero": st.booleans(),
        "spades_double": st.booleans(),
    }
)


def suit(card):
    return card[-1]


def rank(card):
    return RANKS.index(card[:-1])


def winner_of(cards, trump):
    """Position of the winning card, written independently of rules.trick_winner."""
    led = suit(cards[0])

    def key(card):
        if suit(card) == trump:
            return 100 + rank(card)
        return rank(card) if suit(card) == led else -1

    return max(range(len(cards)), key=lambda i: key(cards[i]))


def walk(log):
    """Per deal: what happened, re-derived from the log's events without the engine."""
    players = log["players"]
    n = len(players)
    for deal in log["deals"]:
        dealer = deal["dealer"]
        order = [players[(players.index(dealer) + 1 + k) % n] for k in range(n)]
        hands = {p: list(h) for p, h in deal["hands"].items()}
        kip, turned = list(deal["kip"]), deal["turned"]
        declarations, swap, kat, cards = {}, None, None, []
        for move in deal["moves"]:
            player = move["player"]
            if "declare" in move:
                declarations[player] = move["declare"]
                if move["declare"] == "exchange":
                    hands[player], kip = kip, hands[player]
            elif "swap" in move:
                swap = move["swap"]
                hands[dealer][hands[dealer].index(swap)] = turned
            elif "kat" in move:
                kat = move
            else:
                cards.append((player, move["card"]))
        playing = [p for p in order if declarations[p] != "pass"]
        yield {
            "deal": deal,
            "order": order,
            "declarations": declarations,
            "swap": swap,
            "kat": kat,
            "cards": cards,
            "playing": playing,
            "trump": suit(turned),
            "hands": {p: list(hands[p]) for p in players},
            "kip": kip,
        }


def play_tricks(info):
    """MZ-8 checked independently: turn order, following suit, the winners."""
    playing, trump, cards = info["playing"], info["trump"], info["cards"]
    hands = {p: list(info["hands"][p]) for p in playing}
    m = len(playing)
    assert len(cards) == 5 * m  # five tricks, one card per playing player each
    leader = 0
    won = dict.fromkeys(playing, 0)
    tricks = []
    for t in range(5):
        trick = cards[t * m : (t + 1) * m]
        expected = [playing[(leader + j) % m] for j in range(m)]
        assert [p for p, _ in trick] == expected
        led = suit(trick[0][1])
        for player, card in trick:
            assert card in hands[player]
            if suit(card) != led:
                assert not any(suit(c) == led for c in hands[player])
            hands[player].remove(card)
        played = [c for _, c in trick]
        winner = expected[winner_of(played, trump)]
        won[winner] += 1
        leader = playing.index(winner)
        tricks.append(played)
    return tricks, won


def expected_changes(info, options, points, streaks, won):
    """Deal points written out again from RULES.md MZ-6, MZ-7, MZ-9, MZ-10, MZ-11."""
    factor = 2 if options["spades_double"] and info["trump"] == "S" else 1
    kat = info["kat"]
    out = {}
    for player, word in info["declarations"].items():
        change = 3 if word == "pass" and streaks[player] >= 2 else 0
        if kat is not None:
            value = 10 if kat["kat"] == info["trump"] else 5
            choice = kat.get("choice")
            holder_off = options["kat_scoring"] != "either" or choice == "holder"
            others_on = options["kat_scoring"] == "others" or choice == "others"
            if player == kat["player"]:
                change -= value if holder_off else 0
            elif others_on:
                change += value
        elif word != "pass":
            tricks = won[player]
            change += (-tricks if options["per_trick"] else -1) if tricks else 5
        change *= factor
        exact_zero = options["exact_zero"] and options["per_trick"]  # MZ-10 "With per_trick"
        if exact_zero and change < 0 and points[player] + change < 0:
            change = 0
        out[player] = change
    return out


def deal_case(log, info, points, streaks):
    """A CASES.md ``deal`` case made from one simulated deal."""
    out = {
        "game": "miezemauzen",
        "check": "deal",
        "options": log["options"],
        "players": log["players"],
        "dealer": info["deal"]["dealer"],
        "trump": info["trump"],
        "points_before": points,
        "passes_before": streaks,
        "declarations": info["declarations"],
        "hands": info["hands"],
        "kip": info["kip"],
        "turned": info["deal"]["turned"],
    }
    if info["swap"] is not None:
        out["dealer_swap"] = {"give": info["swap"]}
    if info["kat"] is not None:
        claim = {"player": info["kat"]["player"], "suit": info["kat"]["kat"]}
        if "choice" in info["kat"]:
            claim["choice"] = info["kat"]["choice"]
        out["kat"] = [claim]
    return out


def _summary(info, won):
    out = {
        "trump": info["trump"],
        "dealer": info["deal"]["dealer"],
        "declarations": info["declarations"],
    }
    if info["kat"] is not None:
        out["kat"] = {"player": info["kat"]["player"], "kater": info["kat"]["kat"] == info["trump"]}
        if "choice" in info["kat"]:
            out["kat"]["choice"] = info["kat"]["choice"]
    else:
        out["tricks_won"] = won
    return out


# --- garbage ------------------------------------------------------------------------------

JSON = json_values(
    ["AH", "7S", "10D", "2C", "JK", "H", "S", "Ann", "Bas", "play", "pass", "exchange", "kater"],
    integers=(-(10**12), 10**12),
    list_size=6,
    keys=st.sampled_from(["Ann", "Bas", "Cor", "Dirk", "player", "suit", "card", "x"]),
)


GAME_CASE = {
    "game": "miezemauzen",
    "check": "game",
    "options": {"kat_scoring": "either"},
    "players": ["Ann", "Bas", "Cor"],
    "deals": [
        {
            "trump": "S",
            "declarations": {"Ann": "play", "Bas": "pass", "Cor": "play"},
            "tricks_won": {"Ann": 3, "Cor": 2},
        },
        {
            "trump": "H",
            "dealer": "Ann",
            "declarations": {"Ann": "play", "Bas": "exchange", "Cor": "play"},
            "kat": {"player": "Cor", "kater": True, "choice": "others"},
        },
    ],
}


SETTLEMENT = {
    "game": "miezemauzen",
    "check": "settlement",
    "points": {"Ann": 0, "Bas": 2, "Cor": 8},
    "options": {"stake_cents": 5},
}


KAT_DEAL = {
    **DEAL_EXAMPLE,
    "hands": {"Ann": ["AD", "KD", "9D", "8D", "7D"]},
    "tricks": [],
    "kat": [{"player": "Ann", "suit": "D"}],
    "dealer_swap": {"give": "7C"},
}


CORPUS = [DEAL_EXAMPLE, KAT_DEAL, GAME_CASE, SETTLEMENT, REPLAY, simulate(11, players=3).log]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8), options=OPTIONS)
def test_random_games_keep_the_rules_and_replay(seed, players, options):
    sim = simulate(seed, players=players, options=options)
    summary, log = sim.summary, json.loads(json.dumps(sim.log))
    assert sim.decisions > 0
    replay = judge(log)
    assert replay["legal"], replay["violations"][:3]
    result = replay["result"]
    assert result["final"] == summary["final"]
    assert result["winner"] == summary["winner"]
    assert result["finished_after"] == summary["finished_after"]
    assert len(result["points"]) == summary["deals"] == len(log["deals"])
    deck = sorted(str(c) for c in miezemauzen_deck(players))
    names = log["players"]
    points = dict.fromkeys(names, options["start_points"])
    streaks = dict.fromkeys(names, 0)
    summaries = []
    for index, info in enumerate(walk(log)):
        deal = info["deal"]
        dealt = [c for p in names for c in deal["hands"][p]] + deal["kip"] + [deal["turned"]]
        assert sorted(dealt + deal["stock"]) == deck  # every card in exactly one place
        assert len(info["playing"]) >= 2  # MZ-5
        assert sum(w == "exchange" for w in info["declarations"].values()) <= 1  # MZ-4
        for player, word in info["declarations"].items():
            if word == "pass":
                assert points[player] > 3  # MZ-6
                assert not (options["spades_double"] and info["trump"] == "S")  # MZ-11
        won = {}
        if info["kat"] is None:
            tricks, won = play_tricks(info)
        else:
            assert info["cards"] == []  # MZ-7: no tricks after a kat
            held = info["hands"][info["kat"]["player"]]
            assert all(suit(c) == info["kat"]["kat"] for c in held)
        changes = expected_changes(info, options, points, streaks, won)
        after = {p: points[p] + changes[p] for p in names}
        assert result["points"][index] == after
        if index < 40:
            case = deal_case(log, info, points, streaks)
            if info["kat"] is None:
                case["tricks"] = tricks
            verdict = judge(case)
            assert verdict["legal"], verdict["violations"]
            assert verdict["result"]["deal_points"] == changes
            assert verdict["result"]["points_after"] == after
        summaries.append(_summary(info, won))
        assert (min(after.values()) <= 0) == (
            index == len(log["deals"]) - 1 and summary["winner"] is not None
        )
        streaks = {p: streaks[p] + 1 if info["declarations"][p] == "pass" else 0 for p in names}
        points = after
    if summary["winner"] is None:
        assert summary["deals"] == MAX_DEALS
    game = judge(
        {
            "game": "miezemauzen",
            "check": "game",
            "options": log["options"],
            "players": names,
            "deals": summaries,
        }
    )
    assert game["legal"], game["violations"]
    assert {k: game["result"][k] for k in ("final", "winner", "finished_after")} == {
        k: result[k] for k in ("final", "winner", "finished_after")
    }
    if summary["winner"] is not None:
        settled = judge({"game": "miezemauzen", "check": "settlement", "points": summary["final"]})
        assert settled["legal"]
        assert settled["result"]["winner"] == summary["winner"]
        stake = 20
        assert settled["result"]["receives_cents"] == sum(
            stake * max(v, 0) for p, v in summary["final"].items() if p not in summary["winner"]
        )


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8), options=OPTIONS)
def test_every_simulated_move_is_among_the_legal_moves(seed, players, options):
    log = simulate(seed, players=players, options=options).log
    points = dict.fromkeys(log["players"], options["start_points"])
    options = {**options, "players": None}
    deals = list(zip(walk(log), judge(log)["result"]["points"], strict=True))
    assert deals  # the loop below runs
    for info, row in deals:
        decl = Declarations(info["order"], points, info["trump"], options)
        for player in info["order"]:
            word = info["declarations"][player]
            assert word in decl.legal(player)
            assert decl.declare(player, word, None) == []
        if info["kat"] is None:
            hands = {p: [parse_card(c) for c in h] for p, h in info["hands"].items()}
            tricks = Tricks(info["playing"], info["trump"], hands)
            for player, card in info["cards"]:
                assert tricks.to_play == player
                assert parse_card(card) in tricks.legal(player)
                assert tricks.play(parse_card(card)) == []
        points = row


def test_unrecorded_games_match_recorded_ones():
    for seed in range(5):
        on = simulate(seed, players=3)
        off = simulate(seed, players=3, record=False)
        assert on.summary == off.summary
        assert on.decisions == off.decisions
        assert off.log in ({}, None)


def test_six_to_eight_players_deal_from_52_cards():
    sim = simulate(7, players=7, options={"start_points": 3})
    cards = {c for d in sim.log["deals"] for h in d["hands"].values() for c in h}
    assert any(c[:-1] in {"2", "3", "4", "5", "6"} for c in cards)
    assert judge(sim.log)["legal"]


def test_simulator_options_reach_the_log():
    sim = simulate(3, players=2, options={"kat_scoring": "either", "per_trick": True})
    assert sim.log["options"]["kat_scoring"] == "either"
    assert sim.log["options"]["per_trick"] is True
    assert judge(sim.log)["legal"]


@settings(max_examples=300, deadline=None)
@given(
    check=st.sampled_from(["deal", "game", "settlement", "replay"]),
    body=st.dictionaries(
        st.sampled_from(
            [
                "players",
                "dealer",
                "trump",
                "declarations",
                "hands",
                "kat",
                "tricks",
                "deals",
                "points",
                "points_before",
                "passes_before",
                "tricks_won",
                "dealer_swap",
                "turned",
                "kip",
                "options",
            ]
        ),
        JSON,
        max_size=8,
    ),
)
def test_random_fields_never_crash(check, body):
    judged_or_case_error({**body, "game": "miezemauzen", "check": check})


@settings(max_examples=400, deadline=None)
@given(data=st.data(), new=JSON, how=st.sampled_from(["drop", "replace", "swap"]))
def test_mutated_cases_never_crash(data, new, how):
    case = copy.deepcopy(data.draw(st.sampled_from(CORPUS)))
    places = [p for p in paths(case) if p and p[0] not in ("game", "check")]
    path = data.draw(st.sampled_from(places))
    texts = [p for p in places if isinstance(get_at(case, p), str)]
    if how == "drop":
        set_at(case, path, drop=True)
    elif how == "replace" or not texts:
        set_at(case, path, new)
    else:  # swap two texts (cards, names, declarations)
        path, other = data.draw(st.sampled_from(texts)), data.draw(st.sampled_from(texts))
        first, second = get_at(case, path), get_at(case, other)
        set_at(case, path, second)
        set_at(case, other, first)
    judged_or_case_error(case)
