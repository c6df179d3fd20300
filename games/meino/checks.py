"""The MEINO checks of CASES.md (``play``, ``round_score``, ``game``) and ``replay``.

``play`` — one turn judged from the top card (ME-3 … ME-12)::

    {"top": "R5", "colour": "R", "hand": ["R7", "W+4", "B5"], "card": "W+4", "wish": "G"}

``colour`` (the colour in force) is required when ``top`` is a wish card (except when a
wish card is played on it, which ME-9 forbids whatever the colour) and must agree with a
coloured top card. ``hand`` is the hand before the play and holds ``card``; a wish
card names ``wish`` (ME-4: a wish card without it is a violation, unless it is the
player's last card). Optional fields:

- ``"draw": true`` instead of ``card``: the player draws (ME-11: only when no card fits;
  with ``penalty`` it is the draw of ME-7/ME-8);
- ``"penalty": true``: the player is the one the top +2, W+2 or W+4 was just played on.
  After a +2 they may not play (ME-7); after a W+2/W+4 ``hand`` holds the drawn cards and
  one card that fits may be played (ME-8);
- ``"drawn": CARD``: the card just drawn under ME-11 (in ``hand``): only it may be played,
  and only if no other card fitted before the draw;
- ``"swap": NAME``: the JOKER's player swaps hands (ME-10, joker rule ``swap``);
- ``"meino": true|false``: whether the player called MEINO (ME-12);
- ``"player": NAME`` for the messages, ``"players": N`` (2-6) for the effect of a reverse.

``result`` of a legal play: ``colour_after``, ``cards_left`` (not after a swap),
``round_over``, ``next_draws`` (0, 2 or 4), ``next_misses_turn`` (skip, +2, a reverse
between two), ``reverses`` and ``swap_with``; of a legal draw: ``draws``.

``round_score`` — ``{"hands": {"Ann": [], "Bas": ["R5", "W+4", "JOKER"]}}`` →
``winner``, ``points`` (ME-13). ``game`` — ``{"players": [...], "rounds": [{...}, ...]}``
→ ``totals``, ``tally``, ``finished``, ``finished_after``, ``winner`` (a list when
shared), ``behind`` (ME-13, ME-14). ``replay`` — a whole game as the simulator logs it
(format in :mod:`games.meino.simulate`).
"""

from __future__ import annotations

from typing import Any

from games.base import Case, CaseError, Outcome, Text, _
from games.meino.cards import parse_meino, parse_meino_colour
from games.meino.rules import (
    COLOUR_OF,
    COLOURS,
    DRAWS_TWO,
    EFFECT,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAMES,
    OVER,
    PENALTY,
    REVERSES,
    SKIPS,
    Fault,
    Round,
    W,
    check_deck,
    deck_counts,
    drew_while_able,
    joker_swaps,
    kind,
    play_faults,
    playable,
)
from games.meino.scoring import most_round_points, round_points, standings

#: Longest player name accepted (as Case.names).
MAX_NAME = 100


def _check_players(names: list[str], outcome: Outcome) -> bool:
    """ME-2: 2 to 6 players."""
    if MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        return True
    outcome.add("ME-2", _("MEINO is played by 2 to 6 players, not %(count)s"), count=len(names))
    return False


def _add(outcome: Outcome, faults: list[Fault]) -> None:
    for fault in faults:
        outcome.add(fault.rule, fault.message)


# --- play --------------------------------------------------------------------------------


#: The colour in force when a wish card is played on a wish card and ``colour`` is not
#: given: ME-9 forbids the play whatever the colour, so the case is judged without it.
UNKNOWN_COLOUR = -1


