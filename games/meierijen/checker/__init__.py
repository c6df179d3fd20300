"""MeieRijen's dispute forms: ``turn``, ``round_score`` and ``match`` (CASES.md).

A turn is typed the way it is told at the table, one play per line: "AS op mix",
"8H van open tegenstander op rood", "joker op zwart als 10", "witte pion op trekstapel
tegenstander", "6C weg naar open". Dutch and English words are read alike; every line
becomes one entry of the case's ``plays`` in CASES.md's notation (:mod:`.reading`; the
board: :mod:`.board`). Pure Python: no Django here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games import cases
from games.cards import FRENCH, FRENCH_RANKS
from games.checkform import (
    CardsInput,
    CheckForm,
    FlagInput,
    LinesInput,
    ReadInput,
    TextInput,
)
from games.checkshow import (
    Section,
    _,
    facts,
    get,
    joined,
    non_empty,
    outcome,
    said,
    show,
)

from .board import (
    PILE_LABELS,
    read_pawns,
    read_piles,
    read_players,
    read_rounds,
    read_sides,
    read_teams,
)
from .reading import (
    GAME,
    PILES,
    read_play,
)

# --- showing the result --------------------------------------------------------------------

PAWN_LABELS = {"grey": _("grey pawn"), "red": _("red pawn"), "white": _("white pawns")}
#: A pawn a player holds at the end of a round, in words (the case says "grey").
HELD_PAWNS = {"grey": _("grey pawn"), "red": _("red pawn"), "white": _("white pawn")}


def _top_text(top: Any) -> Any:
    if top is None:
        return _("empty")
    if isinstance(top, dict):
        return said(_("%(card)s as %(rank)s"), card=top.get("card"), rank=top.get("as"))
    return str(top)


def place_text(place: Any) -> Any:
    """A pawn's place in words: ``opponent_open:8H`` → "the opponent's open card 8H"."""
    text = str(place)
    name, _colon, card = text.partition(":")
    words = {
        "start": _("start spot"),
        "me": _("the player"),
        "opponent": _("the opponent"),
        "opponent_draw": _("the opponent's draw pile"),
        "opponent_penalty": _("the opponent's penalty pile"),
        "draw": _("the player's own draw pile"),
        "penalty": _("the player's own penalty pile"),
    }
    if name == "pile":
        return PILE_LABELS.get(card, card)
    if name == "opponent_open":
        return said(_("the opponent's open card %(card)s"), card=card)
    if name == "open":
        return said(_("the player's own open card %(card)s"), card=card)
    return words.get(name, text)


