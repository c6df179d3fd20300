"""MeieRijen: the state of a round and every rule of a turn (RULES.md MR-1 … MR-12,
MR-V1 (a) and (b), MR-4P).

One :class:`Round` serves the simulator (``options`` lists every legal move at a
decision point, ``apply`` makes one), the ``turn`` check and the ``replay`` check
(``judge_*`` names the rules a move breaks, then ``apply`` makes it). A simulated game
and a judged one therefore follow one set of rules.

Internally everything is small ints and tuples:

- a card is ``rank * 4 + suit`` (suits ``S H D C`` = 0-3, ranks 2-14), the joker is 0;
- a centre pile is 0 red, 1 black, 2 mix; its *effective rank* is 0 for an empty place;
- a *side* owns a deck, a draw pile, open cards, a penalty pile and held pawns: a player,
  or with four players a team (MR-4P); a *seat* is a player with a hand;
- a white pawn stands on its start spot (``None``) or on a place ``(kind, index, card)``:
  ``(PILE, pile, 0)``, ``(DRAWPILE, side, 0)``, ``(OPENCARD, side, card)``,
  ``(PENPILE, side, 0)``; the grey and the red pawn are held by a side or at start (-1).

A move is a tuple: ``(PLAY, source, owner, card, pile, rank)``, ``(PAWN, action, pawn,
place)``, ``(PASS, card, OPEN | PENALTY)``, ``(END,)`` (a turn ends without a pass card
when the hand is empty) or ``(TURNED,)`` (MR-11: the face-up draw card that cannot be
played joins the open cards).

Decisions where RULES.md is silent are listed in the package docstring.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.base import Option, Rank, Ranks, Text, _
from games.cards import JOKER, Card, french_deck


def meierijen_deck() -> list[Card]:
    """One player's 54-card deck (MeieRijen): 52 cards and 2 jokers."""
    return french_deck(jokers=2)


# --- cards ---------------------------------------------------------------------------------

SUIT_LETTERS = "SHDC"
JOKER_CODE = 0
LOW, TEN, ACE = 3, 10, 14
RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}


def code_of(card: Card) -> int:
    """The small-int code of a card (joker 0)."""
    return 0 if card.rank == 0 else card.rank * 4 + SUIT_LETTERS.index(card.suit)


#: code -> Card, rank, name; wild = joker or 2 (MR-3).
CARDS: list[Card] = [JOKER] * 60
RANK = [0] * 60
for _rank in range(2, ACE + 1):
    for _suit in SUIT_LETTERS:
        _card = Card(_rank, _suit)
        CARDS[code_of(_card)] = _card
        RANK[code_of(_card)] = _rank
IS_WILD = [RANK[c] in (0, 2) for c in range(60)]
NAME = [str(card) for card in CARDS]
IS_RED = [CARDS[c].suit in ("H", "D") for c in range(60)]
IS_BLACK = [CARDS[c].suit in ("S", "C") for c in range(60)]

#: One player's 54-card deck (52 cards and 2 jokers).
DECK: tuple[int, ...] = (*(code_of(Card(r, s)) for s in SUIT_LETTERS for r in range(2, 15)), 0, 0)

RED_PILE, BLACK_PILE, MIX_PILE = 0, 1, 2
PILE_NAMES = ("red", "black", "mix")
#: The piles as messages name them: "on %(pile)s" (the red pile), "(%(pile)s)" (red pile).
PILE_TEXT = (_("the red pile"), _("the black pile"), _("the mix pile"))
PILE_LABEL = (_("red pile"), _("black pile"), _("mix pile"))
#: MR-1: which cards each centre pile accepts (jokers everywhere).
ACCEPTS = (
    tuple(c == 0 or IS_RED[c] for c in range(60)),
    tuple(c == 0 or IS_BLACK[c] for c in range(60)),
    tuple(c == 0 or RANK[c] > 0 for c in range(60)),
)
EMPTY_RANKS = tuple((r, None) for r in range(LOW, ACE + 1))