def _colour_in_force(case: Case, top: int) -> int:
    """``colour`` on a wish card (UNKNOWN_COLOUR when not given but not needed either),
    else the top card's colour, which a given ``colour`` must agree with."""
    if top >= W:
        if not case.has("colour") and not case.has("drawn") and not case.boolean("draw", False):
            card = case.parsed("card", parse_meino, None)
            if card is not None and kind(card) >= W:
                return UNKNOWN_COLOUR
        return COLOURS.index(case.parsed("colour", parse_meino_colour))
    colour = COLOUR_OF[top]
    if case.has("colour") and COLOURS.index(case.parsed("colour", parse_meino_colour)) != colour:
        raise case.error(
            "colour",
            _("must be %(COLOURS)s, the colour of %(meino_card)s"),
            COLOURS=COLOURS[colour],
            meino_card=NAMES[top],
        )
    return colour


def _held(case: Case, hand: list[int], key: str) -> int:
    card = kind(case.parsed(key, parse_meino))
    if card not in hand:
        raise case.error(key, _("%(meino_card)s is not in the hand"), meino_card=NAMES[card])
    return card


def check_play(case: Case) -> Outcome:
    """One play or draw judged against the top card (ME-3 … ME-12)."""
    top = kind(case.parsed("top", parse_meino))
    colour = _colour_in_force(case, top)
    hand = [kind(c) for c in case.parsed_list("hand", parse_meino)]
    check_deck([*hand, top], "hand", compact=case.options["compact"])
    name = case.text("player", "The player").strip()[:MAX_NAME] or "The player"
    players = case.integer("players", None, minimum=MIN_PLAYERS, maximum=MAX_PLAYERS)
    penalty = case.boolean("penalty", False)
    if penalty and not PENALTY[top]:
        raise case.error("penalty", _("%(meino_card)s makes nobody draw"), meino_card=NAMES[top])
    outcome = Outcome()
    if case.boolean("draw", False):
        if case.has("card"):
            raise case.error("draw", _("a turn draws or plays a card, not both"))
        could = [] if penalty else playable(top, colour, hand)
        if could:
            outcome.add("ME-11", drew_while_able(name, could))
        else:
            outcome.result = {"draws": PENALTY[top] if penalty else 1}
        return outcome
    card = _held(case, hand, "card")
    wish = case.parsed("wish", parse_meino_colour, None)
    if wish is not None and card < W:
        raise case.error(
            "wish",
            _("only a wish card names a colour, and %(meino_card)s is none"),
            meino_card=NAMES[card],
        )
    swap = case.text("swap", None)
    faults: list[Fault] = []
    if penalty and EFFECT[top] == DRAWS_TWO:
        faults.append(
            Fault(
                "ME-7",
                Text(
                    _("%(name)s must draw 2 cards after %(meino_card)s and not play"),
                    name=name,
                    meino_card=NAMES[top],
                ),
            )
        )
    if case.has("drawn"):
        if penalty:
            raise case.error("drawn", _("a player taking a penalty draws no card under ME-11"))
        faults += _drawn_faults(case, name=name, top=top, colour=colour, hand=hand, card=card)
    wish_colour = None if wish is None else COLOURS.index(wish)
    faults += play_faults(
        name, top, colour, hand, card,
        wish=wish_colour, swap=swap is not None, joker_swap=_joker_swap(case),
    )  # fmt: skip
    _add(outcome, faults)
    left = len(hand) - 1
    # ME-12 (after a swap the hand is the partner's, which the case does not give)
    if left == 1 and swap is None and case.boolean("meino", None) is False:
        outcome.add(
            "ME-12",
            _("%(name)s is down to one card with %(meino_card)s and did not call MEINO"),
            name=name,
            meino_card=NAMES[card],
        )
    if not faults:
        outcome.result = _play_result(card, wish, left, players, swap)
    return outcome


def _drawn_faults(
    case: Case, *, name: str, top: int, colour: int, hand: list[int], card: int
) -> list[Fault]:
    """ME-11: the drawn card alone may be played, and only after a hand that could not."""
    drawn = _held(case, hand, "drawn")
    before = list(hand)
    before.remove(drawn)
    faults = []
    could = playable(top, colour, before)
    if could:
        faults.append(Fault("ME-11", drew_while_able(name, could)))
    if card != drawn:
        message = Text(
            _("%(name)s drew %(card)s and may play only that card, not %(card2)s"),
            name=name,
            card=NAMES[drawn],
            card2=NAMES[card],
        )
        faults.append(Fault("ME-11", message))
    return faults


