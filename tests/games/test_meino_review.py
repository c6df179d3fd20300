"""MEINO reviewed from outside: cases written from RULES.md (ME-1 … ME-14), CASES.md and the
seed text only, judged through ``games.cases.judge`` exactly as a tournament director's JSON
would be. Every verdict's shape is checked too (CASES.md "Every verdict")."""

import pytest

from tests.games.helpers import at_of, case_error, cited, judge_checked, ok, verdict_or_field

# --- helpers ----------------------------------------------------------------------------------


def case(check, **fields):
    return {"game": "meino", "check": check, **fields}


def judge(data):
    return judge_checked(data, game="meino", prefix="ME-")


def run(check, **fields):
    return judge(case(check, **fields))


def play(top, card, hand=None, **more):
    """A ``play`` case; ``hand`` defaults to just the card played."""
    return run("play", top=top, card=card, hand=[card] if hand is None else hand, **more)


# --- play: ME-3 matching ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("top", "card"),
    [
        ("R5", "R7"),  # same colour
        ("R5", "B5"),  # same number
        ("R5", "G5"),
        ("Y9", "Y1"),
        ("G1", "Y1"),
        ("Rskip", "R3"),  # a number card on an action card of the current colour
        ("Brev", "B9"),
        ("G+2", "G2"),  # the player after the victim of a +2 (the +2 is still on top)
        ("R5", "Rskip"),  # an action card on the current colour
        ("R5", "Rrev"),
        ("R5", "R+2"),
        ("Rskip", "Rrev"),
        ("Rrev", "Rskip"),
        ("Rskip", "R+2"),
        ("R+2", "Rskip"),
        ("R+2", "Rrev"),
        ("Brev", "B+2"),
    ],
)
def test_play_matching_legal(top, card):
    verdict = play(top, card, [card, "Y7"])
    assert verdict["legal"] is True, verdict["violations"]


@pytest.mark.parametrize(
    ("top", "card"),
    [
        ("R5", "B7"),  # neither colour nor number
        ("R5", "G4"),
        ("Rskip", "B3"),  # an action card has no number
        ("G+2", "R2"),
        ("Y+2", "B2"),  # "+2" is no number card 2
        ("R5", "Bskip"),  # an action card only on the current colour
        ("R5", "Grev"),
        ("R5", "Y+2"),
        ("R2", "B+2"),  # not even a "2" on a 2: an action card needs the colour
        ("Bskip", "Rrev"),
        ("Grev", "Y+2"),
    ],
)
def test_play_matching_illegal(top, card):
    verdict = play(top, card, [card, "W"])
    assert cited(verdict) == {"ME-3"}, verdict


def test_play_colour_given_for_a_coloured_top_that_agrees():
    verdict = play("R5", "R7", colour="R")
    assert verdict["legal"] is True


# --- play: ME-5 reverse, ME-6 skip, ME-7 draw two -----------------------------------------------


def test_reverse_on_reverse_same_colour():
    assert cited(play("Rrev", "Rrev", ["Rrev", "B1"])) == {"ME-5"}


def test_reverse_on_reverse_other_colour_cites_both():
    assert cited(play("Brev", "Rrev", ["Rrev", "B1"])) == {"ME-3", "ME-5"}


def test_skip_on_skip_same_colour():
    assert cited(play("Bskip", "Bskip", ["Bskip", "B1"])) == {"ME-6"}


def test_skip_on_skip_other_colour_cites_both():
    # RULES.md ME-3: an action card may be played only on the current colour; ME-6: never a
    # skip on a skip. The seed agrees: "es muss mit der Farbe weitergespielt werden".
    assert cited(play("Bskip", "Rskip", ["Rskip", "B1"])) == {"ME-3", "ME-6"}


def test_draw_two_on_draw_two_same_colour():
    assert cited(play("B+2", "B+2", ["B+2", "Y1"])) == {"ME-7"}


def test_draw_two_on_draw_two_other_colour_cites_both():
    assert cited(play("B+2", "R+2", ["R+2", "Y1"])) == {"ME-3", "ME-7"}


def test_wish_draw_two_on_draw_two():
    assert cited(play("B+2", "W+2", ["W+2", "Y1"], wish="G")) == {"ME-7"}


