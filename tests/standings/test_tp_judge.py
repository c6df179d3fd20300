"""An outside judge's cases for RULES.md "Tournament points" (TP-1 to TP-5).

Every expected value here was worked out by hand from the letter of RULES.md, before the
implementation was read; the comment above each case shows the sum. The cases drive the
pure API of scoring/standings.py only (no database).
"""

from __future__ import annotations

import pytest

from scoring.standings import (
    TIE_HEAD_TO_HEAD,
    TIE_MARGIN,
    TIE_SHARED,
    TIE_WON,
    Bye,
    Game,
    Scheme,
    Side,
    bye_points,
    season,
    standings,
)

RANK = Scheme("rank")
WDL = Scheme("wdl")  # win 2, draw 1, loss 0
KEEZEN = Scheme("game", bye_game_points=(8 * 2 + 10) / 2)  # TP-1: 13 by default


def duel_at(evening, rnd, table, winner, loser, margin, *, finished=True, draw=False):  # noqa: PLR0917
    """A two-sided table: ``winner`` above ``loser`` by ``margin`` (a draw: level)."""
    if draw:
        return Game(evening, rnd, table, (Side((winner,), 1, 0), Side((loser,), 1, 0)), finished)
    return Game(
        evening,
        rnd,
        table,
        (Side((winner,), 1, margin), Side((loser,), 2, -margin)),
        finished,
    )


def table_at(evening, rnd, number, *order, margins=None, finished=True):
    """A table of single players ranked in the order given (no shared ranks)."""
    margins = margins or [0] * len(order)
    return Game(
        evening,
        rnd,
        number,
        tuple(Side((p,), i + 1, m) for i, (p, m) in enumerate(zip(order, margins, strict=True))),
        finished,
    )


def by(lines):
    return {line.competitor: line for line in lines}


# --------------------------------------------------------------------------- TP-1


@pytest.mark.parametrize(
    ("sides", "expected"),
    [(2, 0.5), (3, 1.0), (4, 1.5), (6, 2.5)],
)
def test_tp1_bye_by_rank_is_half_the_top_score(sides, expected):
    # (n-1)/2: a table of 4 gives 3, 2, 1, 0; half the top is 1.5.
    assert bye_points(sides, RANK) == expected


def test_tp1_bye_in_wdl_is_a_draw_whatever_the_draw_is_worth():
    assert bye_points(2, WDL) == 1
    assert bye_points(2, Scheme("wdl", win=3, draw=1, loss=0)) == 1
    assert bye_points(2, Scheme("wdl", win=1, draw=0.5, loss=0)) == 0.5


def test_tp1_bye_in_keezen_game_points_is_half_a_won_game():
    # (8 * points_per_pawn + win_bonus) / 2 = (16 + 10) / 2 = 13; the site passes it in.
    assert bye_points(2, KEEZEN) == 13
    lines = by(
        standings(
            [
                Game(
                    "E",
                    1,
                    1,
                    (
                        Side(("A", "B"), 1, 8, game_points=26),
                        Side(("C", "D"), 2, 3, game_points=6),
                    ),
                )
            ],
            KEEZEN,
            byes=[Bye("E", 1, "X", 2)],
        )
    )
    assert lines["X"].match_points == 13
    assert lines["X"].byes == 1 and lines["X"].played == 0
    assert lines["A"].match_points == lines["B"].match_points == 26


def test_tp1_wdl_bye_margin_is_the_average_so_it_never_loses_a_tie_break():
    # A: won +6 (2), bye (1)            -> 3 points, margin 6 + avg 6 = 12
    # B: won +6 (2), drew 0 (1)         -> 3 points, margin 6
    # Without TP-1's average the bye would count 0 and A would merely tie B.
    games = [
        duel_at("E", 1, 1, "A", "P", 6),
        duel_at("E", 1, 2, "B", "Q", 6),
        duel_at("E", 2, 1, "B", "P", 0, draw=True),
    ]
    lines = standings(games, WDL, byes=[Bye("E", 2, "A", 2)])
    got = by(lines)
    assert got["A"].match_points == got["B"].match_points == 3
    assert got["A"].margin == 12
    assert got["B"].margin == 6
    assert [line.competitor for line in lines][:2] == ["A", "B"]
    assert got["A"].position == 1 and got["B"].position == 2
    assert got["A"].tie == got["B"].tie == TIE_MARGIN


