"""KJ-2 … KJ-4 judged card by card: every duty legal and broken, in both variants; the
winner and the roem of a complete trick."""

import pytest

from games.klaverjassen import legal_cards, trick
from games.klaverjassen.cards import DECK, TOTAL, card_of, points

BOTH = pytest.mark.parametrize("variant", ["rotterdams", "amsterdams"])


def cards(text):
    return [card_of(c) for c in text.split()]


def played(*pairs):
    return [(seat, card) for seat, card in pairs]


def judge(trump, variant, so_far, hand, card):
    return trick(trump, variant, so_far, hand.split(), card)


def test_the_deck_holds_162_points_with_the_last_trick():
    for trump in "SHDC":
        assert sum(points(c, trump) for c in DECK) + 10 == TOTAL


@BOTH
def test_the_leader_plays_any_card(variant):
    out = judge("H", variant, [], "7S JH AC", "AC")
    assert out.legal
    assert out.result["legal_cards"] == ["7S", "JH", "AC"]


@BOTH
def test_follow_suit_when_able(variant):
    ok = judge("H", variant, played((0, "KS")), "7S JH AC", "7S")
    assert ok.legal
    bad = judge("H", variant, played((0, "KS")), "7S JH AC", "AC")
    assert [v.rule for v in bad.violations] == ["KJ-3"]
    assert bad.result["duty"] == "follow"
    assert "duty to follow" in bad.violations[0].message


@BOTH
def test_trump_led_must_overtrump_when_able_in_both_variants(variant):
    so_far = played((1, "9H"), (2, "7S"), (3, "8H"))  # partner (seat 2) is not winning
    bad = judge("H", variant, so_far, "QH JH AC", "QH")
    assert bad.result["duty"] == "overtrump"
    assert judge("H", variant, so_far, "QH JH AC", "JH").legal
    # partner winning with trump led: still overtrump (decided, see report)
    partner = played((0, "9H"), (1, "8H"))
    assert judge("H", variant, partner, "QH JH AC", "QH").result["duty"] == "overtrump"


@BOTH
def test_trump_led_without_a_higher_trump_any_trump(variant):
    out = judge("H", variant, played((1, "JH")), "QH 7H AC", "7H")
    assert out.legal
    assert out.result["legal_cards"] == ["QH", "7H"]


@BOTH
def test_cannot_follow_must_trump(variant):
    # seat 3 cannot follow; first its partner seat 1 is winning, then seat 0
    partner_winning = played((0, "KS"), (1, "AS"), (2, "7S"))
    expected = "trump" if variant == "rotterdams" else None
    out = judge("H", variant, partner_winning, "7H AC", "AC")
    assert out.result["duty"] == expected
    not_partner = played((0, "AS"), (1, "KS"), (2, "7S"))  # seat 3: seat 0 winning
    out = judge("H", variant, not_partner, "7H AC", "AC")
    assert out.result["duty"] == "trump"
    assert "duty to trump" in out.violations[0].message
    assert judge("H", variant, not_partner, "7H AC", "7H").legal


@BOTH
def test_cannot_follow_must_overtrump_a_trump_in_the_trick(variant):
    so_far = played((0, "AS"), (1, "9H"))  # seat 2: opponent seat 1 wins with 9H
    out = judge("H", variant, so_far, "QH JH AC", "QH")
    assert out.result["duty"] == "overtrump"
    assert judge("H", variant, so_far, "QH JH AC", "AC").result["duty"] == "overtrump"
    assert judge("H", variant, so_far, "QH JH AC", "JH").legal
    assert legal_cards("H", variant, so_far, cards("QH JH AC")) == [card_of("JH")]


@BOTH
def test_no_undertrump_while_another_card_is_allowed(variant):
    so_far = played((0, "AS"), (1, "9H"))
    out = judge("H", variant, so_far, "QH AC", "QH")
    assert out.result["duty"] == "no undertrump"
    assert "undertrumps 9H" in out.violations[0].message
    assert judge("H", variant, so_far, "QH AC", "AC").legal


@BOTH
def test_undertrump_allowed_when_only_lower_trumps_are_left(variant):
    so_far = played((0, "AS"), (1, "9H"))
    assert judge("H", variant, so_far, "QH 7H", "7H").legal


