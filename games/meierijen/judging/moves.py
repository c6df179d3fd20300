"""The rules of RULES.md that one MeieRijen move breaks, read from the state of the
:class:`~games.meierijen.rules.Round` it is made in: a play (MR-1 … MR-4, MR-6 … MR-9,
MR-11, MR-V1, MR-4P), a pawn action (MR-5, MR-7), a pass card (MR-10) and a face-up draw
card left lying (MR-11). Each ``judge_*`` gives the violations as ``(rule, message)``;
:mod:`.turn` judges a turn's entries with them in order."""

from __future__ import annotations

from games.base import Rank, Ranks, Text, _
from games.meierijen.rules import (
    ACCEPTS,
    DRAW,
    HAND,
    IS_WILD,
    LOW,
    NAME,
    OPEN,
    OPENCARD,
    PAWN_TEXT,
    PENPILE,
    PILE,
    PILE_LABEL,
    PILE_PLACES,
    PILE_TEXT,
    PLACE,
    RANK,
    RED,
    RED_PILE,
    TAKE,
    WHITE,
    Place,
    Round,
    Violations,
)


def judge_play(  # noqa: PLR0917 - the parts of a play move, in its order
    state: Round,
    source: int,
    owner: int,
    card: int,
    pile: int,
    rank: int | None,
    *,
    direction: int | None = None,
) -> tuple[Violations, int | None]:
    """The rules a play breaks, and the effective rank it is played as."""
    found = _judge_source(state, source, owner, card)
    if state.whites_on(PILE_PLACES[pile]):
        found.append(
            _played(
                state,
                "MR-7",
                _("%(name)s played %(card)s on %(pile)s, which a white pawn blocks"),
                card,
                pile,
            )
        )
    if not ACCEPTS[pile][card]:
        rule = "MR-3" if RANK[card] == 2 else "MR-1"
        found.append(
            _played(
                state,
                rule,
                _("%(name)s played %(card)s on %(pile)s, which takes only %(colour)s and jokers"),
                card,
                pile,
                colour=Text(_("red cards") if pile == RED_PILE else _("black cards")),
            )
        )
    rank, ranked = _judge_rank(state, card, pile, rank, direction)
    return found + ranked, rank


def _played(
    state: Round, rule: str, template: str, card: int, pile: int, **values: object
) -> tuple[str, Text]:
    """A violation of ``rule`` by the player to move, who played ``card`` on ``pile``."""
    return rule, Text(
        template, name=state.name, card=NAME[card], pile=Text(PILE_TEXT[pile]), **values
    )


def _judge_source(state: Round, source: int, owner: int, card: int) -> Violations:
    """MR-6: hand, own open cards and penalty top, the opponent's open cards and penalty
    top, never under a white pawn; MR-4P: never the opponents'; MR-11: the face-up card."""
    who, name = state.name, NAME[card]
    if source == HAND:
        if card in state.hands[state.seat]:
            return []
        return [
            (
                "MR-6",
                Text(
                    _("%(who)s played %(card)s from the hand without holding it"),
                    who=who,
                    card=name,
                ),
            )
        ]
    if source == DRAW:
        if state.faceup() == card:
            return []
        return [
            (
                "MR-11",
                Text(
                    _(
                        "%(who)s played %(card)s from the draw pile, but it is not "
                        "the face-up draw card to be played at the start of the turn"
                    ),
                    who=who,
                    card=name,
                ),
            )
        ]
    if owner != state.side and state.teams:
        return [
            (
                "MR-4P",
                Text(
                    _(
                        "%(who)s took %(card)s from the opponents' cards, which only "
                        "the opponents may use"
                    ),
                    who=who,
                    card=name,
                ),
            )
        ]
    problem = (
        _open_problem(state, owner, card)
        if source == OPEN
        else _penalty_problem(state, owner, card)
    )
    return (
        [
            (
                "MR-6",
                Text(
                    _("%(who)s took %(card)s from their own %(problem)s"),
                    who=who,
                    card=name,
                    problem=problem,
                )
                if owner == state.side
                else Text(
                    _("%(who)s took %(card)s from %(owner)s's %(problem)s"),
                    who=who,
                    card=name,
                    owner=state.side_names[owner],
                    problem=problem,
                ),
            )
        ]
        if problem
        else []
    )


def _open_problem(state: Round, owner: int, card: int) -> str:
    count = state.open[owner].count(card)
    if not count:
        return Text(_("open cards, where it is not"))
    if count <= state.whites_on((OPENCARD, owner, card)):
        return Text(_("open cards although a white pawn blocks it"))
    return ""


