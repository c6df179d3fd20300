"""Klaverjassen (KJ-1 … KJ-9): the trick-taking card game of Dutch clubs, 4 players in
2 teams (seats 0+2 against 1+3), 32 cards.

- :mod:`games.klaverjassen.cards`: the deck, order and points (KJ-1, KJ-2) and the
  options (``OPTIONS``, :class:`Options`);
- :mod:`games.klaverjassen.play`: the duties of KJ-3 (:func:`legal_cards`), the
  :func:`trick` check, the winner and the roem of a trick (KJ-4);
- :mod:`games.klaverjassen.scoring`: :func:`deal` (every card checked, pit, nat,
  verzaken: KJ-3 … KJ-7), :func:`deal_score` (a briefje row) and :func:`game` (KJ-8);
- :mod:`games.klaverjassen.roembound`: which roem a row can record;
- :mod:`games.klaverjassen.simulate`: random legal games and decisions per second;
- the site's parts as data: :mod:`~games.klaverjassen.results` (the briefje row by row or
  the two game scores), :mod:`~games.klaverjassen.sheet` (the klaverjasbriefje),
  :mod:`~games.klaverjassen.checker` ("Verzaakt?", "Hoeveel roem?") and
  :mod:`~games.klaverjassen.demo`.

The check_hand cases (docs/CASES.md).
Cards in RULES.md's notation, seats 0-3, teams 0 (seats 0+2) and 1 (seats 1+3);
``options`` as in ``OPTIONS`` (all optional)::

    {"game": "klaverjassen", "check": "trick", "options": {"variant": "amsterdams"},
     "trump": "H", "trick": [{"seat": 1, "card": "AS"}, {"seat": 2, "card": "JH"}],
     "hand": ["7S", "KC", "9H"], "card": "KC"}
    -> {"legal": false,
        "violations": [{"rule": "KJ-3", "message": "KC breaks the duty to follow: ..."}],
        "result": {"legal_cards": ["7S"], "duty": "follow"}}
       # a fourth card adds "winner": seat, "roem": ["three in sequence 20", "stuk 20"],
       # "roem_points": 40

    {"game": "klaverjassen", "check": "deal", "options": {...},
     "hands": [["JH", "9H", ...8 cards], [...], [...], [...]],   # seat 0 first
     "trump": "H", "playing_team": 0, "first_leader": 1,
     "tricks": [["AS", "7S", "KS", "10S"], ...]}                  # leader first, 1-8 tricks
    -> violations: every illegal card {"rule": "KJ-3", "at": card index 0-31, ...};
       result: {"points": [p0, p1], "roem": [r0, r1], "pit": team|null, "nat": bool,
                "verzaakt": {"at", "seat", "team", "duty"}|null, "score": [s0, s1],
                "penalty": [per seat], "tricks": [{"winner", "points", "roem"}],
                "notes": [{"rule": "KJ-5"|"KJ-6"|"KJ-7", "at"?, "message"}],
                "row": {the deal_score row}}

    {"game": "klaverjassen", "check": "deal_score", "options": {...},
     "row": {"playing": 0, "points": [90, 72], "roem": [20, 0],
             "nat": false, "pit": false, "verzaakt": null}}
    -> violations: KJ-2 (points not summing to 162), KJ-4 (roem no deal gives),
       KJ-5 (nat marked but not nat, or nat not marked), KJ-6 (pit inconsistent);
       result: {"points": [...], "roem": [...], "score": [s0, s1], "penalty": [t0, t1],
                "nat": bool}

    {"game": "klaverjassen", "check": "game", "options": {"deals": 16},
     "rows": [{row}, ... 16 rows]}
    -> violations of each row with "at": the row; KJ-8 when the rows are not ``deals``;
       result: {"rows": [[s0, s1], ...], "running": [[t0, t1], ...],
                "score": [t0, t1], "penalty": [t0, t1], "winner": team|null}

A row records the deal *as played*: points as the tricks gave them (summing to 162,
unless the team that reneged stopped the deal under ``verzaken`` deal) and roem as
claimed (pit's 100 not included: the ``pit`` mark adds it); ``deal_score`` turns it into
the score (nat, pit, verzaken).

Readings where RULES.md is silent (decided here):

- KJ-3: when trump is led, the duty to overtrump holds in both variants, also while the
  partner is winning (``amsterdams`` frees only a player who cannot follow). A player who
  cannot follow or overtrump and holds only trumps lower than the trick's plays any of
  them. An illegal card's duty: not following → ``follow``; a card other than a higher
  trump where one was bound → ``trump`` (no trump in the trick yet) or ``overtrump``;
  a lower trump while another card was allowed → ``no undertrump``.
- KJ-4: a trick holds at most one sequence (4 cards); four of a kind is never also a
  sequence. ``four_of_a_kind`` is a switch: on, the values of RULES.md; off, no roem for
  four of a kind. ``deal`` counts every trick's roem as claimed unless the trick is
  listed in ``unclaimed``; ``deal_score`` takes the roem the row records.
- KJ-5/KJ-6: pit's 100 counts with the team's points and roem for nat; a nat playing
  team's opponents get 162 plus all roem including a pit bonus.
- KJ-7: only the first renege of a deal counts (the table stops there). Under ``deal``
  the other team scores 162 plus all claimed roem of both teams (and a pit bonus) and a
  stopped deal may have fewer than 8 tricks; under ``minus100`` the deal must be played
  out and is scored as played (nat included), the reneging seat losing 100
  (``penalty``, per seat in ``deal``, per team in a row). Nat and pit are notes in the
  result (``notes``), not violations: only illegal cards make a deal not ``legal``.
- The roem a row can record: :mod:`games.klaverjassen.roembound`, exactly the totals
  the 32 cards allow one team or a deal (at most 700 with four of a kind, 420 without).
- ``game``: a row count other than ``deals`` is a KJ-8 violation; the team with the
  higher total wins (``winner`` None on equal totals).

Pure Python: no Django here.
"""

from games.base import GameSpec
from games.klaverjassen.cards import OPTIONS, Options
from games.klaverjassen.checker import CHECKS as FORMS
from games.klaverjassen.checker import DECK
from games.klaverjassen.checks import CHECKS
from games.klaverjassen.demo import DEMO
from games.klaverjassen.play import legal_cards, roem, trick
from games.klaverjassen.results import RESULTS
from games.klaverjassen.scoring import deal, deal_score, game
from games.klaverjassen.sheet import SHEET
from games.klaverjassen.simulate import simulate

GAME = GameSpec(
    name="klaverjassen",
    title="Klaverjassen",
    prefix="KJ",
    options=OPTIONS,
    checks=CHECKS,
    players=(4,),
    simulate=simulate,
    default_players=4,
    results=RESULTS,
    team_tables={4: 2},
    checker=FORMS,
    sheet=SHEET,
    demo=DEMO,
    deck=DECK,
)

__all__ = [
    "GAME",
    "OPTIONS",
    "Options",
    "deal",
    "deal_score",
    "game",
    "legal_cards",
    "roem",
    "trick",
]
