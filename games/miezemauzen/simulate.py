"""Miezemauzen by uniformly random legal moves, from the first deal until someone is at 0.

``simulate(seed, players=None, options=None, record=True)`` plays one whole game
(MZ-1 … MZ-11): the first dealer is drawn by lot, the deal passes clockwise (to the
dealer's left). Every choice point is a *decision*, chosen uniformly among all legal
moves: each declaration (play / pass / exchange, MZ-4, MZ-5, MZ-6, MZ-11), the dealer's
swap with the turned trump card (no swap, or one of the five cards), each kat claim a
player could make (claim or not; with ``kat_scoring: either`` claim for the holder, claim
for the others, or not) and every card played (MZ-8: a card of the led suit when held,
else any card).

Replay log (``Simulation.log``, a ``replay`` case that ``check_hand`` judges)::

    {"game": "miezemauzen", "check": "replay",
     "options": {"start_points": 25, "kat_scoring": "holder", ...},
     "players": ["Ann", "Bas", "Cor", "Dirk"],          # clockwise
     "deals": [
       {"dealer": "Dirk",
        "hands": {"Ann": ["AH", "KS", "9S", "8C", "7D"], ...},   # as dealt
        "kip": ["QD", ...],                                      # five cards face down
        "turned": "9H",                                          # trump card turned up
        "stock": ["JC", ...],                                    # the undealt rest
        "moves": [
          {"player": "Ann", "declare": "play"},                  # from the dealer's left,
          {"player": "Bas", "declare": "exchange"},              #   the dealer last
          {"player": "Cor", "declare": "pass"},
          {"player": "Dirk", "declare": "play"},
          {"player": "Dirk", "swap": "7C"},       # dealer takes the turned card, lays 7C away
          {"player": "Ann", "kat": "H", "choice": "others"},     # ends the deal (MZ-7)
          {"player": "Ann", "card": "AH"}, ...]}]}               # tricks, card by card

``hands`` are the hands as dealt; an exchange gives the exchanger the kip (and the kip
their hand); ``swap`` is optional and ``choice`` only appears with ``kat_scoring:
either``. ``stock`` is optional in a hand-written log. The replay judges every move in
order with the rules of ``rules.py`` and books every deal with ``scoring.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import CaseError, Simulation, _, clean_options, make_rng
from games.cards import SUITS
from games.miezemauzen.rules import (
    EXCHANGE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    PASS,
    PLAY,
    miezemauzen_deck,
)

NAMES = ("Ann", "Bas", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hein")
#: A safety stop. Random play drifts upwards with four or more players (a playing player
#: without a trick gets 5 on, with tricks only 1 off), so many such games never reach 0:
#: a game still going after this many deals stops unfinished (``winner`` and
#: ``finished_after`` null). Two and three players practically always finish.
MAX_DEALS = 500

# Cards are ints: suit index (S H D C = 0..3) * 16 + rank (2..14). Same suit <=> x ^ y < 16.
_CARD_TEXT = {(SUITS.index(c.suit) << 4) | c.rank: str(c) for c in miezemauzen_deck(8)}
_DECLARED = (PLAY, PASS, EXCHANGE)
_PLAY, _PASS, _EXCHANGE = 0, 1, 2
#: Legal declarations by (someone exchanged already, this player may pass).
_DECLARATION_MOVES = (((_PLAY, _EXCHANGE), (_PLAY, _PASS, _EXCHANGE)), ((_PLAY,), (_PLAY, _PASS)))
_TRUMP_KEY = 100  # added to a trump's int so that any trump beats any other card
_MOVE_DECLARE, _MOVE_SWAP, _MOVE_KAT, _MOVE_CARD = 0, 1, 2, 3


def simulate(
    seed: int,
    *,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    record: bool = True,
) -> Simulation:
    """One whole game of random legal moves (see the module docstring for the log)."""
    opts = clean_options(OPTIONS, {k: v for k, v in (options or {}).items() if v is not None})
    count = players or opts["players"] or 3
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise CaseError(
            "players",
            _("Miezemauzen is played by %(MIN_PLAYERS)s to %(MAX_PLAYERS)s"),
            MIN_PLAYERS=MIN_PLAYERS,
            MAX_PLAYERS=MAX_PLAYERS,
        )
    if opts["players"] is not None and opts["players"] != count:
        raise CaseError(
            "options.players",
            _("is %(opts)s but %(count)s players play"),
            opts=opts["players"],
            count=count,
        )
    names = list(NAMES[:count])
    final, deals, decisions, raw = _play(make_rng(seed), count, opts, record)
    finished = min(final) <= 0
    points = dict(zip(names, final, strict=True))
    summary: dict[str, Any] = {
        "players": names,
        "final": points,
        "winner": _winner(points) if finished else None,
        "deals": deals,
        "finished_after": deals if finished else None,
    }
    log = _log(names, opts, raw) if record else {}
    return Simulation(log=log, decisions=decisions, summary=summary)


def _winner(points: dict[str, int]) -> str | list[str]:
    low = min(points.values())
    best = [p for p, v in points.items() if v == low]
    return best[0] if len(best) == 1 else best


def _play(  # noqa: PLR0912, PLR0915 - the hot loop stays in one function for speed
    rng: Any, n: int, opts: dict[str, Any], record: bool
) -> tuple[list[int], int, int, list[tuple[int, list[int], list[tuple[int, int, int]]]]]:
    """The game loop on ints. Returns final points (by seat), deals, decisions, and per
    deal (dealer, shuffled deck, moves) when recording. A deal's declarations and its
    tricks are steps of their own (:func:`_declare`, :func:`_tricks`)."""
    randbelow = rng.randrange  # uniform over 0..k-1: every legal move equally likely
    base = [(SUITS.index(c.suit) << 4) | c.rank for c in miezemauzen_deck(n)]
    size = len(base)
    dealt = 5 * n + 6  # hands, kip, turned card
    per_trick = opts["per_trick"]
    exact_zero = opts["exact_zero"] and per_trick  # MZ-10: an option of per_trick only
    spades_double = opts["spades_double"]
    kat_scoring = opts["kat_scoring"]
    kat_moves = 3 if kat_scoring == "either" else 2
    points = [opts["start_points"]] * n
    streak = [0] * n
    orders = [[(d + 1 + k) % n for k in range(n)] for d in range(n)]
    # followers[m][i]: positions after leader i among m playing players
    followers = [[[(i + j) % m for j in range(1, m)] for i in range(m)] for m in range(n + 1)]
    dealer = randbelow(n)  # by lot: chance, not a decision
    decisions = 0
    deals = 0
    raw: list[tuple[int, list[int], list[tuple[int, int, int]]]] = []
    moves: list[tuple[int, int, int]] = []
    while deals < MAX_DEALS:
        deals += 1
        deck = base[:]
        for i in range(dealt):  # partial Fisher-Yates: only the cards dealt
            j = i + randbelow(size - i)
            deck[i], deck[j] = deck[j], deck[i]
        hands = [deck[5 * i : 5 * i + 5] for i in range(n)]
        kip = deck[5 * n : 5 * n + 5]
        turned = deck[5 * n + 5]
        trump = turned >> 4
        if record:
            moves = []
            raw.append((dealer, deck, moves))
        change = [0] * n
        playing = _declare(
            randbelow,
            orders[dealer],
            hands=hands,
            kip=kip,
            points=points,
            streak=streak,
            change=change,
            may_pass=not (spades_double and trump == 0),
            moves=moves if record else None,
        )
        decisions += n + 1
        # MZ-4 the dealer's swap with the turned trump card: no swap or one of five cards
        i = randbelow(6)
        if i < 5:
            hand = hands[dealer]
            if record:
                moves.append((_MOVE_SWAP, dealer, hand[i]))
            hand[i] = turned
        # MZ-7 kat claims, in seat order
        kat = -1
        for p in playing:
            hand = hands[p]
            a = hand[0]
            if (a ^ hand[1]) | (a ^ hand[2]) | (a ^ hand[3]) | (a ^ hand[4]) < 16:
                decisions += 1
                choice = randbelow(kat_moves)
                if choice:
                    kat = p
                    if record:
                        moves.append((_MOVE_KAT, p, choice << 2 | a >> 4))
                    break
        if kat < 0:
            m = len(playing)
            won = _tricks(
                randbelow,
                playing,
                [hands[p] for p in playing],
                trump=trump,
                follow=followers[m],
                moves=moves if record else None,
            )
            decisions += 5 * m
            for i in range(m):  # MZ-9
                tricks = won[i]
                change[playing[i]] += (-tricks if per_trick else -1) if tricks else 5
        else:
            value = 10 if (hands[kat][0] >> 4) == trump else 5
            holder_off = kat_scoring != "either" or choice == 1
            others_on = kat_scoring == "others" or (kat_scoring == "either" and choice == 2)
            for p in range(n):
                if p == kat:
                    change[p] -= value if holder_off else 0
                elif others_on:
                    change[p] += value
        factor = 2 if spades_double and trump == 0 else 1
        for p in range(n):
            delta = change[p] * factor
            if exact_zero and delta < 0 and points[p] + delta < 0:
                continue
            points[p] += delta
        if min(points) <= 0:
            break
        dealer = (dealer + 1) % n
    return points, deals, decisions, raw


def _declare(
    randbelow: Callable[[int], int],
    order: list[int],
    *,
    hands: list[list[int]],
    kip: list[int],
    points: list[int],
    streak: list[int],
    change: list[int],
    may_pass: bool,
    moves: list[tuple[int, int, int]] | None,
) -> list[int]:
    """MZ-4/5/6/11 the declarations, in `order` (from the dealer's left): who plays, in
    seat order. An exchange gives the exchanger the kip; a third pass in a row costs 3
    (in `change`); `streak` counts each player's passes in a row."""
    playing: list[int] = []
    exchanged = 0
    left = len(order)
    for p in order:
        legal = _DECLARATION_MOVES[exchanged][
            may_pass and left > 2 - len(playing) and points[p] > 3
        ]
        move = legal[randbelow(len(legal))]
        left -= 1
        if move == _PASS:
            streak[p] += 1
            if streak[p] > 2:
                change[p] = 3
        else:
            streak[p] = 0
            playing.append(p)
            if move == _EXCHANGE:
                hands[p], kip = kip, hands[p]
                exchanged = 1
        if moves is not None:
            moves.append((_MOVE_DECLARE, p, move))
    return playing


def _tricks(
    randbelow: Callable[[int], int],
    playing: list[int],
    held: list[list[int]],
    *,
    trump: int,
    follow: list[list[int]],
    moves: list[tuple[int, int, int]] | None,
) -> list[int]:
    """MZ-8 the five tricks among the `playing` players (seats; `held` their hands, in
    their order, emptied): the tricks each won. The winner of a trick leads the next."""
    won = [0] * len(playing)
    leader = 0
    for _trick in range(5):
        hand = held[leader]
        card = hand.pop(randbelow(len(hand)))
        led = card >> 4
        best = card + _TRUMP_KEY if led == trump else card
        winner = leader
        if moves is not None:
            moves.append((_MOVE_CARD, playing[leader], card))
        for q in follow[leader]:
            hand = held[q]
            cards = [c for c in hand if c >> 4 == led] or hand  # MZ-8 follow suit
            card = cards[randbelow(len(cards))]
            hand.remove(card)
            if card >> 4 == trump:
                if card + _TRUMP_KEY > best:
                    best = card + _TRUMP_KEY
                    winner = q
            elif card > best and card >> 4 == led:
                best = card
                winner = q
            if moves is not None:
                moves.append((_MOVE_CARD, playing[q], card))
        won[winner] += 1
        leader = winner
    return won


def _log(
    names: list[str],
    opts: dict[str, Any],
    raw: list[tuple[int, list[int], list[tuple[int, int, int]]]],
) -> dict[str, Any]:
    """The JSON replay case, built once at the end."""
    text = _CARD_TEXT
    n = len(names)
    deals = []
    for dealer, deck, moves in raw:
        deals.append({
            "dealer": names[dealer],
            "hands": {names[i]: [text[c] for c in deck[5 * i : 5 * i + 5]] for i in range(n)},
            "kip": [text[c] for c in deck[5 * n : 5 * n + 5]],
            "turned": text[deck[5 * n + 5]],
            "stock": [text[c] for c in deck[5 * n + 6 :]],
            "moves": [_move(names, opts, move) for move in moves],
        })  # fmt: skip
    options = {k: v for k, v in opts.items() if v is not None}
    return {"game": "miezemauzen", "check": "replay", "options": options,
            "players": names, "deals": deals}  # fmt: skip


def _move(names: list[str], opts: dict[str, Any], move: tuple[int, int, int]) -> dict[str, Any]:
    kind, seat, value = move
    player = names[seat]
    if kind == _MOVE_DECLARE:
        return {"player": player, "declare": _DECLARED[value]}
    if kind == _MOVE_SWAP:
        return {"player": player, "swap": _CARD_TEXT[value]}
    if kind == _MOVE_KAT:
        out: dict[str, Any] = {"player": player, "kat": SUITS[value & 3]}
        if opts["kat_scoring"] == "either":
            out["choice"] = "holder" if value >> 2 == 1 else "others"
        return out
    return {"player": player, "card": _CARD_TEXT[value]}