def _penalty_problem(state: Round, owner: int, card: int) -> str:
    penalty = state.penalty[owner]
    if not penalty or penalty[-1] != card:
        return Text(_("penalty pile, where only the top card may be taken"))
    if state.whites_on((PENPILE, owner, 0)):
        return Text(_("penalty pile although a white pawn blocks it"))
    return ""


def _judge_rank(
    state: Round, card: int, pile: int, rank: int | None, direction: int | None
) -> tuple[int | None, Violations]:
    """MR-2, MR-3 and MR-4 (with MR-8, MR-9, MR-V1): the effective rank of a play."""
    who, name = state.name, NAME[card]
    if rank is not None and ((not IS_WILD[card] and rank != RANK[card]) or rank < LOW):
        said = (
            Text(_("only jokers and 2s are wild"))
            if rank >= LOW
            else Text(_("a wild stands for 3 to A"))
        )
        return None, [
            (
                "MR-3",
                Text(
                    _("%(who)s played %(card)s as %(rank_text)s, but %(said)s"),
                    who=who,
                    card=name,
                    rank_text=Rank(rank),
                    said=said,
                ),
            )
        ]
    top = state.pile_rank[pile]
    if not top:  # MR-4: an empty place takes any rank
        if rank is None and IS_WILD[card]:
            return None, [
                (
                    "MR-4",
                    Text(
                        _(
                            "%(who)s started %(pile)s with %(card)s without saying which "
                            "rank it stands for"
                        ),
                        who=who,
                        pile=Text(PILE_TEXT[pile]),
                        card=name,
                    ),
                )
            ]
        return rank or RANK[card], []
    ranks = [r for r, _ in state.ranks(pile) if (r - top) * (direction or 0) >= 0]
    if rank is None and IS_WILD[card]:
        return _only_rank(state, card, pile, ranks)
    rank = rank or RANK[card]
    return rank, [] if rank in ranks else _wrong_rank(state, card, pile, rank, direction)


def _only_rank(
    state: Round, card: int, pile: int, ranks: list[int]
) -> tuple[int | None, Violations]:
    """MR-3: a wild played without ``as`` takes the one rank that fits, if only one does."""
    if len(ranks) == 1:
        return ranks[0], []
    listed = Ranks(ranks) if ranks else Text(_("none fits"))
    return None, [
        _played(
            state,
            "MR-3",
            _(
                "%(name)s played %(card)s on %(pile)s without saying which rank it "
                "stands for (%(listed)s)"
            ),
            card,
            pile,
            listed=listed,
        )
    ]


def _wrong_rank(state: Round, card: int, pile: int, rank: int, direction: int | None) -> Violations:
    """Why ``rank`` may not follow the pile's top: MR-2, MR-8, MR-9 or MR-V1."""
    top, shown = state.pile_rank[pile], NAME[state.pile_top[pile]]
    delta = rank - top
    if IS_WILD[state.pile_top[pile]]:
        shown = Text(_("%(card)s (as %(rank)s)"), card=shown, rank=Rank(top))
    said = (
        Text(_("%(name)s played %(card)s as %(rank)s on %(card_top)s (%(pile)s)"),
             name=state.name, card=NAME[card], rank=Rank(rank), card_top=shown,
             pile=Text(PILE_LABEL[pile]))
        if IS_WILD[card]
        else Text(_("%(name)s played %(card)s on %(card_top)s (%(pile)s)"),
                  name=state.name, card=NAME[card], card_top=shown,
                  pile=Text(PILE_LABEL[pile]))
    )  # fmt: skip
    if direction is not None and delta * direction < 0:
        found = [
            (
                "MR-2",
                Text(_("%(said)s, which does not go down"), said=said)
                if direction < 0
                else Text(_("%(said)s, which does not go up"), said=said),
            )
        ]
    elif delta < 0 and not state.variant1:
        found = [("MR-2", Text(_("%(said)s, but cards go up one step at a time"), said=said))]
    elif delta == 0:
        found = [
            ("MR-2", Text(_("%(said)s: the same rank is not one step up"), said=said)),
            ("MR-8", Text(_("%(said)s without holding the grey pawn"), said=said)),
        ]
    elif abs(delta) == 2 and state.holder[RED] != state.side:
        found = [
            ("MR-2", Text(_("%(said)s, skipping a rank"), said=said)),
            ("MR-9", Text(_("%(said)s without holding the red pawn"), said=said)),
        ]
    elif abs(delta) <= 2 and state.direction * delta < 0:
        found = [
            (
                "MR-V1",
                Text(_("%(said)s after going up earlier this turn"), said=said)
                if state.direction > 0
                else Text(_("%(said)s after going down earlier this turn"), said=said),
            )
        ]
    else:
        found = [("MR-2", Text(_("%(said)s, which is not one step from it"), said=said))]
    return found