def test_wish_draw_four_on_draw_two_is_not_named_by_me7():
    # ME-7 names only +2 and W+2; ME-8 forbids +2/W+2/W+4 only on W+2 and W+4.
    verdict = play("B+2", "W+4", ["W+4", "Y1"], wish="G")
    assert verdict["legal"] is True, verdict["violations"]


def test_wish_draw_four_on_draw_two_holding_the_colour():
    verdict = play("B+2", "W+4", ["W+4", "B1"], wish="G")
    assert cited(verdict) == {"ME-8"}


def test_plain_wish_and_joker_on_draw_two_are_fine():
    assert play("B+2", "W", ["W", "B1"], wish="G")["legal"] is True
    assert play("B+2", "JOKER", ["JOKER", "B1"], wish="G")["legal"] is True


# --- play: ME-4 wish cards, ME-8 W+2/W+4, ME-9 no wish on a wish --------------------------------


def test_cases_md_example_holds_red():
    # CASES.md's example: R7 is another card of the current colour -> ME-8.
    verdict = run("play", top="R5", colour="R", hand=["R7", "W+4", "B5"], card="W+4", wish="G")
    assert cited(verdict) == {"ME-8"}


def test_cases_md_example_without_red_is_legal():
    # B5 fits by number but is not "of the current colour"; ME-8 only counts the colour.
    verdict = run("play", top="R5", colour="R", hand=["W+4", "B5"], card="W+4", wish="G")
    assert verdict["legal"] is True, verdict["violations"]


@pytest.mark.parametrize("card", ["W+2", "W+4"])
@pytest.mark.parametrize(
    ("hand_rest", "legal"),
    [
        ([], True),
        (["B5", "G7", "Yskip"], True),
        (["W"], True),  # a wish card is of no colour
        (["JOKER", "W+2", "W+4"], True),
        (["R1"], False),
        (["Rskip"], False),  # an action card of the current colour is of the current colour
        (["R+2"], False),
        (["Rrev", "B3"], False),
    ],
)
def test_me8_holds_no_other_card_of_the_colour(card, hand_rest, legal):
    verdict = play("R5", card, [card, *hand_rest], wish="B")
    if legal:
        assert verdict["legal"] is True, verdict["violations"]
    else:
        assert cited(verdict) == {"ME-8"}


def test_me8_on_a_wish_card_counts_the_wished_colour():
    # Wish cards on wish cards are ME-9 anyway; the colour in force matters for W+4 after a
    # colour card on top of a wish: top G3 after a wish of green.
    assert cited(play("G3", "W+4", ["W+4", "G8"], wish="R")) == {"ME-8"}
    assert play("G3", "W+4", ["W+4", "R8"], wish="R")["legal"] is True


def test_me8_second_copy_of_the_same_wish_card_does_not_block():
    assert play("R5", "W+4", ["W+4", "W+4"], wish="B")["legal"] is True


@pytest.mark.parametrize("card", ["W", "JOKER"])
def test_plain_wish_any_time(card):
    # ME-4: W may be played at any time (even holding the colour), except on a wish card.
    verdict = play("R5", card, [card, "R7", "B5"], wish="Y")
    assert verdict["legal"] is True, verdict["violations"]
    verdict = play("Rskip", card, [card, "Rskip"], wish="G")
    assert verdict["legal"] is True, verdict["violations"]


@pytest.mark.parametrize("top", ["W", "W+2", "W+4", "JOKER"])
@pytest.mark.parametrize("card", ["W", "JOKER"])
def test_no_wish_on_a_wish(top, card):
    verdict = play(top, card, [card], colour="G", wish="R")
    assert cited(verdict) == {"ME-9"}


@pytest.mark.parametrize("top", ["W", "JOKER", "W+2", "W+4"])  # plain wishes, draw wishes
@pytest.mark.parametrize("card", ["W+2", "W+4"])
def test_no_draw_wish_on_a_wish(top, card):
    verdict = play(top, card, [card, "Y1"], colour="G", wish="R")
    assert "ME-9" in cited(verdict)
    assert cited(verdict) <= {"ME-8", "ME-9"}


@pytest.mark.parametrize("top", ["W+2", "W+4"])
def test_no_colour_draw_two_on_a_draw_wish(top):
    assert cited(play(top, "G+2", ["G+2"], colour="G")) == {"ME-8"}


