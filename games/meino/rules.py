"""MEINO rules (RULES.md ME-1 … ME-12): cards as small ints, matching, one round's state.

Cards are *kinds*, small ints shared by the judge and the simulator: a coloured card is
``colour * 12 + value`` (colour 0-3 = ``R B Y G``; value 0-8 = the numbers 1-9, 9 = skip,
10 = rev, 11 = +2) and the wish cards are 48 ``W``, 49 ``W+2``, 50 ``W+4``, 51 ``JOKER``.

Whether a card may go on the top card depends on the top card, the colour in force and,
for W+2 and W+4 only, on the rest of the hand (ME-8). The hand-free part is the table
:data:`FITS`, built once from :func:`stack_faults`, so the simulator's fast path and the
judge's messages come from the same rule text.

:class:`Round` replays one dealt round event by event (plays, draws, MEINO penalties) and
says which rule each event breaks; the ``replay`` check and the tests drive it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from games.base import CaseError, Option, Text, _
from games.meino.cards import MeinoCard, meino_deck

COLOURS = ("R", "B", "Y", "G")
COLOUR_NAMES = ("red", "blue", "yellow", "green")
#: The colours as messages name them (translated by the site).
COLOUR_TEXT = (_("red"), _("blue"), _("yellow"), _("green"))
SKIP, REV, DRAW2 = 9, 10, 11
W, W2, W4, JOKER = 48, 49, 50, 51
KINDS = 52
HAND_SIZE = 7  # ME-2
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # ME-2

NAMES: tuple[str, ...] = (
    *(c + v for c in COLOURS for v in (*"123456789", "skip", "rev", "+2")),
    "W",
    "W+2",
    "W+4",
    "JOKER",
)
_KIND = {name: k for k, name in enumerate(NAMES)}

#: Colour of each kind (4 for the wish cards, which have none).
COLOUR_OF: tuple[int, ...] = tuple(k // 12 if k < W else 4 for k in range(KINDS))

#: What a played card does to the next player (ME-5 … ME-8): plain, skip, reverse,
#: draw two without playing (+2), or draw and then maybe play (W+2, W+4).
PLAIN, SKIPS, REVERSES, DRAWS_TWO, WISH_DRAWS = 0, 1, 2, 3, 4
EFFECT: tuple[int, ...] = tuple(
    (PLAIN, SKIPS, REVERSES, DRAWS_TWO)[max(0, k % 12 - SKIP + 1)]
    if k < W
    else (WISH_DRAWS if k in (W2, W4) else PLAIN)
    for k in range(KINDS)
)
#: Cards the next player draws (ME-7, ME-8).
PENALTY: tuple[int, ...] = tuple(
    2 if (k < W and k % 12 == DRAW2) or k == W2 else 4 if k == W4 else 0 for k in range(KINDS)
)

OPTIONS = (
    Option(
        "joker_rule",
        "none",
        str,
        help=_(
            "ME-10: the JOKER's house rule, fixed before the game: a plain wish card, or the "
            "player may swap hands with another player and wishes a colour."
        ),
        label=_("JOKER house rule"),
        # a case may give any text (CASES.md: "swap…"/"tausch…" swaps, anything else is a
        # plain wish card); the site's forms offer the two rules the engine knows
        form_choices=("none", "swap"),
        choice_labels=(_("A plain wish card"), _("Swap hands with another player")),
        form_value=lambda rule: "swap" if joker_swaps(str(rule)) else "none",
    ),
    Option(
        "compact",
        False,
        bool,
        help=_("ME-1: play with the 55-card compact deck"),
        label=_("Compact deck"),
    ),
)


def joker_swaps(rule: str) -> bool:
    """ME-10: does the game's joker rule let the JOKER's player swap hands?"""
    return rule.strip().lower().startswith(("swap", "tausch"))


def kind(card: MeinoCard) -> int:
    return _KIND[str(card)]


_DECKS = {compact: tuple(kind(c) for c in meino_deck(compact=compact)) for compact in (False, True)}
_COUNTS = {compact: tuple(deck.count(k) for k in range(KINDS)) for compact, deck in _DECKS.items()}


def deck_kinds(*, compact: bool = False) -> list[int]:
    """ME-1: the 110-card deck (55 compact) as kinds."""
    return list(_DECKS[compact])


def deck_counts(*, compact: bool = False) -> list[int]:
    """ME-1: copies of each kind in the deck."""
    return list(_COUNTS[compact])


def check_deck(cards: Sequence[int], where: str, *, compact: bool) -> None:
    """ME-1: more copies of a card than the deck holds is a contradiction (CaseError)."""
    left = deck_counts(compact=compact)
    for card in cards:
        if not left[card]:
            raise CaseError(
                where,
                _("%(meino_card)s appears more often than the deck holds"),
                meino_card=NAMES[card],
            )
        left[card] -= 1


# --- matching (ME-3 … ME-9) --------------------------------------------------------------


def stack_faults(top: int, colour: int, card: int) -> list[str]:
    """Rule IDs that playing ``card`` on ``top`` breaks, ``colour`` being in force.

    The hand is left aside (ME-8's "no other card of the current colour" is
    :func:`held_colour`). The stacking bans come first, then ME-3.
    """
    faults: list[str] = []
    if card >= W:  # ME-4: a wish card goes on anything but a wish card
        if top >= W:
            faults.append("ME-9")
            if card in (W2, W4) and top in (W2, W4):
                faults.append("ME-8")
        elif card == W2 and top % 12 == DRAW2:
            faults.append("ME-7")
        return faults
    value = card % 12
    if top >= W:
        if value == DRAW2 and top in (W2, W4):
            faults.append("ME-8")
    elif value == top % 12 and value >= SKIP:
        faults.append({SKIP: "ME-6", REV: "ME-5", DRAW2: "ME-7"}[value])
    same_number = value < SKIP and top < W and top % 12 == value
    if card // 12 != colour and not same_number:
        faults.append("ME-3")
    return faults


#: FITS[top * 4 + colour][card] is 1 when no stacking or matching rule forbids the play.
FITS: tuple[bytes, ...] = tuple(
    bytes(not stack_faults(top, colour, card) for card in range(KINDS))
    for top in range(KINDS)
    for colour in range(4)
)

#: The same as int bit masks over the kinds (the simulator's hands are masks).
FIT_MASKS: tuple[int, ...] = tuple(
    sum(1 << card for card in range(KINDS) if row[card]) for row in FITS
)
#: The kinds of each colour as a bit mask (ME-8: "no other card of the current colour").
COLOUR_MASKS: tuple[int, ...] = tuple(
    sum(1 << card for card in range(W) if card // 12 == colour) for colour in range(4)
)


def held_colour(hand: Sequence[int], colour: int) -> int | None:
    """A card of ``colour`` in ``hand`` (ME-8 forbids W+2/W+4 then), or None."""
    return next((k for k in hand if COLOUR_OF[k] == colour), None)


def fits(top: int, colour: int, hand: Sequence[int], card: int) -> bool:
    """May ``card`` (held in ``hand``) be played now (ME-3 … ME-9)?"""
    if not FITS[top * 4 + colour][card]:
        return False
    return card not in (W2, W4) or held_colour(hand, colour) is None


def playable(top: int, colour: int, hand: Sequence[int]) -> list[int]:
    """The distinct cards of ``hand`` that may be played now, in kind order."""
    return sorted(k for k in set(hand) if fits(top, colour, hand, k))


def drew_while_able(name: str, could: Sequence[int]) -> str:
    """ME-11: the violation when ``name`` drew although ``could`` (kinds) were playable."""
    return Text(
        _("%(name)s drew although able to play %(value)s"),
        name=name,
        value=", ".join(NAMES[k] for k in could),
    )


class Fault(NamedTuple):
    """A rule broken by one event. ``fatal`` stops a replay: the state after it is unknown."""

    rule: str
    message: str
    fatal: bool = True


def _stack_message(rule: str, name: str, top: int, colour: int, card: int) -> str:
    played, on = NAMES[card], NAMES[top]
    colour_name = Text(COLOUR_TEXT[colour])
    if rule == "ME-3":
        if card % 12 >= SKIP:
            return Text(
                _(
                    "%(name)s played the action card %(played)s on %(on)s, but "
                    "an action card may be played only on the colour in force "
                    "(%(colour_name)s)"
                ),
                name=name,
                played=played,
                on=on,
                colour_name=colour_name,
            )
        if top < W and top % 12 < SKIP:
            return Text(
                _(
                    "%(name)s played %(played)s on %(on)s, which matches neither "
                    "the colour in force (%(colour_name)s) nor the number"
                ),
                name=name,
                played=played,
                on=on,
                colour_name=colour_name,
            )
        return Text(
            _("%(name)s played %(played)s on %(on)s, but the colour in force is %(colour_name)s"),
            name=name,
            played=played,
            on=on,
            colour_name=colour_name,
        )
    template = {
        "ME-5": _("%(name)s played the reverse %(played)s on the reverse %(on)s"),
        "ME-6": _("%(name)s played the skip %(played)s on the skip %(on)s"),
        "ME-7": _("%(name)s played %(played)s on the draw-two %(on)s; no +2 or W+2 goes on a +2"),
        "ME-8": _("%(name)s played %(played)s on %(on)s; no +2, W+2 or W+4 goes on a W+2 or W+4"),
        "ME-9": _("%(name)s played the wish card %(played)s on the wish card %(on)s"),
    }[rule]
    return Text(template, name=name, played=played, on=on)


def play_faults(
    name: str,
    top: int,
    colour: int,
    hand: Sequence[int],
    card: int,
    *,
    wish: int | None,
    swap: bool,
    joker_swap: bool,
) -> list[Fault]:
    """Every rule that playing ``card`` from ``hand`` breaks (ME-3 … ME-10).

    ``wish`` is the colour named (ME-4; not needed with the last card, which ends the
    round), ``swap`` whether the player swaps hands (ME-10).
    """
    faults = [
        Fault(rule, _stack_message(rule, name, top, colour, card))
        for rule in stack_faults(top, colour, card)
    ]
    if card in (W2, W4):
        held = held_colour(hand, colour)
        if held is not None:
            faults.append(
                Fault(
                    "ME-8",
                    Text(
                        _(
                            "%(name)s played %(meino_card)s while holding "
                            "%(meino_card2)s of the colour in force (%(COLOUR_NAMES)s)"
                        ),
                        name=name,
                        meino_card=NAMES[card],
                        meino_card2=NAMES[held],
                        COLOUR_NAMES=Text(COLOUR_TEXT[colour]),
                    ),
                )
            )
    last = len(hand) == 1
    if card >= W and wish is None and not last:
        faults.append(
            Fault(
                "ME-4",
                Text(
                    _("%(name)s played the wish card %(meino_card)s without a colour"),
                    name=name,
                    meino_card=NAMES[card],
                ),
            )
        )
    if swap:
        if card != JOKER:
            why = Text(_("%(meino_card)s is not the JOKER"), meino_card=NAMES[card])
        elif not joker_swap:
            why = Text(_("this game's joker rule has no swap"))
        elif last:
            why = Text(_("the JOKER was the last card and ended the round"))
        else:
            return faults
        faults.append(
            Fault(
                "ME-10",
                Text(
                    _("%(name)s swapped hands playing %(meino_card)s, but %(why)s"),
                    name=name,
                    meino_card=NAMES[card],
                    why=why,
                ),
            )
        )
    return faults


# --- one round, event by event -----------------------------------------------------------

#: Phases of the player whose turn it is.
PLAY, VICTIM, AFTER_PENALTY, AFTER_DRAW, OVER = range(5)


class Round:
    """One MEINO round as it is replayed: hands, stock, discard pile, turn and phase.

    ``stock`` holds the count of each kind (the order of a shuffled stock is unknown to the
    judge; every drawn card is named by the log). When the stock runs out during a draw,
    the discard pile except its top card becomes the stock (reading).
    """

    def __init__(
        self,
        names: Sequence[str],
        hands: list[list[int]],
        stock: list[int],
        top: int,
        starter: int,
        *,
        joker_swap: bool,
    ) -> None:
        self.names = list(names)
        self.hands = hands
        self.stock = stock
        self.stock_size = sum(stock)
        self.discard = [top]
        self.top = top
        self.colour = COLOUR_OF[top]
        self.step = 1  # clockwise (ME-2); -1 after a reverse (ME-5)
        self.turn = starter
        self.turn_rule = "ME-2"  # the rule that made it this player's turn
        self.phase = PLAY
        self.drawn: int | None = None  # the card drawn under ME-11 this turn
        self.uncalled: int | None = None  # ME-12: down to one card without the call
        self.winner: int | None = None
        self.joker_swap = joker_swap

    # helpers

    def _next(self, seat: int, steps: int = 1) -> int:
        return (seat + steps * self.step) % len(self.names)

    def available(self) -> int:
        """Cards that can still be drawn: the stock and the discard pile but its top."""
        return self.stock_size + len(self.discard) - 1

    def _take(self, who: int, cards: Sequence[int], where: str) -> None:
        for i, card in enumerate(cards):
            if self.stock_size == 0:  # reshuffle the discard pile but its top card
                for k in self.discard[:-1]:
                    self.stock[k] += 1
                self.stock_size = len(self.discard) - 1
                del self.discard[:-1]
            if self.stock[card] == 0:
                raise CaseError(
                    f"{where}[{i}]", _("no %(meino_card)s is left to draw"), meino_card=NAMES[card]
                )
            self.stock[card] -= 1
            self.stock_size -= 1
            self.hands[who].append(card)

    def _pass(self) -> None:
        """ME-8/ME-11: the player keeps the drawn card (or plays nothing): next player."""
        self.turn = self._next(self.turn)
        self.turn_rule = "ME-2"
        self.phase = PLAY
        self.drawn = None

    def _check_turn(self, who: int) -> Fault | None:
        name = self.names[who]
        if self.phase == OVER:
            winner = self.names[self.winner if self.winner is not None else who]
            return Fault(
                "ME-13",
                Text(
                    _("%(name)s acted after the round ended (%(winner)s went out)"),
                    name=name,
                    winner=winner,
                ),
            )
        if who != self.turn and self.phase in (AFTER_DRAW, AFTER_PENALTY):
            self._pass()
        if who != self.turn:
            return Fault(
                self.turn_rule,
                Text(
                    _("%(name)s acted out of turn: it was %(names)s's turn"),
                    name=name,
                    names=self.names[self.turn],
                ),
            )
        return None

    # events

    def play(
        self,
        who: int,
        card: int,
        *,
        wish: int | None,
        swap: int | None,
        meino: bool,
        where: str,
    ) -> list[Fault]:
        """``who`` plays ``card`` (naming ``wish``, swapping with ``swap``, calling MEINO)."""
        fault = self._check_turn(who)
        if fault:
            return [fault]
        name, hand = self.names[who], self.hands[who]
        if card not in hand:
            raise CaseError(
                f"{where}.play",
                _("%(name)s does not hold %(meino_card)s"),
                name=name,
                meino_card=NAMES[card],
            )
        if self.phase == VICTIM:
            rule = "ME-7" if EFFECT[self.top] == DRAWS_TWO else "ME-8"
            count = PENALTY[self.top]
            return [
                Fault(
                    rule,
                    Text(
                        _("%(name)s must first draw %(count)s cards after %(meino_card)s"),
                        name=name,
                        count=count,
                        meino_card=NAMES[self.top],
                    ),
                )
            ]
        if self.phase == AFTER_DRAW and card != self.drawn:
            drawn = NAMES[self.drawn] if self.drawn is not None else "?"
            return [
                Fault(
                    "ME-11",
                    Text(
                        _("%(name)s drew %(drawn)s and may play only that card"),
                        name=name,
                        drawn=drawn,
                    ),
                )
            ]
        if swap == who:
            raise CaseError(
                f"{where}.swap", _("%(name)s cannot swap hands with themselves"), name=name
            )
        faults = play_faults(
            name, self.top, self.colour, hand, card,
            wish=wish, swap=swap is not None, joker_swap=self.joker_swap,
        )  # fmt: skip
        if faults:
            return faults
        self.uncalled = None  # ME-12: a card played closes the chance to catch a missed call
        self._apply(who, card, wish, swap)
        if len(self.hands[who]) == 1 and not meino:
            self.uncalled = who
            message = Text(_("%(name)s is down to one card and did not call MEINO"), name=name)
            return [Fault("ME-12", message, fatal=False)]
        return []

    def _apply(self, who: int, card: int, wish: int | None, swap: int | None) -> None:
        hand = self.hands[who]
        hand.remove(card)
        self.discard.append(card)
        self.top = card
        self.colour = COLOUR_OF[card] if card < W or wish is None else wish
        self.phase = PLAY
        self.drawn = None
        if not hand:  # ME-13: the round ends at once; the card has no effect
            self.phase = OVER
            self.winner = who
            return
        if swap is not None:  # ME-10
            self.hands[who], self.hands[swap] = self.hands[swap], hand
        effect = EFFECT[card]
        self.turn = self._next(who)
        self.turn_rule = "ME-2"
        if effect == SKIPS:
            self.turn, self.turn_rule = self._next(who, 2), "ME-6"
        elif effect == REVERSES:
            self.turn_rule = "ME-5"
            if len(self.names) == 2:  # ME-5: with two players a reverse acts as a skip
                self.turn = who
            else:
                self.step = -self.step
                self.turn = self._next(who)
        elif effect in (DRAWS_TWO, WISH_DRAWS):
            self.phase = VICTIM
            self.turn_rule = "ME-7" if effect == DRAWS_TWO else "ME-8"

    def draw(self, who: int, cards: Sequence[int], *, where: str) -> list[Fault]:
        """``who`` draws ``cards``: the ME-11 draw, or the penalty of ME-7/ME-8."""
        fault = self._check_turn(who)
        if fault:
            return [fault]
        name = self.names[who]
        if self.phase == AFTER_DRAW:
            return [Fault("ME-11", Text(_("%(name)s drew a second card in one turn"), name=name))]
        if self.phase == AFTER_PENALTY:
            return [
                Fault(
                    "ME-8",
                    Text(
                        _("%(name)s drew again after the penalty instead of play or pass"),
                        name=name,
                    ),
                )
            ]
        two = EFFECT[self.top] == DRAWS_TWO
        if self.phase == VICTIM:
            need, rule = PENALTY[self.top], "ME-7" if two else "ME-8"
        else:
            options = playable(self.top, self.colour, self.hands[who])
            if options:
                return [Fault("ME-11", drew_while_able(name, options))]
            need, rule = 1, "ME-11"
        expected = min(need, self.available())
        if len(cards) != expected:
            return [
                Fault(
                    rule,
                    Text(
                        _("%(name)s drew %(count)s cards instead of %(expected)s"),
                        name=name,
                        count=len(cards),
                        expected=expected,
                    ),
                )
            ]
        self._take(who, cards, f"{where}.draw")
        if self.phase == VICTIM and two:  # ME-7: no play after a +2
            self.turn, self.turn_rule, self.phase = self._next(who), "ME-7", PLAY
        elif self.phase == VICTIM:  # ME-8: may now play one card that fits
            self.phase = AFTER_PENALTY
        elif cards:  # ME-11: may play the drawn card at once
            self.phase, self.drawn = AFTER_DRAW, cards[0]
        else:  # nothing left to draw: the turn passes
            self._pass()
        return []

    def meino_penalty(self, who: int, cards: Sequence[int], *, where: str) -> list[Fault]:
        """ME-12: ``who`` was caught without the MEINO call and draws 2 cards."""
        name = self.names[who]
        if self.uncalled != who:
            return [
                Fault(
                    "ME-12",
                    Text(
                        _(
                            "%(name)s drew a MEINO penalty without having been caught "
                            "down to one card without the call before the next player "
                            "played"
                        ),
                        name=name,
                    ),
                )
            ]
        expected = min(2, self.available())
        if len(cards) != expected:
            message = Text(
                _("%(name)s drew %(count)s penalty cards instead of %(expected)s"),
                name=name,
                count=len(cards),
                expected=expected,
            )
            return [Fault("ME-12", message)]
        self._take(who, cards, f"{where}.meino_penalty")
        self.uncalled = None
        return []
