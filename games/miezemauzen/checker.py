"""Miezemauzen's dispute forms: ``deal``, ``game`` and ``settlement`` (CASES.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.cards import FRENCH, UnknownCardError, parse_suit
from games.checkform import (
    PLAYERS_HELP,
    CheckForm,
    ChoiceInput,
    InputError,
    LinesInput,
    NamesInput,
    PlayerCardsInput,
    PlayerNumbersInput,
    PlayerWordsInput,
    TextInput,
    TricksInput,
    add_once,
    read_number,
)
from games.checkshow import (
    Section,
    _,
    get,
    non_empty,
    numbered_rows,
    outcome,
    per_player,
    players_of,
    show,
)

GAME = "miezemauzen"
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")
SUITS = (
    ("S", _("♠ spades")),
    ("H", _("♥ hearts")),
    ("D", _("♦ diamonds")),
    ("C", _("♣ clubs")),
)
#: Every spelling of a declaration (Dutch, German, English) → the case's word.
DECLARATIONS = {
    **dict.fromkeys(("play", "plays", "spelen", "speelt", "mee", "meegaan", "spielen",
                     "spielt", "spiel", "mit"), "play"),
    **dict.fromkeys(("pass", "passes", "passen", "past", "pas", "passt"), "pass"),
    **dict.fromkeys(("exchange", "exchanges", "ruilen", "ruilt", "ruil", "tauschen",
                     "tauscht", "tausch"), "exchange"),
}  # fmt: skip


def _suit(text: str) -> str:
    try:
        return parse_suit(text.strip())
    except UnknownCardError:
        raise InputError(
            _("“%(text)s” is not a suit."), params={"text": text.strip()[:40]}
        ) from None


# --- deal --------------------------------------------------------------------------------


def _kat_claim(line: str) -> dict[str, str]:
    """``Ann: harten`` → ``{"player": "Ann", "suit": "H"}``."""
    name, _colon, suit = line.partition(":")
    if not name.strip() or not suit.strip():
        raise InputError(_("Write “name: suit”, for example “Ann: harten”."))
    return {"player": name.strip()[:100], "suit": _suit(suit)}


def _build_deal(data: dict[str, Any]) -> dict[str, Any]:
    keys = ("players", "dealer", "trump", "points_before", "passes_before", "declarations",
            "hands", "kat", "tricks")  # fmt: skip
    return {key: data[key] for key in keys if data.get(key) is not None}


def _present_deal(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    sections = []
    winners = result.get("trick_winners") or []
    tricks = case.get("tricks") or []
    if tricks or winners:
        rows = [
            [index + 1, show(cards), show(winners[index]) if index < len(winners) else "—"]
            for index, cards in enumerate(tricks)
        ]
        sections.append(Section(_("Tricks"), [_("trick"), _("cards"), _("won by")], rows))
    players = players_of(case)
    sections.append(
        per_player(
            _("Players"),
            [
                (_("tricks won"), result.get("tricks_won")),
                (_("points this deal"), result.get("deal_points")),
                (_("points after the deal"), result.get("points_after")),
            ],
            players,
        )
    )
    sections.append(outcome([(_("winner"), get(result, "winner"))]))
    return non_empty(sections)


DEAL = CheckForm(
    game=GAME,
    check="deal",
    title=_("A deal: declarations, kat and tricks"),
    intro=_(
        "Who played which card: the hands as they were when the tricks began, and each "
        "trick on its own line, the cards in the order played (the leader's first). Leave "
        "out what is not in dispute."
    ),
    inputs=(
        NamesInput("players", _("players"), help=PLAYERS_HELP),
        TextInput("dealer", _("dealer")),
        ChoiceInput("trump", _("trump"), choices=SUITS),
        PlayerWordsInput(
            "declarations",
            _("declarations"),
            words=DECLARATIONS,
            said=_("play, pass or exchange"),
            help=_("Everyone's declaration: Ann: play, Bas: pass, Cor: exchange"),
        ),
        PlayerCardsInput(
            "hands",
            _("hands"),
            required=False,
            picker=FRENCH,
            help=_("One line per player: Ann: AH KS 9S 8C 7D (harten aas, ♠K … work too)"),
        ),
        TricksInput(
            "tricks",
            _("tricks"),
            required=False,
            picker=FRENCH,
            help=_("One line per trick: AH 10H QH"),
        ),
        PlayerNumbersInput(
            "points_before",
            _("points before the deal"),
            required=False,
            help=_("Ann: 12, Bas: 9 (left out: the starting points)"),
        ),
        PlayerNumbersInput(
            "passes_before",
            _("passes in a row before the deal"),
            required=False,
            minimum=0,
            help=_("Only players who passed the deals just before: Cor: 2"),
        ),
        LinesInput(
            "kat",
            _("kat claims"),
            required=False,
            read_line=_kat_claim,
            help=_("One line per claim: Ann: harten"),
        ),
    ),
    build=_build_deal,
    present=_present_deal,
    options=("start_points", "kat_scoring", "per_trick", "exact_zero", "spades_double"),
    picker_ranks=RANKS,
    example={
        "players": "Ann, Bas, Cor",
        "dealer": "Cor",
        "trump": "S",
        # in the page's words: "Ann: spelen", "Ann: harten aas" (nl), "Ann: Herz Ass" (de)
        "declarations": _("Ann: play\nBas: play\nCor: play"),
        "hands": _(
            "Ann: ace of hearts, KS, 9S, 8C, 7D\nBas: 9H QC JD 10D 7C\n"
            "Cor: 10H, king of clubs, 8D, A♠, 7S"
        ),
        "tricks": "AH 7C 10H",
    },
)


# --- game --------------------------------------------------------------------------------


def _deal_line(line: str) -> dict[str, Any]:
    """``H: Ann 3, Bas pass, Cor 2`` → one deal summary of CASES.md.

    Per player: a number (played, tricks won), ``pass``, ``play`` (no trick), ``exchange
    N``, or ``kat``/``kater`` (played and showed a kat, which ends the deal)."""
    trump_text, colon, rest = line.partition(":")
    if not colon:
        raise InputError(_("Start with the trump suit and a colon: “H: Ann 3, Bas pass”."))
    deal: dict[str, Any] = {"trump": _suit(trump_text)}
    declarations: dict[str, str] = {}
    won: dict[str, int] = {}
    kat: dict[str, Any] | None = None
    for item in (part.strip() for part in rest.split(",")):
        if not item:
            continue
        words = item.split()
        if len(words) < 2:
            raise InputError(
                _("“%(text)s”: give a name and what the player did."), params={"text": item[:40]}
            )
        name, said, count = _said(words)
        showed_kat = said in ("kat", "kater")
        add_once(declarations, name, "play" if showed_kat else said)
        if showed_kat:
            kat = {"player": name, "kater": said == "kater"}
            continue
        if count is not None:
            won[name] = count
    deal["declarations"] = declarations
    if kat is not None:
        deal["kat"] = kat
    elif won:
        deal["tricks_won"] = won
    return deal


def _said(words: list[str]) -> tuple[str, str, int | None]:
    """(name, declaration or kat, tricks) from ``Ann 3``, ``Ann pass``, ``Ann ruil 2``."""
    last = words[-1].lower()
    if last.lstrip("-").isdigit():
        count = read_number(last, 0, 5)
        head = words[:-1]
        word = DECLARATIONS.get(head[-1].lower()) if len(head) > 1 else None
        if word is not None:
            head = head[:-1]
        return " ".join(head), word or "play", count
    if last in ("kat", "kater"):
        return " ".join(words[:-1]), last, None
    word = DECLARATIONS.get(last)
    if word is None:
        raise InputError(
            _("“%(text)s” is no declaration (play, pass, exchange), number of tricks or kat."),
            params={"text": words[-1][:40]},
        )
    return " ".join(words[:-1]), word, None


def _present_game(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    players = players_of(case)
    history = result.get("points") or []
    sections = [
        numbered_rows(_("Points after each deal"), _("deal"), history, players),
        outcome(
            [
                (_("final points"), get(result, "final")),
                (_("winner"), get(result, "winner")),
                (_("game won in deal"), get(result, "finished_after")),
            ]
        ),
    ]
    return non_empty(sections)


GAME_CHECK = CheckForm(
    game=GAME,
    check="game",
    title=_("A whole game from the deal results"),
    intro=_(
        "One line per deal: the trump suit, then what each player did. A number is the "
        "tricks a playing player took; pass, play (no trick), exchange 2, kat or kater."
    ),
    inputs=(
        NamesInput("players", _("players"), help=PLAYERS_HELP),
        LinesInput(
            "deals",
            _("deals"),
            read_line=_deal_line,
            help=_("H: Ann 3, Bas pass, Cor 2 — one deal per line"),
        ),
    ),
    present=_present_game,
    options=("start_points", "kat_scoring", "per_trick", "exact_zero", "spades_double"),
    example={
        "players": "Ann, Bas, Cor",
        "deals": _(
            "spades: Ann 3, Bas pass, Cor 2\nhearts: Ann 1, Bas 4, Cor play\n"
            "diamonds: Ann kat, Bas pass, Cor play"
        ),
    },
)


# --- settlement --------------------------------------------------------------------------


def _euro(cents: Any) -> Any:
    if isinstance(cents, int):
        return f"€ {cents / 100:.2f}"
    if isinstance(cents, dict):
        return {name: _euro(value) for name, value in cents.items()}
    return cents


def _present_settlement(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    players = players_of(case, case.get("points"))
    sections = [
        per_player(
            _("Players"),
            [(_("points"), case.get("points")), (_("pays"), _euro(result.get("pays_cents")))],
            players,
        ),
        outcome(
            [
                (_("winner"), get(result, "winner")),
                (_("receives"), _euro(get(result, "receives_cents"))),
            ]
        ),
    ]
    return non_empty(sections)


SETTLEMENT = CheckForm(
    game=GAME,
    check="settlement",
    title=_("Settling up: who pays whom"),
    intro=_("Everyone's points at the end; the stake is an option below."),
    inputs=(
        PlayerNumbersInput(
            "points", _("points at the end"), help=_("Ann: 0, Bas: 2, Cor: 8, Dirk: 12")
        ),
    ),
    present=_present_settlement,
    options=("stake_cents",),
    example={"points": "Ann: 0, Bas: 2, Cor: 8, Dirk: 12"},
)

CHECKS = {"deal": DEAL, "game": GAME_CHECK, "settlement": SETTLEMENT}