def test_tp1_bye_before_any_game_counts_the_average_of_later_tables():
    # Round 1 bye, then +3 and +5: average over the tournament's played tables is 4,
    # so the margin is 3 + 5 + 4 = 12 ("per played table in that tournament").
    games = [duel_at("E", 2, 1, "A", "P", 3), duel_at("E", 3, 1, "A", "Q", 5)]
    got = by(standings(games, WDL, byes=[Bye("E", 1, "A", 2)]))
    assert got["A"].margin == 12
    assert got["A"].match_points == 2 + 2 + 1


def test_tp1_bye_with_no_played_table_counts_zero():
    got = by(standings([duel_at("E", 1, 1, "P", "Q", 4)], WDL, byes=[Bye("E", 1, "A", 2)]))
    assert got["A"].margin == 0
    assert got["A"].match_points == 1
    assert got["A"].average_rank is None


def test_tp1_rank_scheme_bye_and_fractional_average_margin():
    # Tables of 3 (2, 1, 0). A: first with +1 (2 points), second with +2 (1 point):
    # average margin 1.5; the bye is worth (3-1)/2 = 1 point and adds 1.5.
    # A: 2 + 1 + 1 = 4 points, margin 1 + 2 + 1.5 = 4.5.
    games = [
        table_at("E", 1, 1, "A", "P", "Q", margins=[1, 0, -1]),
        table_at("E", 2, 1, "P", "A", "Q", margins=[5, 2, -7]),
    ]
    got = by(standings(games, RANK, byes=[Bye("E", 3, "A", 3)]))
    assert got["A"].match_points == 2 + 1 + 1
    assert got["A"].margin == pytest.approx(4.5)
    assert got["A"].byes == 1 and got["A"].played == 2


def test_tp1_two_byes_each_count_the_average():
    # Margins -2 and -4: average -3; two byes add -6: -12 in all. Average rank only
    # over tables played: (2 + 2) / 2.
    games = [duel_at("E", 1, 1, "P", "A", 2), duel_at("E", 2, 1, "Q", "A", 4)]
    byes = [Bye("E", 3, "A", 2), Bye("E", 4, "A", 2)]
    got = by(standings(games, WDL, byes=byes))
    assert got["A"].margin == -12
    assert got["A"].match_points == 2
    assert got["A"].average_rank == 2


# --------------------------------------------------------------------------- TP-2


def test_tp2_clock_stopped_table_has_no_winner():
    stopped = table_at("E", 1, 1, "A", "B", "C", "D", margins=[6, 2, 0, -8], finished=False)
    ended = table_at("E", 2, 1, "A", "B", "C", "D", margins=[6, 2, 0, -8])
    got = by(standings([stopped, ended], RANK))
    assert got["A"].wins == 1  # only the table that ended by its own rules
    assert got["B"].wins == 0
    # The match points still follow the order at the moment the clock stopped.
    assert got["A"].match_points == 6


def test_tp2_shared_first_place_is_no_win():
    # Ranks 1, 1, 3: nobody is the *sole* winner.
    g = Game("E", 1, 1, (Side(("A",), 1, 0), Side(("B",), 1, 0), Side(("C",), 3, -5)))
    got = by(standings([g], RANK))
    assert got["A"].wins == got["B"].wins == 0
    assert got["A"].match_points == got["B"].match_points == 1.5  # (2 + 1) / 2
    assert got["C"].match_points == 0


def test_tp2_the_games_own_verdict_overrides_first_place():
    # MR-13: a 1-1 match without a third round is a draw even if one side has the lower
    # minus points; the engine says so with won=False. A team that went out (KZ-8) won.
    g = Game("E", 1, 1, (Side(("A",), 1, 3, won=False), Side(("B",), 2, -3, won=False)))
    k = Game(
        "E",
        2,
        1,
        (Side(("A", "C"), 1, 8, game_points=26), Side(("B", "D"), 2, 4, game_points=8)),
    )
    got = by(standings([g, k], Scheme("rank")))
    assert got["A"].wins == 1  # only the Keezen game
    assert got["C"].wins == 1  # partners share the win
    assert got["B"].wins == 0


