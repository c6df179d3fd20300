"""Keezen ``legal_moves``: every legal move listed once, nothing else."""

import itertools

from tests.games.keezen.helpers import (
    ALL_HOME,
    NEST,
    judge_move_case,
    legal_move_result,
    legal_moves_result,
    listed_moves,
    move_outcome_key,
    pawns_board,
)

# --- legal_moves: every distinct outcome exactly once -------------------------------------------


def director_moves_for_card(rank, extra):
    """Every move a director could write down for a card of ``rank``."""
    if rank in ("A", "K"):
        yield {"enter": True, **extra}
    if rank == "K":
        return
    if rank == "J":
        for i, s, j in itertools.product(range(4), range(6), range(4)):
            yield {"pawn": i, "swap": {"seat": s, "pawn": j}, **extra}
        return
    steps = {"A": 1, "Q": 12}.get(rank) or int(rank)
    for i, home in itertools.product(range(4), (False, True)):
        yield {"pawn": i, "steps": steps, "into_home": home, **extra}
    if rank == "7":
        for (i, j), a, (h1, h2) in itertools.product(
            itertools.permutations(range(4), 2), range(1, 7), itertools.product((0, 1), repeat=2)
        ):
            parts = [
                {"pawn": i, "steps": a, "into_home": bool(h1)},
                {"pawn": j, "steps": 7 - a, "into_home": bool(h2)},
            ]
            yield {"split": parts, **extra}