def test_amsterdams_partner_winning_need_not_trump_but_may_not_undertrump():
    # seat 2's partner seat 0 wins with the ace
    so_far = played((0, "AS"), (1, "7S"))
    assert judge("H", "amsterdams", so_far, "7H AC", "AC").legal
    assert judge("H", "rotterdams", so_far, "7H AC", "AC").result["duty"] == "trump"
    # partner seat 0 trumped: seat 2 need not overtrump, but may not undertrump
    trumped = played((3, "AS"), (0, "9H"), (1, "7S"))
    assert judge("H", "amsterdams", trumped, "7H AC", "AC").legal
    assert judge("H", "amsterdams", trumped, "7H AC", "7H").result["duty"] == "no undertrump"
    assert judge("H", "rotterdams", trumped, "JH 7H AC", "AC").result["duty"] == "overtrump"
    assert judge("H", "amsterdams", trumped, "JH 7H AC", "JH").legal


@BOTH
def test_no_trump_in_hand_any_card(variant):
    assert judge("H", variant, played((0, "AS")), "7D AC", "7D").legal


def complete(trump, first_three, fourth, hand=None):
    so_far = [(seat, c) for seat, c in enumerate(first_three.split())]
    return trick(trump, "rotterdams", so_far, (hand or fourth).split(), fourth)


def test_the_winner_is_the_highest_trump_else_the_highest_of_the_suit_led():
    assert complete("H", "10S AS 7H", "KS").result["winner"] == 2
    assert complete("H", "10S AS KS", "7C").result["winner"] == 1
    assert complete("H", "9H JH AH", "10H").result["winner"] == 1  # J over 9 in trump
    assert complete("S", "9H JH AH", "10H").result["winner"] == 2  # A over 10 plain


ROEM = [
    ("S", "7H 8H 9H", "AC", ["three in sequence 20"], 20),
    ("S", "7H 9H 8H", "10H", ["four in sequence 50"], 50),
    ("H", "JD QD KD", "AC", ["three in sequence 20"], 20),  # natural order, not trump order
    ("D", "10D JD QD", "7C", ["three in sequence 20"], 20),  # 10-J-Q also in trump
    ("H", "KH QH 7S", "8C", ["stuk 20"], 20),
    ("H", "KH QH JH", "8C", ["three in sequence 20", "stuk 20"], 40),
    ("H", "KH QH JH", "10H", ["four in sequence 50", "stuk 20"], 70),
    ("H", "KS QS 7S", "8C", [], 0),  # K and Q of another suit: no stuk
    ("H", "JH JS JD", "JC", ["four jacks 200"], 200),
    ("H", "AH AS AD", "AC", ["four aces 100"], 100),
    ("H", "KH KS KD", "KC", ["four kings 100"], 100),
    ("H", "QH QS QD", "QC", ["four queens 100"], 100),
    ("H", "10H 10S 10D", "10C", ["four tens 100"], 100),
    ("H", "9H 9S 9D", "9C", [], 0),
    ("H", "8H 8S 8D", "8C", [], 0),
    ("H", "7H 7S 7D", "7C", [], 0),
]


@pytest.mark.parametrize(("trump", "three", "fourth", "items", "total"), ROEM)
def test_roem_of_a_complete_trick(trump, three, fourth, items, total):
    out = complete(trump, three, fourth)
    assert sorted(out.result["roem"]) == sorted(items)
    assert out.result["roem_points"] == total


def test_a_gap_breaks_a_sequence_and_qka_is_one():
    assert complete("H", "QS KS 9S", "AS").result["roem"] == ["three in sequence 20"]
    assert complete("H", "7S 9S JS", "KS").result["roem"] == []
    assert complete("H", "8S 9S 10S", "AH", "AH").result["roem"] == ["three in sequence 20"]


def test_four_of_a_kind_off():
    from games.klaverjassen.cards import Options

    so_far = [(0, "JH"), (1, "JS"), (2, "JD")]
    out = trick("H", "rotterdams", so_far, ["JC"], "JC", options=Options(four_of_a_kind=False))
    assert out.result["roem"] == []


def test_roem_speaks_dutch_and_german():
    from games.klaverjassen.play import roem

    items = roem(cards("KH QH JH 7S"), "H")
    assert [item.template for item in items] == ["three in sequence %(points)s", "stuk %(points)s"]
    from pathlib import Path

    import polib

    from games.klaverjassen.cards import __file__ as here

    folder = Path(here).parent / "locale"
    nl = {e.msgid: e.msgstr for e in polib.pofile(str(folder / "nl/LC_MESSAGES/django.po"))}
    de = {e.msgid: e.msgstr for e in polib.pofile(str(folder / "de/LC_MESSAGES/django.po"))}
    assert nl[items[0].template] % items[0].values == "drie op een rij 20"
    assert nl["four jacks %(points)s"] % {"points": 200} == "vier boeren 200"
    assert de[items[0].template] % items[0].values == "drei in Folge 20"