@pytest.mark.parametrize("top", ["W", "W+2", "W+4", "JOKER"])
def test_colour_cards_on_a_wish_follow_the_wished_colour(top):
    assert play(top, "G5", ["G5"], colour="G")["legal"] is True
    assert play(top, "Gskip", ["Gskip"], colour="G")["legal"] is True
    assert play(top, "Grev", ["Grev"], colour="G")["legal"] is True
    assert cited(play(top, "R5", ["R5"], colour="G")) == {"ME-3"}
    assert cited(play(top, "Rskip", ["Rskip"], colour="G")) == {"ME-3"}


def test_plain_wish_top_allows_colour_draw_two():
    assert play("W", "G+2", ["G+2"], colour="G")["legal"] is True
    assert play("JOKER", "G+2", ["G+2"], colour="G")["legal"] is True


def test_wish_card_without_a_wish_breaks_me4():
    # Author's reading: a wish card names a colour (ME-4); a play that names none breaks it.
    verdict = play("R5", "W", ["W", "B3"])
    assert cited(verdict) == {"ME-4"}
    assert cited(play("R5", "W+4", ["W+4", "B3"])) == {"ME-4"}


def test_wish_card_as_last_card_needs_no_wish():
    # Going out ends the round at once (ME-13): there is no next player to name a colour for.
    verdict = play("R5", "JOKER", ["JOKER"])
    assert verdict["legal"] is True, verdict["violations"]


@pytest.mark.parametrize(
    ("wish"), ["G", "g", "grün", "gruen", "green", "Grün", "groen", "R", "rot", "blau", "gelb"]
)
def test_wish_spellings(wish):
    assert play("R5", "W", ["W"], wish=wish)["legal"] is True


def test_wish_unknown_colour_cannot_be_judged():
    assert case_error(case("play", top="R5", card="W", hand=["W"], wish="P")).field == "wish"
    assert case_error(case("play", top="R5", card="W", hand=["W"], wish=3)).field == "wish"


# --- play: ME-10 joker -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "rule", ["none", "swap hands with another player", "tausch", "everybody draws one"]
)
def test_joker_rule_option_keeps_joker_a_wish_card(rule):
    options = {"joker_rule": rule}
    verdict = play("R5", "JOKER", ["JOKER", "R7"], wish="B", options=options)
    assert verdict["legal"] is True, verdict["violations"]
    verdict = play("W", "JOKER", ["JOKER"], colour="B", wish="G", options=options)
    assert cited(verdict) == {"ME-9"}


# --- play: card spellings ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("top", "card"),
    [
        ("r5", "r7"),
        ("rot 5", "rot 7"),
        ("Rot 5", "blau 5"),
        ("5 rot", "Blau 5"),
        ("red 5", "blue 5"),
        ("gelb aussetzen", "gelb 3"),
        ("grün 4", "Grün Richtungswechsel"),
        ("g4", "g+2"),
        ("b1", "bskip"),
        ("y2", "yrev"),
    ],
)
def test_card_spellings_legal(top, card):
    verdict = play(top, card, [card])
    assert verdict["legal"] is True, verdict["violations"]


@pytest.mark.parametrize("card", ["w+4", "W+4", "joker", "Joker", "w", "Farbwahl", "w+2"])
def test_wish_card_spellings(card):
    verdict = play("R5", card, [card], wish="G")
    assert verdict["legal"] is True, verdict["violations"]


def test_spellings_in_hand_count_for_me8():
    assert cited(play("R5", "w+4", ["w+4", "rot 1"], wish="G")) == {"ME-8"}


def test_hand_may_hold_the_card_in_another_spelling():
    verdict = play("R5", "R7", ["rot 7"])
    assert verdict["legal"] is True, verdict["violations"]


# --- play: cases that cannot be judged ----------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"card": "R7", "hand": ["R7"]}, "top"),
        ({"top": "R5", "hand": ["R7"]}, "card"),
        ({"top": "R0", "card": "R7", "hand": ["R7"]}, "top"),
        ({"top": "R10", "card": "R7", "hand": ["R7"]}, "top"),
        ({"top": "P5", "card": "R7", "hand": ["R7"]}, "top"),
        ({"top": "R5", "card": "W+3", "hand": ["R7"]}, "card"),
        ({"top": "R5", "card": 7, "hand": ["R7"]}, "card"),
        ({"top": "R5", "card": "", "hand": ["R7"]}, "card"),
        ({"top": None, "card": "R7", "hand": ["R7"]}, "top"),
        ({"top": "R5", "card": "R7", "hand": "R7"}, "hand"),
    ],
)
def test_play_cannot_be_judged(fields, field):
    case_error(case("play", **fields), field)


