"""The replay log of a simulated Duizenden deal: meld cards, actions and turns as the
``replay`` check reads them (format in the package docstring)."""

from __future__ import annotations

from typing import Any

from .cards import JK, NAMES, POS_ID
from .deal import SimulatedDeal

# --- the log ------------------------------------------------------------------------------


def _token(c: int, stands: int) -> str:
    return NAMES[c] if c != JK else f"JK:{NAMES[stands]}"


def _meld_log(move: tuple) -> list[str]:
    kind, key, low, cards = move
    if kind:
        return [_token(c, POS_ID[(key << 4) + low + i]) for i, c in enumerate(cards)]
    natural = next(c for c in cards if c != JK)
    return [_token(c, natural) for c in cards]


def _action_log(action: tuple) -> dict[str, Any]:
    if action[0] == "m":
        return {"meld": _meld_log(action[1])}
    if action[0] == "l":
        return {"lay_off": _token(action[2], action[3]), "to": action[1]}
    return {"exchange": NAMES[action[2]], "to": action[1]}


def _turn_log(turn: tuple, names: list[str]) -> dict[str, Any]:
    p, draw, actions, discard, claims, miner, extra = turn
    out: dict[str, Any] = {"player": names[p]}
    if draw < 0:
        out["take_turned"] = True
    else:
        out["draw"] = NAMES[draw]
    if actions:
        out["actions"] = [_action_log(a) for a in actions]
    out["discard"] = NAMES[discard] if discard >= 0 else None
    if claims:
        out["claims"] = [names[q] for q in claims]
        out["miner"] = names[miner]
        if extra >= 0:
            out["extra"] = NAMES[extra]
    return out


def deal_log(
    deal: SimulatedDeal, names: list[str], dealer: int, scores: list[int]
) -> dict[str, Any]:
    return {
        "dealer": names[dealer],
        "hands": {names[i]: [NAMES[c] for c in cards] for i, cards in enumerate(deal.dealt)},
        "turned": NAMES[deal.turned],
        "turns": [_turn_log(t, names) for t in deal.turns],
        "scores": dict(zip(names, scores, strict=True)),
    }