# --------------------------------------------------------------------------- TP-3


def test_tp3_group_that_all_met_is_ordered_by_head_to_head():
    # Round 1, one table: A 1st, B 2nd, C 3rd, D 4th -> 3, 2, 1, 0; margins +3 +1 -1 -3.
    # Round 2 evens A, B and C out at 3 points, margin 0, each at a table of strangers:
    #   A 4th (0, -3); B 3rd (1, -1); C 2nd (2, +1).
    # Head-to-head (all three met in round 1): A above B and C = +2; B above C, below A
    # = 0; C below both = -2. So A, B, C in that order, each settled by head-to-head.
    games = [
        table_at("E", 1, 1, "A", "B", "C", "D", margins=[3, 1, -1, -3]),
        table_at("E", 2, 1, "E1", "F1", "G1", "A", margins=[11, 7, 5, -3]),
        table_at("E", 2, 2, "H1", "I1", "B", "J1", margins=[13, 9, -1, -21]),
        table_at("E", 2, 3, "K1", "C", "L1", "M1", margins=[17, 1, -4, -14]),
    ]
    lines = standings(games, RANK)
    got = by(lines)
    for p in "ABC":
        assert got[p].match_points == 3 and got[p].margin == 0
    assert got["A"].head_to_head == 2
    assert got["B"].head_to_head == 0
    assert got["C"].head_to_head == -2
    assert got["A"].position < got["B"].position < got["C"].position
    assert got["B"].position == got["A"].position + 1
    assert got["C"].position == got["A"].position + 2
    assert {got[p].tie for p in "ABC"} == {TIE_HEAD_TO_HEAD}


def test_tp3_group_where_one_pair_never_met_shares_the_rank_listed_by_name():
    # Keezenavond Veghel's shape: Zeger lost his only meeting (to Anna), Bram never met
    # either. The three are level on points and margin, but Anna and Bram never shared a
    # table, nor did Bram and Zeger: no head-to-head, the three share, listed by name.
    games = [
        duel_at("E", 1, 1, "Anna", "Zeger", 2),
        duel_at("E", 1, 2, "Bram", "P", 2),
        duel_at("E", 2, 1, "Zeger", "Q", 2),
        duel_at("E", 2, 2, "R", "Anna", 2),
        duel_at("E", 2, 3, "S", "Bram", 2),
    ]
    names = {"Anna": "Anna", "Bram": "Bram", "Zeger": "Zeger"}
    lines = standings(games, WDL, names=names)
    got = by(lines)
    for p in ("Anna", "Bram", "Zeger"):
        assert got[p].match_points == 2 and got[p].margin == 0
    assert got["Anna"].position == got["Bram"].position == got["Zeger"].position
    assert {got[p].tie for p in ("Anna", "Bram", "Zeger")} == {TIE_SHARED}
    order = [line.competitor for line in lines if line.competitor in names]
    assert order == ["Anna", "Bram", "Zeger"]
    # Never compare the one who met the group (Zeger, lost) with one who did not (Bram).
    assert got["Zeger"].position == got["Bram"].position


def test_tp3_two_who_never_met_share_even_if_input_order_differs():
    g1 = [duel_at("E", 1, 1, "b", "P", 1), duel_at("E", 1, 2, "a", "Q", 1)]
    names = {"a": "Wim", "b": "Ans"}
    for games in (g1, list(reversed(g1))):
        lines = standings(games, WDL, names=names)
        assert [line.competitor for line in lines[:2]] == ["b", "a"]  # Ans before Wim
        assert lines[0].position == lines[1].position == 1
        assert lines[0].tie == lines[1].tie == TIE_SHARED


def test_tp3_cycle_among_a_group_that_all_met_stays_shared():
    # A beat B, B beat C, C beat A, each by 2: everyone 2 points, margin 0, h2h 0.
    games = [
        duel_at("E", 1, 1, "A", "B", 2),
        duel_at("E", 2, 1, "B", "C", 2),
        duel_at("E", 3, 1, "C", "A", 2),
    ]
    lines = standings(games, WDL, byes=[])
    got = by(lines)
    assert {got[p].position for p in "ABC"} == {1}
    assert {got[p].head_to_head for p in "ABC"} == {0}
    assert {got[p].tie for p in "ABC"} == {TIE_SHARED}


