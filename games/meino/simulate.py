"""MEINO whole games by uniformly random legal moves (RULES.md ME-1 … ME-14).

``simulate(seed, players=4, options=None, record=True)`` shuffles, deals 7 cards each,
turns the start card and plays rounds until a total reaches 500. At every choice point
the player picks uniformly among all legal moves; a wish card is one move per colour it
can name (and, with joker rule ``swap``, a JOKER one per colour and swap partner or none).

Choice points (``decisions``): every turn (a play, or the draw when nothing fits, ME-11);
after an ME-11 draw whose card fits, play it or keep it; after the penalty of a W+2/W+4
(ME-8), when a card fits, play one or pass. Forced draws (the +2 victim, penalties) are
chance, not decisions. Players always call MEINO (ME-12).

Replay log (``record=True``): a ``replay`` case for ``check_hand``::

    {"game": "meino", "check": "replay",
     "options": {"joker_rule": "none", "compact": false},
     "players": ["P1", "P2", "P3", "P4"],            # clockwise
     "rounds": [
       {"dealer": "P4",
        "hands": {"P1": ["R5", "W", ...], "P2": [...], "P3": [...], "P4": [...]},
        "turned": ["W+4", "G7"],                     # a wish card turned goes back (ME-2)
        "events": [
          {"player": "P1", "play": "G2"},
          {"player": "P2", "play": "W", "wish": "B"},
          {"player": "P3", "draw": ["R1"]},          # ME-11; kept: the next event is P4's
          {"player": "P4", "play": "B+2"},
          {"player": "P1", "draw": ["Y3", "G9"]},    # the +2 penalty (ME-7)
          {"player": "P2", "play": "JOKER", "wish": "Y", "swap": "P3"},  # joker_rule swap
          {"player": "P3", "play": "Y1", "meino": true},  # down to one card, called
          ...]},
       ...]}

- One object per round. ``dealer`` is optional (default: the last player deals first,
  then the deal passes clockwise); the player after the dealer starts. ``hands`` are the
  7 cards dealt. ``turned`` lists the cards turned from the stock: wish cards, each put
  back at random, then the coloured start card. The stock is the rest of the deck.
- ``play``: the card; ``wish`` names the colour of a wish card (optional on the last
  card); ``swap`` the JOKER's swap partner (ME-10); ``meino: true`` when the play leaves
  one card (ME-12).
- ``draw``: every card taken from the stock, in order: the ME-11 draw (1 card), or the
  penalty of a +2 (2), W+2 (2) or W+4 (4); fewer only when no card is left to draw.
- ``{"player": P, "meino_penalty": [2 cards]}``: P, down to one card without the call,
  was caught before the next player played a card (ME-12); it may come out of turn.
- A player who keeps the drawn card, or plays nothing after a W+2/W+4 penalty, has no
  further event: the next event is another player's.
- When the stock runs out, the discard pile but its top card is shuffled into a new
  stock; no event is needed, as every drawn card is named.

The ``replay`` check judges every event with the rules of :mod:`games.meino.rules`: a card
not held, or not left to draw, is a CaseError; a broken rule is a violation ``at`` the
round's index that stops the replay (a missed MEINO call does not stop it). Its result:
``rounds`` (winner and points of each round), ``totals``, ``tally``, ``finished``,
``finished_after``, ``winner``, ``behind`` and ``round_in_progress``; they equal the
simulator's ``summary`` (which adds ``rounds_played``).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from games.base import CaseError, Simulation, _, clean_options, make_rng
from games.meino.rules import (
    COLOUR_MASKS,
    COLOURS,
    DRAWS_TWO,
    EFFECT,
    FIT_MASKS,
    HAND_SIZE,
    JOKER,
    KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAMES,
    OPTIONS,
    PENALTY,
    REVERSES,
    SKIPS,
    W2,
    W4,
    W,
    deck_kinds,
    joker_swaps,
)
from games.meino.scoring import TARGET, counted_points, standings

Event = tuple[Any, ...]


def simulate(
    seed: int,
    *,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    record: bool = True,
) -> Simulation:
    """One whole game from ``seed``; see the module docstring for the log."""
    opts = clean_options(OPTIONS, options)
    count = 4 if players is None else players
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise CaseError(
            "players", _("MEINO is played by 2 to 6 players, not %(count)s"), count=count
        )
    rng = make_rng(seed)
    deck = deck_kinds(compact=opts["compact"])
    swap = joker_swaps(opts["joker_rule"])
    events: list[Event] | None = [] if record else None
    totals = [0] * count
    points: list[list[int]] = []
    winners: list[int | None] = []
    decisions = 0
    dealer = count - 1
    while max(totals) < TARGET:  # ME-14
        winner, counts, made = _round(rng, deck, count, dealer=dealer, joker_swap=swap, log=events)
        decisions += made
        scored = [0 if seat == winner else counted_points(held) for seat, held in enumerate(counts)]
        for seat, value in enumerate(scored):
            totals[seat] += value
        points.append(scored)
        winners.append(winner)
        dealer = (dealer + 1) % count
    names = [f"P{seat + 1}" for seat in range(count)]
    summary = {**standings(names, points, winners), "rounds_played": len(points)}
    log = None if events is None else _log(names, opts, events)
    return Simulation(log=log, decisions=decisions, summary=summary)  # type: ignore[arg-type]


def _shuffle(cards: list[int], random: Callable[[], float]) -> None:
    """Fisher-Yates with ``random()`` (several times faster than ``Random.shuffle``)."""
    for i in range(len(cards) - 1, 0, -1):
        j = int(random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def _draw(
    stock: list[int], discard: list[int], random: Callable[[], float], count: int
) -> list[int]:
    """Take ``count`` cards; an empty stock is refilled from the discard pile but its top."""
    drawn = []
    for _i in range(count):
        if not stock:
            if len(discard) < 2:  # only the top card is left
                break
            _refill(stock, discard, random)
        drawn.append(stock.pop())
    return drawn


#: Bit of each kind in a hand's mask, and the masks of the coloured cards and of W+2/W+4.
BIT = tuple(1 << k for k in range(KINDS))
COLOURED = (1 << W) - 1
WISH_DRAW_BITS = BIT[W2] | BIT[W4]
NORMAL, AFTER_PENALTY, AFTER_DRAW = 0, 1, 2


def _round(  # noqa: PLR0912, PLR0915 - the hot loop stays in one frame; rarer steps are calls
    rng: Random,
    deck: list[int],
    n: int,
    *,
    dealer: int,
    joker_swap: bool,
    log: list[Event] | None,
) -> tuple[int, list[list[int]], int]:
    """Play one round: (the seat that went out, every hand's count per kind, decisions).

    A hand is a count per kind plus a bit mask of the kinds held, so the cards that fit
    are one AND with :data:`FIT_MASKS` and the k-th of them a few bit operations. Each
    turn runs in this frame; the deal, a wish card's choice and an action card's effect
    are steps of their own (:func:`_deal`, :func:`_wish`, :func:`_effect`).
    """
    random = rng.random
    stock, top, counts, masks = _deal(random, deck, n, dealer, log)
    sizes = [HAND_SIZE] * n
    discard = [top]
    colour = top // 12
    step = 1
    p = (dealer + 1) % n
    decisions = 0
    phase = NORMAL
    drawn = 0
    jokers = 4 * (n - 1) if joker_swap else 0  # ME-10: JOKER moves beyond its 4 colours
    while True:
        mask = masks[p]
        legal = mask & FIT_MASKS[top * 4 + colour]
        if phase == AFTER_DRAW:  # ME-11: only the drawn card
            legal &= BIT[drawn]
        if legal > COLOURED:  # wish cards
            if legal & WISH_DRAW_BITS and mask & COLOUR_MASKS[colour]:  # ME-8
                legal &= ~WISH_DRAW_BITS
            wishes = legal >> W
            total = (legal & COLOURED).bit_count() + 4 * wishes.bit_count()
            if wishes & 8 and sizes[p] > 1:
                total += jokers
        else:
            wishes = 0
            total = legal.bit_count()
        if not total:
            if phase == NORMAL:  # ME-11: nothing fits: draw one card (a decision)
                decisions += 1
                if not stock and len(discard) > 1:
                    _refill(stock, discard, random)
                if stock:
                    drawn = stock.pop()
                    held = counts[p]
                    if not held[drawn]:
                        masks[p] = mask | BIT[drawn]
                    held[drawn] += 1
                    sizes[p] += 1
                    if log is not None:
                        log.append((p, (drawn,)))
                    phase = AFTER_DRAW
                    continue
            phase = NORMAL
            p = (p + step) % n
            continue
        decisions += 1
        if phase:  # the drawn card or the card after a penalty may also be kept
            phase = NORMAL
            r = int(random() * (total + 1))
            if r == total:
                p = (p + step) % n
                continue
        else:
            r = int(random() * total) if total > 1 else 0
        coloured = legal & COLOURED
        target = -1
        if r < coloured.bit_count():
            while r:
                coloured &= coloured - 1
                r -= 1
            k = (coloured & -coloured).bit_length() - 1
            colour = k // 12
            wish = -1
        else:
            k, wish, target = _wish(wishes, r - coloured.bit_count(), jokers, sizes[p] > 1, p, n)
            colour = wish
        held = counts[p]
        held[k] -= 1
        if not held[k]:
            masks[p] = mask ^ BIT[k]
        sizes[p] -= 1
        discard.append(k)
        top = k
        if not sizes[p]:  # ME-13: out; the round ends at once
            if log is not None:
                log.append((p, k, wish, -1, False))
            return p, counts, decisions
        if target >= 0:  # ME-10
            masks[p], masks[target] = masks[target], masks[p]
            counts[p], counts[target] = counts[target], held
            sizes[p], sizes[target] = sizes[target], sizes[p]
        if log is not None:
            log.append((p, k, wish, target, sizes[p] == 1))
        if EFFECT[k]:
            p, step, phase = _effect(
                k, p, step, n, stock, discard, random, counts, masks, sizes, log
            )
        else:
            p = (p + step) % n


def _deal(
    random: Callable[[], float], deck: list[int], n: int, dealer: int, log: list[Event] | None
) -> tuple[list[int], int, list[list[int]], list[int]]:
    """Shuffle and deal (ME-2): the stock, the start card, and each hand's count per kind
    and mask. A wish card turned up goes back into the stock at random."""
    stock = deck[:]
    _shuffle(stock, random)
    dealt = [stock[HAND_SIZE * seat : HAND_SIZE * seat + HAND_SIZE] for seat in range(n)]
    del stock[: HAND_SIZE * n]
    turned = []
    while True:
        top = stock.pop()
        turned.append(top)
        if top < W:
            break
        stock.insert(int(random() * (len(stock) + 1)), top)
    if log is not None:
        log.append((dealer, dealt, turned))
    counts = [[0] * KINDS for _ in range(n)]
    masks = [0] * n
    for seat, hand in enumerate(dealt):
        held = counts[seat]
        for k in hand:
            held[k] += 1
            masks[seat] |= BIT[k]
    return stock, top, counts, masks


def _refill(stock: list[int], discard: list[int], random: Callable[[], float]) -> None:
    """The discard pile but its top card, shuffled, is the new stock."""
    stock.extend(discard[:-1])
    del discard[:-1]
    _shuffle(stock, random)


def _wish(  # noqa: PLR0917 - positional: called from the hot loop
    wishes: int, r: int, jokers: int, more_than_one: bool, p: int, n: int
) -> tuple[int, int, int]:
    """The `r`-th wish-card move among the kinds of `wishes` (a bit per kind from W on):
    (the kind, the colour wished, the JOKER's swap partner or -1). Each wish card is a
    move per colour; a JOKER not the last card also one per colour and partner (ME-10)."""
    k = W
    while True:
        if wishes & 1:
            size = 4 + jokers if k == JOKER and more_than_one else 4
            if r < size:
                break
            r -= size
        wishes >>= 1
        k += 1
    return k, r & 3, (p + (r >> 2)) % n if r >= 4 else -1


def _effect(  # noqa: PLR0917 - positional: called from the hot loop
    k: int,
    p: int,
    step: int,
    n: int,
    stock: list[int],
    discard: list[int],
    random: Callable[[], float],
    counts: list[list[int]],
    masks: list[int],
    sizes: list[int],
    log: list[Event] | None,
) -> tuple[int, int, int]:
    """After card `k` of seat `p`, an action card: whose turn it is, the direction, and
    the phase (AFTER_PENALTY when the victim of a W+2/W+4 may play next)."""
    effect = EFFECT[k]
    if effect == SKIPS:  # ME-6
        return (p + 2 * step) % n, step, NORMAL
    if effect == REVERSES:  # ME-5; with two players a skip
        if n > 2:
            step = -step
            p = (p + step) % n
        return p, step, NORMAL
    # ME-7 (+2), ME-8 (W+2, W+4): the next player draws
    p = (p + step) % n
    cards = _draw(stock, discard, random, PENALTY[k])
    held = counts[p]
    for c in cards:
        if not held[c]:
            masks[p] |= BIT[c]
        held[c] += 1
    sizes[p] += len(cards)
    if log is not None:
        log.append((p, tuple(cards)))
    if effect == DRAWS_TWO:
        return (p + step) % n, step, NORMAL
    return p, step, AFTER_PENALTY


def _log(names: list[str], options: dict[str, Any], events: list[Event]) -> dict[str, Any]:
    """The replay case of the module docstring, built once at the end."""
    rounds: list[dict[str, Any]] = []
    out: list[dict[str, Any]] = []
    for event in events:
        if len(event) == 3:  # a deal
            dealer, dealt, turned = event
            out = []
            rounds.append(
                {
                    "dealer": names[dealer],
                    "hands": {
                        names[seat]: [NAMES[k] for k in hand] for seat, hand in enumerate(dealt)
                    },
                    "turned": [NAMES[k] for k in turned],
                    "events": out,
                }
            )
        elif len(event) == 2:  # a draw
            out.append({"player": names[event[0]], "draw": [NAMES[k] for k in event[1]]})
        else:
            seat, card, wish, target, meino = event
            play: dict[str, Any] = {"player": names[seat], "play": NAMES[card]}
            if wish >= 0:
                play["wish"] = COLOURS[wish]
            if target >= 0:
                play["swap"] = names[target]
            if meino:
                play["meino"] = True
            out.append(play)
    return {
        "game": "meino",
        "check": "replay",
        "options": dict(options),
        "players": names,
        "rounds": rounds,
    }
