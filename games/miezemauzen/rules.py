"""Miezemauzen rules (RULES.md MZ-1 … MZ-12): the deck, the declarations, kat claims, tricks.

The judging here works on :class:`games.cards.Card` and is shared by every check
(``deal``, ``game``, ``replay``); the simulator (``simulate.py``) plays the same rules on
small ints for speed. Rule breaches come back as :class:`games.base.Violation` lists.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.base import Option, Suit, Text, Violation, _
from games.cards import Card, french_deck


def miezemauzen_deck(players: int = 4) -> list[Card]:
    """MZ-1: 32 cards (7 to A); 6-8 players use 52 cards (2 to A)."""
    return french_deck(low=7 if players <= 5 else 2)


PLAY = "play"
PASS = "pass"  # noqa: S105 - a declaration, not a password
EXCHANGE = "exchange"

MIN_PLAYERS = 2
MAX_PLAYERS = 8
HAND_SIZE = 5
KIP_SIZE = 5
TRICKS = 5
MIN_PLAYING = 2
#: MZ-6: a player at this many points or fewer may not pass.
NO_PASS_AT = 3
SPADES = "S"

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "": "jokers"}

KAT_SCORINGS = ("holder", "others", "either")

OPTIONS = (
    Option("start_points", 25, int, minimum=1, maximum=10_000,
           help=_("MZ-2: the points every player starts with"),
           label=_("Starting points")),
    Option("players", None, int, minimum=MIN_PLAYERS, maximum=MAX_PLAYERS,
           help=_("MZ-1: players at the table (6-8 use 52 cards); by default the number of "
                "names in the case"),
           label=_("Players")),
    Option("kat_scoring", "holder", str, choices=KAT_SCORINGS,
           help=_("MZ-7: a kat takes 5 points off the holder's score; or 5 off the holder's "
                "and 5 onto everyone else's; or the holder chooses one of the two"),
           label=_("Kat scoring"),
           choice_labels=(_("The holder 5 off"), _("The holder 5 off, the others 5 on"),
                          _("The holder chooses"))),
    Option("per_trick", False, help=_("MZ-9: one point off per trick won"),
           label=_("A point per trick")),
    Option("exact_zero", False,
           help=_("MZ-10 (with a point per trick): a deduction that would take a player "
                "below 0 is not applied"),
           label=_("Exactly to zero")),
    Option("spades_double", False,
           help=_("MZ-11: spades trump doubles every point of the deal and nobody may pass"),
           label=_("Spades double")),
    Option("stake_cents", 20, int, minimum=0, maximum=100_000,
           help=_("MZ-12: cents per point each loser pays the winner"),
           label=_("Stake (cents per point)")),
)  # fmt: skip

_DECLARATION_WORDS = {
    "play": PLAY, "plays": PLAY, "spelen": PLAY, "speelt": PLAY, "meegaan": PLAY, "mee": PLAY,
    "pass": PASS, "passes": PASS, "passen": PASS, "past": PASS, "pas": PASS,
    "exchange": EXCHANGE, "exchanges": EXCHANGE, "ruilen": EXCHANGE, "ruilt": EXCHANGE,
    "ruil": EXCHANGE,
}  # fmt: skip


def deck_for(players: int) -> frozenset[Card]:
    """MZ-1: 32 cards (7-A) for 2-5 players, 52 cards (2-A) for six or more."""
    return frozenset(miezemauzen_deck(players))


def parse_declaration(value: object) -> str | None:
    """``play``, ``pass`` or ``exchange`` (English or Dutch, any case); None if unknown."""
    if not isinstance(value, str):
        return None
    return _DECLARATION_WORDS.get(value.strip().lower())


def seat_order(players: Sequence[str], dealer: str) -> list[str]:
    """MZ-4: the players from the dealer's left (clockwise), the dealer last."""
    start = players.index(dealer) + 1
    return [players[(start + k) % len(players)] for k in range(len(players))]


def suit_name(suit: str) -> str:
    return SUIT_NAMES.get(suit, suit)


def spades_doubled(trump: str, options: Mapping[str, object]) -> bool:
    """MZ-11: the option is on and spades are trump."""
    return bool(options.get("spades_double")) and trump == SPADES


