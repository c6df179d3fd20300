"""The table draw: who sits at which table in a round. Plain Python, no Django.

`tournaments.services.round_draw` loads who is present and who sat with whom, calls
`draw_round` and saves the `Draw` it returns; nothing here touches the database.

How a round is drawn:

- `table_plan` picks the table sizes: as many tables of the tournament's size as
  possible, the rest at other allowed sizes, byes only when no mix seats everyone.
- Byes, and the seats at tables smaller than the tournament's size, go to those with the
  fewest this evening, then the lowest share of their rounds this season (`SeasonCounts`;
  seeded tie-break; in a Swiss draw the lowest-ranked of them). Where repeat avoidance
  takes the small tables out of that order (a design's uneven points, a relaxed plan),
  the plan is relabelled so that the fewest small seats go to those with the most so far
  (`fairness.fair_label`), and players trade places where that adds no repeat.
- Seating a pair that already shared a table `e` times this evening and `s` times earlier
  in the season (earlier seasons at a weight) costs ``W * e + GROWTH ** s``, with W larger
  than all season costs of the plan together: an evening repeat is worse than any number
  of season repeats, and a pair met more often is kept apart first.
- The draw plans all remaining rounds of the evening (`rounds_left`) at once, so that an
  early round does not leave the later ones without a repeat-free seating, and plays the
  plan's cleanest round; the next call plans again from what was actually played.
- The plan starts from the unplayed rounds of the longest known design when the numbers
  allow one (`designs.rounds`: a round robin for tables of two, affine planes, Kirkman and
  nearly Kirkman triple systems, resolvable designs), otherwise from greedy rounds, and a
  tabu search over swaps of two players between tables of one round improves it. The
  search is bounded by a count of evaluated swaps, never by the clock, so the same inputs
  and seed give the same draw on any machine. With a season behind it, greedy rounds are
  tried first and the design only when they cannot make the evening free of repeats: the
  design's fixed groups spread a season's meetings less evenly.
- A season with a stored season design (`designs.season`: 24 players in fours, 30
  evenings of 4 rounds) follows it while the season goes as the design does (everyone
  present, 4 rounds an evening, no guest): every pair then meets 15 or 16 times, where
  the adaptive draw ends at 17. Off the design, the planner above draws.
- A Swiss draw (tables of two players or two teams) pairs by standings top-down with
  backtracking, avoiding repeats; it does not plan ahead, as the standings will change.

Competitors are opaque hashables. Results depend on the order in which they are given
(pass a stable one, e.g. by entry id), never on hashing: only list order and the seeded
random generator decide ties.

By subject, each module importing only those above it:

- base: the `Draw`, the `SeasonCounts` and the `DrawError`;
- sizes: `table_plan`, the mix of table sizes;
- costs: pair counts, the season's growing weights, the balance by strength;
- fairness: who sits out and who sits at the small tables (SLACK), the fair relabelling;
- search: the tabu search over a plan (`Planner`; STALL, FOCUS, TENURE, SHAKE);
- designed: the known designs' rounds, relabelled onto the evening, in a fair order;
- planning: the evening planner (SEARCH_BUDGET, PATIENCE, MAX_HORIZON);
- seasonal: the season design's next round, while the season follows it;
- swiss: the Swiss pairing;
- partners: the seat order of partners;
- draw: `draw_round`;
- simulation: `simulate` and `simulate_season`.

Callers import from here (``from tournaments import seating``); the names below are the
ones used outside the package. A tunable constant is read (and so patched) in its module.
"""

from .base import Draw, DrawError, SeasonCounts
from .costs import BALANCE_MIXED, BALANCE_NONE, BALANCE_SIMILAR, BALANCES, EARLIER_WEIGHT
from .draw import draw_round
from .simulation import SeasonSimulation, Simulation, simulate, simulate_season
from .sizes import table_plan

__all__ = [
    "BALANCES",
    "BALANCE_MIXED",
    "BALANCE_NONE",
    "BALANCE_SIMILAR",
    "EARLIER_WEIGHT",
    "Draw",
    "DrawError",
    "SeasonCounts",
    "SeasonSimulation",
    "Simulation",
    "draw_round",
    "simulate",
    "simulate_season",
    "table_plan",
]
