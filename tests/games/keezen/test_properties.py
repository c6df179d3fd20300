"""Keezen properties: simulated games and random boards against a reference mover."""

import copy
import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import cases, registry
from games.base import Case
from games.cards import Card, parse_card
from games.keezen.board import geometry
from games.keezen.checks import move_json, read_request
from games.keezen.rules import Position, Refusal, card_moves, judge_move, keezen_deck
from tests.games.cases_md import KZ_MOVE
from tests.games.helpers import json_values, judged_or_case_error, mutate_drawn, paths

GAME = registry.get("keezen")


RANKS = (14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)


# --- a reference model of the board ----------------------------------------------------


def _walk(players, seat, place, steps, *, into_home, backward):
    """The places a pawn on the track goes through, one step at a time (KZ-1, KZ-5)."""
    length = 16 * players
    entrance = (16 * seat - 1) % length
    path = []
    for _ in range(steps):
        if backward:
            place = (place - 1) % length
        elif isinstance(place, str):
            place = f"home:{int(place[5:]) + 1}"  # only after entering in this move
        elif into_home and place == entrance:
            place = "home:0"
        else:
            place = (place + 1) % length
        path.append(place)
    return path


def _blocks(board, square, players):
    """KZ-3: a pawn of seat t on its own start square 16·t."""
    return square % 16 == 0 and square in board[str(square // 16)] and square < 16 * players


def _move_pawn(board, players, seat, part, *, backward):
    """Walk one pawn; returns the hits. Asserts no blockade is passed or landed on and no
    home pawn jumped or landed on."""
    pawn, steps, into_home = part["pawn"], part["steps"], part.get("into_home", False)
    place = board[str(seat)][pawn]
    assert place != "nest"
    assert isinstance(place, int), f"a pawn in the home moved again ({place}, KZ-5)"
    path = _walk(players, seat, place, steps, into_home=into_home, backward=backward)
    for square in path:
        if isinstance(square, int):
            assert not _blocks(board, square, players), f"blockade on {square} passed"
        else:
            assert int(square[5:]) <= 3 and square not in board[str(seat)], "home jumped"
    if into_home:
        assert isinstance(path[-1], str), "into_home must end in the home"
    board[str(seat)][pawn] = path[-1]
    hits = []
    if isinstance(path[-1], int):
        for other, places in board.items():
            for i, where in enumerate(places):
                if where == path[-1] and (other, i) != (str(seat), pawn):
                    places[i] = "nest"
                    hits.append({"seat": int(other), "pawn": i})
    return hits


def reference_apply(board, players, seat, card, move):
    """The board after ``move`` (in CASES.md notation), and the hits, by the reference model."""
    board = copy.deepcopy(board)
    mover = move.get("for_seat", seat)
    rank = parse_card(card).rank
    if "enter" in move:
        pawn = board[str(mover)].index("nest")
        start = 16 * mover
        assert not _blocks(board, start, players)
        hits = []
        for other, places in board.items():
            for i, where in enumerate(places):
                if where == start:
                    places[i] = "nest"
                    hits.append({"seat": int(other), "pawn": i})
        board[str(mover)][pawn] = start
        return board, hits
    if "swap" in move:
        other_seat, other = move["swap"]["seat"], move["swap"]["pawn"]
        a, b = board[str(mover)][move["pawn"]], board[str(other_seat)][other]
        assert isinstance(a, int) and isinstance(b, int) and b != 16 * other_seat
        board[str(mover)][move["pawn"]], board[str(other_seat)][other] = b, a
        return board, []
    parts = move.get("split", [move])
    hits = []
    own = [isinstance(w, str) and w != "nest" for w in board[str(seat)]]
    for i, part in enumerate(parts):
        whose = mover
        if "split" in move and mover != seat and not all(own):
            # a 7 bringing the last own pawn home, its rest on the partner's pawn (KZ-8)
            whose = seat if i == 0 else mover
            if i == 1:
                assert all(isinstance(w, str) and w != "nest" for w in board[str(seat)])
        assert board[str(whose)][part["pawn"]] != "nest", "a hit pawn moved on"
        hits += _move_pawn(board, players, whose, part, backward=rank == 4)
    return board, hits


def assert_board_invariants(board, players):
    assert sorted(board) == [str(s) for s in range(players)]
    taken = [w for places in board.values() for w in places if isinstance(w, int)]
    assert len(taken) == len(set(taken)), "two pawns on one square"
    assert all(0 <= w < 16 * players for w in taken)
    for places in board.values():
        assert len(places) == 4
        homes = [w for w in places if isinstance(w, str) and w != "nest"]
        assert len(homes) == len(set(homes))


# --- simulated games -------------------------------------------------------------------


class Follower:
    """Walks a replay log with the reference model, judging turns through the checks and
    keeping the cards: each deal's cards are played or laid down, each deck used up."""

    def __init__(self, players, every):
        self.players, self.every = players, every
        self.deck = Counter(keezen_deck(players))
        self.board = {str(s): ["nest"] * 4 for s in range(players)}
        self.hands = {str(s): [] for s in range(players)}
        self.cycle, self.discarded = Counter(), Counter()
        self.next_seat, self.turns, self.winner = 0, 0, None

    def deal(self, deal):
        assert not any(self.hands.values()), "dealt before the last deal was played out"
        if deal["shuffle"]:
            expected = self.deck if self.cycle else Counter()
            assert self.cycle == self.discarded == expected, "cards lost"
            self.cycle, self.discarded = Counter(), Counter()
        dealt = {s: [parse_card(c) for c in h] for s, h in deal["hands"].items()}
        assert {len(h) for h in dealt.values()} == {5 if deal["shuffle"] else 4}
        for hand in dealt.values():
            self.cycle.update(hand)
        assert not self.cycle - self.deck, "more copies dealt than the deck holds"
        self.hands = dealt
        self.next_seat = (deal["dealer"] + 1) % self.players

    def turn(self, event):
        while not self.hands[str(self.next_seat)]:
            self.next_seat = (self.next_seat + 1) % self.players
        seat = event["seat"]
        assert seat == self.next_seat
        held = self.hands[str(seat)]
        base = {
            "game": "keezen",
            "players": self.players,
            "seat": seat,
            "pawns": self.board,
            "hand": [str(c) for c in held],
        }
        if event["move"] == {"fold": True}:
            options = cases.judge({**base, "check": "legal_moves"})["result"]
            assert options["count"] == 0 and options["fold"] is True
            self.discarded.update(held)
            held.clear()
        else:
            card = event["card"]
            board, hits = reference_apply(self.board, self.players, seat, card, event["move"])
            if self.turns % self.every == 0:
                verdict = cases.judge(
                    {**base, "check": "move", "card": card, "move": event["move"]}
                )
                assert verdict["legal"], verdict["violations"]
                assert verdict["result"] == {"pawns_after": board, "hits": hits}
                options = cases.judge({**base, "check": "legal_moves"})["result"]
                assert event["move"] in options["moves"][str(parse_card(card))]
            for hit in hits:
                assert board[str(hit["seat"])][hit["pawn"]] == "nest"
            self.board = board
            held.remove(parse_card(card))
            self.discarded[parse_card(card)] += 1
        assert_board_invariants(self.board, self.players)
        self.next_seat = (seat + 1) % self.players
        self.turns += 1
        half = self.players // 2
        for a in range(half):
            places = self.board[str(a)] + self.board[str(a + half)]
            if all(str(w).startswith("home:") for w in places):
                self.winner = f"{a}+{a + half}"


def follow(log, *, every=1):
    """The board and winner at the end of ``log``, every step checked (see Follower)."""
    follower = Follower(log["players"], every)
    assert log["events"]  # the loop below runs
    for event in log["events"]:
        assert follower.winner is None, "an event after the game ended"
        if "deal" in event:
            follower.deal(event["deal"])
        else:
            follower.turn(event)
    return follower.board, follower.winner


def shut(places):
    """KZ-5: a seat whose home has a free square behind a home pawn can never fill it."""
    slots = {int(w[5:]) for w in places if isinstance(w, str) and w.startswith("home:")}
    return any(taken < free for free in set(range(4)) - slots for taken in slots)


def assert_no_team_can_finish(board, players):
    half = players // 2
    for a in range(half):
        assert shut(board[str(a)]) or shut(board[str(a + half)]), f"team {a}+{a + half}"


# --- generator and judge agree ---------------------------------------------------------


def _candidates(players, rank, mover, seat):
    """Every move a player could write down for a card of ``rank`` (legal or not)."""
    extra = {} if mover == seat else {"for_seat": mover}
    moves = []
    if rank in (14, 13):
        moves.append({"enter": True})
    if rank == 11:
        moves += [
            {"pawn": pawn, "swap": {"seat": other, "pawn": j}}
            for pawn in range(4)
            for other in range(players)
            for j in range(4)
        ]
    if rank == 7:
        moves += [
            {
                "split": [
                    {"pawn": a, "steps": k, "into_home": fa},
                    {"pawn": b, "steps": 7 - k, "into_home": fb},
                ]
            }
            for a in range(4)
            for b in range(4)
            for k in range(1, 7)
            for fa in (False, True)
            for fb in (False, True)
        ]
    if rank == 7 and mover == seat:
        # KZ-8: the last own pawn home, the rest on the partner's pawn, or lapsing
        partner = (seat + players // 2) % players
        moves += [
            {
                "split": [
                    {"pawn": a, "steps": k, "into_home": fa},
                    {"pawn": b, "steps": 7 - k, "into_home": fb},
                ],
                "for_seat": partner,
            }
            for a in range(4)
            for b in range(4)
            for k in range(1, 7)
            for fa in (False, True)
            for fb in (False, True)
        ]
        moves += [
            {"pawn": pawn, "steps": k, "into_home": True} for pawn in range(4) for k in range(1, 7)
        ]
    if rank not in (11, 13):
        steps = {14: 1, 12: 12}.get(rank, rank)
        moves += [
            {"pawn": pawn, "steps": steps, "into_home": flag}
            for pawn in range(4)
            for flag in (False, True)
        ]
    return [{**move, **extra} for move in moves]


def _request(move, players):
    return read_request(Case(move, "move"), players)


def assert_generator_matches_judge(position, seat):
    players = position.g.players
    mover = position.mover(seat)
    for rank in RANKS:
        card = Card(rank, "H")
        generated = {}
        for move in card_moves(position, mover, rank, mover == seat):
            board = position.copy()
            hits = board.apply(move)
            key = tuple(board.pos)
            assert key not in generated, f"{card}: two listed moves with one outcome"
            generated[key] = (move, hits)
            # the judge accepts the listed move and plays it the same way
            judged = position.copy()
            assert (
                judge_move(judged, seat, card, _request(move_json(move, seat, mover), players), str)
                == hits
            )
            assert judged.pos == board.pos
        legal = set()
        for move in _candidates(players, rank, mover, seat):
            judged = position.copy()
            try:
                judge_move(judged, seat, card, _request(move, players), str)
            except Refusal as refusal:
                assert refusal.rule.startswith("KZ-")
                continue
            legal.add(tuple(judged.pos))
        assert legal == set(generated), f"{card}: generator and judge differ"


def _place(where, length):
    if where == "nest":
        return -1
    if isinstance(where, int):
        return where
    return length + int(where[5:])


# --- garbage ---------------------------------------------------------------------------

JSON = json_values(
    ["nest", "home:2", "home:9", "7H", "JK", "0+2"],
    integers=(-(2**70), 2**70),
    text_size=8,
    keys=st.sampled_from(
        [
            "0",
            "1",
            "2",
            "3",
            "pawn",
            "steps",
            "split",
            "swap",
            "seat",
            "enter",
            "fold",
            "for_seat",
            "into_home",
            "deal",
            "hands",
            "move",
        ]
    ),
    max_leaves=20,
)


VALID = [
    {**KZ_MOVE, "hand": ["7H", "AS"]},
    {
        "game": "keezen",
        "check": "legal_moves",
        "players": 6,
        "seat": 1,
        "pawns": {
            "0": [1, 2, 3, 4],
            "1": ["home:0", "home:1", "home:2", "home:3"],
            "2": [40, "nest", "nest", "nest"],
            "3": ["nest"] * 4,
            "4": [70, 64, 80, "nest"],
            "5": ["nest"] * 4,
        },
        "hand": ["7S", "JH", "4C", "AD", "QS"],
    },
    {
        "game": "keezen",
        "check": "game_score",
        "players": 4,
        "options": {"win_bonus": 5},
        "pawns_home": {"0+2": 8, "1+3": 2},
        "winner": "0+2",
        "points": {"0+2": 21},
    },
    GAME.simulate(3).log | {"events": GAME.simulate(3).log["events"][:40]},
]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.sampled_from([4, 6]))
def test_simulated_games_replay_legal_and_keep_the_invariants(seed, players):
    sim = GAME.simulate(seed, players=players)
    log = json.loads(json.dumps(sim.log))
    verdict = cases.judge(log)
    assert verdict["legal"], verdict["violations"][:3]
    result = verdict["result"]
    assert {k: v for k, v in result.items() if k != "pawns_after"} == sim.summary
    if not sim.summary["finished"]:
        assert_no_team_can_finish(result["pawns_after"], players)
    else:
        assert sim.summary["winner"] is not None
    assert sim.decisions == sim.summary["turns"] == sum("deal" not in e for e in log["events"])
    board, winner = follow(log, every=7)
    assert board == result["pawns_after"] and winner == sim.summary["winner"]
    assert winner is None or sim.summary["pawns_home"][winner] == 8
    # record=False plays the same game
    quiet = GAME.simulate(seed, players=players, record=False)
    assert quiet.summary == sim.summary and quiet.decisions == sim.decisions


def test_simulated_players_fill_their_homes_from_the_back():
    # A pawn in the home never moves again (KZ-5), so the simulated players place home pawns
    # as deep as possible (the seed's advice): random play still ends with a winner.
    for seed, players in ((1, 4), (2, 6), (3, 4), (4, 6)):
        sim = GAME.simulate(seed, players=players)
        assert sim.summary["finished"] and sim.summary["winner"] is not None
        board, _ = follow(sim.log, every=50)
        for places in board.values():
            slots = sorted(int(w[5:]) for w in places if str(w).startswith("home:"))
            assert slots == list(range(4 - len(slots), 4)), places


def test_a_whole_game_judged_move_by_move():
    for seed, players in ((1, 4), (2, 6)):
        sim = GAME.simulate(seed, players=players)
        assert follow(sim.log, every=1)[1] == sim.summary["winner"]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([4, 6]), stride=st.integers(30, 60))
def test_every_legal_move_is_listed_once_and_every_listed_move_is_legal(seed, players, stride):
    sim = GAME.simulate(seed, players=players)
    g = geometry(players)
    board = {str(s): ["nest"] * 4 for s in range(players)}
    turn = checked = 0
    for event in sim.log["events"]:
        if "deal" in event or event["move"].get("fold"):
            continue
        if turn % stride == 0:
            pos = [_place(w, g.length) for s in range(players) for w in board[str(s)]]
            assert_generator_matches_judge(Position(g, pos), event["seat"])
            checked += 1
        board = reference_apply(board, players, event["seat"], event["card"], event["move"])[0]
        turn += 1
    assert checked  # at least the first move was compared


def test_generator_matches_judge_on_crowded_boards():
    # Pawns near starts, entrances and homes: blockades, home jumps, 7s hitting own pawns.
    boards = [
        {
            0: [0, 62, 61, "home:1"],
            1: [16, 1, 3, "nest"],
            2: [60, 63, 2, "home:0"],
            3: [48, 47, 5, 6],
        },
        {
            0: [63, 58, "home:3", "home:0"],
            1: [59, 60, 61, 62],
            2: [0, 4, "nest", "nest"],
            3: [7, 8, 9, 10],
        },
        {0: ["home:0", "home:1", "home:2", "home:3"], 2: [31, 30, 32, 26], 1: [16, 28, 29, 27]},
        {0: [10, 11, 12, 14], 1: [13, 15, 17, 18], 3: [20, 21, 22, "home:2"]},
    ]
    g = geometry(4)
    for board in boards:
        pos = [_place(w, g.length) for s in range(4) for w in board.get(s, ["nest"] * 4)]
        for seat in range(4):
            assert_generator_matches_judge(Position(g, pos), seat)


@settings(max_examples=200, deadline=None)
@given(
    check=st.sampled_from(["move", "legal_moves", "game_score", "replay"]),
    fields=st.dictionaries(
        st.sampled_from(
            [
                "players",
                "seat",
                "pawns",
                "card",
                "hand",
                "move",
                "pawns_home",
                "winner",
                "points",
                "events",
                "options",
            ]
        ),
        JSON,
        max_size=8,
    ),
)
def test_random_json_never_raises_anything_but_case_error(check, fields):
    judged_or_case_error({"game": "keezen", "check": check, **fields})


@settings(max_examples=200, deadline=None)
@given(data=st.data(), which=st.integers(0, len(VALID) - 1))
def test_mutated_cases_give_a_verdict_or_a_case_error(data, which):
    case = copy.deepcopy(VALID[which])
    places = [p for p in paths(case, max_items=8) if p and p[0] not in ("game", "check")]
    path = data.draw(st.sampled_from(places))
    mutate_drawn(data, case, path, JSON, ["7H", "AS", "JK", "KD", 5, "home:3", None])
    judged_or_case_error(case)


def test_a_log_with_a_move_changed_is_refused_citing_a_rule():
    log = GAME.simulate(8).log
    turns = [i for i, e in enumerate(log["events"]) if "card" in e]
    changed = 0
    for i in turns[5:60:5]:
        events = copy.deepcopy(log["events"])
        move = events[i]["move"]
        if "pawn" in move and "steps" in move:
            move["steps"] += 1
        elif "enter" in move:
            move.clear()
            move.update({"pawn": 0, "steps": 1, "into_home": True})
        else:
            continue
        verdict = cases.judge({**log, "events": events})
        assert not verdict["legal"] and verdict["violations"][0]["at"] == i
        assert verdict["violations"][0]["rule"] in {"KZ-2", "KZ-3", "KZ-4", "KZ-5", "KZ-8"}
        changed += 1
    assert changed  # some moves were changed and judged


# --- the simulated players and homes that can no longer be filled (KZ-5) ------------------


def test_a_move_that_shuts_a_home_square_is_recognised():
    from games.keezen.rules import FORWARD, SPLIT
    from games.keezen.simulate import OPEN_HOMES, _shuts_home

    length = 64
    assert sorted(OPEN_HOMES) == [0b0000, 0b1000, 0b1100, 0b1110, 0b1111]
    # into home:0 of an empty home leaves home:1 … home:3 free behind it for good
    assert _shuts_home((FORWARD, 0, length + 0, 1, True), 0, length)
    assert not _shuts_home((FORWARD, 0, length + 3, 4, True), 0, length)
    assert _shuts_home((FORWARD, 0, length + 1, 2, True), 0b1000, length)
    assert not _shuts_home((FORWARD, 0, length + 2, 3, True), 0b1000, length)
    assert not _shuts_home((FORWARD, 0, 5, 5, False), 0, length)  # round the track
    both = (SPLIT, 0, length + 3, 4, True, 1, length + 2, 3, True)
    assert not _shuts_home(both, 0, length)
    assert _shuts_home((SPLIT, 0, length + 2, 3, True, 1, 20, 4, False), 0, length)


def test_a_simulated_game_stops_when_no_team_can_finish():
    from games.keezen.simulate import _Game

    game = _Game(1, 4, record=False)
    g = geometry(4)
    home = g.length
    # seat 0 (team 0+2) shut its home (home:0 taken, home:1 … home:3 free for good); seat 1
    # (team 1+3) has not yet: the game goes on
    pos = [home, 5, -1, -1, 20, -1, -1, -1, 40, -1, -1, -1, 50, -1, -1, -1]
    game.position = Position(g, pos)
    assert not game.hopeless()
    # once seat 1's home is shut too, neither team can bring all eight home
    pos[5] = home + 1
    game.position = Position(g, pos)
    assert game.hopeless()
    # ... and a deal on such a board ends after its first move, the game unfinished
    game.position = Position(g, pos)
    hands = [[game.kinds.index(Card(2, "H"))] for _ in range(4)]
    assert game.play_deal(hands, 1) is True and game.stopped
    assert game.position.winner() is None
