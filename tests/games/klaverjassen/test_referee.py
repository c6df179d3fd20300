"""An independent referee of klaverjassen, written from RULES.md (KJ-1 … KJ-7) and the
package docstring's readings alone, and differential tests of the engine's check_hand
cases (``trick``, ``roem``, ``deal``, ``deal_score``) against it on seeded random cases."""

import itertools
import random

import pytest

from games.cases import judge

RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]  # natural order (KJ-4)
SUITS = "SHDC"
DECK = [r + s for s in SUITS for r in RANKS]
TRUMP_ORDER = ["J", "9", "A", "10", "K", "Q", "8", "7"]  # KJ-2, highest first
PLAIN_ORDER = ["A", "10", "K", "Q", "J", "9", "8", "7"]
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
VARIANTS = ["rotterdams", "amsterdams"]


def rank(card):
    return card[:-1]


def suit(card):
    return card[-1]


def points(card, trump):
    return (TRUMP_POINTS if suit(card) == trump else PLAIN_POINTS)[rank(card)]


def power(card, trump, led):
    """Higher wins: any trump beats any other card, the suit led beats the rest."""
    if suit(card) == trump:
        return 100 - TRUMP_ORDER.index(rank(card))
    if suit(card) == led:
        return 50 - PLAIN_ORDER.index(rank(card))
    return 0


def trick_winner(plays, trump):
    """plays: [(seat, card)] leader first; the seat that wins (KJ-2)."""
    led = suit(plays[0][1])
    return max(plays, key=lambda p: power(p[1], trump, led))[0]


def trump_power(card):
    return 100 - TRUMP_ORDER.index(rank(card))


def legal(plays, hand, trump, variant, seat):
    """(the legal cards, {illegal card: duty}) for ``seat`` to play after ``plays`` (KJ-3
    and the package's readings)."""
    if not plays:
        return list(hand), {}
    led = suit(plays[0][1])
    trumps_in = [trump_power(c) for _s, c in plays if suit(c) == trump]
    high = max(trumps_in, default=None)
    mine = [c for c in hand if suit(c) == trump]
    higher = [c for c in mine if high is None or trump_power(c) > high]
    if led == trump:
        return _trump_led(hand, mine, higher)
    following = [c for c in hand if suit(c) == led]
    if following:
        return following, {c: "follow" for c in hand if suit(c) != led}
    partner_wins = trick_winner(plays, trump) == (seat + 2) % 4
    lower = [c for c in mine if c not in higher]
    others = [c for c in hand if suit(c) != trump]
    if variant == "amsterdams" and partner_wins:
        ok = [c for c in hand if c not in lower] or list(hand)
        return ok, {c: "no undertrump" for c in hand if c not in ok}
    if higher:
        word = "trump" if high is None else "overtrump"
        return higher, {c: word for c in hand if c not in higher}
    # no trump that may be played over the trick: no undertrump while holding another
    ok = others or list(hand)
    return ok, {c: "no undertrump" for c in hand if c not in ok}


def _trump_led(hand, mine, higher):
    """Trump led: follow with trump, a higher one when held (in both variants)."""
    if not mine:
        return list(hand), {}
    ok = higher or mine
    duty = {c: "follow" if c not in mine else "overtrump" for c in hand if c not in ok}
    return ok, duty


def roem(cards, trump, four_of_a_kind=True):
    """The roem points of four cards falling together (KJ-4)."""
    ranks = {rank(c) for c in cards}
    if len(ranks) == 1:
        if not four_of_a_kind:
            return 0
        return {"J": 200, "A": 100, "K": 100, "Q": 100, "10": 100}.get(rank(cards[0]), 0)
    total = 0
    for s in SUITS:
        idx = sorted(RANKS.index(rank(c)) for c in cards if suit(c) == s)
        best = run = 1 if idx else 0
        for a, b in itertools.pairwise(idx):
            run = run + 1 if b == a + 1 else 1
            best = max(best, run)
        total += {3: 20, 4: 50}.get(best, 0)
    if "K" + trump in cards and "Q" + trump in cards:
        total += 20
    return total


def score_row(playing, pts, rm, *, pit_team, verzaakt, verzaken):
    """A deal's score and penalty (per team) from points, roem (without pit), pit team,
    the reneging team (KJ-5 … KJ-7)."""
    rm = list(rm)
    if pit_team is not None:
        rm[pit_team] += 100
    total = [pts[t] + rm[t] for t in (0, 1)]
    penalty = [0, 0]
    if verzaakt is not None and verzaken == "deal":
        score = [0, 0]
        score[1 - verzaakt] = 162 + sum(rm)
        return score, penalty, None
    if verzaakt is not None:
        penalty[verzaakt] = 100
    nat = total[playing] <= total[1 - playing]
    if nat:
        score = [0, 0]
        score[1 - playing] = 162 + sum(rm)
        return score, penalty, True
    return total, penalty, False