def _play_result(
    card: int, wish: str | None, left: int, players: int | None, swap: str | None
) -> dict[str, Any]:
    """What a legal play leaves behind; a play that empties the hand has no effect."""
    after = COLOURS[COLOUR_OF[card]] if card < W else wish
    result: dict[str, Any] = {} if after is None else {"colour_after": after}
    effect = EFFECT[card] if left else None  # ME-13: going out ends the round at once
    two = players == 2  # ME-5: with two players a reverse acts as a skip
    result |= {
        "cards_left": left,
        "round_over": not left,
        "next_draws": PENALTY[card] if left else 0,
        "next_misses_turn": effect in (SKIPS, DRAWS_TWO) or (effect == REVERSES and two),
        "reverses": effect == REVERSES and not two,
    }
    if swap is not None and left:  # ME-10: the player now holds the partner's hand
        del result["cards_left"]
        result["swap_with"] = swap
    return result


def _joker_swap(case: Case) -> bool:
    return joker_swaps(case.options["joker_rule"])


# --- round_score and game ----------------------------------------------------------------


def check_round_score(case: Case) -> Outcome:
    """ME-13: the player without cards scores 0, every other player their cards' value."""
    hands_case = case.sub("hands")
    names = list(hands_case.data)
    if not names:
        raise case.error("hands", _("names no player"))
    for name in names:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise case.error(
                "hands", _("has a key that is no player name: %(name)s"), name=f"{name!r:.40}"
            )
    hands = [[kind(c) for c in hands_case.parsed_list(name, parse_meino)] for name in names]
    everything = [k for hand in hands for k in hand]
    compact = case.options["compact"]
    check_deck(everything, "hands", compact=compact)
    if len(everything) > sum(deck_counts(compact=compact)) - 2:
        raise case.error(
            "hands",
            _("hold %(count)s cards; the discard pile keeps at least 2"),
            count=len(everything),
        )
    outcome = Outcome()
    _check_players(names, outcome)
    out = [name for name, hand in zip(names, hands, strict=True) if not hand]
    if not out:
        outcome.add("ME-13", _("Nobody has played out all cards, so the round is not over"))
    elif len(out) > 1:
        listed = " and ".join(out)
        outcome.add(
            "ME-13",
            _("%(listed)s have no cards left; the round ends when the first goes out"),
            listed=listed,
        )
    else:
        points = round_points(hands, names.index(out[0]))
        outcome.result = {"winner": out[0], "points": dict(zip(names, points, strict=True))}
    return outcome


def _round_winner(
    number: int, names: list[str], points: list[int], limit: int, outcome: Outcome
) -> int | None:
    """ME-13 checks of one round's points; the seat that went out, or None."""
    at = number - 1
    for name, value in zip(names, points, strict=True):
        if value < 0:
            outcome.add(
                "ME-13",
                _("%(name)s has %(value)s points in round %(number)s; never negative"),
                at,
                name=name,
                value=value,
                number=number,
            )
    zeros = [seat for seat, value in enumerate(points) if value == 0]
    if not zeros:
        outcome.add(
            "ME-13",
            _("Nobody has 0 points in round %(number)s; one player went out"),
            at,
            number=number,
        )
    elif len(zeros) > 1:
        listed = " and ".join(names[seat] for seat in zeros)
        outcome.add(
            "ME-13",
            _("%(listed)s have 0 points in round %(number)s; only one goes out"),
            at,
            listed=listed,
            number=number,
        )
    if sum(points) > limit:
        message = Text(
            _("Round %(number)s gives %(sum)s points; the cards are worth at most %(limit)s"),
            number=number,
            sum=sum(points),
            limit=limit,
        )
        outcome.add("ME-13", message, at)
    return zeros[0] if len(zeros) == 1 else None


