"""A deal as played (:func:`deal`, KJ-3 … KJ-7), a briefje row (:func:`deal_score`,
KJ-5 … KJ-8) and a game of rows (:func:`game`, KJ-8).

Seats 0-3, teams 0 (seats 0+2) and 1 (seats 1+3). Pure Python: no Django here.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from games.base import CaseError, Outcome, Suit, _
from games.cards import Card
from games.klaverjassen.cards import (
    LAST_TRICK,
    SEATS,
    TOTAL,
    TRICKS,
    Options,
    card_of,
    points,
    strength,
    team,
    trump_of,
)
from games.klaverjassen.play import DUTIES, duties, roem, roem_points, winner
from games.klaverjassen.roembound import possible

PIT = 100
PENALTY = 100


def _score(
    playing: int, pts: Sequence[int], rm: Sequence[int], pit: int | None, options: Options
) -> tuple[list[int], list[int], bool]:
    """Points and roem each team scores from points and roem as played (pit bonus not yet
    in ``rm``), and whether the playing team is nat (KJ-5, KJ-6)."""
    scored_roem = list(rm)
    if pit is not None:
        scored_roem[pit] += PIT
    own = pts[playing] + scored_roem[playing]
    other = pts[1 - playing] + scored_roem[1 - playing]
    if own > other:
        return list(pts), scored_roem, False
    out_pts, out_roem = [0, 0], [0, 0]
    out_pts[1 - playing], out_roem[1 - playing] = TOTAL, sum(scored_roem)
    return out_pts, out_roem, True


def _renege(guilty: int, rm: Sequence[int], pit: int | None) -> tuple[list[int], list[int]]:
    """KJ-7 ``deal``: the guilty team 0, the other 162 plus all roem claimed."""
    out_pts, out_roem = [0, 0], [0, 0]
    out_pts[1 - guilty] = TOTAL
    out_roem[1 - guilty] = sum(rm) + (PIT if pit is not None else 0)
    return out_pts, out_roem


def deal(
    hands: Sequence[Sequence[object]],
    trump: str,
    playing_team: int,
    first_leader: int,
    tricks: Sequence[Sequence[object]],
    *,
    options: Options | Mapping[str, Any] | None = None,
    unclaimed: Collection[int] = (),
) -> Outcome:
    """Check every card of a deal in order (KJ-3) and score it (KJ-4 … KJ-7).

    ``hands``: the 8 cards of each seat; ``tricks``: the cards of each trick in playing
    order, its leader first (the player left of the dealer, ``first_leader``, leads the
    first, each trick's winner the next). Fewer than 8 tricks only when a card reneged
    (the table stopped the deal). Violations: every illegal card (KJ-3, ``at`` the card's
    index 0-31) and, for the first, its consequence (KJ-7). ``result``: ``points`` and
    ``roem`` per team as played, ``pit`` (team or None), ``nat``, ``verzaakt`` (the first
    renege: ``at``, ``seat``, ``team``, ``duty``, or None), ``score`` per team,
    ``penalty`` per seat, ``tricks`` (winner, points, roem items) and ``row`` (the
    briefje row :func:`deal_score` takes). With option ``claim`` (the default) the roem
    of the tricks in ``unclaimed`` (indexes 0-7) was not claimed and does not count; every
    other trick's roem counts as claimed."""
    options = Options.of(options)
    trump = trump_of(trump)
    held = _hands(hands)
    if playing_team not in (0, 1):
        raise CaseError("playing_team", _("must be 0 or 1, not %(value)s"), value=playing_team)
    if first_leader not in range(SEATS):
        raise CaseError("first_leader", _("must be a seat 0-3, not %(value)s"), value=first_leader)
    if not tricks or len(tricks) > TRICKS:
        raise CaseError("tricks", _("a deal has 1 to 8 tricks, not %(count)s"), count=len(tricks))
    outcome = Outcome()
    pts, won, summary, first = _play(held, trump, first_leader, tricks, options, outcome)
    rm = [0, 0]  # the roem claimed (KJ-4 claim): all of it unless the table let some go
    for index, one in enumerate(summary):
        if not (options.claim and index in unclaimed):
            rm[team(one["winner"])] += one["roem_points"]
    if len(tricks) < TRICKS and first is None:
        raise CaseError("tricks", _("a deal has 8 tricks unless a card reneged, not %(count)s"),
                        count=len(tricks))  # fmt: skip
    pit = next((t for t in (0, 1) if won[t] == TRICKS), None)
    penalty = [0] * SEATS
    notes = Outcome()  # what the deal's outcome rests on (KJ-5 … KJ-7), not breaches
    if pit is not None:
        notes.add("KJ-6", _("team %(team)s won all 8 tricks: pit, 100 roem more"), team=pit)
    if first is not None and options.verzaken == "deal":
        score_pts, score_roem = _renege(first["team"], rm, pit)
        nat = False
        notes.add("KJ-7", _("seat %(seat)s reneged: their team scores 0, the other team"
                            " 162 and all roem"), first["at"], seat=first["seat"])  # fmt: skip
    else:
        if first is not None:
            if len(tricks) < TRICKS:
                raise CaseError("tricks", _("with verzaken minus100 the deal is played out"))
            penalty[first["seat"]] = -PENALTY
            notes.add("KJ-7", _("seat %(seat)s reneged and alone loses 100 points"),
                        first["at"], seat=first["seat"])  # fmt: skip
        score_pts, score_roem, nat = _score(playing_team, pts, rm, pit, options)
        if nat:
            notes.add("KJ-5", _("the playing team is nat: %(own)s against %(other)s"),
                        own=_total(pts, rm, pit, playing_team),
                        other=_total(pts, rm, pit, 1 - playing_team))  # fmt: skip
    outcome.result = {
        "points": pts,
        "roem": rm,
        "pit": pit,
        "nat": nat,
        "verzaakt": first,
        "score": [score_pts[t] + score_roem[t] for t in (0, 1)],
        "penalty": penalty,
        "tricks": summary,
        "notes": [note.as_dict() for note in notes.violations],
        "row": {"playing": playing_team, "points": pts, "roem": rm, "nat": nat,
                "pit": pit is not None, "verzaakt": None if first is None else first["team"]},
    }  # fmt: skip
    return outcome


def _play(  # noqa: PLR0917 - the deal's parts, internal
    held: list[list[Card]],
    trump: str,
    first_leader: int,
    tricks: Sequence[Sequence[object]],
    options: Options,
    outcome: Outcome,
) -> tuple[list[int], list[int], list[dict[str, Any]], dict[str, Any] | None]:
    """Play the tricks card by card: KJ-3 violations into ``outcome``; points and
    tricks won per team, each trick's summary and the first renege."""
    pts = [0, 0]
    won: list[int] = [0, 0]
    summary: list[dict[str, Any]] = []
    first: dict[str, Any] | None = None
    leader = first_leader
    for index, cards in enumerate(tricks):
        if len(cards) != SEATS:
            raise CaseError(f"tricks[{index}]", _("a trick has 4 cards, not %(count)s"),
                            count=len(cards))  # fmt: skip
        played: list[tuple[int, Card]] = []
        for position, text in enumerate(cards):
            seat = (leader + position) % SEATS
            card = card_of(text)
            if card not in held[seat]:
                raise CaseError(f"tricks[{index}][{position}]",
                                _("%(card)s is not in the hand of seat %(seat)s"),
                                card=card, seat=seat)  # fmt: skip
            duty = duties(played, held[seat], trump, options.variant).get(card)
            at = index * SEATS + position
            if duty is not None:
                high = _top_trump(played, trump)
                outcome.add("KJ-3", DUTIES[duty], at, card=card,
                            suit=Suit(played[0][1].suit), high_card=high)  # fmt: skip
                if first is None:
                    first = {"at": at, "seat": seat, "team": team(seat), "duty": duty}
            held[seat].remove(card)
            played.append((seat, card))
        leader = winner(played, trump)
        worth = sum(points(c, trump) for _s, c in played)
        if index == TRICKS - 1:
            worth += LAST_TRICK
        items = roem([c for _s, c in played], trump, options)
        pts[team(leader)] += worth
        won[team(leader)] += 1
        summary.append({"winner": leader, "points": worth, "roem": [str(i) for i in items],
                        "roem_points": roem_points(items)})  # fmt: skip
    return pts, won, summary, first


def _total(pts: Sequence[int], rm: Sequence[int], pit: int | None, side: int) -> int:
    return pts[side] + rm[side] + (PIT if pit == side else 0)


def _top_trump(played: Sequence[tuple[int, Card]], trump: str) -> Card | str:
    trumps = [c for _s, c in played if c.suit == trump]
    return max(trumps, key=lambda c: strength(c, trump, trump)) if trumps else ""


def _hands(hands: Sequence[Sequence[object]]) -> list[list[Card]]:
    if len(hands) != SEATS:
        raise CaseError("hands", _("a deal has 4 hands, not %(count)s"), count=len(hands))
    held = []
    seen: set[Card] = set()
    for seat, hand in enumerate(hands):
        if len(hand) != TRICKS:
            raise CaseError(f"hands[{seat}]", _("a hand has 8 cards, not %(count)s"),
                            count=len(hand))  # fmt: skip
        cards = [card_of(c) for c in hand]
        for index, card in enumerate(cards):
            if card in seen:
                raise CaseError(f"hands[{seat}][{index}]", _("%(card)s is dealt twice"), card=card)
            seen.add(card)
        held.append(cards)
    return held


# --- a briefje row -----------------------------------------------------------------------


def deal_score(
    row: Mapping[str, Any], options: Options | Mapping[str, Any] | None = None
) -> Outcome:
    """A briefje row (KJ-8) → its score, or the reasons it cannot be.

    ``row``: ``playing`` (team 0 or 1), ``points`` and ``roem`` per team *as played and
    claimed* (points summing to 162; roem from the tricks, pit's 100 not included),
    marks ``nat``, ``pit`` and ``verzaakt`` (the team that reneged, or None). ``result``:
    ``points``, ``roem`` and ``score`` per team as scored, ``penalty`` per team (-100 on
    the team of the player who reneged under ``verzaken`` minus100: that player alone)."""
    options = Options.of(options)
    outcome = Outcome()
    playing = row.get("playing")
    if playing not in (0, 1):
        raise CaseError("playing", _("must be 0 or 1, not %(value)s"), value=playing)
    pts = _pair(row, "points")
    rm = _pair(row, "roem")
    nat_marked, pit_marked = bool(row.get("nat")), bool(row.get("pit"))
    guilty = row.get("verzaakt")
    if guilty not in (None, 0, 1):
        raise CaseError("verzaakt", _("must be 0, 1 or empty, not %(value)s"), value=guilty)
    stopped = guilty is not None and options.verzaken == "deal"
    if sum(pts) != TOTAL and not stopped:
        outcome.add("KJ-2", _("the points sum to %(total)s, not 162"), total=sum(pts))
    _check_roem(rm, options, outcome)
    pit = None
    if pit_marked:
        pit = next((t for t in (0, 1) if pts[t] == TOTAL and rm[1 - t] == 0), None)
        if pit is None:
            outcome.add("KJ-6", _("pit is marked, but the other team has points or roem"))
    if stopped:
        score_pts, score_roem = _renege(guilty, rm, pit)
        nat = False
    else:
        score_pts, score_roem, nat = _score(playing, pts, rm, pit, options)
        if nat_marked and not nat:
            outcome.add("KJ-5", _("nat is marked, but the playing team has more"))
        elif nat and not nat_marked:
            outcome.add("KJ-5", _("the playing team is nat, but nat is not marked"))
    penalty = [0, 0]
    if guilty is not None and not stopped:
        penalty[guilty] = -PENALTY
    outcome.result = {
        "points": score_pts,
        "roem": score_roem,
        "score": [score_pts[t] + score_roem[t] for t in (0, 1)],
        "penalty": penalty,
        "nat": nat,
    }
    return outcome


def _check_roem(rm: Sequence[int], options: Options, outcome: Outcome) -> None:
    """KJ-4: each team's roem and both together within :func:`possible`."""
    bad = [side for side in (0, 1) if rm[side] not in possible(options)]
    for side in bad:
        outcome.add("KJ-4", _("no deal gives %(roem)s roem to one team"), roem=rm[side])
    if not bad and sum(rm) not in possible(options):
        outcome.add("KJ-4", _("no deal gives %(roem)s roem in all"), roem=sum(rm))


def _pair(row: Mapping[str, Any], key: str) -> list[int]:
    value = row.get(key)
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in value)
    ):
        raise CaseError(key, _("must be two whole numbers of 0 or more, one per team"))
    return list(value)


