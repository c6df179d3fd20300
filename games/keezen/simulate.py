"""Whole Keezen games by uniformly random legal moves (KZ-1 … KZ-9), logged for replay.

The game: the first dealer (seat 0) shuffles the deck (52 cards, or 78 for six players:
one deck and the diamonds and clubs of a second, KZ-7) and deals 5 cards each, then 4 each
twice more from the same deck, which uses it up exactly (20 + 16 + 16 = 52, 30 + 24 + 24 =
78). Then the deal passes left (seat + 1) and the new dealer shuffles all cards again. Each
deal the player left of the dealer starts; in turn (clockwise, seat + 1) every player with
cards plays one card, choosing uniformly among the legal moves of all the distinct cards
in the hand, or lays the hand down when no card has one (KZ-6) and sits out the rest of
that deal. A player whose four pawns are home plays for the partner (KZ-8).

A pawn in the home never moves again (KZ-5), so a pawn that enters the home short of its
deepest free square shuts the squares behind it for good: that seat can never bring all
four home. The simulated players follow the seed's advice ("zorg ervoor dat als je pion
binnen is, de pionnen zo veel mogelijk naar achter worden neergezet"): a move that would
shut a free home square is chosen only when every legal move of the hand would (KZ-6
still makes them play). The game ends the moment a team has all eight pawns home, or,
unfinished (no winner), the moment no team can do so any more (every team has a seat
whose home is shut); as a safety net a game is also stopped unfinished after
``MAX_TURNS`` turns, which random play has never come near.

A *decision* is one turn: a card with one of its moves, or the fold (counted even when
only one move was legal).

Replay log (the ``replay`` case, judged by ``games.keezen.checks.check_replay``)::

    {"game": "keezen", "check": "replay", "options": {...}, "players": 4,
     "events": [
       {"deal": {"dealer": 0, "shuffle": true,
                 "hands": {"0": ["7H", "AS", "4C", "QD", "2H"], "1": [...], ...}}},
       {"seat": 1, "card": "AS", "move": {"enter": true}},
       {"seat": 2, "card": "7H", "move": {"split": [{"pawn": 0, "steps": 3},
                                                     {"pawn": 2, "steps": 4, "into_home": true}]}},
       {"seat": 3, "move": {"fold": true}},
       {"seat": 0, "card": "KD", "move": {"enter": true, "for_seat": 2}},
       ...]}

- ``players``: 4 or 6, or a list of 4 or 6 names (seat 0 first).
- A ``deal`` event gives the ``dealer``, whether the deck was freshly shuffled
  (``shuffle``, optional: it must be true exactly when the previous deck is used up or
  at the first deal), and every seat's dealt ``hands`` (5 cards after a shuffle, else 4).
- A turn event is the ``move`` check's ``seat``, ``card`` and ``move`` (``seat`` optional:
  the engine knows whose turn it is); a fold is ``{"seat": S, "move": {"fold": true}}``.
- Optional ``pawns`` (the ``move`` board notation) starts from another position than all
  pawns in the nests.

The replay's ``result`` holds ``pawns_after``, ``pawns_home`` and ``points`` per team,
``winner`` (team name such as ``"0+2"``, or null), ``finished``, ``deals`` and ``turns``;
the simulator's ``summary`` holds the same values apart from ``pawns_after``.
"""

from __future__ import annotations

from typing import Any

from games.base import CaseError, Simulation, _, clean_options, make_rng
from games.keezen.board import FULL_HOME, HOME_SQUARES, PLAYER_COUNTS
from games.keezen.checks import move_json, team_result
from games.keezen.rules import FORWARD, SPLIT, Move, Position, card_moves, keezen_deck
from games.keezen.scoring import OPTIONS

#: A safety net only: random games take a few hundred to a few thousand turns.
MAX_TURNS = 1_000_000
FIRST_HAND = 5
NEXT_HAND = 4

#: The homes that can still be filled: free squares only in front of the taken ones (a
#: pawn entering later may not jump or land on a home pawn, and home pawns never move).
OPEN_HOMES = frozenset(FULL_HOME & ~((1 << k) - 1) for k in range(HOME_SQUARES + 1))

Deal = tuple[int, bool, list[list[int]]]
Turn = tuple[int, int, "Move | None", int, int]  # seat, card, move (None: fold), mover, deal


