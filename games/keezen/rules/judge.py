"""The judge of one Keezen move as written (:func:`judge_move`): it plays a legal move on the
position and refuses any other with the rule it breaks (KZ-2 … KZ-8) and an English
sentence; a fold (:func:`judge_fold`, KZ-6) and a game already over (:func:`game_over`,
KZ-8) are refused the same way."""

from __future__ import annotations

from games.base import Card, Text, _
from games.cards import ACE, JACK, KING
from games.keezen.board import (
    FULL_HOME,
    PAWNS,
    place_words,
)

from .moves import forward_options, hand_moves, movable
from .position import BACK, ENTER, FORWARD, FOUR, SEVEN, STEPS, SWAP, Move, Position
from .requests import MoveRequest, Names, Refusal, Step


class _Judge:
    """Judges one card of ``seat`` moving ``mover``'s pawns; every check raises a Refusal
    naming the rule, and ``what`` ("seat 0 playing 7H") ends each message."""

    def __init__(self, position: Position, seat: int, mover: int, card: Card, names: Names) -> None:
        self.position = position
        self.g = position.g
        self.seat = seat
        self.mover = mover
        self.names = names
        self.what = Text(_("(%(player)s playing %(card)s)"), player=names(seat), card=card)

    def refuse(self, rule: str, message: str, part: int | None = None) -> Refusal:
        return Refusal(rule, Text(_("%(detail)s %(what)s"), detail=message, what=self.what), part)

    def pawn(self, pid: int) -> Text:
        return Text(_("%(player)s's pawn %(pawn)s"), player=self.names(pid >> 2), pawn=pid & 3)

    def blocker(self, seat: int) -> Text:
        return Text(
            _("the blockade of %(player)s's pawn on its start square %(square)s"),
            player=self.names(seat),
            square=self.g.start[seat],
        )

    def blocked(self, seat: int) -> bool:
        """KZ-3: a pawn of ``seat`` stands on its own start square."""
        return seat >= 0 and self.position.board[self.g.start[seat]] >> 2 == seat

    def in_nest(self, pid: int) -> Refusal:
        return self.refuse(
            "KZ-2",
            Text(
                _("%(pawn)s is in the nest: only an A or a K puts it on the track"),
                pawn=self.pawn(pid),
            ),
        )

    def forward(self, pid: int, n: int, into_home: bool) -> int:
        """The destination of ``pid`` going ``n`` forward (KZ-2, KZ-3, KZ-5)."""
        g, p = self.g, self.position.pos[pid]
        seat, pawn = pid >> 2, self.pawn(pid)
        if p < 0:
            raise self.in_nest(pid)
        if p >= g.length:
            raise self.in_home(pid)
        d = g.dist[seat][p]
        if not into_home:
            t = g.cross[p][n]
            if self.blocked(t):
                template = (
                    _("%(pawn)s on square %(p)s cannot land on %(blocker)s")
                    if g.ahead[p][n] == g.start[t]
                    else _("%(pawn)s on square %(p)s cannot pass %(blocker)s")
                )
                raise self.refuse("KZ-3", Text(template, pawn=pawn, p=p, blocker=self.blocker(t)))
            return g.ahead[p][n]
        if n <= d:
            raise self.refuse(
                "KZ-5",
                Text(
                    _(
                        "%(pawn)s on square %(p)s cannot enter its home with %(n)s: "
                        "its entrance, square %(entrance)s, is %(d)s steps ahead and "
                        "the home lies beyond it"
                    ),
                    pawn=pawn,
                    p=p,
                    n=n,
                    entrance=g.entrance[seat],
                    d=d,
                ),
            )
        slot = n - d - 1
        if slot > 3:
            raise self.refuse(
                "KZ-5",
                Text(
                    _(
                        "%(pawn)s on square %(p)s cannot enter its home with %(n)s: "
                        "that goes %(number)s past home:3, and the count must be "
                        "exact"
                    ),
                    pawn=pawn,
                    p=p,
                    n=n,
                    number=slot - 3,
                ),
            )
        self.home_path(pid, 0, slot)
        return g.length + slot

    def in_home(self, pid: int) -> Refusal:
        place = place_words(self.position.pos[pid], self.g.length)
        return self.refuse(
            "KZ-5",
            Text(
                _("%(pawn)s is in its home (%(place)s): a pawn in the home never moves again"),
                pawn=self.pawn(pid),
                place=place,
            ),
        )

    def home_path(self, pid: int, first: int, last: int) -> None:
        """KZ-5: no pawn on the home squares ``first`` … ``last`` (jumped over or landed on)."""
        mask = self.position.home[pid >> 2]
        for slot in range(first, last + 1):
            if mask >> slot & 1:
                template = (
                    _("%(pawn)s cannot jump over the pawn on %(place)s")
                    if slot < last
                    else _("%(pawn)s cannot land on the pawn on %(place)s")
                )
                place = place_words(self.g.length + slot, self.g.length)  # home square `slot`
                raise self.refuse("KZ-5", Text(template, pawn=self.pawn(pid), place=place))

    def backward(self, pid: int) -> int:
        """The destination of ``pid`` going 4 backward (KZ-2, KZ-3, KZ-5)."""
        g, p = self.g, self.position.pos[pid]
        if p < 0:
            raise self.in_nest(pid)
        if p >= g.length:
            raise self.in_home(pid)
        t = g.cross_back[p]
        if self.blocked(t):
            template = (
                _("%(pawn)s on square %(p)s cannot go back and land on %(blocker)s")
                if g.behind[p] == g.start[t]
                else _("%(pawn)s on square %(p)s cannot go back and pass %(blocker)s")
            )
            raise self.refuse(
                "KZ-3", Text(template, pawn=self.pawn(pid), p=p, blocker=self.blocker(t))
            )
        return g.behind[p]

    def enter(self, pawn: int | None) -> Move:
        """A or K: a pawn from the nest to the start square (KZ-2), not onto an own pawn (KZ-3)."""
        g, pos, mover = self.g, self.position.pos, self.mover
        nest = [pid for pid in range(mover * PAWNS, mover * PAWNS + PAWNS) if pos[pid] < 0]
        if not nest:
            raise self.refuse(
                "KZ-2",
                Text(
                    _("%(names)s has no pawn in the nest to put on the start square"),
                    names=self.names(mover),
                ),
            )
        pid = nest[0] if pawn is None else mover * PAWNS + pawn
        if pos[pid] >= 0:
            raise self.refuse(
                "KZ-2",
                Text(
                    _("%(pawn)s is on %(place_words)s, not in the nest"),
                    pawn=self.pawn(pid),
                    place_words=place_words(pos[pid], g.length),
                ),
            )
        if self.blocked(mover):
            raise self.refuse(
                "KZ-3",
                Text(
                    _("%(names)s cannot put a pawn on the start square: %(blocker)s"),
                    names=self.names(mover),
                    blocker=self.blocker(mover),
                ),
            )
        return (ENTER, pid, g.start[mover])

    def swap(self, pawn: int, target: tuple[int, int]) -> Move:
        """A J (KZ-2): own track pawn with another player's track pawn, no blockade (KZ-3)."""
        g, pos, mover = self.g, self.position.pos, self.mover
        pid = mover * PAWNS + pawn
        other_seat, other = target[0], target[0] * PAWNS + target[1]
        p, q = pos[pid], pos[other]
        if not 0 <= p < g.length:
            raise self.refuse(
                "KZ-2",
                Text(
                    _("a J swaps a pawn on the track; %(pawn)s is in %(place_words)s"),
                    pawn=self.pawn(pid),
                    place_words=place_words(p, g.length),
                ),
            )
        if other_seat == mover:
            raise self.refuse(
                "KZ-2",
                Text(
                    _("a J swaps %(names)s's pawn with another player's pawn, not its own"),
                    names=self.names(mover),
                ),
            )
        if not 0 <= q < g.length:
            raise self.refuse(
                "KZ-2",
                Text(
                    _("a J swaps with a pawn on the track; %(pawn)s is in %(place_words)s"),
                    pawn=self.pawn(other),
                    place_words=place_words(q, g.length),
                ),
            )
        if q == g.start[other_seat]:
            raise self.refuse(
                "KZ-3",
                Text(
                    _("%(pawn)s on its start square %(q)s cannot be swapped"),
                    pawn=self.pawn(other),
                    q=q,
                ),
            )
        if mover != self.seat and p == g.start[mover]:
            raise self.refuse(
                "KZ-3",
                Text(
                    _("%(pawn)s on its start square %(p)s cannot be swapped by another player's J"),
                    pawn=self.pawn(pid),
                    p=p,
                ),
            )
        return (SWAP, pid, other)

    def split(self, parts: tuple[Step, ...]) -> list[int]:
        """A 7 over two pawns (KZ-2), each part judged on the board the previous one left."""
        position, mover = self.position, self.mover
        if len(parts) != 2:
            raise self.refuse(
                "KZ-2",
                Text(_("a 7 is split over exactly two pawns, not %(count)s"), count=len(parts)),
            )
        for i, part in enumerate(parts):
            if part.steps < 1:
                raise self.refuse(
                    "KZ-2",
                    Text(
                        _("each part of a 7 is at least 1 step forward, not %(steps)s"),
                        steps=part.steps,
                    ),
                    i,
                )
        if parts[0].pawn == parts[1].pawn:
            raise self.refuse(
                "KZ-2",
                Text(
                    _("a 7 is split over two different pawns, not twice pawn %(pawn)s"),
                    pawn=parts[0].pawn,
                ),
                1,
            )
        total = parts[0].steps + parts[1].steps
        if total != SEVEN:
            raise self.refuse(
                "KZ-2", Text(_("the parts of a 7 add up to 7, not %(total)s"), total=total), 1
            )
        if len(movable(position, mover)) < 2:
            raise self.refuse(
                "KZ-2",
                Text(
                    _(
                        "%(names)s has fewer than two pawns on the track that can "
                        "move, so the 7 goes whole with one pawn"
                    ),
                    names=self.names(mover),
                ),
            )
        hits: list[int] = []
        for i, part in enumerate(parts):
            pid = mover * PAWNS + part.pawn
            if pid in hits:
                raise self.refuse(
                    "KZ-4",
                    Text(
                        _("%(pawn)s was hit by the first part of the 7 and is back in its nest"),
                        pawn=self.pawn(pid),
                    ),
                    i,
                )
            try:
                dest = self.forward(pid, part.steps, part.into_home)
            except Refusal as refusal:
                refusal.part = i
                raise
            position.place(pid, dest, hits)
        return hits

    def last_home(self, parts: tuple[Step, ...], for_seat: int) -> list[int]:
        """KZ-8 (reading): a 7 whose first part brings the mover's last pawn home goes on
        with the rest on one of the partner's pawns (the second part; the move names the
        partner as ``for_seat``)."""
        position, mover = self.position, self.mover
        partner = self.g.partner[mover]
        if for_seat != partner:
            raise self.refuse(
                "KZ-8",
                Text(
                    _("%(names)s may not move %(whose)s's pawns"),
                    names=self.names(self.seat),
                    whose=self.names(for_seat),
                ),
            )
        if len(parts) != 2:
            raise self.refuse(
                "KZ-2",
                Text(_("a 7 is split over exactly two pawns, not %(count)s"), count=len(parts)),
            )
        total = parts[0].steps + parts[1].steps
        if total != SEVEN or min(parts[0].steps, parts[1].steps) < 1:
            raise self.refuse(
                "KZ-2", Text(_("the parts of a 7 add up to 7, not %(total)s"), total=total), 1
            )
        hits: list[int] = []
        pid = mover * PAWNS + parts[0].pawn
        try:
            dest = self.forward(pid, parts[0].steps, parts[0].into_home)
        except Refusal as refusal:
            refusal.part = 0
            raise
        position.place(pid, dest, hits)
        if position.home[mover] != FULL_HOME:
            raise self.refuse(
                "KZ-8",
                Text(
                    _(
                        "the rest of a 7 goes on the partner's pawns only when its first "
                        "part brings %(names)s's last pawn home"
                    ),
                    names=self.names(mover),
                ),
                1,
            )
        other = partner * PAWNS + parts[1].pawn
        try:
            position.place(other, self.forward(other, parts[1].steps, parts[1].into_home), hits)
        except Refusal as refusal:
            refusal.part = 1
            raise
        return hits

    def lapsed(self, pid: int, step: Step) -> Move:
        """KZ-8 (reading) with KZ-6: a 7 that brings the mover's last pawn home with fewer
        steps, its rest lapsing, is legal only when no partner's pawn can go the rest."""
        position, g, mover = self.position, self.g, self.mover
        n = step.steps
        if mover != self.seat or position.home[mover].bit_count() != PAWNS - 1:
            raise self.refuse(
                "KZ-2",
                Text(_("the card moves a pawn %(n)s forward, not %(steps)s"), n=SEVEN, steps=n),
            )
        dest = self.forward(pid, n, True)
        start = position.pos[pid]
        position.place(pid, dest, [])
        partner = g.partner[mover]
        usable = [
            q & 3
            for q in range(partner * PAWNS, partner * PAWNS + PAWNS)
            if forward_options(position, q, SEVEN - n)
        ]
        position.place(pid, start, [])
        if usable:
            raise self.refuse(
                "KZ-8",
                Text(
                    _(
                        "the 7 brings %(names)s's last pawn home with %(n)s: its other "
                        "%(rest)s steps go on %(partner)s's pawn %(pawn)s"
                    ),
                    names=self.names(mover),
                    n=n,
                    rest=SEVEN - n,
                    partner=self.names(partner),
                    pawn=usable[0],
                ),
            )
        return (FORWARD, pid, dest, n, True)

    def steps(self, rank: int, step: Step) -> Move:
        """A plain count: 4 backward, or forward by the card's number (KZ-2)."""
        pid = self.mover * PAWNS + step.pawn
        if rank == FOUR:
            if step.steps not in (4, -4):
                raise self.refuse(
                    "KZ-2", Text(_("a 4 moves a pawn 4 backward, not %(steps)s"), steps=step.steps)
                )
            if step.into_home:
                raise self.refuse(
                    "KZ-5", Text(_("a pawn enters its home moving forward only, not with a 4"))
                )
            return (BACK, pid, self.backward(pid))
        if rank in (JACK, KING):
            does = (
                Text(_("swaps two pawns"))
                if rank == JACK
                else Text(_("only puts a pawn on the start square"))
            )
            raise self.refuse(
                "KZ-2", Text(_("this card does not move a pawn forward: it %(does)s"), does=does)
            )
        n = SEVEN if rank == SEVEN else STEPS[rank]
        if rank == SEVEN and 0 < step.steps < SEVEN and step.into_home:
            return self.lapsed(pid, step)
        if step.steps != n:
            raise self.refuse(
                "KZ-2",
                Text(
                    _("the card moves a pawn %(n)s forward, not %(steps)s"), n=n, steps=step.steps
                ),
            )
        if rank == SEVEN and len(movable(self.position, self.mover)) >= 2:
            raise self.refuse(
                "KZ-2",
                Text(
                    _(
                        "%(names)s has two or more pawns on the track that can move, "
                        "so the 7 must be split over two"
                    ),
                    names=self.names(self.mover),
                ),
            )
        return (FORWARD, pid, self.forward(pid, n, step.into_home), n, step.into_home)