# ---------------------------------------------------------------------------------------
# the referee's own checks: known answers from the rules text


def test_referee_knows_the_rules_text():
    assert sum(points(c, "H") for c in DECK) + 10 == 162
    assert roem(["QS", "KS", "JS", "7D"], "S") == 40
    assert roem(["7D", "8D", "9D", "10D"], "S") == 50
    assert roem(["JC", "JS", "JH", "JD"], "S") == 200
    assert roem(["9C", "9S", "9H", "9D"], "S") == 0
    assert roem(["AC", "AS", "AH", "AD"], "S", four_of_a_kind=False) == 0
    assert trick_winner([(1, "AS"), (2, "7H"), (3, "10S"), (0, "JS")], "H") == 2
    ok, duty = legal([(1, "AS"), (2, "JH")], ["7S", "KC", "9H"], "H", "amsterdams", 3)
    assert ok == ["7S"] and duty["KC"] == "follow"


# ---------------------------------------------------------------------------------------
# trick: random positions in both variants


def random_trick(rng):
    deck = DECK[:]
    rng.shuffle(deck)
    n = rng.randrange(4)
    leader = rng.randrange(4)
    plays = [((leader + i) % 4, deck[i]) for i in range(n)]
    # a hand biased towards trumps and the suit led, where the duties bite
    hand = deck[n : n + rng.randint(1, 8)]
    return leader, plays, hand


@pytest.mark.parametrize("seed", range(4))
def test_trick_verdicts_agree_with_the_referee(seed):
    rng = random.Random(seed)
    for _ in range(750):
        trump = rng.choice(SUITS)
        variant = rng.choice(VARIANTS)
        foak = rng.random() < 0.8
        leader, plays, hand = random_trick(rng)
        seat = (leader + len(plays)) % 4
        card = rng.choice(hand)
        case = {
            "game": "klaverjassen",
            "check": "trick",
            "options": {"variant": variant, "four_of_a_kind": foak},
            "trump": trump,
            "trick": [{"seat": s, "card": c} for s, c in plays],
            "hand": hand,
            "card": card,
        }
        out = judge(case)
        ok, duty = legal(plays, hand, trump, variant, seat)
        where = (case, out)
        assert sorted(out["result"]["legal_cards"]) == sorted(ok), where
        assert out["legal"] == (card in ok), where
        assert out["result"]["duty"] == duty.get(card), where
        if not out["legal"]:
            assert [v["rule"] for v in out["violations"]] == ["KJ-3"], where
        if len(plays) == 3:
            four = [*plays, (seat, card)]
            assert out["result"]["winner"] == trick_winner(four, trump), where
            cards = [c for _s, c in four]
            assert out["result"]["roem_points"] == roem(cards, trump, foak), where


def test_roem_of_random_and_crafted_tricks():
    rng = random.Random(7)
    tricks = [rng.sample(DECK, 4) for _ in range(1500)]
    for s in SUITS:  # sequences of every length and place, four of a kind
        for i in range(8):
            tricks.append([RANKS[(i + k) % 8] + s for k in range(4)])
            tricks.append([RANKS[(i + k) % 8] + s for k in range(3)] + ["7" + SUITS[0]])
    tricks += [[r + s for s in SUITS] for r in RANKS]
    for cards in tricks:
        if len(set(cards)) < 4:
            continue
        trump = rng.choice(SUITS)
        leader = rng.randrange(4)
        foak = rng.random() < 0.7
        out = judge(
            {
                "game": "klaverjassen",
                "check": "roem",
                "options": {"four_of_a_kind": foak},
                "trump": trump,
                "cards": cards,
                "leader": leader,
            }
        )
        plays = [((leader + i) % 4, c) for i, c in enumerate(cards)]
        where = (cards, trump, foak, out)
        assert out["result"]["roem_points"] == roem(cards, trump, foak), where
        assert out["result"]["winner"] == trick_winner(plays, trump), where
        items = out["result"]["roem"]
        assert sum(int(item.rsplit(" ", 1)[1]) for item in items) == roem(cards, trump, foak)


# ---------------------------------------------------------------------------------------
# deal: random deals played out, sometimes with a renege