def check_game(case: Case) -> Outcome:
    """ME-13, ME-14: totals, tally marks, the end at 500 and the winner."""
    names = case.names("players")
    outcome = Outcome()
    _check_players(names, outcome)
    limit = most_round_points(compact=case.options["compact"])
    points: list[list[int]] = []
    winners: list[int | None] = []
    for number, one in enumerate(case.subs("rounds"), start=1):
        for key in one.data:
            if key not in names:
                raise one.error(key, _("is not one of the players"))
        values = [one.integer(name) for name in names]
        winners.append(_round_winner(number, names, values, limit, outcome))
        points.append(values)
    result = standings(names, points, winners)
    last = result["finished_after"]
    if last is not None and last < len(points):
        outcome.add(
            "ME-14",
            _(
                "The game ended after round %(last)s, when a total reached "
                "500; round %(number)s should not have been played"
            ),
            last,
            last=last,
            number=last + 1,
        )
    outcome.result = result
    return outcome


# --- replay ------------------------------------------------------------------------------

_EVENT_KEYS = ("play", "draw", "meino_penalty")


class _Replay:
    """A whole game replayed from its log, round by round and event by event.

    Violations are ``at`` the round's index in ``rounds``; the message names the event.
    """

    def __init__(self, case: Case, names: list[str], outcome: Outcome) -> None:
        self.names = names
        self.outcome = outcome
        self.deck = deck_counts(compact=case.options["compact"])
        self.joker_swap = _joker_swap(case)
        self.round: Round | None = None
        self.next_dealer = len(names) - 1
        self.rounds: list[dict[str, Any]] = []
        self.points: list[list[int]] = []
        self.winners: list[int | None] = []

    def play_round(self, at: int, one: Case) -> bool:
        """Deal and judge round ``at``; False when a fatal violation stops the replay."""
        if self.round is not None and self.round.phase != OVER:
            message = Text(
                _("Round %(position)s ended without anyone playing out all cards"), position=at
            )
            return self._faults(at - 1, None, [Fault("ME-13", message)])
        if self.points and standings(self.names, self.points, self.winners)["finished"]:
            message = Text(
                _("Round %(number)s was dealt after a total had reached 500"), number=at + 1
            )
            return self._faults(at, None, [Fault("ME-14", message)])
        dealt = self._deal(one)
        if isinstance(dealt, list):
            return self._faults(at, Text(_("Round %(round)s: %(detail)s"), round=at + 1), dealt)
        self.round = dealt
        for number, event in enumerate(one.subs("events"), start=1):
            faults = self._event(dealt, event)
            if not self._faults(
                at,
                Text(_("Round %(round)s, event %(event)s: %(detail)s"), round=at + 1, event=number),
                faults,
            ):
                return False
            if dealt.winner is not None and len(self.points) == at:
                self._score(dealt.hands, dealt.winner)
        return True

    def _faults(self, at: int, where: Text | None, faults: list[Fault]) -> bool:
        for fault in faults:
            if where is None:
                self.outcome.add(fault.rule, fault.message, at)
            else:
                self.outcome.add(
                    fault.rule, where.template, at, **where.values, detail=fault.message
                )
        return not any(fault.fatal for fault in faults)

    def _score(self, hands: list[list[int]], winner: int) -> None:
        points = round_points(hands, winner)
        self.points.append(points)
        self.winners.append(winner)
        self.rounds.append(
            {"winner": self.names[winner], "points": dict(zip(self.names, points, strict=True))}
        )

    def _event(self, current: Round, event: Case) -> list[Fault]:
        keys = [k for k in _EVENT_KEYS if event.has(k)]
        if len(keys) != 1:
            raise CaseError(
                event.path,
                _("must hold exactly one of %(_EVENT_KEYS)s"),
                _EVENT_KEYS=", ".join(_EVENT_KEYS),
            )
        key = keys[0]
        who = self.names.index(event.player("player", self.names))
        where = event.path
        if key == "play":
            card = kind(event.parsed("play", parse_meino))
            wish = event.parsed("wish", parse_meino_colour, None)
            if wish is not None and card < W:
                raise event.error(
                    "wish",
                    _("only a wish card names a colour, not %(meino_card)s"),
                    meino_card=NAMES[card],
                )
            swap = event.player("swap", self.names, None)
            return current.play(
                who, card,
                wish=None if wish is None else COLOURS.index(wish),
                swap=None if swap is None else self.names.index(swap),
                meino=event.boolean("meino", False), where=where,
            )  # fmt: skip
        cards = [kind(c) for c in event.parsed_list(key, parse_meino)]
        if key == "draw":
            return current.draw(who, cards, where=where)
        return current.meino_penalty(who, cards, where=where)

    def _deal(self, deal: Case) -> Round | list[Fault]:
        """ME-2: seven cards each, a coloured start card; the stock is the rest (ME-1)."""
        names = self.names
        dealer = names.index(deal.player("dealer", names, names[self.next_dealer]))
        hands_case = deal.per_player("hands", names, complete=True)
        hands = [[kind(c) for c in hands_case.parsed_list(name, parse_meino)] for name in names]
        turned = [kind(c) for c in deal.parsed_list("turned", parse_meino)]
        if not turned:
            raise deal.error("turned", _("names no card: the top card of the stock is turned"))
        stock = list(self.deck)
        for card in [k for hand in hands for k in hand] + turned[-1:]:
            if not stock[card]:
                raise deal.error(
                    "hands",
                    _("and start card hold more %(meino_card)s than the deck"),
                    meino_card=NAMES[card],
                )
            stock[card] -= 1
        for card in turned[:-1]:  # ME-2: turned, put back into the stock
            if not stock[card]:
                raise deal.error(
                    "turned",
                    _("turns %(meino_card)s, which is not in the stock"),
                    meino_card=NAMES[card],
                )
        faults = [
            Fault(
                "ME-2",
                Text(
                    _("%(name)s was dealt %(count)s cards instead of %(HAND_SIZE)s"),
                    name=name,
                    count=len(hand),
                    HAND_SIZE=HAND_SIZE,
                ),
            )
            for name, hand in zip(names, hands, strict=True)
            if len(hand) != HAND_SIZE
        ]
        for position, card in enumerate(turned):
            if position < len(turned) - 1 and card < W:
                faults.append(
                    Fault(
                        "ME-2",
                        Text(
                            _("the turned %(meino_card)s should start the pile"),
                            meino_card=NAMES[card],
                        ),
                    )
                )
            elif position == len(turned) - 1 and card >= W:
                message = Text(
                    _("the turned wish card %(card)s goes back; another is turned"),
                    card=NAMES[card],
                )
                faults.append(Fault("ME-2", message))
        if faults:
            return faults
        starter = (dealer + 1) % len(names)
        self.next_dealer = starter
        return Round(names, hands, stock, turned[-1], starter, joker_swap=self.joker_swap)

    def result(self, *, stopped: bool) -> dict[str, Any]:
        result: dict[str, Any] = {"rounds": self.rounds}
        if not stopped:
            result |= standings(self.names, self.points, self.winners)
            result["round_in_progress"] = self.round is not None and self.round.phase != OVER
        return result


def check_replay(case: Case) -> Outcome:
    """A whole game from its log: every event judged with the rules of one round."""
    names = case.names("players")
    outcome = Outcome()
    if not _check_players(names, outcome):
        return outcome
    replay = _Replay(case, names, outcome)
    stopped = False
    for at, one in enumerate(case.subs("rounds")):
        if not replay.play_round(at, one):
            stopped = True
            break
    outcome.result = replay.result(stopped=stopped)
    return outcome


CHECKS = {
    "play": check_play,
    "round_score": check_round_score,
    "game": check_game,
    "replay": check_replay,
}