def _mover(position: Position, seat: int, for_seat: int | None, names: Names) -> int:
    """KZ-8: own pawns until all four are home, then the partner's. A move of a player with
    all four home that does not name ``for_seat`` is the partner's (the only pawns it can
    move)."""
    partner = position.g.partner[seat]
    finished = position.home[seat] == FULL_HOME
    target = (partner if finished else seat) if for_seat is None else for_seat
    if finished:
        if target != partner:
            raise Refusal(
                "KZ-8",
                Text(
                    _(
                        "%(names)s has all four pawns home and plays for partner "
                        "%(names2)s (for_seat %(partner)s), not for %(names3)s"
                    ),
                    names=names(seat),
                    names2=names(partner),
                    partner=partner,
                    names3=names(target),
                ),
            )
    elif target != seat:
        if target == partner:
            raise Refusal("KZ-8", Text(_("%(names)s may not move the partner's pawns: a player "
                                         "plays for the partner only once all four own pawns are "
                                         "home"), names=names(seat)))  # fmt: skip
        raise Refusal("KZ-8", Text(_("%(names)s may not move %(whose)s's pawns: a player plays "
                                     "for the partner only once all four own pawns are home"),
                                   names=names(seat), whose=names(target)))  # fmt: skip
    return target


#: The cards each kind of move needs (KZ-2).
_KIND_CARDS = {"enter": (ACE, KING), "swap": (JACK,), "split": (SEVEN,)}
_KIND_WORDS = {
    "enter": _("only an A or a K puts a pawn on the start square"),
    "swap": _("only a J swaps pawns"),
    "split": _("only a 7 is split over two pawns"),
}