def judge_pawn(state: Round, action: int, pawn: int, place: Place | int | None) -> Violations:
    """MR-5 (only after a ten-card) and MR-7 (which action is possible)."""
    if not state.pending:
        if state.started_ten >= 0:
            return [
                (
                    "MR-5",
                    Text(
                        _(
                            "%(name)s made a pawn action after starting a new pile with "
                            "%(card)s as a 10, but a 10 on an empty place is not laid on "
                            "a 9 and is no ten-card"
                        ),
                        name=state.name,
                        card=NAME[state.started_ten],
                    ),
                )
            ]
        return [
            (
                "MR-5",
                Text(_("%(name)s made a pawn action without a ten-card for it"), name=state.name),
            )
        ]
    if action == PLACE:
        problem = _place_problem(state, pawn, place)
    else:
        problem = _take_problem(state, action, pawn, place)
    return (
        [("MR-7", Text(_("%(name)s %(problem)s"), name=state.name, problem=problem))]
        if problem
        else []
    )


def _take_problem(state: Round, action: int, pawn: int, place: Place | int | None) -> str:
    """What keeps a player from taking the grey or red pawn from its start spot, or from
    removing a pawn in play (MR-7 (b)-(d)), or ``""``."""
    what = Text(PAWN_TEXT[pawn])
    if pawn == WHITE:
        if action == TAKE:
            return Text(_("took a white pawn, but white pawns are placed"))
        standing = place is not None and place in state.whites
        return "" if standing else Text(_("removed a white pawn from a place where none stands"))
    held = state.holder[pawn]
    if action == TAKE:
        return (
            "" if held < 0 else Text(_("took %(pawn)s, which is not on its start spot"), pawn=what)
        )
    ok = held >= 0 and place in (None, held)
    return "" if ok else Text(_("removed %(pawn)s, which that player does not hold"), pawn=what)


def _place_problem(state: Round, pawn: int, place: Place | int | None) -> str:
    """What keeps a white pawn from ``place`` (MR-7 (a), MR-V1 (b), MR-4P), or ``""``."""
    if pawn != WHITE:
        return Text(_("placed %(pawn)s, which is only taken"), pawn=Text(PAWN_TEXT[pawn]))
    if None not in state.whites:
        return Text(_("placed a white pawn, but both are in play"))
    if not isinstance(place, tuple):
        return Text(_("placed a white pawn where it cannot go"))
    kind, index, card = place
    problems = (
        (
            kind != PILE and index == state.side,
            Text(_("placed a white pawn on a pile of their own")),
        ),
        (
            kind == OPENCARD and card not in state.open[index],
            Text(
                _("placed a white pawn on %(card)s, which is not an open card there"),
                card=NAME[card],
            ),
        ),
        (
            kind == PENPILE and not state.penalty[index],
            Text(_("placed a white pawn on an empty penalty pile")),
        ),
        (
            not state.share_whites and place in state.whites,
            Text(_("placed a white pawn where one already stands (one pawn per pile)")),
        ),
    )
    return next((text for broken, text in problems if broken), "")


def judge_pass(state: Round, card: int, to: int) -> Violations:
    """MR-10: the pass card comes from the hand; four open cards at most (not in the
    last ten, MR-11)."""
    who, name = state.name, NAME[card]
    if card not in state.hands[state.seat]:
        return [
            (
                "MR-10",
                Text(_("%(who)s passed %(card)s, which is not in their hand"), who=who, card=name),
            )
        ]
    side = state.side
    if to == OPEN and len(state.open[side]) >= state.open_limit and not state.last_ten(side):
        return [
            (
                "MR-10",
                Text(
                    _(
                        "%(who)s laid %(card)s open beside four open cards; it must "
                        "go on the penalty pile"
                    ),
                    who=who,
                    card=name,
                ),
            )
        ]
    return []


def judge_faceup_left(state: Round) -> Violations:
    """MR-11: the face-up draw card is played if possible."""
    card = state.faceup()
    if card is not None and state.can_play_plain(card):
        return [
            (
                "MR-11",
                Text(
                    _("%(name)s did not play the face-up draw card %(card)s, which can be played"),
                    name=state.name,
                    card=NAME[card],
                ),
            )
        ]
    return []
