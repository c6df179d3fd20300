"""A whole simulated Duizenden game (:func:`simulate`): deals until DZ-12 ends the game, its
log and its summary."""

from __future__ import annotations

from typing import Any

from games.base import CaseError, Simulation, _, clean_options, make_rng
from games.duizenden.rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from games.duizenden.scoring import TARGET

from .cards import MAX_DEALS, value_tables
from .deal import SimulatedDeal
from .log import deal_log

# --- the game -----------------------------------------------------------------------------


def simulate(
    seed: int,
    *,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    record: bool = True,
) -> Simulation:
    """A whole game (DZ-12) by uniformly random legal moves; see the module docstring."""
    n = players or 4
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise CaseError("players", _("Duizenden is played by 3 to 5 players, not %(n)s"), n=n)
    cleaned = clean_options(OPTIONS, options or {})
    tables = value_tables(cleaned["opening_face_cards"])
    rng = make_rng(seed)
    names = [f"P{i + 1}" for i in range(n)]
    totals = [0] * n
    deals: list[dict[str, Any]] = []
    decisions = played = went_out = 0
    dealer = n - 1
    winner: int | None = None
    while played < MAX_DEALS and winner is None:
        deal = SimulatedDeal(rng, n, (dealer + 1) % n, tables, record)
        scores = deal.play()
        decisions += deal.decisions
        played += 1
        went_out += deal.out >= 0
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        if record:
            deals.append(deal_log(deal, names, dealer, scores))
        best = max(totals)
        if best >= TARGET and totals.count(best) == 1:
            winner = totals.index(best)
        dealer = (dealer + 1) % n
    log = {"game": "duizenden", "check": "replay", "options": cleaned, "players": names,
           "deals": deals}  # fmt: skip
    summary = {
        "players": n,
        "deals": played,
        "went_out": went_out,
        "totals": dict(zip(names, totals, strict=True)),
        "finished": winner is not None,
        "winner": None if winner is None else names[winner],
        "after_deal": played if winner is not None else None,
    }
    return Simulation(log if record else {}, decisions, summary)
