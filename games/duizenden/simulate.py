"""Whole Duizenden games by uniformly random legal moves, and their replay log.

``simulate(seed, players=4, options=None, record=True)`` shuffles two decks (DZ-1), deals
13 cards each, turns one card up and plays deals until DZ-12 ends the game. Every choice is
uniform over the legal moves at that point. The choice points are:

- the first player of a deal: take the turned-up card or draw from the stock (DZ-2);
- a miner, at the start of their next turn: which three-card meld to lay with each mined
  card (DZ-7) (only melds that leave the other mined cards meldable);
- then, repeatedly: stop, lay a new three-card meld, lay one card off on an own meld
  (DZ-5), or exchange an own joker (DZ-6) — after an exchange the next choices must lay
  that joker again. Longer melds grow by laying off. A player not yet on the table lays
  melds tentatively: *stop* keeps them when they reach 30 opening points (DZ-4) and takes
  them back otherwise. A move is offered only when it keeps a legal end of the turn: the
  hand never empties by melding, and in the first turn never shrinks to one card that is
  not QS (that discard would go out, DZ-9);
- which card to discard (any card but QS, DZ-8; a hand of only QS cannot discard);
- every other player on the table whose hand makes a meld with the discard: claim it or
  not (DZ-7). Claims are called in random order; the next player in turn has priority.

Decisions where RULES.md and the seed are silent (the replay check judges by the same):
the deal also ends, scored as it stands (DZ-11), when the stock is empty at the start of a
turn; a miner still draws in their own turn, and must lay each mined top card in a new meld
of that turn (cards laid off on it that turn count); the miner's extra card is skipped when
the stock is empty; a player whose hand holds only QS ends the turn without a discard
(holding QS is otherwise allowed, at 100 minus points); the turned-up card, when not taken,
is the first card of the discard pile; melds laid off on in the opening turn count for the
opening in their final form; a joker in a set stands for the rank (any card of that rank
exchanges it); the dealer moves one seat on each deal; a game stops unfinished after
:data:`MAX_DEALS` deals (never reached in practice).

Replay log (a ``replay`` case for check_hand; every drawn card is explicit, so it replays
without the seed, and a disputed game can be written by hand the same way)::

    {"game": "duizenden", "check": "replay", "options": {"opening_face_cards": true},
     "players": ["P1", "P2", "P3", "P4"],             # clockwise
     "deals": [
       {"dealer": "P4",                                # the player after it starts
        "hands": {"P1": [13 cards], ...},              # as dealt
        "turned": "7H",                                # the turned-up card
        "turns": [
          {"player": "P1",                             # optional; checked when given
           "take_turned": true,                        # first turn of a deal only, or:
           "draw": "5C",                               # the card drawn from the stock
           "actions": [                                # in order, all optional
             {"meld": ["5H", "JK:6H", "7H"]},          # a new meld (jokers declared)
             {"lay_off": "8H", "to": 0},               # onto the player's own meld 0
             {"exchange": "6H", "to": 0},              # a joker of own meld 0 for 6H
             {"lay_off": "JK:9H", "to": 0}],           # ... and that joker laid again
           "discard": "9D",                            # null: only QS held, no discard
           "claims": ["P3", "P2"],                     # mining claims, in calling order
           "miner": "P2",                              # optional; checked when given
           "extra": "4S"}],                            # the miner's extra stock card
        "scores": {"P1": 85, ...}}]}                   # optional; checked (DZ-11)

Melds are numbered per player from 0 in the order laid during the deal; ``owner`` (an
optional key of lay_off and exchange) names whose meld it is. A deal ends when a player
goes out or when the stock is empty after a turn. The last turn of a log may stop before
its ``discard`` key: the game is then judged as far as it goes.
"""

from __future__ import annotations

from itertools import combinations, compress
from typing import Any