class Declarations:
    """MZ-4, MZ-5, MZ-6, MZ-11: the declarations of one deal, judged one by one.

    ``order`` is the seat order from the dealer's left; ``points`` the points before the
    deal. Every declaration is recorded as made, legal or not, so the deal can be scored.
    """

    def __init__(
        self,
        order: Sequence[str],
        points: Mapping[str, int],
        trump: str,
        options: Mapping[str, object],
    ) -> None:
        self.order = list(order)
        self.points = points
        self.no_pass = spades_doubled(trump, options)
        self.made: dict[str, str] = {}
        self.playing: list[str] = []
        self.exchanger: str | None = None

    @property
    def done(self) -> bool:
        return len(self.made) == len(self.order)

    @property
    def next_player(self) -> str | None:
        return None if self.done else self.order[len(self.made)]

    def passers(self) -> list[str]:
        return [p for p in self.order if self.made.get(p) == PASS]

    def must_play(self) -> bool:
        """MZ-5: the players still to declare are just enough to make two players."""
        still = len(self.order) - len(self.made)
        return still <= MIN_PLAYING - len(self.playing)

    def legal(self, player: str) -> list[str]:
        """The declarations ``player`` (next to declare) may make."""
        moves = [PLAY]
        if not (self.must_play() or self.points.get(player, 0) <= NO_PASS_AT or self.no_pass):
            moves.append(PASS)
        if self.exchanger is None:
            moves.append(EXCHANGE)
        return moves

    def declare(self, player: str, word: str, at: int | None) -> list[Violation]:
        """Judge and record ``player``'s declaration (``player`` is the next to declare)."""
        faults: list[Violation] = []
        if word == EXCHANGE and self.exchanger is not None:
            faults.append(
                Violation(
                    "MZ-4",
                    Text(
                        _(
                            "%(player)s may not exchange: %(exchanger)s already "
                            "exchanged with the kip this deal"
                        ),
                        player=player,
                        exchanger=self.exchanger,
                    ),
                    at,
                )
            )
        if word == PASS:
            faults.extend(self._pass_faults(player, at))
        self.made[player] = word
        if word == PASS:
            return faults
        self.playing.append(player)
        if word == EXCHANGE and self.exchanger is None:
            self.exchanger = player
        return faults

    def _pass_faults(self, player: str, at: int | None) -> list[Violation]:
        faults = []
        if self.must_play():
            faults.append(
                Violation(
                    "MZ-5",
                    Text(
                        _("%(player)s may not pass: at least two players must play each deal"),
                        player=player,
                    ),
                    at,
                )
            )
        points = self.points.get(player)
        if points is not None and points <= NO_PASS_AT:
            faults.append(
                Violation(
                    "MZ-6",
                    Text(
                        _("%(player)s is at %(points)s points and may not pass (3 or fewer)"),
                        player=player,
                        points=points,
                    ),
                    at,
                )
            )
        if self.no_pass:
            faults.append(
                Violation(
                    "MZ-11",
                    Text(
                        _("%(player)s may not pass: with spades trump everybody plays"),
                        player=player,
                    ),
                    at,
                )
            )
        return faults


def kat_suit(hand: Sequence[Card]) -> str | None:
    """MZ-7: the suit of a hand of five cards of one suit, else None."""
    if len(hand) != HAND_SIZE:
        return None
    suits = {card.suit for card in hand}
    if len(suits) != 1:
        return None
    suit = next(iter(suits))
    return suit or None


def kat_faults(
    player: str,
    suit: str,
    playing: Sequence[str],
    hand: Sequence[Card] | None,
    at: int | None,
) -> list[Violation]:
    """MZ-7: a kat is shown by a playing player holding five cards of ``suit``."""
    if player not in playing:
        return [
            Violation(
                "MZ-7",
                Text(_("%(player)s does not play this deal and cannot show a kat"), player=player),
                at,
            )
        ]
    if hand is not None and kat_suit(hand) != suit:
        others = " ".join(str(c) for c in hand if c.suit != suit) or "fewer than five cards"
        return [
            Violation(
                "MZ-7",
                Text(
                    _("%(player)s claimed a kat in %(suit)s but holds %(others)s"),
                    player=player,
                    suit=Suit(suit),
                    others=others,
                ),
                at,
            )
        ]
    return []