def _present_turn(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    if not result:
        return []
    before = case.get("piles") or {}
    after = result.get("piles") or {}
    sections = [
        Section(
            _("Centre piles"),
            [_("pile"), _("before the turn"), _("after the turn")],
            [[PILE_LABELS[n], _top_text(before.get(n)), _top_text(after.get(n))] for n in PILES],
        )
    ]
    pawns_before = case.get("pawns") or {}
    pawns_after = result.get("pawns") or {}
    rows = []
    for pawn in ("grey", "red", "white"):
        if pawn not in pawns_after:
            continue
        was = pawns_before.get(pawn, [] if pawn == "white" else "start")
        rows.append([PAWN_LABELS[pawn], _places_text(was), _places_text(pawns_after[pawn])])
    if rows:
        sections.append(
            Section(_("Pawns"), [_("pawn"), _("before the turn"), _("after the turn")], rows)
        )
    sections.append(
        facts(
            _("After the turn"),
            [(_("hand"), get(result, "hand")), (_("turn finished"), get(result, "finished"))],
        )
    )
    return non_empty(sections)


def _places_text(value: Any) -> Any:
    if isinstance(value, list):
        shown = [place_text(v) for v in value if v != "start"]
        return joined(shown) if shown else START_LABEL
    return place_text(value)


START_LABEL = _("start spot")


def _present_round(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    points = result.get("points") or {}
    players = case.get("players") or {}
    teams = case.get("teams") or {}
    sections = []
    if isinstance(players, dict) and players:
        rows = []
        for name, value in players.items():
            held = value if isinstance(value, dict) else {}
            pawns = [HELD_PAWNS.get(p, p) for p in held.get("pawns") or []]
            rows.append(
                [name, *(show(held.get(k) or []) for k in ("hand", "open", "penalty")),
                 show(pawns), show(points.get(name)) if not teams else "—"]
            )  # fmt: skip
        sections.append(
            Section(
                _("Players"),
                [
                    _("player"),
                    _("hand"),
                    _("open cards"),
                    _("penalty pile"),
                    _("pawns held"),
                    _("minus points"),
                ],
                rows,
            )
        )
    if teams and points:
        sections.append(
            Section(
                _("Teams"),
                [_("team"), _("players"), _("minus points")],
                [[team, show(members), show(points.get(team))] for team, members in teams.items()],
            )
        )
    sections.append(outcome([(_("round winner"), get(result, "winner"))]))
    return non_empty(sections)


def _present_match(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    rows = []
    for number, round_case in enumerate(case.get("rounds") or [], start=1):
        try:  # each round judged on its own, with the match's options
            options = {**(case.get("options") or {}), **(round_case.get("options") or {})}
            judged = cases.judge({**round_case, "options": options}).get("result") or {}
        except Exception:  # a round the engine refused: shown without its points
            judged = {}
        rows.append([number, show(judged.get("points")), show(judged.get("winner"))])
    sections = [
        Section(_("Rounds"), [_("round"), _("minus points"), _("round winner")], rows),
        outcome(
            [
                (_("rounds won"), get(result, "rounds_won")),
                (_("match winner"), get(result, "winner")),
                (_("draw"), get(result, "draw")),
            ]
        ),
    ]
    return non_empty(sections)


# --- the forms -----------------------------------------------------------------------------

PLAYS_HELP = _(
    "One play per line, as told at the table (Dutch or English). A card: “AS op mix”, "
    "“8H van open tegenstander op rood” (from: hand, open, straf, open tegenstander, straf "
    "tegenstander, trekstapel), a wild with its rank: “joker op zwart als 10” (as 10), with "
    "Variant 1 “… omlaag” (down). A pawn action: “witte pion op trekstapel tegenstander”, "
    "“witte pion op zwart”, “witte pion op open 8H tegenstander”, “pak grijze pion”, "
    "“rode pion weg bij tegenstander”, “witte pion van zwart weg”. The pass card: “6C weg "
    "naar open” or “6C op straf”. After playing the hand empty: “trek 3H 4C QD JK 10S”; "
    "the last ten's face-up card that cannot be played: “draaikaart 7H naar open”."
)


def _build_turn(data: dict[str, Any]) -> dict[str, Any]:
    keys = ("piles", "hand", "draw_pile", "open", "penalty", "pawns", "plays")
    case = {key: data[key] for key in keys if data.get(key) is not None}
    if data.get("last_ten"):
        case["last_ten"] = True
    return case


TURN = CheckForm(
    game=GAME,
    check="turn",
    title=_("One turn: the plays, pawn actions and the pass card"),
    intro=_(
        "The board as it stood when the turn began (the hand after drawing), then the turn, "
        "one play per line. The turn is judged play by play up to the first broken rule."
    ),
    inputs=(
        ReadInput(
            "piles",
            _("centre piles"),
            read_text=read_piles,
            textarea=True,
            rows=3,
            picker=FRENCH,
            help=_(
                "The top card of each pile: rood: 8D, zwart: 2S als 9, mix: KH (leeg for "
                "an empty place)"
            ),
        ),
        CardsInput(
            "hand",
            _("hand"),
            picker=FRENCH,
            help=_("After drawing: AS, 9D, ruiten 7, klaveren 6, 5♥"),
        ),
        CardsInput(
            "draw_pile",
            _("draw pile"),
            required=False,
            picker=FRENCH,
            help=_("The next cards of the player's draw pile, top first"),
        ),
        ReadInput(
            "open",
            _("open cards"),
            read_text=read_sides,
            textarea=True,
            required=False,
            rows=2,
            picker=FRENCH,
            help=_("ik: 9C\ntegenstander: 8H (me / opponent)"),
        ),
        ReadInput(
            "penalty",
            _("penalty piles"),
            read_text=read_sides,
            textarea=True,
            required=False,
            rows=2,
            picker=FRENCH,
            help=_("Bottom to top; only the top card is free: tegenstander: 3S KD"),
        ),
        ReadInput(
            "pawns",
            _("pawns"),
            read_text=read_pawns,
            textarea=True,
            required=False,
            rows=3,
            help=_(
                "grijs: start / rood: ik / wit: start, zwart (also: tegenstander, "
                "trekstapel tegenstander, open 8H tegenstander, straf tegenstander)"
            ),
        ),
        LinesInput("plays", _("the turn"), read_line=read_play, picker=FRENCH, help=PLAYS_HELP),
        FlagInput(
            "last_ten",
            _("the player has reached the last ten cards (MR-11)"),
            help=_("The first card of the draw pile is then the face-up card"),
        ),
    ),
    build=_build_turn,
    present=_present_turn,
    options=("variant1", "draw_rule", "players"),
    picker_ranks=FRENCH_RANKS,
    # in the page's words: "rood: ruiten 8", "AS op mix" (nl), "rot: Karo 8" (de)
    example={
        "piles": _("red: diamonds 8\nblack: spades 2 as 9\nmix: hearts king"),
        "hand": _("spades ace, 9D, diamonds 7, clubs 6, 5♥"),
        "draw_pile": "3H 4C QD JK 10S",
        "open": _("me:\nopponent: 8H"),
        "penalty": _("opponent: 3S KD"),
        "pawns": _("grey: start\nred: opponent\nwhite: start, black"),
        "plays": _(
            "AS on mix\n5H on mix\n6C on mix\n7D on mix\n8H from opponent open on mix\n"
            "9D on mix\ndraw 3H 4C QD JK 10S\n10S on mix\nremove white pawn from black\n"
            "joker on black as 10\nwhite pawn on opponent draw pile\npass QD to open"
        ),
    },
)


ROUND_SCORE = CheckForm(
    game=GAME,
    check="round_score",
    title=_("The minus points of a round"),
    intro=_(
        "What every player holds at the end of the round: hand, open cards, penalty pile "
        "and (Variant 1) the pawns still held."
    ),
    inputs=(
        ReadInput(
            "players",
            _("players"),
            read_text=read_players,
            textarea=True,
            picker=FRENCH,
            help=_("One line per player: rood: hand KH, open 3C 2D, straf QS, pionnen grijs"),
        ),
        ReadInput(
            "teams",
            _("teams"),
            read_text=read_teams,
            textarea=True,
            required=False,
            rows=2,
            help=_("Four players only: A: Ann, Cor / B: Bas, Dirk"),
        ),
        TextInput(
            "emptied_first",
            _("emptied the draw pile first"),
            required=False,
            help=_("Decides equal minus points (MR-12)"),
        ),
    ),
    present=_present_round,
    options=("variant1",),
    picker_ranks=FRENCH_RANKS,
    example={
        "players": _(
            "Ann: hand hearts king, open 3C 2D, penalty spades queen, pawn grey\nBas: open 9H"
        ),
        "emptied_first": "Bas",
        "option_variant1": "on",
    },
)


MATCH = CheckForm(
    game=GAME,
    check="match",
    title=_("A match: who won the rounds and the match"),
    intro=_(
        "Each round under its own “ronde 1”, “ronde 2” line: a line per player with what "
        "they held at the end, and “eerst leeg: NAME” when the minus points are equal."
    ),
    inputs=(
        ReadInput(
            "rounds",
            _("rounds"),
            read_text=read_rounds,
            textarea=True,
            rows=8,
            picker=FRENCH,
            help=_(
                "ronde 1 / rood: hand KH, open 3C / blauw: open 9H / ronde 2 / … — "
                "“eerst leeg: blauw”, four players: “team A: Ann, Cor”"
            ),
        ),
    ),
    present=_present_match,
    options=("variant1", "third_round"),
    picker_ranks=FRENCH_RANKS,
    example={
        "rounds": _(
            "round 1\nAnn: hand KH, open 3C 2D, penalty QS\nBas: open 9H\n"
            "round 2\nAnn: open 4D\nBas: hand 5S, open 6S, penalty 7C\n"
            "round 3\nAnn: hand 8C\nBas: hand 9C\nemptied first: Bas"
        ),
        "option_third_round": "on",
    },
)

CHECKS = {"turn": TURN, "round_score": ROUND_SCORE, "match": MATCH}