from games.base import CaseError, Simulation, _, clean_options, make_rng
from games.cards import SUITS, Card
from games.duizenden.rules import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from games.duizenden.scoring import OPENING_MINIMUM, TARGET, opening_value, rank_points

#: A safety stop: a game that has not ended after this many deals stops unfinished.
MAX_DEALS = 2000

# --- cards as small ints: suit * 13 + rank - 2 (0-51), the joker 52 ------------------------

JK = 52
QS = SUITS.index("S") * 13 + 12 - 2
ID_RANK = [r for _ in SUITS for r in range(2, 15)] + [0]
ID_SUIT = [s for s in range(4) for _ in range(13)] + [-1]
CARDS = [Card(ID_RANK[i], SUITS[ID_SUIT[i]]) for i in range(52)] + [Card(0, "")]
NAMES = [str(c) for c in CARDS]
POINTS = [rank_points(ID_RANK[i], SUITS[ID_SUIT[i]]) for i in range(52)] + [50]
#: Run positions as bits of one int, 16 per suit: position p of suit s is bit 16 * s + p
#: (p = 1 for the ace low … 14 for the ace high). BITS[c]: the bits card c sets.
BITS = [(1 << (16 * ID_SUIT[i] + ID_RANK[i])) | (1 << (16 * ID_SUIT[i] + 1) if ID_RANK[i] == 14
        else 0) for i in range(52)] + [0]  # fmt: skip
#: POS_ID[16 * suit + position]: the card at a run position.
POS_ID = [s * 13 + (12 if p == 1 else p - 2) if 1 <= p <= 14 else JK
          for s in range(4) for p in range(16)]  # fmt: skip
#: SET_IDS[rank]: the four cards of a rank.
SET_IDS = [()] * 2 + [tuple(s * 13 + r - 2 for s in range(4)) for r in range(2, 15)]
#: Joker patterns over a three-card window (bit i: position i is a joker), by jokers held.
JOKER_MASKS = ((0,), (0, 1, 2, 4), (0, 1, 2, 4, 3, 5, 6))
#: A three-card run starts at position 1 … 12 of a suit.
LOW_WINDOWS = sum(0x1FFE << (16 * s) for s in range(4))
#: NEIGHBOURS[c]: for each three-card run window holding card c, the bits of the other two.
NEIGHBOURS = [
    [
        sum(1 << (16 * ID_SUIT[c] + q) for q in (low, low + 1, low + 2) if q != p)
        for p in ((1, 14) if ID_RANK[c] == 14 else (ID_RANK[c],))
        for low in (p - 2, p - 1, p)
        if 1 <= low <= 12
    ]
    for c in range(52)
]
#: WINDOWS_WITH[c]: the lowest positions (as bits) of the three-card windows holding card c.
WINDOWS_WITH = [
    sum(
        1 << (16 * ID_SUIT[c] + low)
        for p in ((1, 14) if ID_RANK[c] == 14 else (ID_RANK[c],))
        for low in {p - 2, p - 1, p}
        if 1 <= low <= 12
    )
    for c in range(52)
]
ALL_CARDS = range(53)


def _value_tables(face: bool) -> tuple[list[int], list[int], list[int]]:
    """DZ-4 opening points: per run position bit, per natural card, per set rank (joker)."""
    run = [opening_value(p, SUITS[s], face_cards=face) if 1 <= p <= 14 else 0
           for s in range(4) for p in range(16)]  # fmt: skip
    suit = [SUITS[ID_SUIT[i]] if not face else "" for i in range(52)]
    nat = [opening_value(ID_RANK[i], suit[i], face_cards=face) for i in range(52)]
    joker = [0, 0] + [opening_value(r, "", face_cards=face) for r in range(2, 15)]
    return run, nat, joker


# --- enumerating moves ------------------------------------------------------------------


