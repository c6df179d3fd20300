"""The ``replay`` check: a whole recorded match judged turn by turn (format in
:mod:`games.meierijen.simulate`).

Every turn goes through the same rule functions as the ``turn`` check
(:func:`judge.judge_entries`); the rounds are scored with :mod:`scoring`. Judging stops at
the first turn that breaks a rule; ``at`` is that turn's index in its round's ``turns``
(a match violation: the round's index), and the message names round, turn and play.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.base import Case, CaseError, Outcome, Text, _
from games.meierijen import scoring
from games.meierijen.checks import check_players_option, codes
from games.meierijen.judging.turn import close_turn, judge_entries
from games.meierijen.rules import (
    ACCEPTS,
    ACE,
    DECK,
    IS_WILD,
    NAME,
    PILE_NAMES,
    RANK,
    Round,
    code_of,
)


class Layout:
    """Who plays: seats in playing order and the sides (players, or teams with four)."""

    def __init__(self, case: Case) -> None:
        self.seat_names = case.names("players", minimum=2, maximum=4)
        check_players_option(case, len(self.seat_names))
        if len(self.seat_names) < 4:
            self.side_names = list(self.seat_names)
            self.seat_side = tuple(range(len(self.seat_names)))
            return
        teams = case.sub("teams")
        seats = self.seat_names
        members = {team: teams.items(team) for team in teams.data}
        wanted = sorted([sorted(seats[0::2]), sorted(seats[1::2])])
        given = [m for m in members.values() if all(isinstance(name, str) for name in m)]
        if len(given) != len(members) or sorted(sorted(m) for m in given) != wanted:
            raise CaseError(
                "teams",
                _("must be two teams of two whose partners sit alternately in players (MR-4P)"),
            )
        team_of = {name: team for team, names in members.items() for name in names}
        self.side_names = [team_of[seats[0]], team_of[seats[1]]]
        self.seat_side = (0, 1, 0, 1)


def read_round(case: Case, layout: Layout, options: dict[str, Any]) -> Round:
    """A round's deal: the draw piles (top first), the three starting pile cards and the
    side whose deck each came from, and the starting player."""
    state = Round(
        layout.seat_side,
        layout.seat_names,
        layout.side_names,
        variant1=options["variant1"],
        draw_two=options["draw_rule"] == "two",
    )
    piles, turned = case.sub("piles"), case.sub("turned")
    start_cards: dict[str, list[int]] = {name: [] for name in layout.side_names}
    for index, name in enumerate(PILE_NAMES):
        card = code_of(piles.card(name))
        if IS_WILD[card] or not ACCEPTS[index][card] or RANK[card] == ACE:
            raise piles.error(
                name,
                _("%(card)s cannot start the %(name)s pile: it must be a card from 3 to K")
                if index == 2
                else _(
                    "%(card)s cannot start the %(name)s pile: it must be a %(name)s card "
                    "from 3 to K"
                ),
                card=NAME[card],
                name=name,
            )
        start_cards[turned.player(name, layout.side_names)].append(card)
        state.pile_top[index] = card
        state.pile_rank[index] = RANK[card]
        state.pile_cards[index] = [card]
    draws = case.per_player("draw_piles", layout.side_names, complete=True)
    for side, name in enumerate(layout.side_names):
        cards = codes(draws, name)
        missing = Counter(DECK) - Counter(cards + start_cards[name])
        extra = Counter(cards + start_cards[name]) - Counter(DECK)
        if missing or extra:
            found = [
                Text(template, cards=" ".join(NAME[c] for c in sorted(counter.elements())))
                for template, counter in (
                    (_("missing %(cards)s"), missing),
                    (_("extra %(cards)s"), extra),
                )
                if counter
            ]
            shown = (
                found[0]
                if len(found) == 1
                else Text(_("%(missing)s, %(extra)s"), missing=found[0], extra=found[1])
            )
            raise draws.error(
                name, _("with the turned cards is not one 54-card deck (%(shown)s)"), shown=shown
            )
        state.draw[side] = cards[::-1]
    state.seat = layout.seat_names.index(case.player("starter", layout.seat_names))
    return state


def play_turns(state: Round, case: Case, number: int, out: Outcome) -> bool:
    """Judge every turn of round ``number`` (1-based); False at the first violation."""
    for at, turn in enumerate(case.subs("turns")):
        where = Text(_("round %(round)s, turn %(turn)s"), round=number, turn=at + 1)
        name = turn.player("player", state.seat_names)
        if state.over:
            out.add(
                "MR-12",
                _("%(name)s played a turn after the round was over (%(where)s)"),
                at,
                name=name,
                where=where,
            )
            return False
        if name != state.name:
            out.add(
                "MR-10",
                _("It was %(name)s's turn, not %(name2)s's (%(where)s)"),
                at,
                name=state.name,
                name2=name,
                where=where,
            )
            return False
        if not _play_turn(state, turn, out, where, at):
            return False
    return True


def _play_turn(state: Round, turn: Case, out: Outcome, where: str, at: int) -> bool:
    """One turn: a skip (MR-7 (a)), or the draw (MR-10), the plays and the turn's end."""

    def report(rule: str, message: str, index: int) -> None:
        out.add(
            rule,
            _("%(detail)s (%(where)s, play %(number)s)"),
            at,
            detail=message,
            where=where,
            number=index + 1,
        )

    name = state.name
    drawn = state.begin_turn()
    plays = turn.subs("plays", [])
    if drawn is None:
        if plays or turn.items("draw", []):
            out.add(
                "MR-7",
                _(
                    "%(name)s must skip this turn: a white pawn stands on their "
                    "draw pile (%(where)s)"
                ),
                at,
                name=name,
                where=where,
            )
            return False
        state.skip()
        return True
    if turn.boolean("skipped", False):
        out.add(
            "MR-10",
            _("%(name)s skipped a turn without a white pawn on their draw pile (%(where)s)"),
            at,
            name=name,
            where=where,
        )
        return False
    if turn.has("draw") and not _same_draw(turn, drawn, out, where, at):
        return False
    if not judge_entries(state, plays, report):
        return False
    found = close_turn(state)
    for rule, message in found:
        out.add(rule, _("%(detail)s (%(where)s)"), at, detail=message, where=where)
    return not found