def random_deal(rng, variant, renege):
    deck = DECK[:]
    rng.shuffle(deck)
    hands = [deck[i * 8 : i * 8 + 8] for i in range(4)]
    trump = rng.choice(SUITS)
    held = [list(h) for h in hands]
    leader = first = rng.randrange(4)
    tricks = []
    for _t in range(8):
        plays = []
        for i in range(4):
            seat = (leader + i) % 4
            ok, _duty = legal(plays, held[seat], trump, variant, seat)
            card = rng.choice(held[seat] if rng.random() < renege else ok)
            held[seat].remove(card)
            plays.append((seat, card))
        tricks.append([c for _s, c in plays])
        leader = trick_winner(plays, trump)
    return hands, trump, first, tricks


def referee_deal(hands, trump, first, tricks, *, unclaimed, variant, four_of_a_kind=True):
    held = [list(h) for h in hands]
    leader = first
    pts, rm, winners = [0, 0], [0, 0], []
    reneges = []
    for t, cards in enumerate(tricks):
        plays = []
        for i, card in enumerate(cards):
            seat = (leader + i) % 4
            ok, duty = legal(plays, held[seat], trump, variant, seat)
            if card not in ok:
                reneges.append({"at": t * 4 + i, "seat": seat, "team": seat % 2,
                                "duty": duty[card]})  # fmt: skip
            held[seat].remove(card)
            plays.append((seat, card))
        leader = trick_winner(plays, trump)
        winners.append(leader)
        team = leader % 2
        pts[team] += sum(points(c, trump) for c in cards) + (10 if t == 7 else 0)
        if t not in unclaimed:
            rm[team] += roem(cards, trump, four_of_a_kind)
    pit = None
    if len(tricks) == 8 and len({w % 2 for w in winners}) == 1:
        pit = winners[0] % 2
    first_renege = reneges[0] if reneges else None
    vteam = first_renege["team"] if first_renege else None
    return pts, rm, pit, reneges, first_renege, vteam