def _sets_of(cnt: list[int], r: int, nat: int, jm: int, out: list[tuple]) -> None:
    """Three-card sets of rank ``r`` (DZ-3): each distinct choice of naturals and jokers."""
    a, b, c, d = SET_IDS[r]
    ids = [a] * cnt[a] + [b] * cnt[b] + [c] * cnt[c] + [d] * cnt[d]
    for j in range(jm + 1):
        k = 3 - j
        if k > nat:
            continue
        tail = (JK,) * j
        if k == nat:
            out.append((0, r, 0, (*ids, *tail)))
        else:
            out.extend((0, r, 0, (*combo, *tail)) for combo in dict.fromkeys(
                combinations(ids, k)))  # fmt: skip


def _set_melds(cnt: list[int], rk: list[int], jokers: int, out: list[tuple]) -> None:
    """Three-card sets (DZ-3) of every rank: ``(0, rank, 0, cards)``."""
    jm = 2 if jokers > 2 else jokers
    need = 3 - jm
    for r, nat in enumerate(rk):
        if nat >= need:
            _sets_of(cnt, r, nat, jm, out)


def _run_melds(
    cnt: list[int], m: int, jokers: int, out: list[tuple], windows: int = LOW_WINDOWS
) -> None:
    """Three-card runs (DZ-3): every window of one suit, jokers in any position.

    ``m`` holds the run positions of the hand (see :data:`BITS`); ``windows`` the lowest
    positions of the windows to try; a run move is ``(1, suit, low position, cards)``.
    """
    if jokers == 0:
        w = m & (m >> 1) & (m >> 2) & windows
        while w:
            bit = w & -w
            w ^= bit
            b = bit.bit_length() - 1
            out.append((1, b >> 4, b & 15, (POS_ID[b], POS_ID[b + 1], POS_ID[b + 2])))
        return
    if jokers == 1:
        m1 = m >> 1
        m2 = m >> 2
        w = ((m & m1) | (m & m2) | (m1 & m2)) & windows
    else:
        w = (m | (m >> 1) | (m >> 2)) & windows
    masks = JOKER_MASKS[2 if jokers > 2 else jokers]
    while w:
        bit = w & -w
        w ^= bit
        b = bit.bit_length() - 1
        a = POS_ID[b]
        d = POS_ID[b + 1]
        e = POS_ID[b + 2]
        for mask in masks:
            x = JK if mask & 1 else a
            y = JK if mask & 2 else d
            z = JK if mask & 4 else e
            if (x == JK or cnt[a]) and (y == JK or cnt[d]) and (z == JK or cnt[e]):
                out.append((1, b >> 4, b & 15, (x, y, z)))


def _lay_offs(melds: list[list], cnt: list[int], jokers: int, out: list[tuple]) -> None:
    """DZ-5: one card onto an own meld: (2, meld index, end, card); end -1 low, 1 high."""
    for mi, meld in enumerate(melds):
        if meld[0] == 0:
            for c in SET_IDS[meld[1]]:
                if cnt[c]:
                    out.append((2, mi, 0, c))
            if jokers:
                out.append((2, mi, 0, JK))
            continue
        base = meld[1] << 4
        low = meld[2]
        high = meld[3]
        if low > 1 and not (low == 2 and high == 14):
            c = POS_ID[base + low - 1]
            if cnt[c]:
                out.append((2, mi, -1, c))
            if jokers:
                out.append((2, mi, -1, JK))
        if high < 14 and not (high == 13 and low == 1):
            c = POS_ID[base + high + 1]
            if cnt[c]:
                out.append((2, mi, 1, c))
            if jokers:
                out.append((2, mi, 1, JK))


def _joker_spot(melds: list[list]) -> bool:
    """Can a joker be laid off on one of these melds (any set, or a run not yet 13 long)?"""
    return any(m[0] == 0 or m[3] - m[2] < 12 for m in melds)


