"""MeieRijen (RULES.md MR-1 … MR-13, MR-V1, MR-4P): the club's own game.

Checks: ``turn``, ``round_score``, ``match`` (CASES.md) and ``replay`` (a whole recorded
match, format in :mod:`games.meierijen.simulate`). Options: ``variant1`` (false),
``draw_rule`` (``fill5`` | ``two``), ``third_round`` (false), ``players`` (2, 3 or 4).

Where RULES.md is silent this engine decides (seed text in brackets):

- Closed piles leave the round and count for nobody; the emptied place takes any card of
  its colours, a card played as an ace there closes it again at once (MR-4).
- A ten-card is a card played as a 10 on a 9, or on a 10 with the grey pawn, or on an 8
  with the red pawn (MR-5); a 10 that starts a new pile on an empty place is none, and
  neither is a 10 played downward on a J or Q with Variant 1 ("Een tien-kaart leg je op
  een 9-kaart"). The pawn action must be the very next entry ("moet dan eerst een
  pionactie gaan doen"); one is always possible, since a pawn not at start can be removed
  and with all at start the grey pawn can be taken.
- A wild's rank is said with ``as``; on a pile where only one rank fits it may be left out
  (MR-3), on an empty place never (MR-4). A wild stands for 3 … A, never for 2.
- A play's ``direction`` may be left out: it follows from the ranks. Grey doubles go neither
  up nor down (MR-V1 (a)); with Variant 1 the red pawn skips one rank in the turn's direction.
- Using the grey or red pawn needs no separate announcement entry: the first double or skip
  is the announcement (MR-8, MR-9). A pawn taken by a ten-card may be used in the same turn
  ("in deze of in een volgende beurt"). Grey and red are taken only from their start spot;
  held by the opponent they can only be removed (MR-7 (d)).
- A white pawn may block an empty place, and may not go on an empty penalty pile.
- The pass card may be any card in hand, also one just drawn. A player whose hand is empty
  (nothing left to draw) ends the turn without a pass card.
- Playing the hand empty draws five cards at once, before the pawn action of that card.
- ``draw_rule`` "two": the first turn of each player in a round takes five cards, later
  turns two. Drawing into the hand stops at the face-up tenth card from the bottom (MR-11).
- MR-11, last ten: at the start of each turn the face-up top card of the draw pile must be
  played first if it can be played without starting to use a held grey or red pawn (with
  the pawn it may be played, or laid open); then the next card is face up and is tried the
  same way. The first one that is not played joins the open cards, and the card under it
  is turned for the next turn. From the face-up card on the open-card limit is gone.
- MR-12: the draw pile empties by playing its last card or laying it open; the draw pile
  left at the end does not count. Equal points and nobody among the tied emptied first
  (three players): no round winner.
- MR-V1 (b): with two white pawns on a draw pile a real joker in hand cancels the second
  skip at the first one (the joker stays in hand).
- Cards a player holds (hand, open, penalty) come from their own deck: one copy of each
  card, two jokers, or the case cannot be judged; a turn's ``draw_pile`` (often only the
  next cards) and the centre piles count only against all decks in play. Teammates
  (MR-4P) are not counted together: RULES.md does not say how many decks four use.
- A turn case showing more than four open cards of the player's own is past the start of
  the last ten (MR-11): the limit of four is gone for its pass card.
- A turn that breaks a rule has an empty ``result``: the board after it cannot be
  computed (CASES.md: left out, never guessed).
- Three players: each with an own deck, any opponent's open cards and penalty top may be
  taken and white pawns go on any opponent's piles; setup in :mod:`simulate`.
- Four players (MR-4P): each team has one 54-card deck as one draw pile ("Eén team speelt
  samen met de rode actiekaarten"), one open-card area (limit 4) and one penalty pile, and
  shares grey and red pawns; two white pawns on the team's draw pile skip the next two
  turns of that team's players. Opponents' open cards and penalty pile are never taken.
- A match round without a winner (three players only) counts for nobody; the match goes to
  the sole leader in rounds won after two rounds (or three with ``third_round``).
"""

from __future__ import annotations

from games.base import GameSpec
from games.cards import FRENCH
from games.meierijen.checker import CHECKS as FORMS
from games.meierijen.checks import check_match, check_round_score, check_turn
from games.meierijen.demo import DEMO
from games.meierijen.replay import check_replay
from games.meierijen.results import RESULTS
from games.meierijen.rules import OPTIONS
from games.meierijen.sheet import SHEET
from games.meierijen.simulate import simulate

GAME = GameSpec(
    name="meierijen",
    title="MeieRijen",
    prefix="MR",
    options=OPTIONS,
    checks={
        "turn": check_turn,
        "round_score": check_round_score,
        "match": check_match,
        "replay": check_replay,
    },
    players=(2, 3, 4),
    simulate=simulate,
    default_players=2,
    results=RESULTS,
    team_tables={4: 2},
    checker=FORMS,
    sheet=SHEET,
    demo=DEMO,
    deck=FRENCH,
)