@pytest.mark.parametrize("verzaken", ["deal", "minus100"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_deal_results_agree_with_the_referee(variant, verzaken):
    rng = random.Random(f"{variant}-{verzaken}")
    for n in range(300):
        renege = [0.0, 0.02, 0.1][n % 3]
        hands, trump, first, tricks = random_deal(rng, variant, renege)
        playing = rng.randrange(2)
        unclaimed = sorted(rng.sample(range(8), rng.randrange(3)))
        case = {
            "game": "klaverjassen",
            "check": "deal",
            "options": {"variant": variant, "verzaken": verzaken},
            "hands": hands,
            "trump": trump,
            "playing_team": playing,
            "first_leader": first,
            "tricks": tricks,
            "unclaimed": unclaimed,
        }
        out = judge(case)
        pts, rm, pit, reneges, first_renege, vteam = referee_deal(
            hands, trump, first, tricks, unclaimed=unclaimed, variant=variant
        )
        r = out["result"]
        where = (case, out)
        assert [v["at"] for v in out["violations"]] == [x["at"] for x in reneges], where
        assert r["verzaakt"] == first_renege, where
        assert r["points"] == pts, where
        assert r["roem"] == rm, where
        assert r["pit"] == pit, where
        score, penalty, nat = score_row(
            playing, pts, rm, pit_team=pit, verzaakt=vteam, verzaken=verzaken
        )
        assert r["score"] == score, where
        if nat is not None:
            assert r["nat"] == nat, where
        seat_penalty = [0] * 4
        if first_renege and verzaken == "minus100":
            seat_penalty[first_renege["seat"]] = penalty[vteam]
        assert [abs(p) for p in r["penalty"]] == seat_penalty, where


# ---------------------------------------------------------------------------------------
# deal_score: random briefje rows


ROEMS = [0, 0, 0, 20, 20, 40, 50, 70, 100, 120, 200]


@pytest.mark.parametrize("verzaken", ["deal", "minus100"])
def test_deal_score_rows_agree_with_the_referee(verzaken):
    rng = random.Random(41 if verzaken == "deal" else 42)
    for _ in range(1500):
        playing = rng.randrange(2)
        p0 = rng.choice([0, 162, rng.randrange(0, 163)])
        pts = [p0, 162 - p0]
        rm = [rng.choice(ROEMS), rng.choice(ROEMS)]
        pit_team = None
        for t in (0, 1):
            if pts[1 - t] == 0 and rng.random() < 0.7:
                rm[1 - t] = 0
                pit_team = t
        vteam = rng.choice([None, None, None, 0, 1])
        pit = pit_team is not None
        _score, _pen, nat = score_row(
            playing, pts, rm, pit_team=pit_team, verzaakt=None, verzaken=verzaken
        )
        row = {"playing": playing, "points": pts, "roem": rm, "nat": nat,
               "pit": pit, "verzaakt": vteam}  # fmt: skip
        out = judge({"game": "klaverjassen", "check": "deal_score",
                     "options": {"verzaken": verzaken}, "row": row})  # fmt: skip
        where = (row, verzaken, out)
        score, penalty, _nat = score_row(
            playing, pts, rm, pit_team=pit_team, verzaakt=vteam, verzaken=verzaken
        )
        assert out["legal"], where
        assert out["result"]["score"] == score, where
        assert [abs(p) for p in out["result"]["penalty"]] == penalty, where
        if vteam is None or verzaken == "minus100":
            assert out["result"]["nat"] == nat, where
        # the nat mark flipped is a KJ-5 violation
        if vteam is None:
            wrong = dict(row, nat=not nat)
            bad = judge({"game": "klaverjassen", "check": "deal_score",
                         "options": {"verzaken": verzaken}, "row": wrong})  # fmt: skip
            assert "KJ-5" in [v["rule"] for v in bad["violations"]], (wrong, bad)


# ---------------------------------------------------------------------------------------
# the corners: hands of trumps and the suit led, stopped deals, the options


@pytest.mark.parametrize("seed", range(3))
def test_trick_verdicts_with_hands_of_trumps_and_the_suit_led(seed):
    rng = random.Random(100 + seed)
    for _ in range(700):
        trump, other = rng.sample(SUITS, 2)
        variant = rng.choice(VARIANTS)
        led = rng.choice([trump, other])
        n = rng.randint(1, 3)
        leader = rng.randrange(4)
        pool = [c for c in DECK if suit(c) in {trump, led, rng.choice(SUITS)}]
        rng.shuffle(pool)
        first = rng.choice([c for c in pool if suit(c) == led])
        pool.remove(first)
        played = [first, *pool[: n - 1]]
        rest = [c for c in pool[n - 1 :] if rng.random() < 0.5 or suit(c) == trump]
        hand = rng.sample(rest, min(len(rest), rng.randint(1, 8)))
        plays = [((leader + i) % 4, c) for i, c in enumerate(played)]
        seat = (leader + n) % 4
        for card in hand:
            out = judge(
                {
                    "game": "klaverjassen",
                    "check": "trick",
                    "options": {"variant": variant},
                    "trump": trump,
                    "trick": [{"seat": s, "card": c} for s, c in plays],
                    "hand": hand,
                    "card": card,
                }
            )
            ok, duty = legal(plays, hand, trump, variant, seat)
            where = (trump, variant, plays, hand, card, out)
            assert sorted(out["result"]["legal_cards"]) == sorted(ok), where
            assert out["result"]["duty"] == duty.get(card), where


@pytest.mark.parametrize("variant", VARIANTS)
def test_stopped_deals_and_options_agree_with_the_referee(variant):
    rng = random.Random(f"stopped-{variant}")
    for n in range(300):
        hands, trump, first, tricks = random_deal(rng, variant, 0.05)
        playing = rng.randrange(2)
        unclaimed = sorted(rng.sample(range(8), rng.randrange(4)))
        claim = n % 4 != 0
        foak = n % 3 != 0
        _p, _r, _pit, reneges, _f, _v = referee_deal(
            hands, trump, first, tricks, unclaimed=[], variant=variant
        )
        if reneges and n % 2:  # the table stops at the first renege
            tricks = tricks[: reneges[0]["at"] // 4 + 1]
        case = {
            "game": "klaverjassen",
            "check": "deal",
            "options": {"variant": variant, "claim": claim, "four_of_a_kind": foak},
            "hands": hands,
            "trump": trump,
            "playing_team": playing,
            "first_leader": first,
            "tricks": tricks,
            "unclaimed": unclaimed,
        }
        out = judge(case)
        pts, rm, pit, reneges, first_renege, vteam = referee_deal(
            hands,
            trump,
            first,
            tricks,
            unclaimed=unclaimed if claim else [],
            variant=variant,
            four_of_a_kind=foak,
        )
        r = out["result"]
        where = (case, out)
        assert r["verzaakt"] == first_renege, where
        assert r["roem"] == rm, where
        assert r["pit"] == pit, where
        score, _penalty, nat = score_row(
            playing, pts, rm, pit_team=pit, verzaakt=vteam, verzaken="deal"
        )
        assert r["score"] == score, where
        if vteam is None:
            assert r["points"] == pts, where
            assert r["nat"] == nat, where


def test_games_of_random_rows_agree_with_the_referee():
    rng = random.Random(8)
    for _ in range(200):
        deals = rng.randint(1, 6)
        rows, total = [], [0, 0]
        for _d in range(rng.randint(deals - 1, deals + 1) or 1):
            playing = rng.randrange(2)
            p0 = rng.randrange(0, 163)
            pts, rm = [p0, 162 - p0], [rng.choice(ROEMS), rng.choice(ROEMS)]
            score, _pen, nat = score_row(
                playing, pts, rm, pit_team=None, verzaakt=None, verzaken="deal"
            )
            rows.append({"playing": playing, "points": pts, "roem": rm, "nat": nat,
                         "pit": False, "verzaakt": None})  # fmt: skip
            total = [total[0] + score[0], total[1] + score[1]]
        out = judge({"game": "klaverjassen", "check": "game",
                     "options": {"deals": deals}, "rows": rows})  # fmt: skip
        where = (deals, rows, out)
        assert out["result"]["score"] == total, where
        winner = None if total[0] == total[1] else int(total[1] > total[0])
        assert out["result"]["winner"] == winner, where
        rules = [v["rule"] for v in out["violations"]]
        assert rules == ([] if len(rows) == deals else ["KJ-8"]), where


@pytest.mark.parametrize("variant", VARIANTS)
def test_trick_verdicts_of_a_player_who_cannot_follow(variant):
    rng = random.Random(f"void-{variant}")
    for _ in range(800):
        trump, led = rng.sample(SUITS, 2)
        n = rng.randint(1, 3)
        leader = rng.randrange(4)
        pool = DECK[:]
        rng.shuffle(pool)
        first = next(c for c in pool if suit(c) == led)
        pool.remove(first)
        # the others follow, trump or discard: trumps come often
        played = [first]
        for c in pool:
            if len(played) == n:
                break
            if suit(c) in {led, trump} or rng.random() < 0.3:
                played.append(c)
        rest = [c for c in pool if c not in played and suit(c) != led]
        hand = rng.sample(rest, rng.randint(1, 8))
        if rng.random() < 0.5:  # mostly trumps
            hand = [c for c in hand if suit(c) == trump] or hand
        plays = [((leader + i) % 4, c) for i, c in enumerate(played)]
        seat = (leader + len(played)) % 4
        ok, duty = legal(plays, hand, trump, variant, seat)
        legals = set()
        for card in hand:
            out = judge(
                {
                    "game": "klaverjassen",
                    "check": "trick",
                    "options": {"variant": variant},
                    "trump": trump,
                    "trick": [c for _s, c in plays],
                    "leader": leader,
                    "hand": hand,
                    "card": card,
                }
            )
            where = (trump, plays, hand, card, out)
            assert sorted(out["result"]["legal_cards"]) == sorted(ok), where
            assert out["result"]["duty"] == duty.get(card), where
            if out["legal"]:
                legals.add(card)
        assert legals == set(ok)


@pytest.mark.parametrize("verzaken", ["deal", "minus100"])
def test_replays_of_random_games_agree_with_the_referee(verzaken):
    rng = random.Random(f"replay-{verzaken}")
    for _ in range(15):
        variant = rng.choice(VARIANTS)
        deals, total, penalty = [], [0, 0], [0, 0]
        for _d in range(4):
            hands, trump, first, tricks = random_deal(rng, variant, 0.01)
            playing = rng.randrange(2)
            deals.append({"hands": hands, "trump": trump, "playing_team": playing,
                          "first_leader": first, "tricks": tricks})  # fmt: skip
            pts, rm, pit, _r, _f, vteam = referee_deal(
                hands, trump, first, tricks, unclaimed=[], variant=variant
            )
            score, pen, _nat = score_row(
                playing, pts, rm, pit_team=pit, verzaakt=vteam, verzaken=verzaken
            )
            total = [total[t] + score[t] for t in (0, 1)]
            penalty = [penalty[t] + pen[t] for t in (0, 1)]
        out = judge({"game": "klaverjassen", "check": "replay",
                     "options": {"variant": variant, "verzaken": verzaken, "deals": 4},
                     "deals": deals})  # fmt: skip
        assert out["result"]["score"] == total, (deals, out)
        assert [abs(p) for p in out["result"]["penalty"]] == penalty, (deals, out)