def test_unknown_card_in_hand_names_the_field():
    case_error(case("play", top="R5", card="R7", hand=["R7", "X9"]), "hand")


def test_card_not_in_hand_cannot_be_judged():
    error = case_error(case("play", top="R5", card="R7", hand=["B7", "R8"]))
    assert error.field in {"card", "hand"}, error


def test_wish_top_without_colour_cannot_be_judged():
    error = case_error(case("play", top="W", card="G5", hand=["G5"]))
    assert error.field == "colour", error


def test_wish_top_colour_unknown():
    error = case_error(case("play", top="W", colour="purple", card="G5", hand=["G5"]))
    assert error.field == "colour", error


@pytest.mark.parametrize(
    ("top", "hand", "options"),
    [
        ("R1", ["R5", "R5", "R5"], None),  # numbers twice per colour
        ("R5", ["R5", "R5"], None),  # the top card is one copy too
        ("R1", ["Rskip", "Rskip", "Rskip"], None),
        ("R1", ["JOKER", "JOKER", "JOKER"], None),  # 2 jokers
        ("R1", ["W", "W", "W", "W", "W"], None),  # 4 W
        ("R1", ["W+4"] * 5, None),
        ("R1", ["R5", "R5"], {"compact": True}),  # compact: once
        ("R5", ["R5"], {"compact": True}),
        ("R1", ["JOKER", "JOKER"], {"compact": True}),
        ("R1", ["W", "W", "W"], {"compact": True}),
    ],
)
def test_more_copies_than_the_deck_holds(top, hand, options):
    data = case("play", top=top, card=hand[0], hand=hand, wish="G")
    if options:
        data["options"] = options
    error = case_error(data)
    assert error.field in {"hand", "top", "card"} or error.field.startswith("hand"), error


def test_deck_boundaries_accepted():
    assert play("R1", "R5", ["R5", "R5"])["legal"] is True
    assert play("R1", "W", ["W"] * 4, wish="G")["legal"] is True
    assert play("R1", "JOKER", ["JOKER"] * 2, wish="G")["legal"] is True
    compact = {"compact": True}
    assert play("R1", "R5", ["R5"], options=compact)["legal"] is True
    assert play("R1", "W", ["W", "W"], wish="G", options=compact)["legal"] is True


@pytest.mark.parametrize(
    "options",
    [{"colour_rule": 1}, {"compact": "maybe"}, {"joker_rule": 5}, "compact"],
)
def test_bad_options(options):
    case_error(case("play", top="R5", card="R7", hand=["R7"], options=options), "options")


def test_play_result_is_an_object():
    assert isinstance(play("R5", "R7")["result"], dict)


# --- round_score: ME-13 ------------------------------------------------------------------------


def test_round_score_cases_md_example():
    result = ok(run("round_score", hands={"Ann": [], "Bas": ["R5", "W+4", "JOKER"]}))
    assert result["winner"] == "Ann"
    assert result["points"] == {"Ann": 0, "Bas": 95}


@pytest.mark.parametrize(
    ("card", "points"),
    [
        ("R1", 1),
        ("B9", 9),
        ("Y5", 5),
        ("W+2", 20),
        ("Gskip", 25),
        ("Brev", 25),
        ("R+2", 25),
        ("W+4", 40),
        ("W", 40),
        ("JOKER", 50),
        ("joker", 50),
        ("rot 7", 7),
        ("gelb aussetzen", 25),
    ],
)
def test_round_score_card_values(card, points):
    result = ok(run("round_score", hands={"Ann": [card], "Bas": []}))
    assert result == {"winner": "Bas", "points": {"Ann": points, "Bas": 0}}


def test_round_score_six_players():
    hands = {
        "Ann": ["R1", "R2", "R3"],
        "Bas": [],
        "Cor": ["W", "W", "W+4", "W+4"],
        "Dirk": ["JOKER", "JOKER", "Rskip", "Bskip"],
        "Eva": ["G9", "G9", "Y9", "Y9"],
        "Fem": ["W+2"],
    }
    result = ok(run("round_score", hands=hands))
    assert result["winner"] == "Bas"
    assert result["points"] == {
        "Ann": 6,
        "Bas": 0,
        "Cor": 160,
        "Dirk": 150,
        "Eva": 36,
        "Fem": 20,
    }


