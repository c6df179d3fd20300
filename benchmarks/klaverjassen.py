"""Klaverjassen figures for `make bench` (issue 41, "Speed and strength"): the
simulator's decisions per second beside the closest engine on PyPI in the same run,
and the time of one ``trick`` check.

Both sides play deals of 8 tricks by uniformly random legal cards, with a trump drawn at
random and no bidding; a *decision* is one card played, a lone legal card included. A
game is 16 deals (512 decisions), as a klaverjas game. Pure Python: no Django here.

The other engine is Colver (``colver``, the ``bench`` extra): Belote contrée, the French
cousin with the same 32 cards, ranks and card points, a Rust core driven card by card
from Python (see :func:`benchmarks.external.colver_belote`). Neither OpenSpiel nor
RLCard has klaverjassen or belote; OpenSpiel's trick-taking games (``skat``, ``hearts``,
``spades``, ``euchre``, ``tarok``, ``oh_hell``, ``bridge``) differ more from it.
"""

from __future__ import annotations

import random
import statistics

from games.klaverjassen.cards import DECK, SEATS, TRICKS
from games.klaverjassen.play import legal_cards, trick, winner
from games.klaverjassen.simulate import decisions_per_second, simulate

from . import external
from .timing import best_of, rate

VARIANTS = ("rotterdams", "amsterdams")


def bench_games(seconds: float, *, record: bool) -> tuple[float, float]:
    """Whole games through ``simulate`` (every deal scored by ``scoring.deal``, which
    checks every card again): games and decisions per second."""
    seed = iter(range(1, 10**9))

    def one() -> int:
        return simulate(next(seed), record=record).decisions

    games, decisions, elapsed = rate(one, seconds)
    return games / elapsed, decisions / elapsed


def trick_cases(count: int, seed: int = 1) -> list[tuple]:
    """``count`` ``trick`` questions from random legal deals, as the dispute checker asks
    them (card texts, not parsed cards): at a random point of a random trick, a card of
    the hand drawn uniformly, legal or not; both variants."""
    rng = random.Random(seed)
    cases = []
    while len(cases) < count:
        variant = rng.choice(VARIANTS)
        cards = list(DECK)
        rng.shuffle(cards)
        held = [cards[seat * TRICKS : (seat + 1) * TRICKS] for seat in range(SEATS)]
        trump = rng.choice("SHDC")
        first = rng.randrange(SEATS)
        for _trick in range(TRICKS):
            played = []
            for position in range(SEATS):
                seat = (first + position) % SEATS
                hand = held[seat]
                cases.append((
                    trump, variant, [(s, str(c)) for s, c in played],
                    [str(c) for c in hand], str(rng.choice(hand)),
                ))  # fmt: skip
                card = rng.choice(legal_cards(trump, variant, played, hand))
                hand.remove(card)
                played.append((seat, card))
            first = winner(played, trump)
    return cases[:count]


def bench_trick(count: int = 4000) -> tuple[float, float, float]:
    """Median and worst seconds of one whole ``trick`` check (parsing included, best of
    three per case), and the share of illegal cards among the cases."""
    samples = []
    illegal = 0
    for case in trick_cases(count):
        best, outcome = best_of(lambda case=case: trick(*case))
        samples.append(best)
        illegal += outcome.result["duty"] is not None
    return statistics.median(samples), max(samples), illegal / count


def run(seconds: float = 3.0) -> None:
    ours = decisions_per_second(seconds)
    games, decisions = bench_games(seconds, record=True)
    print(f"klaverjassen_decisions_per_s: {ours:,.0f} decisions/s "
          "(random legal cards through legal_cards, dealing included, no scoring)")  # fmt: skip
    print(f"klaverjassen_games_per_s: {games:.1f} games/s (simulate: 16 deals, scored, with log)")
    print(f"klaverjassen_decisions_per_s_scored: {decisions:,.0f} decisions/s (the same games)")
    median, worst, illegal = bench_trick()
    print(f"klaverjassen_trick_median: {median * 1e6:,.0f} µs (one card, whole check)")
    print(f"klaverjassen_trick_worst: {worst * 1e6:,.0f} µs ({illegal:.0%} of the cards "
          "illegal; aim 1 ms)")  # fmt: skip

    error = external.colver_error()
    if error is not None:
        print(f"colver_belote: not installed: {external.INSTALL_HINT} ({error})")
        return
    theirs = external.colver_belote(seconds)
    print(f"{theirs.engine}_games_per_s: {theirs.games_per_s:,.1f} games/s "
          "(16 deals; Colver keeps the points as it goes)")  # fmt: skip
    print(f"{theirs.engine}_decisions_per_s: {theirs.decisions_per_s:,.0f} decisions/s "
          "(random legal cards through legal_actions, dealing included)")  # fmt: skip
    ratio = ours / theirs.decisions_per_s
    verdict = "level or ahead" if ratio >= 1 else "behind"
    print(f"ratio_klaverjassen_vs_{theirs.engine}: {ratio:.2f}x (aim 1x: {verdict})")
    print(f"ratio_klaverjassen_scored_vs_{theirs.engine}: "
          f"{decisions / theirs.decisions_per_s:.2f}x (ours scored and logged, every card "
          "checked twice)")  # fmt: skip
    print("# both: one decision = one card chosen uniformly among the engine's legal cards; "
          "ours pure Python, Colver's rules in Rust behind a Python call per card")  # fmt: skip
