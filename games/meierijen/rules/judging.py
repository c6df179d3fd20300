"""Judging a MeieRijen move (the ``turn`` and ``replay`` checks): the rules of RULES.md that a
play, a pawn action or a pass card breaks, as the ``judge_*`` half of
:class:`~games.meierijen.rules.round.Round`."""

from __future__ import annotations

from games.base import Rank, Ranks, Text, _

from .cards import ACCEPTS, IS_WILD, LOW, NAME, PILE_LABEL, PILE_TEXT, RANK, RED_PILE
from .moves import (
    DRAW,
    HAND,
    OPEN,
    OPENCARD,
    PAWN_TEXT,
    PENPILE,
    PILE,
    PILE_PLACES,
    PLACE,
    RED,
    TAKE,
    WHITE,
    Place,
    Violations,
)


class _Judging:
    """The checks' half of :class:`~games.meierijen.rules.round.Round`: which rules of
    RULES.md a play, a pawn action, a pass card or a face-up draw card left lying breaks
    (``judge_*``), read from the state the round keeps."""

    __slots__ = ()

    # --- judging a move (the checks) --------------------------------------------------------

    def judge_play(
        self,
        source: int,
        owner: int,
        card: int,
        pile: int,
        rank: int | None,
        *,
        direction: int | None = None,
    ) -> tuple[Violations, int | None]:
        """The rules a play breaks, and the effective rank it is played as."""
        found = self._judge_source(source, owner, card)
        if self.whites_on(PILE_PLACES[pile]):
            found.append(
                self._played(
                    "MR-7",
                    _("%(name)s played %(card)s on %(pile)s, which a white pawn blocks"),
                    card,
                    pile,
                )
            )
        if not ACCEPTS[pile][card]:
            rule = "MR-3" if RANK[card] == 2 else "MR-1"
            found.append(
                self._played(
                    rule,
                    _(
                        "%(name)s played %(card)s on %(pile)s, which takes only %(colour)s "
                        "and jokers"
                    ),
                    card,
                    pile,
                    colour=Text(_("red cards") if pile == RED_PILE else _("black cards")),
                )
            )
        rank, ranked = self._judge_rank(card, pile, rank, direction)
        return found + ranked, rank

    def _played(
        self, rule: str, template: str, card: int, pile: int, **values: object
    ) -> tuple[str, Text]:
        """A violation of ``rule`` by the player to move, who played ``card`` on ``pile``."""
        return rule, Text(
            template, name=self.name, card=NAME[card], pile=Text(PILE_TEXT[pile]), **values
        )

    def _judge_source(self, source: int, owner: int, card: int) -> Violations:
        """MR-6: hand, own open cards and penalty top, the opponent's open cards and penalty
        top, never under a white pawn; MR-4P: never the opponents'; MR-11: the face-up card."""
        who, name = self.name, NAME[card]
        if source == HAND:
            if card in self.hands[self.seat]:
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
            if self.faceup() == card:
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
        if owner != self.side and self.teams:
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
            self._open_problem(owner, card)
            if source == OPEN
            else self._penalty_problem(owner, card)
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
                    if owner == self.side
                    else Text(
                        _("%(who)s took %(card)s from %(owner)s's %(problem)s"),
                        who=who,
                        card=name,
                        owner=self.side_names[owner],
                        problem=problem,
                    ),
                )
            ]
            if problem
            else []
        )

    def _open_problem(self, owner: int, card: int) -> str:
        count = self.open[owner].count(card)
        if not count:
            return Text(_("open cards, where it is not"))
        if count <= self.whites_on((OPENCARD, owner, card)):
            return Text(_("open cards although a white pawn blocks it"))
        return ""

    def _penalty_problem(self, owner: int, card: int) -> str:
        penalty = self.penalty[owner]
        if not penalty or penalty[-1] != card:
            return Text(_("penalty pile, where only the top card may be taken"))
        if self.whites_on((PENPILE, owner, 0)):
            return Text(_("penalty pile although a white pawn blocks it"))
        return ""

    def _judge_rank(
        self, card: int, pile: int, rank: int | None, direction: int | None
    ) -> tuple[int | None, Violations]:
        """MR-2, MR-3 and MR-4 (with MR-8, MR-9, MR-V1): the effective rank of a play."""
        who, name = self.name, NAME[card]
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
        top = self.pile_rank[pile]
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
        ranks = [r for r, _ in self.ranks(pile) if (r - top) * (direction or 0) >= 0]
        if rank is None and IS_WILD[card]:
            return self._only_rank(card, pile, ranks)
        rank = rank or RANK[card]
        return rank, [] if rank in ranks else self._wrong_rank(card, pile, rank, direction)

    def _only_rank(self, card: int, pile: int, ranks: list[int]) -> tuple[int | None, Violations]:
        """MR-3: a wild played without ``as`` takes the one rank that fits, if only one does."""
        if len(ranks) == 1:
            return ranks[0], []
        listed = Ranks(ranks) if ranks else Text(_("none fits"))
        return None, [
            self._played(
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

    def _wrong_rank(self, card: int, pile: int, rank: int, direction: int | None) -> Violations:
        """Why ``rank`` may not follow the pile's top: MR-2, MR-8, MR-9 or MR-V1."""
        top, shown = self.pile_rank[pile], NAME[self.pile_top[pile]]
        delta = rank - top
        if IS_WILD[self.pile_top[pile]]:
            shown = Text(_("%(card)s (as %(rank)s)"), card=shown, rank=Rank(top))
        said = (
            Text(_("%(name)s played %(card)s as %(rank)s on %(card_top)s (%(pile)s)"),
                 name=self.name, card=NAME[card], rank=Rank(rank), card_top=shown,
                 pile=Text(PILE_LABEL[pile]))
            if IS_WILD[card]
            else Text(_("%(name)s played %(card)s on %(card_top)s (%(pile)s)"),
                      name=self.name, card=NAME[card], card_top=shown,
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
        elif delta < 0 and not self.variant1:
            found = [("MR-2", Text(_("%(said)s, but cards go up one step at a time"), said=said))]
        elif delta == 0:
            found = [
                ("MR-2", Text(_("%(said)s: the same rank is not one step up"), said=said)),
                ("MR-8", Text(_("%(said)s without holding the grey pawn"), said=said)),
            ]
        elif abs(delta) == 2 and self.holder[RED] != self.side:
            found = [
                ("MR-2", Text(_("%(said)s, skipping a rank"), said=said)),
                ("MR-9", Text(_("%(said)s without holding the red pawn"), said=said)),
            ]
        elif abs(delta) <= 2 and self.direction * delta < 0:
            found = [
                (
                    "MR-V1",
                    Text(_("%(said)s after going up earlier this turn"), said=said)
                    if self.direction > 0
                    else Text(_("%(said)s after going down earlier this turn"), said=said),
                )
            ]
        else:
            found = [("MR-2", Text(_("%(said)s, which is not one step from it"), said=said))]
        return found

    def judge_pawn(self, action: int, pawn: int, place: Place | int | None) -> Violations:
        """MR-5 (only after a ten-card) and MR-7 (which action is possible)."""
        if not self.pending:
            if self.started_ten >= 0:
                return [
                    (
                        "MR-5",
                        Text(
                            _(
                                "%(name)s made a pawn action after starting a new pile with "
                                "%(card)s as a 10, but a 10 on an empty place is not laid on "
                                "a 9 and is no ten-card"
                            ),
                            name=self.name,
                            card=NAME[self.started_ten],
                        ),
                    )
                ]
            return [
                (
                    "MR-5",
                    Text(
                        _("%(name)s made a pawn action without a ten-card for it"), name=self.name
                    ),
                )
            ]
        if action == PLACE:
            problem = self._place_problem(pawn, place)
        else:
            problem = self._take_problem(action, pawn, place)
        return (
            [("MR-7", Text(_("%(name)s %(problem)s"), name=self.name, problem=problem))]
            if problem
            else []
        )

    def _take_problem(self, action: int, pawn: int, place: Place | int | None) -> str:
        """What keeps a player from taking the grey or red pawn from its start spot, or from
        removing a pawn in play (MR-7 (b)-(d)), or ``""``."""
        what = Text(PAWN_TEXT[pawn])
        if pawn == WHITE:
            if action == TAKE:
                return Text(_("took a white pawn, but white pawns are placed"))
            standing = place is not None and place in self.whites
            return (
                "" if standing else Text(_("removed a white pawn from a place where none stands"))
            )
        held = self.holder[pawn]
        if action == TAKE:
            return (
                ""
                if held < 0
                else Text(_("took %(pawn)s, which is not on its start spot"), pawn=what)
            )
        ok = held >= 0 and place in (None, held)
        return "" if ok else Text(_("removed %(pawn)s, which that player does not hold"), pawn=what)

    def _place_problem(self, pawn: int, place: Place | int | None) -> str:
        """What keeps a white pawn from ``place`` (MR-7 (a), MR-V1 (b), MR-4P), or ``""``."""
        if pawn != WHITE:
            return Text(_("placed %(pawn)s, which is only taken"), pawn=Text(PAWN_TEXT[pawn]))
        if None not in self.whites:
            return Text(_("placed a white pawn, but both are in play"))
        if not isinstance(place, tuple):
            return Text(_("placed a white pawn where it cannot go"))
        kind, index, card = place
        problems = (
            (
                kind != PILE and index == self.side,
                Text(_("placed a white pawn on a pile of their own")),
            ),
            (
                kind == OPENCARD and card not in self.open[index],
                Text(
                    _("placed a white pawn on %(card)s, which is not an open card there"),
                    card=NAME[card],
                ),
            ),
            (
                kind == PENPILE and not self.penalty[index],
                Text(_("placed a white pawn on an empty penalty pile")),
            ),
            (
                not self.share_whites and place in self.whites,
                Text(_("placed a white pawn where one already stands (one pawn per pile)")),
            ),
        )
        return next((text for broken, text in problems if broken), "")

    def judge_pass(self, card: int, to: int) -> Violations:
        """MR-10: the pass card comes from the hand; four open cards at most (not in the
        last ten, MR-11)."""
        who, name = self.name, NAME[card]
        if card not in self.hands[self.seat]:
            return [
                (
                    "MR-10",
                    Text(
                        _("%(who)s passed %(card)s, which is not in their hand"), who=who, card=name
                    ),
                )
            ]
        side = self.side
        if to == OPEN and len(self.open[side]) >= self.open_limit and not self.last_ten(side):
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

    def judge_faceup_left(self) -> Violations:
        """MR-11: the face-up draw card is played if possible."""
        card = self.faceup()
        if card is not None and self.can_play_plain(card):
            return [
                (
                    "MR-11",
                    Text(
                        _(
                            "%(name)s did not play the face-up draw card %(card)s, which "
                            "can be played"
                        ),
                        name=self.name,
                        card=NAME[card],
                    ),
                )
            ]
        return []
