"""Rules-engine figures for `make bench`: simulated games, decisions and check_hand cases
per second for each engine, and the same measurement of other projects' engines (the
`bench` extra) in the same run, with the ratios.

Pure Python: no Django is needed here.
"""

from __future__ import annotations

import json
import random
import statistics

from games import cases, registry

from . import external
from .timing import best_of, rate

#: Representative disputed-hand cases, one per kind of check (CASES.md form).
CORPUS = [
    {"game": "meierijen", "check": "turn",
     "piles": {"red": "8D", "black": {"card": "2S", "as": "9"}, "mix": "KH"},
     "hand": ["AS", "9D", "7D", "6C", "5H"], "draw_pile": ["3H", "4C", "QD", "JK", "10S"],
     "open": {"me": [], "opponent": ["8H"]}, "penalty": {"me": [], "opponent": ["3S", "KD"]},
     "pawns": {"grey": "start", "red": "me", "white": ["start", "pile:black"]},
     "plays": [{"card": "AS", "to": "mix"}, {"card": "5H", "to": "mix"},
               {"card": "9D", "to": "red"}, {"card": "6C", "to": "mix"},
               {"pass": "7D", "to": "open"}]},
    {"game": "meierijen", "check": "round_score", "options": {"variant1": True},
     "players": {"red": {"hand": ["KH"], "open": ["3C", "2D"], "penalty": ["QS"],
                         "pawns": ["grey"]},
                 "blue": {"hand": [], "open": ["9H"], "penalty": [], "pawns": []}},
     "emptied_first": "blue"},
    {"game": "meierijen", "check": "match",
     "rounds": [{"game": "meierijen", "check": "round_score", "emptied_first": "red",
                 "players": {"red": {"hand": ["3H"]}, "blue": {"hand": ["4C", "5C"]}}},
                {"game": "meierijen", "check": "round_score", "emptied_first": "blue",
                 "players": {"red": {"hand": ["3H", "9S"]}, "blue": {"hand": []}}}]},
    {"game": "keezen", "check": "move", "players": 4, "seat": 0,
     "pawns": {"0": ["nest", 20, 5, "home:0"], "1": [16, "nest", "nest", "nest"],
               "2": ["nest", "nest", "nest", "nest"], "3": [40, 3, "nest", "nest"]},
     "card": "7H", "move": {"split": [{"pawn": 1, "steps": 3}, {"pawn": 2, "steps": 4}]}},
    {"game": "keezen", "check": "legal_moves", "players": 4, "seat": 0,
     "pawns": {"0": ["nest", 20, 5, "home:0"], "1": [16, "nest", "nest", "nest"],
               "2": ["nest", "nest", "nest", "nest"], "3": [40, 3, "nest", "nest"]},
     "hand": ["7H", "AS", "4C", "JD", "QH"]},
    {"game": "keezen", "check": "game_score", "pawns_home": {"0+2": 8, "1+3": 5}},
    {"game": "duizenden", "check": "meld", "cards": ["5H", "JK:6H", "7H"]},
    {"game": "duizenden", "check": "opening", "melds": [["5H", "6H", "7H"], ["8S", "8H", "8C"]]},
    {"game": "duizenden", "check": "discard", "card": "QS", "hand": ["QS", "4D", "9C"],
     "first_turn": False},
    {"game": "duizenden", "check": "deal_score",
     "players": {"Ann": {"melded": ["5H", "6H", "7H", "QS", "QH", "QD"], "hand": ["JK"]},
                 "Bas": {"melded": [], "hand": ["AS", "2C"]},
                 "Cor": {"melded": ["9S", "9H", "9D"], "hand": []}}},
    {"game": "duizenden", "check": "game", "players": ["Ann", "Bas", "Cor"],
     "deals": [{"Ann": 85, "Bas": -20, "Cor": 300}, {"Ann": 500, "Bas": 40, "Cor": 720}]},
    {"game": "duizenden", "check": "mine", "players": ["A", "B", "C", "D"], "discarder": "A",
     "top": "8S", "claims": ["C", "B"], "on_table": ["B", "C"],
     "hands": {"B": ["8H", "8D", "KS"], "C": ["9S", "10S", "2H"]}},
    {"game": "miezemauzen", "check": "deal", "players": ["Ann", "Bas", "Cor"],
     "dealer": "Cor", "trump": "H",
     "declarations": {"Ann": "play", "Bas": "pass", "Cor": "play"},
     "hands": {"Ann": ["AH", "KS", "9S", "8C", "7D"], "Cor": ["10H", "QS", "JS", "9C", "8D"]},
     "tricks": [["AH", "10H"], ["KS", "QS"], ["9S", "JS"], ["9C", "8C"], ["8D", "7D"]]},
    {"game": "miezemauzen", "check": "game", "players": ["Ann", "Bas", "Cor"],
     "deals": [{"trump": "S", "declarations": {"Ann": "play", "Bas": "pass", "Cor": "play"},
                "tricks_won": {"Ann": 3, "Cor": 2}},
               {"trump": "H", "declarations": {"Ann": "play", "Bas": "play", "Cor": "play"},
                "kat": {"player": "Cor", "kater": True}}]},
    {"game": "miezemauzen", "check": "settlement", "options": {"stake_cents": 20},
     "points": {"Ann": 0, "Bas": 2, "Cor": 8, "Dirk": 12}},
    {"game": "meino", "check": "play", "top": "R5", "colour": "R",
     "hand": ["R7", "W+4", "B5"], "card": "W+4", "wish": "G"},
    {"game": "meino", "check": "play", "top": "R5", "colour": "R",
     "hand": ["R7", "W+4", "B5"], "card": "B5"},
    {"game": "meino", "check": "round_score",
     "hands": {"Ann": [], "Bas": ["R5", "W+4", "JOKER"], "Cor": ["Gskip", "Y9"]}},
    {"game": "meino", "check": "game", "players": ["Ann", "Bas"],
     "rounds": [{"Ann": 0, "Bas": 95}, {"Ann": 250, "Bas": 0}, {"Ann": 0, "Bas": 420}]},
    {"game": "klaverjassen", "check": "trick", "options": {"variant": "amsterdams"},
     "trump": "H", "trick": [{"seat": 1, "card": "AS"}, {"seat": 2, "card": "JH"}],
     "hand": ["7S", "KC", "9H"], "card": "KC"},
    {"game": "klaverjassen", "check": "roem", "trump": "S",
     "cards": ["QS", "KS", "JS", "7D"], "leader": 2},
    {"game": "klaverjassen", "check": "deal_score",
     "row": {"playing": 0, "points": [90, 72], "roem": [20, 0], "nat": False, "pit": False,
             "verzaakt": None}},
    {"game": "klaverjassen", "check": "game", "options": {"deals": 2},
     "rows": [{"playing": 0, "points": [90, 72], "roem": [20, 0]},
              {"playing": 1, "points": [100, 62], "roem": [0, 0], "nat": True}]},
]  # fmt: skip