def test_tp3_head_to_head_separates_one_and_the_rest_still_share():
    # Round 1 (table): A 1st, B 2nd, C 3rd, X 4th; margins +3, +1, -1, -3.
    # Round 2 (table): X 1st, C 2nd, B 3rd, A 4th; margins +3, +1, -1, -3.
    # Points: A 3+0, B 2+1, C 1+2, X 0+3 = 3 each; margins 0 each. All four met twice:
    #   R1 A +3, B +1, C -1, X -3;  R2 X +3, C +1, B -1, A -3  -> every score 0.
    # The group qualifies, head-to-head is level: all four share first.
    games = [
        table_at("E", 1, 1, "A", "B", "C", "X", margins=[3, 1, -1, -3]),
        table_at("E", 2, 1, "X", "C", "B", "A", margins=[3, 1, -1, -3]),
    ]
    got = by(standings(games, RANK))
    assert {got[p].match_points for p in "ABCX"} == {3}
    assert {got[p].head_to_head for p in "ABCX"} == {0}
    assert {got[p].position for p in "ABCX"} == {1}

    # Now a third round, two duels: A beats X by 1, C beats B by 1 (rank scheme, tables
    # of 2: 1/0). A 4 (+1), C 4 (+1), B 3 (-1), X 3 (-1). Groups: {A, C} (met) and
    # {B, X} (met). h2h {A, C}: R1 A above C, R2 C above A -> 0 0 -> shared 1st.
    # {B, X}: R1 B above X, R2 X above B -> shared 3rd.
    games += [duel_at("E", 3, 1, "A", "X", 1), duel_at("E", 3, 2, "C", "B", 1)]
    got = by(standings(games, RANK))
    assert got["A"].position == got["C"].position == 1
    assert got["B"].position == got["X"].position == 3
    assert got["A"].tie == TIE_SHARED and got["X"].tie == TIE_SHARED


def test_tp3_three_way_split_with_two_still_level():
    # Round 1 table: A 1st, B 2nd, C 3rd, D 4th (3, 2, 1, 0; margins +3 +1 -1 -3).
    # Round 2, tables of four with outsiders, evening A, B and C out at 3 points, 0:
    #   T1: O1 O2 O3 A  -> A 0 points, margin -3   (A: 3, 0)
    #   T2: O4 C B O5   -> C 2 (+1), B 1 (-1)      (B: 3, 0; C: 3, 0)
    # Head-to-head over {A, B, C} (all met in round 1):
    #   A: above B and C in R1 -> +2
    #   B: above C, below A in R1 (0); below C in R2 (-1) -> -1
    #   C: below A and B in R1 (-2); above B in R2 (+1)  -> -1
    # -> A first by head-to-head; B and C still level share the next position.
    games = [
        table_at("E", 1, 1, "A", "B", "C", "D", margins=[3, 1, -1, -3]),
        table_at("E", 2, 1, "O1", "O2", "O3", "A", margins=[9, 7, 5, -3]),
        table_at("E", 2, 2, "O4", "C", "B", "O5", margins=[15, 1, -1, -15]),
    ]
    got = by(standings(games, RANK, names={"B": "Bas", "C": "Cor"}))
    for p in "ABC":
        assert (got[p].match_points, got[p].margin) == (3, 0)
    assert (got["A"].head_to_head, got["B"].head_to_head, got["C"].head_to_head) == (
        2,
        -1,
        -1,
    )
    assert got["A"].tie == TIE_HEAD_TO_HEAD
    assert got["B"].position == got["C"].position == got["A"].position + 1
    assert got["B"].tie == got["C"].tie == TIE_SHARED


