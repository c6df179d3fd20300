"""Judging the entries of one turn in order, shared by the ``turn`` and ``replay`` checks.

Each entry is read (:func:`notation.read_entry`), judged by the ``judge_*`` functions of
:mod:`.moves` and, when legal, made with the same ``Round.apply`` the simulator uses.
Judging stops at the first entry that breaks a rule; every rule that entry breaks is
reported.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import Case, CaseError, Text, _
from games.meierijen.notation import DRAWN, TURNED_OPEN, read_entry
from games.meierijen.rules import (
    DONE,
    DRAW,
    FACEUP,
    HAND,
    NAME,
    PASS,
    PAWN,
    PLAY,
    TURNED,
    Round,
    Violations,
)

from .moves import judge_faceup_left, judge_pass, judge_pawn, judge_play

Report = Callable[[str, str, int], None]


def judge_entries(state: Round, entries: list[Case], report: Report) -> bool:
    """Judge and make each entry of the turn under way; False at the first violation."""
    drawn: list[int] | None = None
    for index, entry in enumerate(entries):
        move = read_entry(entry, state)
        if move[0] == DRAWN:
            found = _judge_drawn(state, move[1], drawn, entry)
            drawn = None
        else:
            found, made = _judge_move(state, move, entry)
            drawn = None if found else state.apply(made)
        if found:
            for rule, message in found:
                report(rule, message, index)
            return False
    return True


def _judge_move(state: Round, move: tuple[Any, ...], entry: Case) -> tuple[Violations, tuple]:
    """The rules ``move`` breaks, and the move of :mod:`rules` to make when it breaks none."""
    kind, name = move[0], state.name
    if state.phase == DONE:
        return [
            (
                "MR-10",
                Text(_("%(name)s went on after the pass card that ended the turn"), name=name),
            )
        ], ()
    if state.pending and kind != PAWN:
        return [
            (
                "MR-5",
                Text(
                    _("%(name)s went on before making the pawn action of the ten-card"), name=name
                ),
            )
        ], ()
    if kind == PAWN:
        return judge_pawn(state, move[1], move[2], move[3]), move
    if kind == TURNED_OPEN:
        return _judge_turned(state, move, entry), (TURNED,)
    return _judge_card(state, move, entry)


def _judge_card(state: Round, move: tuple[Any, ...], entry: Case) -> tuple[Violations, tuple]:
    """A card play or the pass card, once MR-11's face-up draw card has been dealt with."""
    kind = move[0]
    if kind == PLAY and move[1] == HAND and not entry.has("from") and state.faceup() == move[3]:
        move = (PLAY, DRAW, *move[2:])  # the face-up draw card, named without "from"
    if state.phase == FACEUP and not (kind == PLAY and move[1] == DRAW):
        found = judge_faceup_left(state)
        if found:
            return found, ()
        state.turn_faceup()  # MR-11: it could not be played, so it joined the open cards
    if kind == PASS:
        return judge_pass(state, move[1], move[2]), move
    found, rank = judge_play(state, *move[1:6], direction=move[6])
    return found, (PLAY, *move[1:5], rank)


def _judge_turned(state: Round, move: tuple[Any, ...], entry: Case) -> Violations:
    """MR-11: the face-up draw card joins the open cards only when it cannot be played."""
    card = state.faceup()
    if card is None:
        return [
            (
                "MR-11",
                Text(
                    _(
                        "%(name)s laid a draw card open, but no face-up draw card "
                        "waits to be played"
                    ),
                    name=state.name,
                ),
            )
        ]
    if card != move[1]:
        raise CaseError(
            entry.where("turned"),
            _("is not the face-up draw card, which is %(card)s"),
            card=NAME[card],
        )
    if move[2] != "open":
        return [
            (
                "MR-11",
                Text(
                    _(
                        "%(name)s laid the face-up draw card %(card)s elsewhere; a "
                        "draw card that cannot be played joins the open cards"
                    ),
                    name=state.name,
                    card=NAME[card],
                ),
            )
        ]
    return judge_faceup_left(state)


def _judge_drawn(
    state: Round, cards: list[int], drawn: list[int] | None, entry: Case
) -> Violations:
    """MR-10: five new cards when the hand is played empty, and only then."""
    name = state.name
    if drawn is None:
        return [
            (
                "MR-10",
                Text(
                    _("%(name)s drew cards although the hand was not just played empty"), name=name
                ),
            )
        ]
    if len(cards) != len(drawn):
        return [
            (
                "MR-10",
                Text(
                    _(
                        "%(name)s drew %(count)s cards after playing the hand empty, "
                        "but takes %(count2)s"
                    ),
                    name=name,
                    count=len(cards),
                    count2=len(drawn),
                ),
            )
        ]
    if cards != drawn:
        shown = " ".join(NAME[c] for c in drawn)
        raise CaseError(
            entry.where("draw"),
            _("does not match the draw pile, whose next cards are %(shown)s"),
            shown=shown,
        )
    return []


def close_turn(state: Round) -> Violations:
    """End a turn whose entries ran out: legal only with nothing left to do (MR-5, MR-11)
    and no card in hand to pass (MR-10)."""
    if state.phase == DONE:
        return []
    name = state.name
    if state.pending:
        return [
            (
                "MR-5",
                Text(
                    _("%(name)s ended the turn without the pawn action of the ten-card"), name=name
                ),
            )
        ]
    if state.phase == FACEUP:
        found = judge_faceup_left(state)
        if found:
            return found
        state.turn_faceup()
    if state.hands[state.seat]:
        return [("MR-10", Text(_("%(name)s ended the turn without a pass card"), name=name))]
    state.end_turn()
    return []