def bench_engine(name: str, seconds: float, *, record: bool) -> dict[str, float]:
    spec = registry.get(name)
    seed = iter(range(1, 10**9))
    simulate = spec.simulate
    assert simulate is not None

    def one() -> int:
        return simulate(next(seed), players=spec.default_players, record=record).decisions

    games, decisions, elapsed = rate(one, seconds)
    return {"games_per_s": games / elapsed, "decisions_per_s": decisions / elapsed}


def bench_check_hand(seconds: float) -> float:
    texts = [json.dumps(c) for c in CORPUS if c["game"] in registry.available()]
    for text in texts:  # every corpus case must judge, or the figure means nothing
        cases.judge_json(text)

    def batch() -> int:
        for text in texts:
            cases.judge_json(text)
        return len(texts)

    _, judged, elapsed = rate(batch, seconds)
    return judged / elapsed


def keezen_boards(count: int, seed: int = 1) -> list[dict]:
    """Random Keezen ``legal_moves`` cases (4 or 6 players, five cards) and a worst case:
    six players with all 24 pawns on the track and a hand of two 7s, a J, an A and a Q."""
    rng = random.Random(seed)
    deck = [f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
            for s in "SHDC"]  # fmt: skip
    boards = []
    for _ in range(count):
        players = rng.choice((4, 6))
        squares = rng.sample(range(16 * players), 4 * players)
        pawns = {}
        for seat in range(players):
            homes = iter(rng.sample(range(4), 4))
            pawns[str(seat)] = [
                squares[4 * seat + i] if (r := rng.random()) < 0.6
                else "nest" if r < 0.85 else f"home:{next(homes)}"
                for i in range(4)
            ]  # fmt: skip
        boards.append({"game": "keezen", "check": "legal_moves", "players": players,
                       "seat": rng.randrange(players), "pawns": pawns,
                       "hand": rng.sample(deck, 5)})  # fmt: skip
    worst = {str(seat): [16 * seat + 3 + 3 * i for i in range(4)] for seat in range(6)}
    boards.append({"game": "keezen", "check": "legal_moves", "players": 6, "seat": 0,
                   "pawns": worst, "hand": ["7S", "7H", "JS", "AS", "QD"]})  # fmt: skip
    return boards


