"""Duizenden's dispute forms: ``meld``, ``opening``, ``discard``, ``deal_score``, ``game``
and ``mine`` (CASES.md).

Meld cards are typed the way people say them: ``harten 5, joker als harten 6, 7H``. A
joker is declared as ``JK:6H``, ``joker als 6H``, ``joker voor harten 6``, ``joker = 6H``
or ``joker (6H)``; a plain ``joker`` is left undeclared, and a joker that can stand for
more than one card is explained next to the field with every reading.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from games.base import CaseError
from games.cards import (
    FRENCH,
    FRENCH_RANKS,
    JOKER,
    Card,
    Deck,
    parse_card,
)
from games.checkform import (
    PLAYERS_HELP,
    CardInput,
    CardsInput,
    CheckForm,
    FlagInput,
    Input,
    InputError,
    LinesInput,
    NamesInput,
    PlayerCardsInput,
    TextInput,
    add_once,
    name_and_rest,
    read_cards,
    read_numbers,
    split,
    too_many,
    try_parse,
)
from games.checkshow import (
    Section,
    ShownCard,
    _,
    facts,
    get,
    joined,
    non_empty,
    outcome,
    per_player,
    players_of,
    said,
    show,
)
from games.duizenden import rules
from games.text import Rank, Text

GAME = "duizenden"
KINDS = {"set": _("set (cards of one rank)"), "run": _("run (one suit, in a row)")}

# --- reading meld cards ------------------------------------------------------------------

_JOKER_WORDS = frozenset({"jk", "joker", "jok", "jkr", "🃏"})
#: Words between a joker and the card it stands for: "joker als 6H", "joker voor harten 6".
_FIRM = frozenset({":", "=", "als", "voor", "for", "für", "fur", "fuer", "statt", "anstelle"})
#: Connectors that may also start a card ("as harten" is the ace of hearts).
_LOOSE = frozenset({"as", "is", "wie"})
_PAREN = re.compile(r"(?i)\b(joker|jok|jkr|jk)\s*\(\s*([^()]*?)\s*\)")
_COLON = re.compile(r"\s*([:=])\s*")
_MELD_SPLIT = re.compile(r"\s*[|/]\s*")


def _declared(words: list[str], start: int, firm: bool, said: str) -> tuple[str, int] | None:
    """The card a joker stands for from ``words[start:]``: (``JK:CARD``, words used)."""
    for size in (2, 1):
        if start + size <= len(words):
            card = try_parse(parse_card, " ".join(words[start : start + size]))
            if card is not None:
                if card == str(JOKER):
                    raise InputError(_("A joker stands for a card, not for another joker."))
                return f"JK:{card}", size
    if firm:
        raise InputError(
            _("“%(text)s”: say which card the joker stands for, for example “joker als 6H”."),
            params={"text": " ".join([said, *words[start : start + 2]])[:40]},
        )
    return None


def read_meld_cards(text: str) -> list[str]:
    """Meld cards in table talk → canonical tokens (``5H``, ``JK``, ``JK:6H``)."""
    out: list[str] = []
    for chunk in split(text):
        words = _COLON.sub(r" \1 ", _PAREN.sub(r"\1 als \2", chunk)).split()
        plain: list[str] = []
        i = 0
        while i < len(words):
            word = words[i]
            if word.lower() not in _JOKER_WORDS:
                plain.append(word)
                i += 1
                continue
            if plain:
                out += read_cards(" ".join(plain), FRENCH)
                plain = []
            link = words[i + 1].lower() if i + 1 < len(words) else ""
            found = None
            if link in _FIRM or link in _LOOSE:
                found = _declared(words, i + 2, link in _FIRM, f"{word} {words[i + 1]}")
            if found is None:
                out.append(str(JOKER))
                i += 1
            else:
                out.append(found[0])
                i += 2 + found[1]
        if plain:
            out += read_cards(" ".join(plain), FRENCH)
        too_many(out)
    return out


def _describe(reading: rules.Reading) -> Text:
    """A meld in words, its cards in the page's letters (the site writes them): "een set
    van V", "B♥-A♥" (English as the notation writes them: "JH-AH")."""
    if reading.kind == "set":
        return said(_("a set of %(rank)s"), rank=Rank(reading.rank))
    low = ShownCard(reading.card_at(reading.low))
    high = ShownCard(reading.card_at(reading.low + reading.size - 1))
    return said(_("a run %(low)s-%(high)s"), low=low, high=high)


