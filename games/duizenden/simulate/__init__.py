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

The package: ``cards`` (cards as small ints and value tables), ``moves`` (enumerating melds,
lay-offs and exchanges), ``hand`` (:class:`Hand`), ``deal`` (one deal's choices,
:class:`SimulatedDeal`), ``log`` (the replay log) and ``game`` (:func:`simulate`); the names
used outside it are here (the tests play a deal alone).
"""

from __future__ import annotations

from games.base import make_rng

from .cards import (
    JK,
    value_tables,
)
from .deal import (
    SimulatedDeal,
)
from .game import (
    simulate,
)

__all__ = [
    "JK",
    "SimulatedDeal",
    "make_rng",
    "simulate",
    "value_tables",
]