def test_round_score_no_empty_hand_is_no_finished_round():
    verdict = run("round_score", hands={"Ann": ["R1"], "Bas": ["R5", "W+4"]})
    assert cited(verdict) == {"ME-13"}
    assert "winner" not in verdict["result"]


def test_round_score_two_empty_hands():
    verdict = run("round_score", hands={"Ann": [], "Bas": [], "Cor": ["R5"]})
    assert cited(verdict) == {"ME-13"}
    assert "winner" not in verdict["result"]


@pytest.mark.parametrize("count", [1, 7])
def test_round_score_player_count(count):
    hands = {f"P{i}": ([] if i == 0 else [f"R{i}"]) for i in range(count)}
    verdict = run("round_score", hands=hands)
    assert "ME-2" in cited(verdict)


def test_round_score_more_copies_than_deck():
    error = case_error(
        case("round_score", hands={"Ann": [], "Bas": ["JOKER", "JOKER"], "Cor": ["JOKER"]})
    )
    assert error.field.startswith("hands"), error
    error = case_error(
        case(
            "round_score",
            hands={"Ann": [], "Bas": ["JOKER"], "Cor": ["JOKER"]},
            options={"compact": True},
        )
    )
    assert error.field.startswith("hands"), error


def test_round_score_compact_counts_the_same():
    result = ok(
        run("round_score", hands={"Ann": [], "Bas": ["JOKER", "R5"]}, options={"compact": True})
    )
    assert result["points"] == {"Ann": 0, "Bas": 55}


@pytest.mark.parametrize(
    ("hands", "field"),
    [
        (None, "hands"),
        ([], "hands"),
        ({"Ann": [], "Bas": "R5"}, "hands.Bas"),
        ({"Ann": [], "Bas": ["R0"]}, "hands.Bas"),
        ({"Ann": [], "Bas": [None]}, "hands.Bas"),
    ],
)
def test_round_score_cannot_be_judged(hands, field):
    data = case("round_score") if hands is None else case("round_score", hands=hands)
    case_error(data, field)


# --- game: ME-13 tally, ME-14 end and winner -------------------------------------------------


@pytest.mark.parametrize(
    ("rounds", "totals", "tally", "finished", "winner"),
    [
        pytest.param(  # still running
            [{"Ann": 0, "Bas": 95, "Cor": 12}, {"Ann": 30, "Bas": 0, "Cor": 7}],
            {"Ann": 30, "Bas": 95, "Cor": 19},
            {"Ann": 1, "Bas": 1, "Cor": 0},
            False,
            None,
            id="running",
        ),
        pytest.param(
            [],
            {"Ann": 0, "Bas": 0},
            {"Ann": 0, "Bas": 0},
            False,
            None,
            id="no-rounds-yet",
        ),
        pytest.param(
            [{"Ann": 0, "Bas": 250, "Cor": 100}, {"Ann": 10, "Bas": 250, "Cor": 0}],
            {"Ann": 10, "Bas": 500, "Cor": 100},
            None,
            True,
            "Ann",
            id="exactly-500-ends-it",
        ),
        pytest.param(
            [{"Ann": 0, "Bas": 249}, {"Ann": 0, "Bas": 250}],
            {"Ann": 0, "Bas": 499},
            {"Ann": 2, "Bas": 0},
            False,
            None,
            id="499-does-not-end-it",
        ),
        pytest.param(
            [
                {"Ann": 0, "Bas": 50, "Cor": 200},
                {"Ann": 25, "Bas": 0, "Cor": 200},
                {"Ann": 25, "Bas": 0, "Cor": 100},
            ],
            {"Ann": 50, "Bas": 50, "Cor": 500},
            {"Ann": 1, "Bas": 2, "Cor": 0},
            True,
            "Bas",
            id="tie-on-total-broken-by-tally",
        ),
        pytest.param(
            [{"Ann": 0, "Bas": 50, "Cor": 250}, {"Ann": 50, "Bas": 0, "Cor": 250}],
            {"Ann": 50, "Bas": 50, "Cor": 500},
            {"Ann": 1, "Bas": 1, "Cor": 0},
            True,
            ["Ann", "Bas"],
            id="shared-win",
        ),
    ],
)
def test_game_totals_tally_and_winner(rounds, totals, tally, finished, winner):
    result = ok(run("game", players=list(totals), rounds=rounds))
    assert result["totals"] == totals
    if tally is not None:
        assert result["tally"] == tally
    assert result["finished"] is finished
    assert result.get("winner") == winner