def _same_draw(turn: Case, drawn: list[int], out: Outcome, where: str, at: int) -> bool:
    """MR-10: the cards drawn at the start of the turn, as the draw pile gives them."""
    recorded = codes(turn, "draw")
    if len(recorded) != len(drawn):
        out.add(
            "MR-10",
            _(
                "%(data)s drew %(count)s cards at the start of the turn, but "
                "takes %(count2)s (%(where)s)"
            ),
            at,
            data=turn.data["player"],
            count=len(recorded),
            count2=len(drawn),
            where=where,
        )
        return False
    if recorded != drawn:
        shown = " ".join(NAME[c] for c in drawn)
        raise turn.error(
            "draw", _("does not match the draw pile, whose next cards are %(shown)s"), shown=shown
        )
    return True


def check_replay(case: Case) -> Outcome:
    """A whole recorded match: every turn legal, each round scored (MR-12), the match
    decided (MR-13). ``result`` equals the simulator's summary."""
    options = case.options
    layout = Layout(case)
    rounds = case.subs("rounds")
    out = Outcome()
    summaries: list[dict[str, Any]] = []
    out.result = {"rounds": summaries, "finished": False}
    for index, round_case in enumerate(rounds):
        state = read_round(round_case, layout, options)
        if not play_turns(state, round_case, index + 1, out):
            return out
        if not state.over:
            if index + 1 < len(rounds):
                out.add(
                    "MR-12",
                    _("Round %(number)s stops before its end, yet another round follows"),
                    index,
                    number=index + 1,
                )
            return out
        summaries.append(scoring.round_summary(state))
    winners = [summary["winner"] for summary in summaries]
    match = scoring.match_result(layout.side_names, winners, third_round=options["third_round"])
    out.result["rounds_won"] = match.rounds_won
    if match.decided_after is None:
        return out
    if match.decided_after < len(rounds):
        out.add(
            "MR-13",
            scoring.played_on_message(match.decided_after, len(rounds)),
            match.decided_after,
        )
        return out
    out.result.update(winner=match.winner, draw=match.draw, finished=True)
    return out
