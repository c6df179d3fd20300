"""Rules-engine figures for `make bench`: simulated games, decisions and check_hand cases
per second for each engine, and the same measurement of other projects' engines (the
`bench` extra) in the same run, with the ratios.

Pure Python: no Django is needed here.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from games import cases, registry

from . import external

#: Representative disputed-hand cases, one per kind of check (CASES.md form).
CORPUS = [
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
]  # fmt: skip


def _rate(function: Callable[[], int], seconds: float) -> tuple[int, int, float]:
    """Call ``function`` (which returns a count) until ``seconds`` pass: calls, count, time."""
    calls = count = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        count += function()
        calls += 1
        elapsed = time.perf_counter() - start
    return calls, count, elapsed


def bench_engine(name: str, seconds: float, *, record: bool) -> dict[str, float]:
    spec = registry.get(name)
    seed = iter(range(1, 10**9))
    simulate = spec.simulate
    assert simulate is not None

    def one() -> int:
        return simulate(next(seed), record=record).decisions

    games, decisions, elapsed = _rate(one, seconds)
    return {"games_per_s": games / elapsed, "decisions_per_s": decisions / elapsed}


def bench_check_hand(seconds: float) -> float:
    texts = [json.dumps(c) for c in CORPUS if c["game"] in registry.available()]
    for text in texts:  # every corpus case must judge, or the figure means nothing
        cases.judge_json(text)

    def batch() -> int:
        for text in texts:
            cases.judge_json(text)
        return len(texts)

    _, judged, elapsed = _rate(batch, seconds)
    return judged / elapsed


def run(seconds: float = 3.0) -> None:
    ours: dict[str, float] = {}
    for name in registry.available():
        full = bench_engine(name, seconds, record=True)
        bare = bench_engine(name, seconds, record=False)
        ours[name] = bare["decisions_per_s"]
        print(f"{name}_games_per_s: {full['games_per_s']:.1f} games/s (with log)")
        print(f"{name}_decisions_per_s: {full['decisions_per_s']:,.0f} decisions/s (with log)")
        print(f"{name}_games_per_s_nolog: {bare['games_per_s']:.1f} games/s")
        print(f"{name}_decisions_per_s_nolog: {bare['decisions_per_s']:,.0f} decisions/s")
    print(f"check_hand_cases_per_s: {bench_check_hand(seconds):,.0f} cases/s (in-process)")

    missing = {k: v for k, v in external.available().items() if v}
    others: dict[str, float] = {}
    if "rlcard" not in missing:
        res = external.rlcard_uno(seconds)
        others["rlcard_uno"] = res.decisions_per_s
        print(f"rlcard_uno_decisions_per_s: {res.decisions_per_s:,.0f} decisions/s "
              f"({res.games_per_s:.1f} games/s)")  # fmt: skip
    if "open_spiel" not in missing:
        for game in ("crazy_eights", "oh_hell", "maedn"):
            res = external.openspiel_game(game, seconds)
            others[f"openspiel_{game}"] = res.decisions_per_s
            print(f"openspiel_{game}_decisions_per_s: {res.decisions_per_s:,.0f} decisions/s "
                  f"({res.games_per_s:.1f} games/s)")  # fmt: skip
    for label, why in missing.items():
        print(f"{label}: not installed ({why}); pip install -e '.[bench]'")
    pairs = [("meino", "rlcard_uno", 3.0), ("miezemauzen", "openspiel_oh_hell", 1.0),
             ("miezemauzen", "openspiel_crazy_eights", None),
             ("duizenden", "rlcard_uno", None)]  # fmt: skip
    for mine, theirs, aim in pairs:
        if mine in ours and theirs in others:
            ratio = ours[mine] / others[theirs]
            goal = f" (aim {aim:g}x)" if aim else ""
            print(f"ratio_{mine}_vs_{theirs}: {ratio:.2f}x{goal}")