def _exchanges(melds: list[list], cnt: list[int], out: list[tuple]) -> None:
    """DZ-6: (3, meld index, joker index, card) for each own joker the hand can replace."""
    if not _joker_spot(melds):
        return
    for mi, meld in enumerate(melds):
        cards = meld[4]
        if JK not in cards:
            continue
        if meld[0] == 0:
            index = cards.index(JK)
            out.extend((3, mi, index, c) for c in SET_IDS[meld[1]] if cnt[c])
        else:
            base = (meld[1] << 4) + meld[2]
            out.extend((3, mi, i, POS_ID[base + i]) for i, c in enumerate(cards)
                       if c == JK and cnt[POS_ID[base + i]])  # fmt: skip


def _can_mine(hand: Hand, top: int) -> bool:
    """DZ-7: does ``top`` make a three-card meld with two cards of the hand?"""
    jokers = hand.cnt[JK]
    rk = hand.rk
    m = hand.m
    if top == JK:
        if jokers and hand.size > jokers:
            return True
        return max(rk) >= 2 or bool(m & ((m >> 1) | (m >> 2)))
    if rk[ID_RANK[top]] + jokers >= 2:
        return True
    if jokers:
        return any(m & others for others in NEIGHBOURS[top])
    return any(m & others == others for others in NEIGHBOURS[top])


# --- the hand: counts per card, naturals per rank, run positions ---------------------------


class Hand:
    """A player's cards as counts (``cnt``), naturals per rank (``rk``) and the run
    positions held (``m``, see :data:`BITS`); ``size`` is the number of cards."""

    __slots__ = ("cnt", "m", "rk", "size")

    def __init__(self) -> None:
        self.cnt = [0] * 53
        self.rk = [0] * 15
        self.m = 0
        self.size = 0

    def add(self, c: int) -> None:
        cnt = self.cnt
        cnt[c] += 1
        self.size += 1
        if c != JK:
            self.rk[ID_RANK[c]] += 1
            if cnt[c] == 1:
                self.m |= BITS[c]

    def take(self, c: int) -> None:
        cnt = self.cnt
        cnt[c] -= 1
        self.size -= 1
        if c != JK:
            self.rk[ID_RANK[c]] -= 1
            if not cnt[c]:
                self.m &= ~BITS[c]

    def points(self) -> int:
        return sum(n * POINTS[c] for c, n in enumerate(self.cnt) if n)

    def melds(self) -> list[tuple]:
        """Every three-card meld the hand holds (see :func:`_set_melds`, :func:`_run_melds`)."""
        out: list[tuple] = []
        jokers = self.cnt[JK]
        _set_melds(self.cnt, self.rk, jokers, out)
        _run_melds(self.cnt, self.m, jokers, out)
        return out

    def melds_with(self, c: int) -> list[tuple]:
        """The three-card melds of the hand that hold card ``c`` itself."""
        if c == JK:
            return [m for m in self.melds() if JK in m[3]]
        out: list[tuple] = []
        cnt = self.cnt
        jokers = cnt[JK]
        jm = 2 if jokers > 2 else jokers
        r = ID_RANK[c]
        if self.rk[r] + jm >= 3:
            _sets_of(cnt, r, self.rk[r], jm, out)
        _run_melds(cnt, self.m, jokers, out, WINDOWS_WITH[c])
        return [m for m in out if c in m[3]]


def _uncovered(pending: list[int], cards: tuple[int, ...] | list[int]) -> list[int]:
    """The mined cards still to meld once a meld of ``cards`` is laid."""
    rest = list(pending)
    for c in cards:
        if c in rest:
            rest.remove(c)
    return rest


def _feasible(hand: Hand, pending: list[int]) -> bool:
    """DZ-7: can every mined card in ``pending`` go into its own new three-card meld?"""
    if not pending:
        return True
    for move in hand.melds_with(pending[0]):
        cards = move[3]
        rest = _uncovered(pending, cards)
        for c in cards:
            hand.take(c)
        ok = _feasible(hand, rest)
        for c in cards:
            hand.add(c)
        if ok:
            return True
    return False


# --- one deal ----------------------------------------------------------------------------