def test_tp3_partners_at_one_side_are_level_and_share():
    # Fixed Keezen teams: Ine and Jan always on one side. Same points, same margin, they
    # shared every table but never finished apart: still tied, shared, listed by name.
    games = [
        Game(
            "E",
            r,
            1,
            (
                Side(("ine", "jan"), 1, 4, game_points=26),
                Side(("kim", "lot"), 2, -4, game_points=8),
            ),
        )
        for r in (1, 2)
    ]
    lines = standings(games, KEEZEN, names={"ine": "Ine", "jan": "Jan"})
    assert [line.competitor for line in lines[:2]] == ["ine", "jan"]
    assert lines[0].position == lines[1].position == 1
    assert lines[0].tie == lines[1].tie == TIE_SHARED
    assert lines[0].match_points == 52
    assert lines[0].wins == 2


def test_tp3_margin_decides_before_head_to_head():
    # B beat A head to head, but A's margin is larger: margin comes first.
    games = [duel_at("E", 1, 1, "B", "A", 1), duel_at("E", 2, 1, "A", "P", 9)]
    games.append(duel_at("E", 2, 2, "Q", "B", 1))
    got = by(standings(games, WDL))
    assert got["A"].match_points == got["B"].match_points == 2
    assert got["A"].margin == 8 and got["B"].margin == 0
    assert got["A"].position < got["B"].position
    assert got["A"].tie == TIE_MARGIN


# --------------------------------------------------------------------------- TP-4/TP-5


def evening_duels(evening, *results):
    """Duels of one evening, each ``(winner, loser, margin)``, one per round."""
    return [duel_at(evening, i + 1, 1, w, lo, m) for i, (w, lo, m) in enumerate(results)]


def test_tp4_qualified_first_even_with_a_lower_total():
    # min_attendance 2. Q attended two evenings (2 + 0 = 2); U one evening, won it big
    # (2 + 2 = 4 in two rounds). U is not qualified and comes after Q and after P.
    games = evening_duels("e1", ("Q", "P", 1), ("U", "P", 1), ("U", "Q", 3))
    games += evening_duels("e2", ("P", "Q", 2))
    lines = season(["e1", "e2"], games, WDL, min_attendance=2)
    got = by(lines)
    assert got["U"].qualified is False and got["U"].total == 4
    assert got["Q"].qualified and got["P"].qualified
    # e1: Q 2 (+1 -3 = -2), U 4 (+4), P 0 (-2); e2: P 2 (+2), Q 0 (-2).
    # Season: P 2 (margin 0), Q 2 (margin -4), U 4 (not qualified).
    assert [line.competitor for line in lines] == ["P", "Q", "U"]
    assert [line.position for line in lines] == [1, 2, 3]


def test_tp4_total_then_margin_then_evenings_won_then_shared_no_head_to_head():
    # Two evenings, every player at both.
    # e1: A beats B by 1 ; C beats D by 1.     e2: B beats C by 1 ; D beats A by 1.
    # Totals: A 2, B 2, C 2, D 2; margins 0 each. Evenings won (first place in each
    # evening's standings): e1 A and C share first (2 points, +1; never met) -> both won;
    # e2 B and D share first -> both won. All level: everyone shares first.
    games = [*evening_duels("e1", ("A", "B", 1)), duel_at("e1", 1, 2, "C", "D", 1)]
    games += [*evening_duels("e2", ("B", "C", 1)), duel_at("e2", 1, 2, "D", "A", 1)]
    lines = season(["e1", "e2"], games, WDL)
    assert {line.position for line in lines} == {1}
    assert {line.won for line in lines} == {1}
    assert {line.tie for line in lines} == {TIE_SHARED}


def test_tp4_evenings_won_break_a_tie_of_total_and_margin():
    # e1: A beats B by 2 -> A (2, +2) sole first: 1 evening won.
    # e2: C beats D by 2, E beats F by 3 -> E (2, +3) first; C (2, +2) is not.
    # A: total 2, margin 2, won 1; C: total 2, margin 2, won 0 -> A above C by "won".
    games = evening_duels("e1", ("A", "B", 2))
    games += [duel_at("e2", 1, 1, "C", "D", 2), duel_at("e2", 1, 2, "E", "F", 3)]
    got = by(season(["e1", "e2"], games, WDL))
    assert (got["A"].total, got["A"].margin, got["A"].won) == (2, 2, 1)
    assert (got["C"].total, got["C"].margin, got["C"].won) == (2, 2, 0)
    assert got["A"].position < got["C"].position
    assert got["A"].tie == got["C"].tie == TIE_WON