def director_moves(pawns, card, seat, players):
    """Every move for ``card`` with the own pawns or the partner's."""
    out = []
    for who in (seat, (seat + players // 2) % players):
        extra = {} if who == seat else {"for_seat": who}
        out.extend(
            mv
            for mv in director_moves_for_card(card[:-1], extra)
            if "swap" not in mv or mv["swap"]["seat"] < players
        )
    return out


def assert_listing_is_complete(pawns, hand, seat=0, players=4):
    listed = listed_moves(pawns, hand, seat=seat, players=players)
    assert hand  # the loop below runs
    for card in hand:
        seen = {}
        for mv in listed[card]:
            result = legal_move_result(judge_move_case(pawns, card, mv, seat=seat, players=players))
            key = move_outcome_key(result)
            assert key not in seen, (card, mv, seen.get(key))
            seen[key] = mv
        expected = set()
        for mv in director_moves(pawns, card, seat, players):
            verdict = judge_move_case(pawns, card, mv, seat=seat, players=players)
            if verdict["legal"]:
                expected.add(move_outcome_key(verdict["result"]))
        assert set(seen) == expected, card
    return listed


def test_legal_moves_lists_every_card_and_move_once():
    result = legal_moves_result(
        ["7H", "JS", "4C", "AS", "KD", "KH"],
        pawns={0: ["nest", 20, 5, "home:0"], 1: [16, *NEST[1:]], 3: [40, 3, "nest", "nest"]},
    )
    moves = result["moves"]
    assert list(moves) == ["7H", "JS", "4C", "AS", "KD", "KH"]
    assert moves["4C"] == [{"pawn": 2, "steps": 4}]  # pawn 1 would land on seat 1's blockade
    assert moves["KD"] == moves["KH"] == [{"enter": True}]
    assert moves["JS"] == [
        {"pawn": p, "swap": {"seat": 3, "pawn": q}} for p in (1, 2) for q in (0, 1)
    ]
    # 7: pawns 1 and 2 on the track split it (1 … 6 steps for pawn 1); pawn 3 on home:0
    # never moves again (KZ-5) and does not count for the split (KZ-2)
    assert moves["7H"] == [
        {"split": [{"pawn": 1, "steps": k}, {"pawn": 2, "steps": 7 - k}]} for k in range(1, 7)
    ]
    assert result["count"] == sum(map(len, moves.values()))
    for listed in moves.values():
        assert len({repr(m) for m in listed}) == len(listed)


def test_legal_moves_of_a_seven_lists_both_orders_only_when_they_differ():
    result = legal_moves_result(["7D"], pawns={0: [10, 11, "nest", "nest"]})
    splits = [tuple((p["pawn"], p["steps"]) for p in m["split"]) for m in result["moves"]["7D"]]
    # pawn 0 going 1 would hit pawn 1: only pawn 1 first; both on 14 (4 + 3): two outcomes
    assert splits == [
        ((0, 2), (1, 5)),
        ((0, 3), (1, 4)),
        ((0, 4), (1, 3)),
        ((0, 5), (1, 2)),
        ((0, 6), (1, 1)),
        ((1, 6), (0, 1)),
        ((1, 3), (0, 4)),
    ]


def test_legal_moves_offers_the_home_and_the_way_round():
    result = legal_moves_result(["3S"], pawns={0: [62, *NEST[1:]]})
    assert result["moves"]["3S"] == [
        {"pawn": 0, "steps": 3},
        {"pawn": 0, "steps": 3, "into_home": True},
    ]


def test_listing_seven_two_free_pawns_six_splits():
    listed = assert_listing_is_complete(pawns_board(s0=[10, 30, "nest", "nest"]), ["7H"])
    assert len(listed["7H"]) == 6


def test_listing_seven_order_matters_when_a_part_hits():
    # pawns on 10 and 13 (see the KZ-4 tests): splits 1..6 for pawn 0, and 5+2 in both orders
    listed = assert_listing_is_complete(pawns_board(s0=[10, 13, "nest", "nest"]), ["7H"])
    assert len(listed["7H"]) == 7


def test_listing_seven_with_home_choice():
    listed = assert_listing_is_complete(pawns_board(s0=[61, 30, "nest", "nest"]), ["7H"])
    # pawn 0 (61) takes a = 1..6; with a = 3..6 it may go into the home (home:0 … home:3)
    assert len(listed["7H"]) == 6 + 4


def test_listing_seven_blockade_order():
    assert_listing_is_complete(pawns_board(s0=[0, 60, "nest", "nest"]), ["7H"])


def test_listing_seven_second_part_freed_by_the_first():
    # pawn 1 on 63 cannot move before the card (own blockade on 0, home:0 taken), but once
    # the split is due (pawns 0 and 2 on the track can move) and pawn 0 leaves square 0 in
    # the first part, pawn 1 may take the rest
    pawns = pawns_board(s0=[0, 63, 30, "home:0"])
    result = legal_move_result(
        judge_move_case(pawns, "7H", {"split": [{"pawn": 0, "steps": 5}, {"pawn": 1, "steps": 2}]})
    )
    assert result["pawns_after"]["0"] == [5, 1, 30, "home:0"]
    listed = assert_listing_is_complete(pawns, ["7H"])
    assert len(listed["7H"]) == 6 + 6  # pawn 0 with pawn 2, pawn 0 then pawn 1
    # the same for a partner's pawns
    pawns = pawns_board(s0=ALL_HOME, s2=[32, 31, 50, "home:0"])
    listed = assert_listing_is_complete(pawns, ["7H"])
    assert {"split": [{"pawn": 0, "steps": 5}, {"pawn": 1, "steps": 2}], "for_seat": 2} in (
        listed["7H"]
    )


def test_listing_seven_home_pawns_never_make_the_split_due():
    # KZ-2 (RULES.md): only pawns on the track count. Pawn 0 on its start square is the
    # only one that can move before the card (pawn 1 behind it cannot, the home pawns never
    # move, KZ-5): all seven go with pawn 0, and no split is listed or allowed.
    pawns = pawns_board(s0=[0, 63, "home:0", "home:1"])
    listed = assert_listing_is_complete(pawns, ["7H"])
    assert listed["7H"] == [{"pawn": 0, "steps": 7}]
    verdict = judge_move_case(
        pawns, "7H", {"split": [{"pawn": 0, "steps": 5}, {"pawn": 1, "steps": 2}]}
    )
    assert not verdict["legal"] and verdict["violations"][0]["rule"] == "KZ-2"


def test_listing_crowded_board():
    pawns = pawns_board(
        s0=[0, 60, 5, "home:3"],
        s1=[16, 10, "nest", "nest"],
        s2=[62, "nest", "nest", "nest"],
        s3=[48, 2, "nest", "nest"],
    )
    assert_listing_is_complete(pawns, ["7H", "AS", "4C", "JD", "KH"])


def test_listing_counts_simple_cards():
    pawns = pawns_board(s0=[10, 20, "nest", "nest"], s1=[30, *NEST[1:]], s2=[40, *NEST[1:]])
    pawns["3"] = [48, "nest", "nest", "nest"]
    listed = assert_listing_is_complete(pawns, ["AS", "JD", "4C", "KH", "5D"])
    assert len(listed["AS"]) == 3  # enter, pawn 0 +1, pawn 1 +1
    assert len(listed["KH"]) == 1
    assert len(listed["JD"]) == 4  # 2 own x (seat 1 and partner seat 2); seat 3 is blocked
    assert len(listed["4C"]) == 2
    assert len(listed["5D"]) == 2


def test_listing_keys_are_canonical_cards():
    listed = listed_moves(pawns_board(), ["kh", "♠A", "klaveren 5"])
    assert set(listed) == {"KH", "AS", "5C"}


def test_listing_six_players():
    pawns = pawns_board(6, s1=[20, 70, "nest", "nest"], s4=[64, *NEST[1:]])
    assert_listing_is_complete(pawns, ["7C", "JC", "AD"], seat=1, players=6)


def test_listing_for_partner():
    pawns = pawns_board(s0=ALL_HOME, s2=[40, 50, "nest", "nest"])
    assert_listing_is_complete(pawns, ["7C", "AD"])
