"""Discarding and mining in Duizenden (DZ-7 … DZ-10): the fouls of a discard, whether the top
card makes a meld with a hand, and who of the claimants mines."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from games.base import Text, _
from games.cards import JOKER, Card

from .deck import QUEEN_OF_SPADES, Foul
from .melds import Token, readings

# --- discarding (DZ-8, DZ-9, DZ-10) -------------------------------------------------------


def discard_fouls(who: str, card: Card, hand_size: int, *, first_turn: bool) -> list[Foul]:
    """The rules a discard of ``card`` from a hand of ``hand_size`` cards breaks."""
    fouls = []
    if card == QUEEN_OF_SPADES:
        fouls.append(
            Foul("DZ-8", Text(_("%(who)s may not discard QS: its holder must meld it"), who=who))
        )
    if hand_size == 1:
        if first_turn:
            fouls.append(
                Foul(
                    "DZ-9",
                    Text(
                        _("%(who)s may not go out in the first turn by discarding %(card)s"),
                        who=who,
                        card=card,
                    ),
                )
            )
        if card == QUEEN_OF_SPADES:
            fouls.append(
                Foul(
                    "DZ-10",
                    Text(_("%(who)s cannot go out by discarding QS as the last card"), who=who),
                )
            )
    return fouls


# --- mining (DZ-7) ------------------------------------------------------------------------


def makes_meld_with(top: Card, hand: Counter[Card]) -> bool:
    """DZ-7: can ``top`` and two cards of ``hand`` make a meld?

    Any longer meld holding ``top`` holds such a three-card meld, so pairs suffice.
    """
    kinds = [c for c, n in hand.items() if n > 0 and (
        JOKER in (c, top) or c.rank == top.rank or c.suit == top.suit)]  # fmt: skip
    for i, first in enumerate(kinds):
        for second in kinds[i:]:
            if first == second and hand[first] < 2:
                continue
            if readings([Token(top), Token(first), Token(second)]):
                return True
    return False


def next_player(players: Sequence[str], name: str) -> str:
    return players[(players.index(name) + 1) % len(players)]


def choose_miner(
    players: Sequence[str], discarder: str, claims: Sequence[str], valid: Iterable[str]
) -> str | None:
    """DZ-7: the player next after the discarder wins a valid claim; else the first one."""
    valid_set = set(valid)
    ordered = [c for c in claims if c in valid_set]
    if not ordered:
        return None
    priority = next_player(players, discarder)
    return priority if priority in valid_set else ordered[0]


def claim_foul(
    who: str, *, discarder: str, top: Card, on_table: bool, hand: Counter[Card] | None
) -> Foul | None:
    """Why a claim on the discard pile is not valid (DZ-7), or None when it is."""
    if who == discarder:
        return Foul(
            "DZ-7", Text(_("%(who)s cannot mine %(top)s, their own discard"), who=who, top=top)
        )
    if not on_table:
        return Foul(
            "DZ-7",
            Text(
                _("%(who)s cannot mine %(top)s: only a player on the table may mine"),
                who=who,
                top=top,
            ),
        )
    if hand is not None and not makes_meld_with(top, hand):
        return Foul(
            "DZ-7",
            Text(
                _("%(who)s cannot mine %(top)s: it makes no meld with their hand"), who=who, top=top
            ),
        )
    return None