def test_tp4_no_head_to_head_in_seasons():
    # e1: A beats B by 1 (A sole first); e2: B beats A by 1 (B sole first). Both total 2,
    # margin 0, one evening won: level on everything TP-4 names, so they share; there is
    # no head-to-head in seasons. Listed by name: Aap (B) before Zus (A).
    games = evening_duels("e1", ("A", "B", 1)) + evening_duels("e2", ("B", "A", 1))
    lines = season(["e1", "e2"], games, WDL, names={"A": "Zus", "B": "Aap"})
    assert [line.competitor for line in lines] == ["B", "A"]  # Aap before Zus: by name
    assert lines[0].position == lines[1].position == 1
    assert lines[0].tie == TIE_SHARED


def test_tp4_tie_on_total_broken_by_margin():
    games = evening_duels("e1", ("A", "P", 5)) + evening_duels("e2", ("B", "Q", 1))
    got = by(season(["e1", "e2"], games, WDL))
    assert got["A"].position == 1 and got["B"].position == 2
    assert got["A"].tie == got["B"].tie == TIE_MARGIN


# Best 2 of 3. A's evenings, one duel each: e1 a win by 5 (2, +5), then e2 and e3 both
# losses (0 each), so one of them must go. TP-5 strikes the worse margin and keeps the
# other: total 2, margin 5 - 1 = +4, whichever of the two came first (striking the later
# evening would give 5 - 6 = -1 when the worse loss is the earlier one).
@pytest.mark.parametrize(
    ("e2_loss", "e3_loss", "struck", "kept"),
    [
        pytest.param(1, 6, "e3", "e2", id="the-worse-is-later"),
        pytest.param(6, 1, "e2", "e3", id="the-worse-is-earlier"),
    ],
)
def test_tp5_of_equal_evenings_the_worse_margin_is_struck(e2_loss, e3_loss, struck, kept):
    games = (
        evening_duels("e1", ("A", "P", 5))
        + evening_duels("e2", ("P", "A", e2_loss))
        + evening_duels("e3", ("P", "A", e3_loss))
    )
    got = by(season(["e1", "e2", "e3"], games, WDL, best=2))
    a = got["A"]
    assert (a.total, a.margin) == (2, 4)
    cells = {c.evening: c for c in a.evenings}
    assert cells[struck].struck and not cells[struck].counted
    assert cells["e1"].counted and cells[kept].counted and not cells[kept].struck


def test_tp5_lowest_points_go_first_whatever_the_margin():
    # e1 win by 1 (2, +1); e2 draw (1, 0); e3 loss by 1 (0, -1) ... plus a win e4 by 9.
    # best 2: keep e4 (2, +9) and e1 (2, +1): total 4, margin 10; e2 and e3 struck.
    games = [
        *evening_duels("e1", ("A", "P", 1)),
        duel_at("e2", 1, 1, "A", "P", 0, draw=True),
        *evening_duels("e3", ("P", "A", 1)),
        *evening_duels("e4", ("A", "P", 9)),
    ]
    got = by(season(["e1", "e2", "e3", "e4"], games, WDL, best=2))
    a = got["A"]
    assert (a.total, a.margin, a.attended) == (4, 10, 4)
    struck = {c.evening for c in a.evenings if c.struck}
    assert struck == {"e2", "e3"}


def test_tp5_bye_evening_margin_counts_the_average_in_striking():
    # An evening of only a bye: 1 point, margin 0 (no table played that evening: the
    # average is per played table in that tournament, i.e. that evening -> 0).
    # e1: draw (1, 0) ; e2: bye only (1, 0) ; e3: win by 3 (2, +3). best 2: keep e3 and
    # one of the two level evenings (both 1 point, margin 0): total 3, margin 3.
    games = [duel_at("e1", 1, 1, "A", "P", 0, draw=True), *evening_duels("e3", ("A", "P", 3))]
    got = by(season(["e1", "e2", "e3"], games, WDL, byes=[Bye("e2", 1, "A", 2)], best=2))
    a = got["A"]
    assert (a.total, a.margin, a.attended) == (3, 3, 3)
    assert sum(c.struck for c in a.evenings) == 1
