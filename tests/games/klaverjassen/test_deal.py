"""KJ-3 … KJ-7 over whole deals: every card checked, points and roem per team, nat, pit
(of either team), and a verzaak by either team under both ``verzaken`` options."""

import pytest

from games.base import CaseError
from games.klaverjassen import deal, legal_cards
from games.klaverjassen.cards import Options, card_of
from games.klaverjassen.play import winner
from games.klaverjassen.simulate import make_rng, random_deal

RANKS = ["J", "A", "K", "Q", "10", "9", "8", "7"]


def one_suit_each():
    """Seat 0 all hearts (trump), seat 1 spades, seat 2 diamonds, seat 3 clubs."""
    return [[r + s for r in RANKS] for s in "HSDC"]


def play_out(hands, trump, leader, choose=None, variant="rotterdams"):
    """Tricks by the first legal card of each hand, or what ``choose(at, seat, legal,
    hand)`` picks (it may pick an illegal card)."""
    held = [[card_of(c) for c in hand] for hand in hands]
    tricks = []
    for index in range(8):
        played = []
        for position in range(4):
            seat = (leader + position) % 4
            legal = legal_cards(trump, variant, played, held[seat])
            at = index * 4 + position
            card = (choose and choose(at, seat, legal, held[seat])) or legal[0]
            held[seat].remove(card)
            played.append((seat, card))
        tricks.append([str(c) for _s, c in played])
        leader = winner(played, trump)
    return tricks


def test_pit_of_the_playing_team_with_four_of_a_kind_roem():
    hands = one_suit_each()
    out = deal(hands, "H", 0, 0, play_out(hands, "H", 0))
    assert out.legal
    result = out.result
    assert result["points"] == [162, 0]
    assert result["roem"] == [600, 0]  # four jacks 200, four aces, kings, queens, tens 100
    assert result["pit"] == 0
    assert result["score"] == [162 + 600 + 100, 0]
    assert [n["rule"] for n in result["notes"]] == ["KJ-6"]
    assert result["tricks"][0]["roem"] == ["four jacks 200"]


def test_pit_of_the_non_playing_team_leaves_the_playing_team_nat():
    hands = one_suit_each()
    out = deal(hands, "H", 1, 0, play_out(hands, "H", 0))
    assert out.result["pit"] == 0
    assert out.result["nat"] is True
    assert out.result["score"] == [162 + 600 + 100, 0]
    assert [n["rule"] for n in out.result["notes"]] == ["KJ-6", "KJ-5"]


def test_a_random_deal_with_pit_of_the_non_playing_team():
    fields = random_deal(make_rng(95), 0, Options())
    out = deal(**fields)
    assert fields["playing_team"] == 1
    assert out.result["pit"] == 0
    assert out.result["points"] == [162, 0]
    assert out.result["score"][1] == 0


def test_nat_short_by_the_smallest_margin():
    fields = random_deal(make_rng(3), 0, Options())
    out = deal(**fields)
    playing = fields["playing_team"]
    assert out.result["points"][playing] == 80  # 80 against 82: nat
    assert out.result["nat"] is True
    assert out.result["score"][playing] == 0
    assert out.result["score"][1 - playing] == 162 + sum(out.result["roem"])
    assert out.legal  # nat is no breach: a note
    assert out.result["notes"][0]["rule"] == "KJ-5"


def test_nat_on_equal_totals():
    fields = random_deal(make_rng(97), 0, Options())
    out = deal(**fields)
    p = fields["playing_team"]
    r = out.result
    assert r["points"][p] + r["roem"][p] == r["points"][1 - p] + r["roem"][1 - p]
    assert r["nat"] is True
    assert r["score"][p] == 0


def renege_at(target):
    """Play the first non-legal card at card index ``target``."""

    def choose(at, _seat, legal, hand):
        if at == target:
            return next(c for c in hand if c not in legal)
        return None

    return choose


def reneging_deal(seat_of_hearts):
    """Hands one suit each, rotated so that ``seat_of_hearts`` holds the trumps, with the
    7 of trump swapped into the next seat's hand: that seat must follow trump once."""
    base = one_suit_each()
    hands = [base[(seat - seat_of_hearts) % 4] for seat in range(4)]
    nxt = (seat_of_hearts + 1) % 4
    hands[seat_of_hearts][7], hands[nxt][7] = hands[nxt][7], hands[seat_of_hearts][7]
    return hands