def test_game_winner_may_be_the_one_who_passed_500_only_if_lowest():
    # two players both over 500: the lower total still wins
    result = ok(run("game", players=["Ann", "Bas"], rounds=[{"Ann": 0, "Bas": 600}]))
    assert result["finished"] is True
    assert result["winner"] == "Ann"


def test_game_rounds_after_the_end():
    verdict = run(
        "game",
        players=["Ann", "Bas"],
        rounds=[{"Ann": 0, "Bas": 500}, {"Ann": 5, "Bas": 0}, {"Ann": 0, "Bas": 5}],
    )
    assert cited(verdict) == {"ME-14"}
    assert 1 in at_of(verdict, "ME-14")


@pytest.mark.parametrize(
    "bad_round",
    [{"Ann": 10, "Bas": 20, "Cor": 5}, {"Ann": 0, "Bas": 0, "Cor": 5}],
)
def test_game_round_without_exactly_one_winner(bad_round):
    verdict = run(
        "game",
        players=["Ann", "Bas", "Cor"],
        rounds=[{"Ann": 0, "Bas": 20, "Cor": 5}, bad_round],
    )
    assert cited(verdict) == {"ME-13"}
    assert at_of(verdict, "ME-13") == [1]


@pytest.mark.parametrize("players", [["Solo"], ["A", "B", "C", "D", "E", "F", "G"]])
def test_game_player_count(players):
    rounds = [{p: (0 if i == 0 else 5) for i, p in enumerate(players)}]
    verdict = run("game", players=players, rounds=rounds)
    assert "ME-2" in cited(verdict)


def test_game_six_players_ok():
    players = ["A", "B", "C", "D", "E", "F"]
    rounds = [{p: (0 if i == 0 else 5) for i, p in enumerate(players)}]
    result = ok(run("game", players=players, rounds=rounds))
    assert result["totals"] == {"A": 0, "B": 5, "C": 5, "D": 5, "E": 5, "F": 5}
    assert result["tally"]["A"] == 1


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"rounds": []}, "players"),
        ({"players": ["Ann", "Bas"]}, "rounds"),
        ({"players": "Ann", "rounds": []}, "players"),
        ({"players": ["Ann", "Ann"], "rounds": []}, "players"),
        ({"players": ["Ann", "Bas"], "rounds": [{"Ann": 0, "Cor": 5}]}, "rounds"),
        ({"players": ["Ann", "Bas"], "rounds": [{"Ann": 0}]}, "rounds"),
        ({"players": ["Ann", "Bas"], "rounds": [{"Ann": 0, "Bas": "5"}]}, "rounds"),
        ({"players": ["Ann", "Bas"], "rounds": [{"Ann": 0, "Bas": 2.5}]}, "rounds"),
        ({"players": ["Ann", "Bas"], "rounds": [{"Ann": 0, "Bas": True}]}, "rounds"),
        ({"players": ["Ann", "Bas"], "rounds": [[0, 5]]}, "rounds"),
        ({"players": ["Ann", "Bas"], "rounds": "x"}, "rounds"),
    ],
)
def test_game_cannot_be_judged(fields, field):
    case_error(case("game", **fields), field)


# --- no crash on malformed input ----------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        case("play"),
        case("play", top=[], card={}, hand=[]),
        case("play", top="R5", card="R7", hand=[["R7"]]),
        case("play", top="R5", card="R7", hand=["R7"], colour=[]),
        case("play", top="W", card="R7", hand=["R7"], colour=None),
        case("play", top="R5", card="W", hand=["W"], wish=None),
        case("play", top="R5", card="W", hand=["W"], wish=["G"]),
        case("round_score", hands={"": []}),
        case("round_score", hands={"Ann": {}, "Bas": []}),
        case("game", players=[1, 2], rounds=[]),
        case("game", players=["A", "B"], rounds=[None]),
        case("game", players=["A", "B"], rounds=[{"A": None, "B": 0}]),
        case("game", players=["A", "B"], rounds=[{"A": 10**30, "B": 0}]),
        case("game", players=[], rounds=[]),
        case("nonsense"),
    ],
)
def test_malformed_input_never_crashes(data):
    verdict_or_field(judge, data)