def check_jokers(tokens_text: list[str]) -> None:
    """A meld whose undeclared joker could stand for several cards: name every reading,
    in the user's language, next to the field (the engine would refuse the case)."""
    try:
        tokens = [rules.parse_token(t, "cards") for t in tokens_text]
        rules.read_meld(tokens, "cards")
    except CaseError:
        pass
    else:
        return
    index = next((i for i, t in enumerate(tokens) if t.is_joker and t.declared is None), None)
    if index is None:
        return
    natural = next((t.card for t in tokens if not t.is_joker), None)
    cards, options = [], []
    for reading in rules.readings(tokens):
        stands = rules.resolve(reading, tokens)[index].declared
        if reading.kind == "set" or stands is None:
            stands = Card(reading.rank, natural.suit if natural is not None else "S")
        cards.append(str(stands))
        options.append(
            said("JK:%(card)s (%(reading)s)", card=str(stands), reading=_describe(reading))
        )
    if len(options) < 2:
        return
    raise InputError(
        _(
            "Joker %(number)s of “%(meld)s” can stand for %(readings)s. Write which card "
            "it stands for, for example “joker als %(card)s”."
        ),
        params={
            "number": index + 1,
            "meld": " ".join(tokens_text)[:80],
            "readings": joined(options, _(" or ")),
            "card": cards[0],
        },
    )


def read_one_meld(text: str) -> list[str]:
    cards = read_meld_cards(text)
    check_jokers(cards)
    return cards


@dataclass(frozen=True)
class MeldInput(Input):
    """The cards of one meld: ``harten 5, joker als harten 6, 7H``."""

    picker: Deck | None = FRENCH

    def read(self, text: str) -> list[str]:
        return read_one_meld(text)


@dataclass(frozen=True)
class PlayerMeldsInput(Input):
    """One line per player: ``Ann: 5H 6H 7H | QS QS JK`` (``|`` or ``/`` between melds);
    a player with nothing: ``Ann:``."""

    widget: ClassVar[str] = "textarea"
    picker: Deck | None = FRENCH

    def read(self, text: str) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {}
        for line in split(text, re.compile(r"[\n\r]+")):
            name, rest = name_and_rest(line)
            groups = [g for g in _MELD_SPLIT.split(rest) if g.strip()]
            if len(groups) > 1:
                value: list[Any] = [read_meld_cards(g) for g in groups]
            else:
                value = read_meld_cards(rest)
            add_once(out, name, value)
        too_many(out)
        return out


# --- meld --------------------------------------------------------------------------------


def _reading(tokens_text: list[str]) -> tuple[rules.Reading, list[rules.Token]] | None:
    try:
        tokens = [rules.parse_token(t, "cards") for t in tokens_text]
        reading = rules.read_meld(tokens, "cards")
    except CaseError:
        return None
    return (reading, tokens) if reading is not None else None


def _read_as(tokens_text: list[str]) -> str:
    found = _reading(tokens_text)
    if found is None:
        return "—"
    reading, tokens = found
    return f"{rules.show(rules.resolve(reading, tokens))} — {_describe(reading)}"


def _kind(value: Any) -> Any:
    return KINDS.get(value, value) if isinstance(value, str) else value