def _meld_value(meld: list, tables: tuple[list[int], list[int], list[int]]) -> int:
    """DZ-4 opening points of a meld record ``[kind, rank or suit, low, high, cards]``."""
    run, nat, joker = tables
    if meld[0] == 0:
        return sum(joker[meld[1]] if c == JK else nat[c] for c in meld[4])
    base = meld[1] << 4
    return sum(run[base + meld[2] : base + meld[3] + 1])


def _lay(meld: list, end: int, c: int) -> int:
    """Lay card ``c`` off on ``meld`` at ``end``; the card it stands for (for the log)."""
    cards = meld[4]
    if end == 0:
        cards.append(c)
        return next(x for x in cards if x != JK)
    if end < 0:
        meld[2] -= 1
        cards.insert(0, c)
        return POS_ID[(meld[1] << 4) + meld[2]]
    meld[3] += 1
    cards.append(c)
    return POS_ID[(meld[1] << 4) + meld[3]]


def _new_meld(move: tuple) -> list:
    kind, key, low, cards = move
    return [kind, key, low, low + 2 if kind else low, list(cards)]


class _Deal:
    """One deal played by random legal moves (see the module docstring for the choices)."""

    def __init__(self, rng: Any, players: int, first: int, tables: tuple, record: bool) -> None:
        self.rng = rng
        self.random = rng.random
        self.n = players
        self.tables = tables
        self.record = record
        deck = [*range(52), *range(52), JK, JK, JK, JK]
        rng.shuffle(deck)
        self.hands = [Hand() for _ in range(players)]
        self.dealt = [deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(players)]
        for hand, cards in zip(self.hands, self.dealt, strict=True):
            for c in cards:
                hand.add(c)
        self.stock = deck[players * HAND_SIZE :]
        self.turned = self.stock.pop()
        self.pile: list[int] = []
        self.melds: list[list[list]] = [[] for _ in range(players)]
        self.on_table = [False] * players
        self.had_turn = [False] * players
        self.pending: list[list[int]] = [[] for _ in range(players)]
        self.table_jokers = [0] * players
        self.first = first
        self.turns: list[tuple] = []
        self.decisions = 0
        self.out = -1

    def choose(self, options: list | tuple) -> Any:
        """One decision: a uniformly random element of ``options``."""
        self.decisions += 1
        n = len(options)
        return options[int(self.random() * n)] if n > 1 else options[0]

    def play(self) -> list[int]:
        """Play until a player goes out or the stock is empty; the DZ-11 scores."""
        p = self.first
        hands = self.hands
        stock = self.stock
        while stock:
            hand = hands[p]
            if not self.turns and self.choose((True, False)):
                draw = -1
                hand.add(self.turned)
            else:
                draw = stock.pop()
                hand.add(draw)
                if not self.turns:
                    self.pile.append(self.turned)
            actions: list[tuple] = []
            if self.pending[p]:
                self.mined_melds(p, actions)
            self.melding(p, actions)
            discard = self.discard(p)
            self.had_turn[p] = True
            claims: list[int] = []
            miner = extra = -1
            if discard >= 0 and hand.size:
                claims, miner, extra = self.mining(p, discard)
            if self.record:
                self.turns.append((p, draw, actions, discard, claims, miner, extra))
            else:
                self.turns.append(())
            if not hand.size:
                self.out = p
                break
            p = (p + 1) % self.n
        return [
            sum(POINTS[c] for m in self.melds[i] for c in m[4]) - hands[i].points()
            for i in range(self.n)
        ]

    def mined_melds(self, p: int, actions: list[tuple]) -> None:
        """DZ-7: meld every card mined since the last turn, each in a new meld."""
        hand = self.hands[p]
        pending = self.pending[p]
        while pending:
            target = pending[0]
            moves = hand.melds_with(target)
            if len(pending) > 1:
                moves = [m for m in moves if self.still_feasible(hand, m[3], pending)]
            move = self.choose(moves)
            for c in move[3]:
                hand.take(c)
            self.melds[p].append(_new_meld(move))
            self.table_jokers[p] += move[3].count(JK)
            if self.record:
                actions.append(("m", move))
            pending[:] = _uncovered(pending, move[3])

    @staticmethod
    def still_feasible(hand: Hand, cards: tuple[int, ...], pending: list[int]) -> bool:
        for c in cards:
            hand.take(c)
        ok = _feasible(hand, _uncovered(pending, cards))
        for c in cards:
            hand.add(c)
        return ok

    def options(self, p: int, owed: int) -> list:
        """The melding moves open to player ``p`` now (None = stop)."""
        hand = self.hands[p]
        cnt = hand.cnt
        size = hand.size
        first_turn = not self.had_turn[p]
        qs = cnt[QS]
        options: list = [] if owed else [None]
        if size >= 4:
            moves: list = []
            jokers = cnt[JK]
            _set_melds(cnt, hand.rk, jokers, moves)
            _run_melds(cnt, hand.m, jokers, moves)
            if owed:
                moves = [m for m in moves if JK in m[3]]
            if first_turn and size == 4:
                moves = [m for m in moves if qs - m[3].count(QS) == 1]
            options += moves
        mine = self.melds[p]
        if size >= 2 and mine:
            moves = []
            _lay_offs(mine, cnt, cnt[JK], moves)
            if not owed:
                if self.table_jokers[p]:
                    _exchanges(mine, cnt, moves)
            else:
                moves = [m for m in moves if m[3] == JK]
            if first_turn and size == 2:
                moves = [m for m in moves if qs - (m[3] == QS) == 1]
            options += moves
        return options

    def melding(self, p: int, actions: list[tuple]) -> None:
        """Melds, lay-offs and joker exchanges until the player stops (DZ-3 … DZ-6).

        ``owed`` counts the jokers taken back by an exchange and not yet laid again.
        """
        owed = 0
        while True:
            move = self.choose(self.options(p, owed))
            if move is None:
                break
            kind = move[0]
            if kind == 3:  # an exchange
                self.exchange(p, move, actions)
                owed += 1
                continue
            jokers = self.lay_meld(p, move, actions) if kind < 2 else self.lay_off(p, move, actions)
            if jokers and owed:
                owed -= 1
        if not self.on_table[p] and self.melds[p]:
            self.settle_opening(p, actions)

    def lay_meld(self, p: int, move: tuple, actions: list[tuple]) -> int:
        """DZ-3: lay a new three-card meld; the number of jokers in it."""
        hand = self.hands[p]
        for c in move[3]:
            hand.take(c)
        self.melds[p].append(_new_meld(move))
        jokers = move[3].count(JK)
        self.table_jokers[p] += jokers
        if self.record:
            actions.append(("m", move))
        return jokers

    def lay_off(self, p: int, move: tuple, actions: list[tuple]) -> int:
        """DZ-5: lay one card off on an own meld; 1 when it is a joker."""
        c = move[3]
        self.hands[p].take(c)
        stands = _lay(self.melds[p][move[1]], move[2], c)
        if self.record:
            actions.append(("l", move[1], c, stands))
        if c == JK:
            self.table_jokers[p] += 1
            return 1
        return 0

    def exchange(self, p: int, move: tuple, actions: list[tuple]) -> None:
        """DZ-6: swap an own joker for the card it stands for (the joker must be laid again)."""
        hand = self.hands[p]
        c = move[3]
        hand.take(c)
        hand.add(JK)
        self.melds[p][move[1]][4][move[2]] = c
        self.table_jokers[p] -= 1
        if self.record:
            actions.append(("x", move[1], c))

    def settle_opening(self, p: int, actions: list[tuple]) -> None:
        """DZ-4: the tentative melds stay when worth 30 opening points, else go back."""
        mine = self.melds[p]
        if sum(_meld_value(m, self.tables) for m in mine) >= OPENING_MINIMUM:
            self.on_table[p] = True
            return
        hand = self.hands[p]
        for meld in mine:
            for c in meld[4]:
                hand.add(c)
        mine.clear()
        actions.clear()
        self.table_jokers[p] = 0

    def discard(self, p: int) -> int:
        """DZ-8: any card but QS; -1 when the hand holds only QS."""
        hand = self.hands[p]
        cnt = hand.cnt
        options = list(compress(ALL_CARDS, cnt))
        if cnt[QS]:
            options.remove(QS)
        if not options:
            return -1
        self.decisions += 1
        c = options[int(self.random() * len(options))]
        hand.take(c)
        self.pile.append(c)
        return c

    def mining(self, p: int, top: int) -> tuple[list[int], int, int]:
        """DZ-7: claims on the discard; the miner takes the pile and one stock card."""
        claims = []
        for k in range(1, self.n):
            q = (p + k) % self.n
            if not self.on_table[q]:
                continue
            hand = self.hands[q]
            if not _can_mine(hand, top):
                continue
            if self.pending[q]:
                hand.add(top)
                ok = _feasible(hand, [*self.pending[q], top])
                hand.take(top)
                if not ok:
                    continue
            self.decisions += 1
            if self.random() < 0.5:  # claim or not, evenly
                claims.append(q)
        if not claims:
            return claims, -1, -1
        if len(claims) > 1:
            self.rng.shuffle(claims)
        nxt = (p + 1) % self.n
        miner = nxt if nxt in claims else claims[0]
        hand = self.hands[miner]
        extra = self.stock.pop() if self.stock else -1
        if extra >= 0:
            hand.add(extra)
        for c in self.pile:
            hand.add(c)
        self.pile = []
        self.pending[miner].append(top)
        return claims, miner, extra


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