def test_game_negative_points_are_an_me13_violation():
    # Engine's choice (RULES.md silent): impossible round points are a violation at the round.
    verdict = run("game", players=["Ann", "Bas"], rounds=[{"Ann": 0, "Bas": -5}])
    assert cited(verdict) == {"ME-13"}
    assert at_of(verdict, "ME-13") == [0]


def test_game_round_with_more_points_than_the_deck():
    verdict = run("game", players=["Ann", "Bas"], rounds=[{"Ann": 0, "Bas": 5000}])
    assert cited(verdict) == {"ME-13"}


def test_game_unknown_winner_leaves_out_what_depends_on_it():
    # Round 2 has no zero: its tally mark is unknown; totals are still plain sums.
    verdict = run(
        "game",
        players=["Ann", "Bas"],
        rounds=[{"Ann": 0, "Bas": 250}, {"Ann": 250, "Bas": 250}],
    )
    assert cited(verdict) == {"ME-13"}
    result = verdict["result"]
    assert result["totals"] == {"Ann": 250, "Bas": 500}
    assert "tally" not in result
    assert result["finished"] is True
    assert result["winner"] == "Ann"  # no tie: the tally is not needed


def test_game_unknown_winner_and_a_tie_leaves_the_winner_out():
    # Equal totals need the tally marks; round 2 has no zero, so they are unknown.
    verdict = run(
        "game",
        players=["Ann", "Bas", "Cor"],
        rounds=[{"Ann": 0, "Bas": 20, "Cor": 200}, {"Ann": 25, "Bas": 5, "Cor": 300}],
    )
    assert cited(verdict) == {"ME-13"}
    assert at_of(verdict, "ME-13") == [1]
    result = verdict["result"]
    assert result["totals"] == {"Ann": 25, "Bas": 25, "Cor": 500}
    assert result["finished"] is True
    assert "tally" not in result
    assert "winner" not in result


def test_game_totals_stop_at_the_round_that_ended_it():
    verdict = run(
        "game",
        players=["Ann", "Bas"],
        rounds=[{"Ann": 0, "Bas": 510}, {"Ann": 600, "Bas": 0}],
    )
    assert cited(verdict) == {"ME-14"}
    assert at_of(verdict, "ME-14") == [1]
    assert verdict["result"]["winner"] == "Ann"
    assert verdict["result"]["totals"] == {"Ann": 0, "Bas": 510}


# --- colour not given where it cannot matter ----------------------------------------------------


@pytest.mark.parametrize("top", ["W", "W+2", "W+4", "JOKER"])
@pytest.mark.parametrize("card", ["W", "W+2", "W+4", "JOKER"])
def test_wish_on_wish_without_colour_is_still_me9(top, card):
    verdict = run("play", top=top, card=card, hand=[card, "R1"], wish="G")
    assert "ME-9" in cited(verdict)
    assert cited(verdict) <= {"ME-8", "ME-9"}


def test_colour_card_on_wish_without_colour_cannot_be_judged():
    assert case_error(case("play", top="W+4", card="G+2", hand=["G+2"])).field == "colour"


def test_colour_contradicting_a_coloured_top():
    # The colour in force of a coloured top card is its own colour: a different one is a
    # contradiction (engine's choice; CASES.md needs colour only on a wish card).
    assert case_error(case("play", top="R5", colour="B", card="B7", hand=["B7"])).field == "colour"


def test_wish_with_a_colour_card_cannot_be_judged():
    # Engine's choice: "wish goes with wish cards"; a colour card naming a wish contradicts.
    assert case_error(case("play", top="R5", card="R7", hand=["R7"], wish="G")).field == "wish"


# --- optional play fields the engine documents (ME-7, ME-8, ME-10, ME-11, ME-12) --------------


def test_me11_draw_although_able_to_play():
    verdict = run("play", top="R5", hand=["R7", "B1"], draw=True)
    assert cited(verdict) == {"ME-11"}
    assert ok(run("play", top="R5", hand=["B7", "G1"], draw=True)) == {"draws": 1}