class _Game:
    """One simulated game: the position, the cards as small ints, and the records."""

    def __init__(self, seed: int, players: int, record: bool) -> None:
        rng = make_rng(seed)
        self.shuffle, self.randrange = rng.shuffle, rng.randrange
        self.players = players
        self.position = Position.initial(players)
        deck = keezen_deck(players)
        self.kinds = sorted(set(deck))
        ident = {card: i for i, card in enumerate(self.kinds)}
        self.deck = [ident[card] for card in deck]
        self.ranks = [card.rank for card in self.kinds]
        self.record = record
        self.deals: list[Deal] = []
        self.turns: list[Turn] = []
        self.decisions = 0
        self.dealt = 0
        self.stopped = False

    def play(self) -> None:
        """Deck after deck (5, 4, 4 cards each), the deal passing left after each (KZ-7)."""
        n, dealer = self.players, 0
        while self.decisions < MAX_TURNS:
            cards = self.deck[:]
            self.shuffle(cards)
            top, size = 0, FIRST_HAND
            while len(cards) - top >= size * n:
                hands = [cards[top + s * size : top + (s + 1) * size] for s in range(n)]
                top += size * n
                self.dealt += 1
                if self.record:
                    self.deals.append((dealer, size == FIRST_HAND, [hand[:] for hand in hands]))
                if self.play_deal(hands, (dealer + 1) % n):
                    return
                size = NEXT_HAND
            dealer = (dealer + 1) % n

    def play_deal(self, hands: list[list[int]], seat: int) -> bool:
        """Turns clockwise until every hand is played or laid down; True when a team won."""
        position, n, partner = self.position, self.players, self.position.g.partner
        length = position.g.length
        home, ranks, randrange, turns = position.home, self.ranks, self.randrange, self.turns
        left = sum(map(len, hands))
        while left:
            hand = hands[seat]
            if hand:
                self.decisions += 1
                mover = partner[seat] if home[seat] == FULL_HOME else seat
                total = 0
                choices: list[tuple[int, list[Move]]] = []
                seen: dict[int, list[Move]] = {}
                for cid in dict.fromkeys(hand):
                    moves = seen.get(ranks[cid])
                    if moves is None:
                        moves = seen[ranks[cid]] = card_moves(
                            position, mover, ranks[cid], mover == seat
                        )
                    if moves:
                        choices.append((cid, moves))
                        total += len(moves)
                if not total:  # KZ-6: no card can be played, the hand is laid down
                    if self.record:
                        turns.append((seat, -1, None, mover, self.dealt))
                    left -= len(hand)
                    hand.clear()
                else:
                    if home[mover] in OPEN_HOMES:
                        choices, total = _keep_home_open(choices, total, home[mover], length)
                    move, cid = _pick(choices, randrange(total))
                    hand.remove(cid)
                    left -= 1
                    position.apply(move)
                    if self.record:
                        turns.append((seat, cid, move, mover, self.dealt))
                    if home[mover] == FULL_HOME and home[partner[mover]] == FULL_HOME:
                        return True
                    if home[mover] not in OPEN_HOMES and self.hopeless():
                        self.stopped = True
                        return True
            seat = (seat + 1) % n
        return False

    def hopeless(self) -> bool:
        """Whether no team can bring all eight pawns home any more: each has a seat whose
        home is shut (a free square behind a home pawn, KZ-5)."""
        home = self.position.home
        return all(
            home[a] not in OPEN_HOMES or home[b] not in OPEN_HOMES
            for a, b in self.position.g.team_seats
        )

    def log(self, options: dict[str, Any]) -> dict[str, Any]:
        """The replay case, built once at the end from the compact records."""
        names = [str(card) for card in self.kinds]
        events: list[dict[str, Any]] = []
        turns = iter(self.turns)
        turn = next(turns, None)
        for d, (dealer, fresh, hands) in enumerate(self.deals, start=1):
            events.append({"deal": {
                "dealer": dealer, "shuffle": fresh,
                "hands": {str(s): [names[c] for c in hand] for s, hand in enumerate(hands)},
            }})  # fmt: skip
            while turn is not None and turn[4] == d:
                seat, cid, move, mover, _ = turn
                if move is None:
                    events.append({"seat": seat, "move": {"fold": True}})
                else:
                    events.append(
                        {"seat": seat, "card": names[cid], "move": move_json(move, seat, mover)}
                    )
                turn = next(turns, None)
        return {"game": "keezen", "check": "replay", "options": options,
                "players": self.players, "events": events}  # fmt: skip


def _shuts_home(move: Move, home: int, length: int) -> bool:
    """Whether ``move`` takes a pawn into the home short of a free square behind it, which
    then stays free for good (KZ-5); ``home`` is the mover's open home before it."""
    kind = move[0]
    if kind == FORWARD:
        if not move[4]:
            return False
        home |= 1 << (move[2] - length)
    elif kind == SPLIT:
        if not (move[4] or move[8]):
            return False
        if move[4]:
            home |= 1 << (move[2] - length)
        if move[8]:
            home |= 1 << (move[6] - length)
    else:
        return False
    return home not in OPEN_HOMES


def _keep_home_open(
    choices: list[tuple[int, list[Move]]], total: int, home: int, length: int
) -> tuple[list[tuple[int, list[Move]]], int]:
    """The choices without the moves that shut a home square (:func:`_shuts_home`), unless
    that leaves none: then every legal move, as KZ-6 wants one played."""
    kept: list[tuple[int, list[Move]]] = []
    count = 0
    for cid, moves in choices:
        good = [m for m in moves if not _shuts_home(m, home, length)]
        if good:
            kept.append((cid, good))
            count += len(good)
    return (kept, count) if count else (choices, total)


def _pick(choices: list[tuple[int, list[Move]]], pick: int) -> tuple[Move, int]:
    """The ``pick``-th (card, move) pair of all cards' moves."""
    for cid, moves in choices:
        if pick < len(moves):
            return moves[pick], cid
        pick -= len(moves)
    raise IndexError(pick)  # pragma: no cover - pick < the total number of moves


def simulate(
    seed: int,
    *,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    record: bool = True,
) -> Simulation:
    """Play one whole game from ``seed`` by uniformly random legal moves (module docstring)."""
    n = 4 if players is None else players
    if n not in PLAYER_COUNTS:
        raise CaseError("players", _("Keezen is played by 4 or 6 players, not %(n)s"), n=n)
    options = clean_options(OPTIONS, options)
    game = _Game(seed, n, record)
    game.play()
    summary = {**team_result(game.position, options), "deals": game.dealt,
               "turns": game.decisions}  # fmt: skip
    return Simulation(
        log=game.log(options) if record else {}, decisions=game.decisions, summary=summary
    )