def _present_meld(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    if not result:
        return []
    pairs = [
        (_("meld type"), _kind(get(result, "type"))),
        (_("opening points (DZ-4)"), get(result, "opening_points")),
        (_("card points (DZ-11)"), get(result, "card_points")),
    ]
    if "type" in result:
        pairs.insert(0, (_("read as"), _read_as(list(case.get("cards") or []))))
    return [facts(_("The meld"), pairs)]


MELD = CheckForm(
    game=GAME,
    check="meld",
    title=_("One meld: is it a set or a run, and what is it worth?"),
    intro=_(
        "The cards of the meld as laid on the table. Say which card a joker stands for: "
        "“joker als 6H” or JK:6H; a plain “joker” where it can only be one card."
    ),
    inputs=(
        MeldInput(
            "cards",
            _("cards of the meld"),
            help=_("harten 5, joker als harten 6, 7H — or 5H JK:6H 7H"),
        ),
    ),
    present=_present_meld,
    picker_ranks=FRENCH_RANKS,
    # in the page's words: "harten 5, joker voor harten 6" (nl), "Herz 5, Joker für Herz 6" (de)
    example={"cards": _("hearts 5, joker for hearts 6, ♥7")},
)


# --- opening -----------------------------------------------------------------------------


def _present_opening(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    melds = case.get("melds") or []
    rows = []
    face = bool((case.get("options") or {}).get("opening_face_cards", True))
    for number, meld in enumerate(melds, 1):
        found = _reading(list(meld)) if isinstance(meld, list) else None
        if found is None:
            rows.append([number, show(meld), "—", "—"])
            continue
        reading, tokens = found
        points = rules.opening_points(reading, tokens, face_cards=face)
        rows.append([number, show(meld), _describe(reading), points])
    sections = [
        Section(_("Melds"), [_("meld"), _("cards"), _("read as"), _("opening points")], rows),
        facts(
            _("The opening"),
            [(_("opening points (DZ-4)"), get(result, "opening_points")), (_("needed"), 30)],
        ),
    ]
    return non_empty(sections)


OPENING = CheckForm(
    game=GAME,
    check="opening",
    title=_("Coming out: are the first melds worth 30?"),
    intro=_(
        "Every meld laid in the opening turn, one meld per line. Together they must be "
        "worth at least 30 opening points (DZ-4)."
    ),
    inputs=(
        LinesInput(
            "melds",
            _("melds"),
            read_line=read_one_meld,
            picker=FRENCH,
            help=_("One meld per line: 5H 6H 7H; vrouw, vrouw, joker"),
        ),
    ),
    present=_present_opening,
    picker_ranks=FRENCH_RANKS,
    example={"melds": _("hearts 5, hearts 6, hearts 7\nclubs 2, diamonds 2, joker")},
)


# --- discard -----------------------------------------------------------------------------


def _build_discard(data: dict[str, Any]) -> dict[str, Any]:
    case: dict[str, Any] = {"card": data["card"], "hand": data["hand"]}
    case["first_turn"] = bool(data.get("first_turn"))
    if data.get("player"):
        case["player"] = data["player"]
    return case


def _present_discard(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    if not result:
        return []
    return [
        facts(
            _("After the discard"),
            [
                (_("discarded"), case.get("card")),
                (_("hand left"), get(result, "hand")),
                (_("goes out"), get(result, "goes_out")),
            ],
        )
    ]


DISCARD = CheckForm(
    game=GAME,
    check="discard",
    title=_("A discard: may this card go on the pile?"),
    intro=_(
        "The card discarded and the player's hand just before the discard (the discarded "
        "card included). Tick “first turn” when it was the player's first turn."
    ),
    inputs=(
        CardInput("card", _("card discarded"), picker=FRENCH),
        CardsInput(
            "hand",
            _("hand before the discard"),
            picker=FRENCH,
            help=_("Including the card discarded: schoppen vrouw, 8C, joker"),
        ),
        FlagInput("first_turn", _("it was the player's first turn")),
        TextInput("player", _("player"), required=False),
    ),
    build=_build_discard,
    present=_present_discard,
    options=(),
    picker_ranks=FRENCH_RANKS,
    example={
        "card": _("queen of spades"),
        "hand": _("queen of spades, 8C, 9C"),
        "player": "Bas",
    },
)


# --- deal_score --------------------------------------------------------------------------


def _build_deal_score(data: dict[str, Any]) -> dict[str, Any]:
    melded = data.get("melded") or {}
    hands = data.get("hands") or {}
    names = list(dict.fromkeys([*melded, *hands]))
    return {
        "players": {
            name: {"melded": melded.get(name, []), "hand": hands.get(name, [])} for name in names
        }
    }


def _melds_text(value: Any) -> str:
    """``[["5H", "6H", "7H"], ["AS", "AC", "AD"]]`` → ``5H 6H 7H | AS AC AD``."""
    if not value:
        return "—"
    if isinstance(value, list) and any(isinstance(v, list) for v in value):
        return " | ".join(_melds_text(v) for v in value)
    return " ".join(show(v) for v in value) if isinstance(value, list) else show(value)


def _present_deal_score(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    players = case.get("players") or {}
    names = list(players)
    melded = {n: _melds_text(players[n].get("melded")) for n in names}
    hands = {n: _melds_text(players[n].get("hand")) for n in names}
    return non_empty(
        [
            per_player(
                _("Deal score (DZ-11)"),
                [
                    (_("on the table"), melded),
                    (_("left in hand"), hands),
                    (_("points"), result.get("points")),
                ],
                names,
            )
        ]
    )


DEAL_SCORE = CheckForm(
    game=GAME,
    check="deal_score",
    title=_("The score of a deal"),
    intro=_(
        "For each player the cards melded on the table and the cards left in hand when "
        "somebody went out. Card points: 2-9 5, 10-K 10, A 15, joker 50, QS 100."
    ),
    inputs=(
        PlayerMeldsInput(
            "melded",
            _("melded on the table"),
            help=_("One line per player: Ann: 5H 6H 7H | QS QS JK (| between melds)"),
        ),
        PlayerCardsInput(
            "hands",
            _("left in hand"),
            required=False,
            picker=FRENCH,
            help=_("One line per player: Bas: schoppen vrouw, joker (“Ann:” for nothing)"),
        ),
    ),
    build=_build_deal_score,
    present=_present_deal_score,
    options=(),
    picker_ranks=FRENCH_RANKS,
    example={
        "melded": _("Ann: hearts 5, hearts 6, joker for hearts 7 | AS AC AD\nBas: 8C 8D 8S\nCor:"),
        "hands": _("Ann:\nBas: queen of spades, 4H\nCor: joker, KD, 2C"),
    },
)


# --- game --------------------------------------------------------------------------------


def _deal_line(line: str) -> dict[str, int]:
    return read_numbers(line, -100_000, 100_000)


def _present_game(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    players = players_of(case)
    deals = case.get("deals") or []
    totals = dict.fromkeys(players, 0)
    rows = []
    for number, deal in enumerate(deals, 1):
        row: list[Any] = [number]
        for name in players:
            value = deal.get(name, 0) if isinstance(deal, dict) else 0
            totals[name] += value if isinstance(value, int) else 0
            row.append(f"{show(value)} ({totals[name]})")
        rows.append(row)
    sections = [
        Section(_("Deals (running total)"), [_("deal"), *players], rows),
        per_player(_("Totals"), [(_("points"), result.get("totals"))], players),
        outcome(
            [
                (_("finished"), get(result, "finished")),
                (_("winner"), get(result, "winner")),
                (_("won after deal"), get(result, "after_deal")),
            ]
        ),
    ]
    return non_empty(sections)


GAME_CHECK = CheckForm(
    game=GAME,
    check="game",
    title=_("A whole game from the deal scores"),
    intro=_(
        "One line per deal with everyone's score (minus points with a minus sign). The "
        "first to 1000 or more after a deal wins (DZ-12)."
    ),
    inputs=(
        NamesInput("players", _("players"), help=PLAYERS_HELP),
        LinesInput(
            "deals",
            _("deals"),
            read_line=_deal_line,
            help=_("Ann: 85, Bas: -20, Cor: 140 — one deal per line"),
        ),
    ),
    present=_present_game,
    options=(),
    example={
        "players": "Ann, Bas, Cor",
        "deals": "Ann: 480, Bas: 310, Cor: -40\nAnn: 530, Bas: 720, Cor: 95\n"
        "Ann: 15, Bas: 60, Cor: 200",
    },
)


# --- mine --------------------------------------------------------------------------------


def _build_mine(data: dict[str, Any]) -> dict[str, Any]:
    keys = ("players", "discarder", "top", "claims", "on_table", "hands")
    return {key: data[key] for key in keys if data.get(key) is not None}


def _present_mine(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    players = players_of(case)
    claims = case.get("claims") or []
    on_table = set(case.get("on_table") or [])
    hands = case.get("hands") or {}
    rows = [
        [
            name,
            claims.index(name) + 1 if name in claims else "—",
            show(name in on_table),
            show(hands.get(name)) if name in hands else "—",
        ]
        for name in players
    ]
    return [
        Section(
            _("Players"),
            [_("player"), _("claim (order called)"), _("on the table"), _("hand")],
            rows,
        ),
        outcome(
            [(_("top card"), case.get("top")), (_("mines the pile"), get(result, "miner"))],
        ),
    ]


MINE = CheckForm(
    game=GAME,
    check="mine",
    title=_("Mining: who takes the discard pile?"),
    intro=_(
        "Who discarded which card, who called “mijn” in the order they called, who was "
        "already on the table, and the hands of the claimers (DZ-7)."
    ),
    inputs=(
        NamesInput("players", _("players"), help=PLAYERS_HELP),
        TextInput("discarder", _("discarded by")),
        CardInput("top", _("card discarded (top of the pile)"), picker=FRENCH),
        NamesInput(
            "claims",
            _("claims"),
            help=_("In the order they called “mijn”: Cor, Bas"),
        ),
        NamesInput(
            "on_table",
            _("on the table"),
            required=False,
            help=_("Players who had come out with 30: Bas, Cor"),
        ),
        PlayerCardsInput(
            "hands",
            _("hands of the claimers"),
            required=False,
            picker=FRENCH,
            help=_("One line per claimer: Bas: 8H, 8C, 2D"),
        ),
    ),
    build=_build_mine,
    present=_present_mine,
    options=(),
    picker_ranks=FRENCH_RANKS,
    example={
        "players": "Ann, Bas, Cor, Dirk",
        "discarder": "Ann",
        "top": _("8 of spades"),
        "claims": "Cor, Bas",
        "on_table": "Bas, Cor",
        "hands": _("Bas: 8H, 8C, 2D\nCor: 8 of diamonds, 8 of hearts, KS"),
    },
)

CHECKS = {
    "meld": MELD,
    "opening": OPENING,
    "discard": DISCARD,
    "deal_score": DEAL_SCORE,
    "game": GAME_CHECK,
    "mine": MINE,
}
