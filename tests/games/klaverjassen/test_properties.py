"""Klaverjassen properties: random legal deals score 162 plus roem; legal_cards is the
set the trick check accepts (and a reference reading of KJ-3); deal_score accepts the
rows deal produces, reneges included."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.klaverjassen import deal, deal_score, legal_cards, trick
from games.klaverjassen.cards import DECK, Options, strength
from games.klaverjassen.play import winner
from games.klaverjassen.simulate import make_rng, random_deal

VARIANTS = st.sampled_from(["rotterdams", "amsterdams"])


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), variant=VARIANTS, dealer=st.integers(0, 3))
def test_every_random_legal_deal_scores_162_plus_roem(seed, variant, dealer):
    options = Options(variant=variant)
    fields = random_deal(make_rng(seed), dealer, options)
    out = deal(**fields, options=options)
    assert out.legal
    r = out.result
    assert sum(r["points"]) == 162
    pit = 100 if r["pit"] is not None else 0
    assert sum(r["score"]) == 162 + sum(r["roem"]) + pit
    assert sum(t["points"] for t in r["tricks"]) == 162


def reference_legal(trump, variant, played, hand, card):
    """KJ-3 read anew from RULES.md, card by card."""
    if not played:
        return True
    led = played[0][1].suit
    high = max((c for _s, c in played if c.suit == trump),
               key=lambda c: strength(c, trump, trump), default=None)  # fmt: skip

    def over(c):
        if c.suit != trump:
            return False
        return high is None or strength(c, trump, trump) > strength(high, trump, trump)

    if any(c.suit == led for c in hand):
        if card.suit != led:
            return False
        if led == trump and any(over(c) for c in hand):
            return over(card)
        return True
    seat = (played[-1][0] + 1) % 4
    partner_wins = winner(played, trump) == (seat + 2) % 4
    if not (variant == "amsterdams" and partner_wins) and any(over(c) for c in hand):
        return over(card)
    under = card.suit == trump and high is not None and not over(card)
    others = [c for c in hand if not (c.suit == trump and high is not None and not over(c))]
    return not (under and others)


@st.composite
def situations(draw):
    cards = draw(st.permutations(DECK))
    in_trick = draw(st.integers(0, 3))
    hand_size = draw(st.integers(1, 8))
    leader = draw(st.integers(0, 3))
    played = [((leader + i) % 4, cards[i]) for i in range(in_trick)]
    hand = list(cards[in_trick : in_trick + hand_size])
    return draw(st.sampled_from("SHDC")), draw(VARIANTS), played, hand


@settings(max_examples=400, deadline=None)
@given(situations())
def test_legal_cards_are_exactly_what_the_trick_check_accepts(situation):
    trump, variant, played, hand = situation
    legal = set(legal_cards(trump, variant, played, hand))
    assert legal  # some card can always be played
    accepted = {c for c in hand if trick(trump, variant, played, hand, c).legal}
    assert legal == accepted
    assert legal == {c for c in hand if reference_legal(trump, variant, played, hand, c)}
    for card in hand:
        out = trick(trump, variant, played, hand, card)
        assert out.result["duty"] in (None, "follow", "trump", "overtrump", "no undertrump")
        assert (out.result["duty"] is None) == out.legal


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), verzaken=st.sampled_from(["deal", "minus100"]),
       renege=st.booleans())  # fmt: skip
def test_deal_score_accepts_the_rows_deal_produces(seed, verzaken, renege):
    options = Options(verzaken=verzaken)
    fields = random_deal(make_rng(seed), seed % 4, options)
    if renege:
        fields = with_a_renege(fields, random.Random(seed))
    out = deal(**fields, options=options)
    scored = deal_score(out.result["row"], options)
    assert scored.legal, (scored.violations, out.result["row"])
    assert scored.result["score"] == out.result["score"]
    team_penalty = [sum(out.result["penalty"][s] for s in (t, t + 2)) for t in (0, 1)]
    assert scored.result["penalty"] == team_penalty


def with_a_renege(fields, rng):
    """The deal replayed with one illegal card where a hand had one (random elsewhere)."""
    from games.klaverjassen.cards import card_of

    trump = fields["trump"]
    held = [[card_of(c) for c in hand] for hand in fields["hands"]]
    leader, tricks, reneged = fields["first_leader"], [], False
    for _index in range(8):
        played = []
        for position in range(4):
            seat = (leader + position) % 4
            legal = legal_cards(trump, "rotterdams", played, held[seat])
            illegal = [c for c in held[seat] if c not in legal]
            card = rng.choice(illegal if illegal and not reneged else legal)
            reneged = reneged or bool(illegal)
            held[seat].remove(card)
            played.append((seat, card))
        tricks.append([str(c) for _s, c in played])
        leader = winner(played, trump)
    return {**fields, "tricks": tricks}