def trick_winner(cards: Sequence[Card], trump: str) -> int:
    """MZ-8: position in ``cards`` of the highest trump, else of the highest led card."""
    best = 0
    for position in range(1, len(cards)):
        card, top = cards[position], cards[best]
        if card.suit == top.suit:
            if card.rank > top.rank:
                best = position
        elif card.suit == trump:
            best = position
    return best


class Tricks:
    """MZ-8: the tricks of one deal, card by card.

    ``playing`` is the playing players in seat order from the dealer's left (the first one
    leads the first trick). ``hands`` maps a player to the cards they hold when play
    begins; a player without a given hand is judged from later evidence (a player who did
    not follow a suit and later plays that suit has reneged).
    """

    def __init__(
        self, playing: Sequence[str], trump: str, hands: Mapping[str, Sequence[Card]]
    ) -> None:
        self.playing = list(playing)
        self.trump = trump
        self.hands = {p: list(h) for p, h in hands.items() if p in self.playing}
        self.leader = 0
        self.current: list[Card] = []
        self.winners: list[str] = []
        self.won = dict.fromkeys(self.playing, 0)
        self._voids: dict[str, dict[str, int]] = {p: {} for p in self.playing}

    @property
    def trick(self) -> int:
        """0-based index of the trick being played."""
        return len(self.winners)

    @property
    def to_play(self) -> str:
        return self.playing[(self.leader + len(self.current)) % len(self.playing)]

    @property
    def finished(self) -> bool:
        return self.trick >= TRICKS

    def play(self, card: Card) -> list[Violation]:
        """Judge and record the next card (played by :attr:`to_play`)."""
        player = self.to_play
        trick = self.trick
        faults: list[Violation] = []
        hand = self.hands.get(player)
        if hand is not None and card not in hand:
            faults.append(
                Violation(
                    "MZ-8",
                    Text(
                        _(
                            "%(player)s played %(card)s in trick %(number)s, which is "
                            "not in their hand"
                        ),
                        player=player,
                        card=card,
                        number=trick + 1,
                    ),
                    trick,
                )
            )
        elif hand is not None:
            hand.remove(card)
        if self.current:
            led = self.current[0].suit
            if card.suit != led:
                faults.extend(self._renege_in_hand(player, led, hand, trick))
                self._voids[player].setdefault(led, trick)
        faults.extend(self._renege_by_evidence(player, card, trick))
        self.current.append(card)
        if len(self.current) == len(self.playing):
            position = trick_winner(self.current, self.trump)
            winner = self.playing[(self.leader + position) % len(self.playing)]
            self.winners.append(winner)
            self.won[winner] += 1
            self.leader = self.playing.index(winner)
            self.current = []
        return faults

    def legal(self, player: str) -> list[Card]:
        """MZ-8: the cards ``player`` (whose hand is known) may play now."""
        hand = self.hands.get(player, [])
        if not self.current:
            return list(hand)
        led = self.current[0].suit
        return [c for c in hand if c.suit == led] or list(hand)

    def _renege_in_hand(
        self, player: str, led: str, hand: Sequence[Card] | None, trick: int
    ) -> list[Violation]:
        if hand is None:
            return []
        following = [str(c) for c in hand if c.suit == led]
        if not following:
            return []
        held = " ".join(following)
        return [
            Violation(
                "MZ-8",
                Text(
                    _(
                        "%(player)s did not follow %(suit)s in trick %(number)s "
                        "although holding %(held)s"
                    ),
                    player=player,
                    suit=Suit(led),
                    number=trick + 1,
                    held=held,
                ),
                trick,
            )
        ]

    def _renege_by_evidence(self, player: str, card: Card, trick: int) -> list[Violation]:
        earlier = self._voids[player].pop(card.suit, None)
        if earlier is None or player in self.hands:
            return []
        return [
            Violation(
                "MZ-8",
                Text(
                    _(
                        "%(player)s did not follow %(suit)s in trick %(number)s "
                        "although they played %(card)s in trick %(number2)s"
                    ),
                    player=player,
                    suit=Suit(card.suit),
                    number=earlier + 1,
                    card=card,
                    number2=trick + 1,
                ),
                earlier,
            )
        ]