def test_me11_only_the_drawn_card():
    assert ok(run("play", top="R5", hand=["B1", "R7"], drawn="R7", card="R7"))
    verdict = run("play", top="R5", hand=["B5", "R7"], drawn="R7", card="R7")
    assert cited(verdict) == {"ME-11"}


def test_me7_victim_may_not_play():
    verdict = run("play", top="R+2", hand=["R7", "B1", "G4"], card="R7", penalty=True)
    assert cited(verdict) == {"ME-7"}
    assert ok(run("play", top="R+2", hand=["R7"], draw=True, penalty=True)) == {"draws": 2}


def test_me8_victim_may_play_one_fitting_card():
    verdict = run("play", top="W+4", colour="G", hand=["G7", "B1"], card="G7", penalty=True)
    assert verdict["legal"] is True, verdict["violations"]
    assert ok(run("play", top="W+4", colour="G", hand=["R7"], draw=True, penalty=True)) == {
        "draws": 4
    }


def test_me10_swap_only_with_the_swap_rule():
    data = {"top": "R5", "hand": ["JOKER", "R1", "B2"], "card": "JOKER", "wish": "B"}
    verdict = run("play", swap="Bas", **data)
    assert cited(verdict) == {"ME-10"}
    verdict = run("play", swap="Bas", options={"joker_rule": "swap hands"}, **data)
    result = ok(verdict)
    assert result["swap_with"] == "Bas"
    assert result["colour_after"] == "B"
    verdict = run("play", swap="Bas", options={"joker_rule": "Tausch der Karten"}, **data)
    assert verdict["legal"] is True
    verdict = run("play", swap="Bas", options={"joker_rule": "draw one"}, **data)
    assert cited(verdict) == {"ME-10"}


def test_me12_missed_call():
    verdict = run("play", top="R5", hand=["R7", "B1"], card="R7", meino=False)
    assert cited(verdict) == {"ME-12"}
    assert run("play", top="R5", hand=["R7", "B1"], card="R7", meino=True)["legal"] is True
    assert run("play", top="R5", hand=["R7", "B1"], card="R7")["legal"] is True


def test_play_result_of_a_legal_play():
    result = ok(run("play", top="R5", hand=["R7", "B1"], card="R7"))
    assert result["colour_after"] == "R"
    assert result["cards_left"] == 1
    assert result["round_over"] is False
    result = ok(run("play", top="R5", hand=["W+4", "B1"], card="W+4", wish="Y"))
    assert result["colour_after"] == "Y"
    assert result["next_draws"] == 4
    result = ok(run("play", top="R5", hand=["R+2"], card="R+2"))
    assert result["round_over"] is True
    assert result["next_draws"] == 0


def test_play_result_of_action_cards():
    result = ok(run("play", top="R5", hand=["Rskip", "B1"], card="Rskip"))
    assert result["next_misses_turn"] is True
    assert result["reverses"] is False
    result = ok(run("play", top="R5", hand=["Rrev", "B1"], card="Rrev", players=4))
    assert result["reverses"] is True
    assert result["next_misses_turn"] is False
    # ME-5: with two players a reverse acts as a skip
    result = ok(run("play", top="R5", hand=["Rrev", "B1"], card="Rrev", players=2))
    assert result["reverses"] is False
    assert result["next_misses_turn"] is True
    result = ok(run("play", top="R5", hand=["R+2", "B1"], card="R+2"))
    assert result["next_draws"] == 2
    assert result["next_misses_turn"] is True


@pytest.mark.parametrize(
    ("top", "colour", "card", "hand", "rules"),
    [
        ("W+4", "R", "B+2", ["B+2"], {"ME-3", "ME-8"}),
        ("Y+2", None, "W+2", ["W+2", "B1"], {"ME-7"}),
        ("Y+2", None, "W+2", ["W+2", "Y1"], {"ME-7", "ME-8"}),
        ("W", "G", "W+4", ["W+4", "G1"], {"ME-8", "ME-9"}),
    ],
)
def test_several_rules_at_once(top, colour, card, hand, rules):
    fields = {"top": top, "card": card, "hand": hand}
    if colour:
        fields["colour"] = colour
    if card.startswith("W"):
        fields["wish"] = "B"
    assert cited(run("play", **fields)) == rules


def test_wish_missing_and_wish_on_wish():
    verdict = run("play", top="W", colour="G", card="W", hand=["W", "B1"])
    assert cited(verdict) == {"ME-4", "ME-9"}