def _deal_log(deal: _Deal, names: list[str], dealer: int, scores: list[int]) -> dict[str, Any]:
    return {
        "dealer": names[dealer],
        "hands": {names[i]: [NAMES[c] for c in cards] for i, cards in enumerate(deal.dealt)},
        "turned": NAMES[deal.turned],
        "turns": [_turn_log(t, names) for t in deal.turns],
        "scores": dict(zip(names, scores, strict=True)),
    }


# --- the game -----------------------------------------------------------------------------


def simulate(
    seed: int,
    *,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    record: bool = True,
) -> Simulation:
    """A whole game (DZ-12) by uniformly random legal moves; see the module docstring."""
    n = players or 4
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise CaseError("players", _("Duizenden is played by 3 to 5 players, not %(n)s"), n=n)
    cleaned = clean_options(OPTIONS, options or {})
    tables = _value_tables(cleaned["opening_face_cards"])
    rng = make_rng(seed)
    names = [f"P{i + 1}" for i in range(n)]
    totals = [0] * n
    deals: list[dict[str, Any]] = []
    decisions = played = went_out = 0
    dealer = n - 1
    winner: int | None = None
    while played < MAX_DEALS and winner is None:
        deal = _Deal(rng, n, (dealer + 1) % n, tables, record)
        scores = deal.play()
        decisions += deal.decisions
        played += 1
        went_out += deal.out >= 0
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        if record:
            deals.append(_deal_log(deal, names, dealer, scores))
        best = max(totals)
        if best >= TARGET and totals.count(best) == 1:
            winner = totals.index(best)
        dealer = (dealer + 1) % n
    log = {"game": "duizenden", "check": "replay", "options": cleaned, "players": names,
           "deals": deals}  # fmt: skip
    summary = {
        "players": n,
        "deals": played,
        "went_out": went_out,
        "totals": dict(zip(names, totals, strict=True)),
        "finished": winner is not None,
        "winner": None if winner is None else names[winner],
        "after_deal": played if winner is not None else None,
    }
    return Simulation(log if record else {}, decisions, summary)