def rank_text(rank: int) -> str:
    return RANK_TEXT.get(rank, str(rank))


# --- moves ---------------------------------------------------------------------------------

PLAY, PAWN, PASS, END, TURNED = 0, 1, 2, 3, 4
HAND, OPEN, PENALTY, DRAW = 0, 1, 2, 3
PLACE, TAKE, REMOVE = 0, 1, 2
GREY, RED, WHITE = 0, 1, 2
PAWN_NAMES = ("grey", "red", "white")
#: The pawns as messages name them.
PAWN_TEXT = (_("the grey pawn"), _("the red pawn"), _("the white pawn"))
PILE, DRAWPILE, OPENCARD, PENPILE = 0, 1, 2, 3
Place = tuple[int, int, int]
PILE_PLACES = ((PILE, RED_PILE, 0), (PILE, BLACK_PILE, 0), (PILE, MIX_PILE, 0))
#: Turn phases: MR-11's face-up draw card first, then the rest of the turn, then done.
FACEUP, MAIN, DONE = 0, 1, 2
#: MR-10: at most four open cards (until the last ten, MR-11).
OPEN_LIMIT = 4
HAND_SIZE = 5
#: MR-11: the tenth card from the bottom starts the last ten.
LAST_TEN = 10
#: ``ten_at`` values for a turn judged without a known draw-pile size.
NEVER, ALWAYS = -1, 1 << 30

Violations = list[tuple[str, str]]


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


def _ranks(
    top: int, way: int, grey: bool, red: bool, variant1: bool
) -> tuple[tuple[int, int | None], ...]:
    """:meth:`Round.ranks` for a pile's ``top``, the turn's direction and the pawns held."""
    if not top:
        return EMPTY_RANKS
    out: list[tuple[int, int | None]] = []
    if way >= 0 and top < ACE:
        out.append((top + 1, None))
    if variant1 and way <= 0 and top > LOW:
        out.append((top - 1, None))
    if grey:
        out.append((top, GREY))
    if red and way >= 0 and top + 2 <= ACE:
        out.append((top + 2, RED))
    if red and variant1 and way <= 0 and top - 2 >= LOW:
        out.append((top - 2, RED))
    return tuple(out)


def is_ten_card(top: int) -> bool:
    """MR-5: whether a card played as a 10 on a pile whose effective rank was ``top`` is a
    ten-card. It is one when laid on a 9, or (reading) on a 10 with the grey pawn or on
    an 8 with the red pawn; a 10 starting a new pile on an empty place (``top`` 0) is not,
    nor is (Variant 1) a 10 laid downward on a J or Q ("Een tien-kaart leg je op een
    9-kaart")."""
    return TEN - 2 <= top <= TEN


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
            found = _RANKS[key] = _ranks(*key)
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
                fits = _FITS[key] = tuple(rank for rank, _ in _ranks(*key))
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


# --- options (RULES.md) --------------------------------------------------------------------

OPTIONS = (
    Option(
        "variant1",
        False,
        bool,
        help=_("MR-V1: up or down, double white pawns, card values"),
        label=_("Variant 1"),
    ),
    Option(
        "draw_rule",
        "fill5",
        str,
        choices=("fill5", "two"),
        help=_("MR-10: fill the hand up to five cards, or take two cards each turn"),
        label=_("Drawing cards"),
        choice_labels=(_("Fill the hand up to five"), _("Two cards each turn")),
    ),
    Option(
        "third_round",
        False,
        bool,
        help=_("MR-13: a third round decides a 1-1 match"),
        label=_("Third round at 1-1"),
    ),
    Option(
        "players",
        2,
        int,
        choices=(2, 3, 4),
        help=_("two, three, or four in two teams (MR-4P)"),
        label=_("Players"),
    ),
)
#: Decks in play: one per player, one per team with four players (MR-4P).
DECKS = {2: 2, 3: 3, 4: 2}