def judge_move(
    position: Position, seat: int, card: Card, request: MoveRequest, names: Names
) -> list[int]:
    """Judge and play ``request`` by ``seat`` with ``card`` on ``position`` (changed in place
    when legal, also when a 7's second part is refused: judge a copy); returns the pids hit.
    A breach raises :class:`Refusal` citing the rule. ``fold`` is judged by the caller
    against the hand (KZ-6)."""
    kind = request.kind
    if (
        kind == "split"
        and card.rank == SEVEN
        and request.for_seat not in (None, seat)
        and position.home[seat] != FULL_HOME
    ):  # the rest of a 7 that brings the last own pawn home (KZ-8)
        return _Judge(position, seat, seat, card, names).last_home(request.parts, request.for_seat)
    judge = _Judge(position, seat, _mover(position, seat, request.for_seat, names), card, names)
    if kind in _KIND_CARDS and card.rank not in _KIND_CARDS[kind]:
        raise judge.refuse(
            "KZ-2",
            Text(_("%(needs)s, not %(card)s"), needs=Text(_KIND_WORDS[kind]), card=card),
        )
    if kind == "enter":
        return position.apply(judge.enter(request.pawn))
    if kind == "swap":
        assert request.pawn is not None and request.target is not None
        return position.apply(judge.swap(request.pawn, request.target))
    if kind == "split":
        return judge.split(request.parts)
    assert request.step is not None
    return position.apply(judge.steps(card.rank, request.step))


def game_over(position: Position, names: Names) -> Refusal | None:
    """KZ-8: the refusal of every move once a team has all eight pawns home, or None."""
    team = position.winner()
    if team is None:
        return None
    a, b = position.g.team_seats[team]
    return Refusal(
        "KZ-8",
        Text(
            _("the game is over: %(names)s and %(names2)s have all eight pawns home"),
            names=names(a),
            names2=names(b),
        ),
    )


def judge_fold(position: Position, seat: int, hand: list[Card], names: Names) -> Refusal | None:
    """KZ-6: a player may lay down the hand only when no card in it has a legal move."""
    for card, moves in hand_moves(position, seat, hand):
        if moves:
            return Refusal(
                "KZ-6",
                Text(
                    _(
                        "%(names)s folded while holding %(card)s, which has "
                        "%(count)s legal moves: a playable card must be played"
                    )
                    if len(moves) > 1
                    else _(
                        "%(names)s folded while holding %(card)s, which has "
                        "%(count)s legal move: a playable card must be played"
                    ),
                    names=names(seat),
                    card=card,
                    count=len(moves),
                ),
            )
    return None