def game(
    rows: Sequence[Mapping[str, Any]], options: Options | Mapping[str, Any] | None = None
) -> Outcome:
    """The rows of a game → the running totals and the game score per team (KJ-8).
    Each row is checked as :func:`deal_score` (violations ``at`` the row); a game has
    ``deals`` rows. ``result``: ``rows`` (each row's score), ``running`` (totals after
    each row), ``score`` per team, ``penalty`` per team and ``winner`` (team, or None on
    equal scores)."""
    options = Options.of(options)
    outcome = Outcome()
    if len(rows) != options.deals:
        outcome.add("KJ-8", _("a game has %(deals)s deals, not %(count)s"),
                    deals=options.deals, count=len(rows))  # fmt: skip
    totals, penalty, running, scored = [0, 0], [0, 0], [], []
    for index, row in enumerate(rows):
        try:
            one = deal_score(row, options)
        except CaseError as error:
            raise CaseError(f"rows[{index}].{error.field}", error.text) from error
        for violation in one.violations:
            outcome.add(violation.rule, violation.text or violation.message, index)
        for t in (0, 1):
            totals[t] += one.result["score"][t]
            penalty[t] += one.result["penalty"][t]
        scored.append(one.result["score"])
        running.append(list(totals))
    best = None if totals[0] == totals[1] else int(totals[1] > totals[0])
    outcome.result = {"rows": scored, "running": running, "score": totals,
                      "penalty": penalty, "winner": best}  # fmt: skip
    return outcome


__all__ = ["deal", "deal_score", "game"]
