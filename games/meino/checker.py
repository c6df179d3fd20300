"""MEINO's dispute forms: ``play``, ``round_score`` and ``game`` (CASES.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.checkform import (
    CardInput,
    CardsInput,
    CheckForm,
    ChoiceInput,
    FlagInput,
    LinesInput,
    NamesInput,
    NumberInput,
    PlayerCardsInput,
    TextInput,
    read_numbers,
)
from games.checkshow import (
    Section,
    _,
    facts,
    get,
    non_empty,
    numbered_rows,
    outcome,
    per_player,
    players_of,
)
from games.meino.cards import MEINO

GAME = "meino"
VALUES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "skip", "rev", "+2")
COLOURS = (
    ("R", _("red")),
    ("B", _("blue")),
    ("Y", _("yellow")),
    ("G", _("green")),
)
YES_NO = (("yes", _("yes")), ("no", _("no")))


# --- play --------------------------------------------------------------------------------


def _build_play(data: dict[str, Any]) -> dict[str, Any]:
    case = {key: data[key] for key in ("top", "colour", "hand", "card", "wish") if data.get(key)}
    if data.get("draw"):
        case["draw"] = True
    if data.get("penalty"):
        case["penalty"] = True
    if data.get("meino"):
        case["meino"] = data["meino"] == "yes"
    for key in ("player", "players"):
        if data.get(key) not in (None, ""):
            case[key] = data[key]
    return case


def _colour_name(colour: Any) -> Any:
    """A colour code of the result (``"G"``) in words ("green"); anything else as it is."""
    return dict(COLOURS).get(colour, colour) if isinstance(colour, str) else colour


def _present_play(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    if not result:
        return []
    if "draws" in result:
        return [facts(_("The draw"), [(_("cards drawn"), result["draws"])])]
    return [
        facts(
            _("After the play"),
            [
                (_("colour in force"), _colour_name(get(result, "colour_after"))),
                (_("cards left"), get(result, "cards_left")),
                (_("round over"), get(result, "round_over")),
                (_("the next player draws"), get(result, "next_draws")),
                (_("the next player misses a turn"), get(result, "next_misses_turn")),
                (_("direction reversed"), get(result, "reverses")),
                (_("hands swapped with"), get(result, "swap_with")),
            ],
        )
    ]


PLAY = CheckForm(
    game=GAME,
    check="play",
    title=_("One play: may this card go on the pile?"),
    intro=_(
        "The top card of the pile, the colour in force (after a wish card), the player's "
        "hand before the play, and the card played (or tick “draws”)."
    ),
    inputs=(
        CardInput("top", _("top card of the pile"), deck=MEINO, picker=MEINO),
        ChoiceInput(
            "colour",
            _("colour in force"),
            required=False,
            choices=COLOURS,
            help=_("Needed when the top card is a wish card"),
        ),
        CardsInput(
            "hand",
            _("hand before the play"),
            deck=MEINO,
            picker=MEINO,
            help=_("R7, W+4, blau 5 …"),
        ),
        CardInput("card", _("card played"), required=False, deck=MEINO, picker=MEINO),
        ChoiceInput("wish", _("colour wished"), required=False, choices=COLOURS),
        FlagInput("draw", _("draws instead of playing")),
        FlagInput(
            "penalty",
            _("must take the draw of the +2, W+2 or W+4 on top"),
        ),
        ChoiceInput(
            "meino",
            _("called MEINO"),
            required=False,
            choices=YES_NO,
            help=_("Only when the player is down to one card"),
        ),
        TextInput("player", _("player"), required=False),
        NumberInput("players", _("players at the table"), required=False, minimum=2, maximum=6),
    ),
    build=_build_play,
    present=_present_play,
    picker_ranks=VALUES,
    example={
        "top": "R5",
        "colour": "R",
        # in the page's words: "rood 7", "kleurkeuze+4" (nl), "rot 7", "4-Ziehen & Farbwahl" (de)
        "hand": _("red 7, W+4, blue 5"),
        "card": _("wild+4"),
        "wish": "G",
        "player": "Bas",
    },
)


# --- round_score -------------------------------------------------------------------------


def _present_round(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    players = players_of(case, case.get("hands"))
    sections = [
        per_player(_("Players"), [(_("points"), result.get("points"))], players),
        outcome([(_("went out"), get(result, "winner"))]),
    ]
    return non_empty(sections)


ROUND_SCORE = CheckForm(
    game=GAME,
    check="round_score",
    title=_("The score of a round"),
    intro=_("The cards left in each hand when the round ended (the winner's line: “Ann:”)."),
    inputs=(
        PlayerCardsInput(
            "hands",
            _("hands"),
            deck=MEINO,
            picker=MEINO,
            help=_("One line per player: Bas: R5, W+4, JOKER"),
        ),
    ),
    present=_present_round,
    picker_ranks=VALUES,
    example={"hands": _("Ann:\nBas: R5, W+4, JOKER\nCor: yellow skip, G2")},
)


# --- game --------------------------------------------------------------------------------


def _round_line(line: str) -> dict[str, int]:
    return read_numbers(line, 0, 100_000)


def _present_game(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    players = players_of(case)
    rounds = case.get("rounds") or []
    sections = [
        numbered_rows(_("Rounds"), _("round"), rounds, players),
        per_player(
            _("Totals"),
            [(_("points"), result.get("totals")), (_("rounds won"), result.get("tally"))],
            players,
        ),
        outcome(
            [
                (_("finished"), get(result, "finished")),
                (_("ended after round"), get(result, "finished_after")),
                (_("winner"), get(result, "winner")),
            ]
        ),
    ]
    return non_empty(sections)


GAME_CHECK = CheckForm(
    game=GAME,
    check="game",
    title=_("A whole game from the round scores"),
    intro=_("One line per round with everyone's points; the player who went out has 0."),
    inputs=(
        NamesInput("players", _("players"), help=_("Separated by commas: Ann, Bas, Cor")),
        LinesInput(
            "rounds",
            _("rounds"),
            read_line=_round_line,
            help=_("Ann: 0, Bas: 95, Cor: 30 — one round per line"),
        ),
    ),
    present=_present_game,
    example={
        "players": "Ann, Bas, Cor",
        "rounds": "Ann: 0, Bas: 95, Cor: 30\nAnn: 120, Bas: 0, Cor: 45",
    },
)

CHECKS = {"play": PLAY, "round_score": ROUND_SCORE, "game": GAME_CHECK}