@pytest.mark.parametrize(("leader", "guilty_team"), [(0, 1), (1, 0)])
@pytest.mark.parametrize("playing", [0, 1])
def test_a_verzaak_by_either_team_loses_the_deal(leader, guilty_team, playing):
    hands = reneging_deal(leader)
    tricks = play_out(hands, "H", leader, renege_at(1))
    out = deal(hands, "H", playing, leader, tricks)
    assert [(v.rule, v.at) for v in out.violations] == [("KJ-3", 1)]
    assert "duty to follow" in out.violations[0].message
    r = out.result
    assert r["verzaakt"] == {"at": 1, "seat": (leader + 1) % 4, "team": guilty_team,
                             "duty": "follow"}  # fmt: skip
    assert r["score"][guilty_team] == 0
    pit = 100 if r["pit"] is not None else 0
    assert r["score"][1 - guilty_team] == 162 + sum(r["roem"]) + pit
    assert r["notes"][-1]["rule"] == "KJ-7"
    assert r["notes"][-1]["at"] == 1
    assert r["row"]["verzaakt"] == guilty_team


@pytest.mark.parametrize(("leader", "guilty_team"), [(0, 1), (1, 0)])
def test_a_verzaak_under_minus100_costs_the_player_100(leader, guilty_team):
    hands = reneging_deal(leader)
    tricks = play_out(hands, "H", leader, renege_at(1))
    out = deal(hands, "H", leader % 2, leader, tricks, options={"verzaken": "minus100"})
    r = out.result
    guilty_seat = (leader + 1) % 4
    assert r["penalty"] == [-100 if s == guilty_seat else 0 for s in range(4)]
    assert sum(r["points"]) == 162
    # scored as played: the trump holder's team takes 7 tricks and is not nat
    other = 1 - guilty_team
    assert r["score"][other] == r["points"][other] + r["roem"][other]
    said = f"seat {guilty_seat} reneged and alone loses 100 points"
    assert r["notes"][-1] == {"rule": "KJ-7", "at": 1, "message": said}


def test_a_deal_stopped_at_the_renege():
    hands = reneging_deal(0)
    tricks = play_out(hands, "H", 0, renege_at(1))[:1]
    out = deal(hands, "H", 0, 0, tricks)
    assert out.result["score"] == [162 + 200, 0]  # four jacks fell in that trick
    with pytest.raises(CaseError):
        deal(hands, "H", 0, 0, tricks, options={"verzaken": "minus100"})


def test_undertrump_and_overtrump_reneges_are_named_with_their_index():
    # seat 0 leads AS; seat 1 (no spade) trumps with 9H; seat 2 (no spade) plays 7H
    # while holding JH
    hands = [
        ["AS", "7D", "8D", "9D", "10D", "JD", "QD", "KD"],
        ["9H", "7C", "8C", "9C", "10C", "AD", "JC", "QC"],
        ["JH", "7H", "AC", "KC", "AH", "KH", "QH", "10H"],
        ["8H", "7S", "8S", "9S", "10S", "JS", "QS", "KS"],
    ]

    def under(at, _seat, _legal, _hand):
        return card_of("7H") if at == 2 else None

    out = deal(hands, "H", 0, 0, play_out(hands, "H", 0, under))
    assert out.violations[0].rule == "KJ-3"
    assert out.violations[0].at == 2
    assert out.result["verzaakt"]["duty"] == "overtrump"  # JH was bound to go over 9H


def test_a_card_not_in_the_hand_is_a_case_error():
    hands = one_suit_each()
    tricks = play_out(hands, "H", 0)
    tricks[0][1] = "7H"
    with pytest.raises(CaseError) as error:
        deal(hands, "H", 0, 0, tricks)
    assert error.value.field == "tricks[0][1]"


def test_roem_not_claimed_does_not_count_unless_claiming_is_off():
    hands = one_suit_each()
    tricks = play_out(hands, "H", 0)
    assert tricks[0] == ["JH", "JS", "JD", "JC"]
    out = deal(hands, "H", 0, 0, tricks, unclaimed={0})
    assert out.result["roem"] == [400, 0]  # four jacks let go
    out = deal(hands, "H", 0, 0, tricks, unclaimed={0}, options={"claim": False})
    assert out.result["roem"] == [600, 0]


def test_trump_in_any_spelling():
    hands = one_suit_each()
    tricks = play_out(hands, "H", 0)
    assert deal(hands, "harten", 0, 0, tricks).result == deal(hands, "H", 0, 0, tricks).result
    with pytest.raises(CaseError) as error:
        deal(hands, "X", 0, 0, tricks)
    assert error.value.field == "trump"