def bench_keezen_legal_moves(count: int = 2000) -> tuple[float, float, int]:
    """Median and worst seconds of one whole ``legal_moves`` check (parsing included)."""
    samples = []
    most = 0
    for case in keezen_boards(count):
        best, verdict = best_of(lambda case=case: cases.judge(case))
        samples.append(best)
        most = max(most, sum(len(m) for m in verdict["result"]["moves"].values()))
    return statistics.median(samples), max(samples), most


def run(seconds: float = 3.0) -> None:
    ours: dict[str, float] = {}
    for name in registry.available():
        full = bench_engine(name, seconds, record=True)
        bare = bench_engine(name, seconds, record=False)
        ours[name] = bare["decisions_per_s"]
        print(f"# {name}: {registry.get(name).default_players} players")
        print(f"{name}_games_per_s: {full['games_per_s']:.1f} games/s (with log)")
        print(f"{name}_decisions_per_s: {full['decisions_per_s']:,.0f} decisions/s (with log)")
        print(f"{name}_games_per_s_nolog: {bare['games_per_s']:.1f} games/s")
        print(f"{name}_decisions_per_s_nolog: {bare['decisions_per_s']:,.0f} decisions/s")
    print(f"check_hand_cases_per_s: {bench_check_hand(seconds):,.0f} cases/s (in-process)")
    if "keezen" in ours:
        median, worst, most = bench_keezen_legal_moves()
        print(f"keezen_legal_moves_median: {median * 1e6:,.0f} µs (five cards, whole check)")
        print(f"keezen_legal_moves_worst: {worst * 1e6:,.0f} µs ({most} moves at most; aim 1 ms)")

    others: dict[str, float] = {}
    for label, res in external.run_all(seconds):
        if isinstance(res, str):
            print(f"{label}: {res}")
            continue
        others[label] = res.decisions_per_s
        print(f"{res.engine}_games_per_s: {res.games_per_s:,.1f} games/s")
        print(f"{res.engine}_decisions_per_s: {res.decisions_per_s:,.0f} decisions/s")
    pairs = [
        ("meino", "rlcard_uno", 3.0),
        ("meino", "openspiel_crazy_eights", None),
        ("miezemauzen", "openspiel_oh_hell", 1.0),
        ("keezen", "openspiel_maedn", None),
    ]
    for mine, theirs, aim in pairs:
        if mine in ours and theirs in others:
            ratio = ours[mine] / others[theirs]
            goal = f" (aim {aim:g}x)" if aim else ""
            print(f"ratio_{mine}_vs_{theirs}: {ratio:.2f}x{goal}")
