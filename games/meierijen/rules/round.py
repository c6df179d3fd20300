"""One MeieRijen round in play (:class:`Round`): the board, the hands, reading the board, the
course of a turn, making moves and listing every legal move at a decision point (the
simulator's options)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.base import Text

from .cards import ACCEPTS, ACE, BLACK_PILE, IS_WILD, JOKER_CODE, MIX_PILE, RANK, RED_PILE, TEN
from .moves import (
    DONE,
    DRAW,
    DRAWPILE,
    END,
    FACEUP,
    GREY,
    HAND,
    HAND_SIZE,
    LAST_TEN,
    MAIN,
    OPEN,
    OPEN_LIMIT,
    OPENCARD,
    PASS,
    PAWN,
    PENALTY,
    PENPILE,
    PILE_PLACES,
    PLACE,
    PLAY,
    RED,
    REMOVE,
    TAKE,
    TURNED,
    WHITE,
    Place,
    is_ten_card,
    playable_ranks,
)


def _add_plays(
    source: int, owner: int, cards: Iterable[int], piles: list, out: list[tuple]
) -> None:
    """Append every play of ``cards`` (an iterable of codes) from ``source`` on ``piles``
    (``Round._pile_fits``): a wild as each rank that fits, another card as its own rank."""
    fitting = piles[0][3]  # every rank that fits some pile
    for card in cards:
        rank = RANK[card]
        if rank in (0, 2):
            for pile, accepts, fits, _ in piles:
                if accepts[card]:
                    out.extend([(PLAY, source, owner, card, pile, r) for r in fits])
        elif rank in fitting:
            for pile, accepts, fits, _ in piles:
                if accepts[card] and rank in fits:
                    out.append((PLAY, source, owner, card, pile, rank))


_RANKS: dict[tuple[int, int, bool, bool, bool], tuple[tuple[int, int | None], ...]] = {}
_FITS: dict[tuple[int, int, bool, bool, bool], tuple[int, ...]] = {}


class Round:
    """One round in play: the board, the hands and the turn under way."""

    __slots__ = (
        "closed",
        "direction",
        "draw",
        "draw_two",
        "emptied_first",
        "finals_left",
        "first",
        "hands",
        "holder",
        "n_seats",
        "open",
        "open_limit",
        "over",
        "penalty",
        "pending",
        "phase",
        "pile_cards",
        "pile_rank",
        "pile_top",
        "seat",
        "seat_names",
        "seat_side",
        "share_whites",
        "side",
        "side_names",
        "started_ten",
        "teams",
        "ten_at",
        "used",
        "variant1",
        "whites",
    )

    def __init__(
        self,
        seat_side: tuple[int, ...],
        seat_names: Sequence[str | Text],
        side_names: Sequence[str | Text],
        *,
        variant1: bool = False,
        draw_two: bool = False,
    ) -> None:
        sides = len(side_names)
        self.seat_side = seat_side
        self.seat_names = seat_names
        self.side_names = side_names
        self.n_seats = len(seat_side)
        self.teams = self.n_seats > sides  # MR-4P: two players per side
        self.variant1 = variant1
        self.draw_two = draw_two
        self.share_whites = variant1 or self.teams  # MR-V1 (b), MR-4P
        self.draw: list[list[int]] = [[] for _ in range(sides)]  # top card last
        self.ten_at = [LAST_TEN] * sides
        self.hands: list[list[int]] = [[] for _ in seat_side]
        self.open: list[list[int]] = [[] for _ in range(sides)]
        #: MR-10's limit as judged (a board showing more open cards is past it, MR-11).
        self.open_limit = OPEN_LIMIT
        self.penalty: list[list[int]] = [[] for _ in range(sides)]  # top card last
        self.pile_rank = [0, 0, 0]
        self.pile_top = [-1, -1, -1]
        self.pile_cards: list[list[int]] = [[], [], []]
        self.closed: list[int] = []
        self.whites: list[Place | None] = [None, None]
        self.holder = [-1, -1]  # grey, red: the holding side or -1 (start spot)
        self.first = [True] * self.n_seats
        self.emptied_first = -1
        self.finals_left = 0
        self.over = False
        self.seat = 0
        self.side = seat_side[0]
        self.direction = 0
        self.used = [False, False]
        self.pending = 0
        #: The card that last started a new pile as a 10 this turn (no ten-card, MR-5), or -1.
        self.started_ten = -1
        self.phase = MAIN

    # --- reading the board ------------------------------------------------------------------

    @property
    def name(self) -> str | Text:
        """The name of the player whose turn it is (in a ``turn`` case "The player")."""
        return self.seat_names[self.seat]

    def opponents(self, side: int) -> list[int]:
        return [s for s in range(len(self.side_names)) if s != side]

    def last_ten(self, side: int) -> bool:
        """MR-11: the draw pile's face-up tenth card from the bottom has been reached."""
        return len(self.draw[side]) <= self.ten_at[side]

    def drawable(self, side: int) -> int:
        """Cards that may still be drawn into a hand (never the last ten, MR-11)."""
        return max(0, len(self.draw[side]) - max(self.ten_at[side], 0))

    def faceup(self) -> int | None:
        """The face-up draw card that must be played first this turn (MR-11), if any."""
        pile = self.draw[self.side]
        return pile[-1] if self.phase == FACEUP and pile else None

    def whites_on(self, place: Place) -> int:
        return (self.whites[0] == place) + (self.whites[1] == place)

    def skips_due(self) -> int:
        """White pawns on the draw pile of the side to move (MR-7 (a))."""
        return self.whites_on((DRAWPILE, self.side, 0))

    def ranks(self, pile: int) -> tuple[tuple[int, int | None], ...]:
        """Every effective rank the player to move may play on ``pile`` now, each with the
        pawn it needs (MR-2 one step up; MR-V1 (a) or down, one way per turn; MR-8 the same
        rank with the grey pawn; MR-9 two steps with the red pawn; MR-4 any on an empty place).
        """
        side = self.side
        key = (
            self.pile_rank[pile],
            self.direction,
            self.holder[GREY] == side,
            self.holder[RED] == side,
            self.variant1,
        )
        found = _RANKS.get(key)
        if found is None:
            found = _RANKS[key] = playable_ranks(*key)
        return found

    def plain(self, needs: int | None) -> bool:
        """A play needing no pawn, or one already in use this turn (MR-11's "if possible")."""
        return needs is None or self.used[needs]

    def can_play_plain(self, card: int) -> bool:
        """Whether ``card`` fits a centre pile without starting to use a held pawn."""
        for pile in (RED_PILE, BLACK_PILE, MIX_PILE):
            if not ACCEPTS[pile][card] or PILE_PLACES[pile] in self.whites:
                continue
            for rank, needs in self.ranks(pile):
                if (IS_WILD[card] or rank == RANK[card]) and self.plain(needs):
                    return True
        return False

    # --- the course of a turn ---------------------------------------------------------------

    def start(self, seat: int) -> None:
        """Make ``seat`` the player to move with a fresh turn."""
        self.seat = seat
        self.side = self.seat_side[seat]
        self.direction = 0
        self.used = [False, False]
        self.pending = 0
        self.started_ten = -1
        self.phase = MAIN

    def take(self, seat: int, count: int) -> list[int]:
        """Draw up to ``count`` cards into ``seat``'s hand, stopping at the last ten."""
        pile = self.draw[self.seat_side[seat]]
        count = min(count, self.drawable(self.seat_side[seat]))
        if count <= 0:
            return []
        drawn = pile[-count:][::-1]
        del pile[-count:]
        self.hands[seat].extend(drawn)
        return drawn

    def begin_turn(self) -> list[int] | None:
        """Start the turn of ``self.seat``: ``None`` when it must be skipped (a white pawn
        on its draw pile, MR-7 (a)), else the cards it draws (MR-10)."""
        seat = self.seat
        self.start(seat)
        if self.skips_due():
            return None
        count = 2 if self.draw_two and not self.first[seat] else HAND_SIZE - len(self.hands[seat])
        self.first[seat] = False
        drawn = self.take(seat, count)
        self.enter_faceup()
        return drawn

    def enter_faceup(self) -> None:
        """MR-11: in the last ten the turn starts with the face-up draw card."""
        side = self.side
        self.phase = FACEUP if self.draw[side] and self.last_ten(side) else MAIN

    def skip(self) -> None:
        """MR-7 (a): the turn is skipped and one white pawn returns; with MR-V1 (b) a real
        joker in hand cancels the second skip too."""
        place = (DRAWPILE, self.side, 0)
        back = 0
        for i in (0, 1):
            if self.whites[i] == place and (
                back == 0 or (self.variant1 and JOKER_CODE in self.hands[self.seat])
            ):
                self.whites[i] = None
                back += 1
        self.end_turn()

    def end_turn(self) -> None:
        """Used grey and red pawns go home (MR-8, MR-9); MR-12's final turns are counted."""
        side = self.side
        for pawn in (GREY, RED):
            if self.used[pawn] and self.holder[pawn] == side:
                self.holder[pawn] = -1
        self.phase = DONE
        if self.emptied_first < 0:
            if not self.draw[side]:
                self.emptied_first = side
                self.finals_left = self.n_seats - 1
        else:
            self.finals_left -= 1
        if self.emptied_first >= 0 and self.finals_left <= 0:
            self.over = True
        self.seat = (self.seat + 1) % self.n_seats

    # --- making moves -----------------------------------------------------------------------

    def apply(self, move: tuple) -> list[int] | None:
        """Make one legal move; returns the cards drawn when a hand was played empty."""
        kind = move[0]
        if kind == PLAY:
            return self.play(move[1], move[2], move[3], move[4], move[5])
        if kind == PAWN:
            self.pawn_action(move[1], move[2], move[3])
        elif kind == PASS:
            self.pass_card(move[1], move[2])
        elif kind == TURNED:
            self.turn_faceup()
        else:
            self.end_turn()
        return None

    def play(self, source: int, owner: int, card: int, pile: int, rank: int) -> list[int] | None:
        """Play ``card`` from ``source`` on ``pile`` as ``rank``."""
        seat = self.seat
        hand = self.hands[seat]
        if source == HAND:
            hand.remove(card)
        else:
            self._take_from(source, owner, card)
        top = self.pile_rank[pile]
        if top:
            delta = rank - top
            if delta == 0:
                self.used[GREY] = True
            else:
                if delta in (2, -2):
                    self.used[RED] = True
                if self.variant1:
                    self.direction = 1 if delta > 0 else -1
        cards = self.pile_cards[pile]
        cards.append(card)
        if rank == ACE:  # MR-4: the pile leaves play, its place is empty
            self.closed.extend(cards)
            self.pile_cards[pile] = []
            self.pile_rank[pile] = 0
            self.pile_top[pile] = -1
        else:
            self.pile_rank[pile] = rank
            self.pile_top[pile] = card
        # MR-5: a ten-card only when laid on a 9 (or an 8 with red, a 10 with grey)
        self.started_ten = card if rank == TEN and not top else -1
        if rank == TEN and is_ten_card(top):
            self.pending += 1
        if source == HAND and not hand:  # MR-10: five new cards in the same turn
            return self.take(seat, HAND_SIZE)
        return None

    def _take_from(self, source: int, owner: int, card: int) -> None:
        if source == OPEN:
            self.open[owner].remove(card)
        elif source == PENALTY:
            self.penalty[owner].pop()
        else:
            left = self.draw[self.side]
            left.pop()
            if not left:  # MR-11: the last face-up card was played
                self.phase = MAIN

    def pawn_action(self, action: int, pawn: int, place: Place | int | None) -> None:
        """Make one pawn action (MR-7)."""
        if action == PLACE:
            self.whites[self.whites.index(None)] = place  # type: ignore[assignment]
        elif action == TAKE:
            self.holder[pawn] = self.side
        elif pawn == WHITE:
            self.whites[self.whites.index(place)] = None  # type: ignore[arg-type]
        else:
            self.holder[pawn] = -1
        self.pending -= 1

    def pass_card(self, card: int, to: int) -> None:
        """MR-10: the pass card ends the turn."""
        self.hands[self.seat].remove(card)
        (self.open if to == OPEN else self.penalty)[self.side].append(card)
        self.end_turn()

    def turn_faceup(self) -> None:
        """MR-11: the face-up draw card that cannot be played joins the open cards; the next
        card is turned for the next turn."""
        self.open[self.side].append(self.draw[self.side].pop())
        self.phase = MAIN

    # --- every legal move (the simulator's decision points) ---------------------------------

    def options(self) -> list[tuple]:
        """Every legal move now: a pawn action after a ten-card; in MR-11's face-up phase
        the plays of the face-up card (and laying it open when it cannot be played without
        a pawn not yet used); otherwise every play and every pass card (or END)."""
        if self.pending:
            return self.pawn_options()
        out: list[tuple] = []
        piles = self._pile_fits()
        side = self.side
        if self.phase == FACEUP:
            card = self.draw[side][-1]
            if piles:
                _add_plays(DRAW, side, (card,), piles, out)
            if not any(self.plain(self._needs(m[4], m[5])) for m in out):
                out.append((TURNED,))
            return out
        hand = self.hands[self.seat]
        if piles:
            self._add_source_plays(piles, out)
        if not hand:
            out.append((END,))
            return out
        if len(self.open[side]) < OPEN_LIMIT or self.last_ten(side):
            for card in dict.fromkeys(hand):
                out.append((PASS, card, PENALTY))
                out.append((PASS, card, OPEN))
        else:
            out.extend((PASS, card, PENALTY) for card in dict.fromkeys(hand))
        return out

    def _needs(self, pile: int, rank: int) -> int | None:
        top = self.pile_rank[pile]
        if not top or rank - top in (1, -1):
            return None
        return GREY if rank == top else RED

    def _pile_fits(self) -> list[tuple[int, tuple[bool, ...], tuple[int, ...], set[int]]]:
        """The centre piles open to play (MR-7), each with what it accepts (MR-1), the
        effective ranks that may go on it now, and the ranks that fit any of them."""
        w0, w1 = self.whites
        side = self.side
        way, grey, red = self.direction, self.holder[GREY] == side, self.holder[RED] == side
        out = []
        fitting: set[int] = set()
        for pile in (RED_PILE, BLACK_PILE, MIX_PILE):
            if PILE_PLACES[pile] in (w0, w1):
                continue
            key = (self.pile_rank[pile], way, grey, red, self.variant1)
            fits = _FITS.get(key)
            if fits is None:
                fits = _FITS[key] = tuple(rank for rank, _ in playable_ranks(*key))
            if fits:
                fitting.update(fits)
                out.append((pile, ACCEPTS[pile], fits, fitting))
        return out

    def _add_source_plays(self, piles: list, out: list[tuple]) -> None:
        """Every play from every card the player to move may take (MR-6, MR-4P)."""
        side = self.side
        _add_plays(HAND, side, dict.fromkeys(self.hands[self.seat]), piles, out)
        whites = [w for w in self.whites if w is not None]
        for owner in (side,) if self.teams else range(len(self.side_names)):
            opened = self.open[owner]
            if opened:
                cards = dict.fromkeys(opened)
                blocked = [w[2] for w in whites if w[0] == OPENCARD and w[1] == owner]
                if blocked:
                    cards = {c: None for c in cards if opened.count(c) > blocked.count(c)}
                _add_plays(OPEN, owner, cards, piles, out)
            penalty = self.penalty[owner]
            if penalty and (PENPILE, owner, 0) not in whites:
                _add_plays(PENALTY, owner, (penalty[-1],), piles, out)

    def pawn_options(self) -> list[tuple]:
        """Every pawn action (MR-7): place a white pawn, take the grey or red pawn, remove
        any placed or held pawn."""
        out: list[tuple] = []
        whites = self.whites
        if None in whites:
            out.extend((PAWN, PLACE, WHITE, place) for place in self.white_targets())
        for pawn in (GREY, RED):
            if self.holder[pawn] < 0:
                out.append((PAWN, TAKE, pawn, None))
            else:
                out.append((PAWN, REMOVE, pawn, self.holder[pawn]))
        for place in dict.fromkeys(w for w in whites if w is not None):
            out.append((PAWN, REMOVE, WHITE, place))
        return out

    def white_targets(self) -> list[Place]:
        """Where a white pawn may go now: a centre pile, or an opponent's draw pile, open
        card or penalty pile; one pawn per place unless MR-V1 (b) or MR-4P."""
        targets: list[Place] = list(PILE_PLACES)
        for other in self.opponents(self.side):
            targets.append((DRAWPILE, other, 0))
            targets.extend((OPENCARD, other, card) for card in sorted(set(self.open[other])))
            if self.penalty[other]:
                targets.append((PENPILE, other, 0))
        if self.share_whites:
            return targets
        return [t for t in targets if t not in self.whites]
