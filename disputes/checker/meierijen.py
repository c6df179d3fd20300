"""MeieRijen's dispute forms: ``turn``, ``round_score`` and ``match`` (CASES.md).

A turn is typed the way it is told at the table, one play per line: "AS op mix",
"8H van open tegenstander op rood", "joker op zwart als 10", "witte pion op trekstapel
tegenstander", "6C weg naar open". Dutch and English words are read alike; every line
becomes one entry of the case's ``plays`` in CASES.md's notation.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import cases
from games.cards import UnknownCardError, parse_card, parse_rank

from .base import (
    FRENCH,
    FRENCH_RANKS,
    LINE_SPLIT,
    CardsInput,
    CheckForm,
    FlagInput,
    Input,
    LinesInput,
    Section,
    TextField,
    TextInput,
    add_once,
    facts,
    get,
    name_and_rest,
    non_empty,
    outcome,
    read_cards,
    show,
    split,
    too_many,
    try_parse,
)

GAME = "meierijen"
PILES = ("red", "black", "mix")

# --- words (normalised: lower case, no accents) --------------------------------------------

PILE_WORDS = {
    **dict.fromkeys(("rood", "rode", "red", "rot", "rote", "roden"), "red"),
    **dict.fromkeys(("zwart", "zwarte", "black", "schwarz", "schwarze"), "black"),
    **dict.fromkeys(("mix", "mixvak", "mixstapel", "midden", "middelste", "middle", "mixed",
                     "gemengd", "gemengde", "misch"), "mix"),
}  # fmt: skip
OPPONENT = frozenset(("tegenstander", "tegenstanders", "tegenspeler", "tegenpartij",
                      "opponent", "opponents", "opp", "gegner", "gegners", "ander",
                      "other"))  # fmt: skip
MINE = frozenset(("mijn", "eigen", "my", "own", "ik", "mij", "me", "mine", "self", "zelf",
                  "speler", "player", "i", "mein", "meine", "eigene"))  # fmt: skip
START = frozenset(("start", "begin", "startvak", "startstip", "startplek", "startpositie",
                   "beginplek", "stip", "thuis", "home", "niemand", "nobody", "none", "vrij",
                   "free", "startfeld"))  # fmt: skip
HAND = frozenset(("hand", "handkaart", "handkaarten"))
OPEN = frozenset(("open", "openkaart", "openkaarten", "offen", "offene"))
PENALTY = frozenset(("straf", "strafstapel", "strafkaart", "strafkaarten", "strafvak",
                     "strafkaartvak", "strafstapelvak", "strafkaartstapel", "penalty",
                     "strafe", "strafstapels"))  # fmt: skip
DRAW = frozenset(("trekstapel", "trek", "draw", "drawpile", "stok", "afpakstapel",
                  "afpakstok", "trekstapelvak", "ziehstapel", "deck"))  # fmt: skip
FILLER = frozenset(("de", "het", "den", "der", "des", "die", "dem", "een", "the", "of", "stapel",
                    "stapeltje", "aflegstapel", "aflegvak", "vak", "pile", "piles", "kaart",
                    "kaarten", "card", "cards", "top", "bovenste", "bovenop", "stack",
                    "liggende", "stand", "staat", "ligt", "is", "held", "by", "at",
                    "uit", "van", "bij"))  # fmt: skip
TO_WORDS = frozenset(("op", "naar", "on", "onto", "to", "auf", "in", "into", "nach"))
FROM_WORDS = frozenset(("van", "uit", "from", "off", "vanaf", "vanuit", "bij", "von", "aus"))
AS_WORDS = frozenset(("als", "as", "voor", "for", "="))
DOWN = frozenset(("omlaag", "down", "neer", "neerwaarts", "downward", "downwards", "lager",
                  "aflopend", "dalend", "runter", "abwarts"))  # fmt: skip
UP = frozenset(("omhoog", "up", "upward", "upwards", "hoger", "oplopend", "stijgend", "hoch",
                "aufwarts"))  # fmt: skip
#: Words that say what is done but change nothing in the entry ("speel", "weg", "pas").
VERBS = frozenset(("speel", "speelt", "spelen", "gespeeld", "play", "plays", "played", "leg",
                   "legt", "leggen", "gelegd", "lay", "lays", "laid", "put", "puts", "weg",
                   "pas", "past", "paskaart", "pass", "passes", "passed", "passing",
                   "passkaart", "afleggen", "wegleggen", "spielt", "legt:", "en", "and",
                   "dan", "then", "daarna"))  # fmt: skip
PAWN_WORDS = frozenset(("pion", "pionnen", "pionnetje", "pawn", "pawns", "figur"))
PAWN_COLOURS = {
    **dict.fromkeys(("grijs", "grijze", "grey", "gray", "grau", "graue", "grauen"), "grey"),
    **dict.fromkeys(("rood", "rode", "red", "rot", "rote", "roten"), "red"),
    **dict.fromkeys(("wit", "witte", "white", "weiss", "weisse", "weissen"), "white"),
}
PLACE_VERBS = frozenset(("plaats", "plaatst", "plaatsen", "geplaatst", "zet", "zetten", "zette",
                         "gezet", "place", "places", "placed", "put", "puts", "setzt"))  # fmt: skip
TAKE_VERBS = frozenset(("pak", "pakt", "pakken", "gepakt", "neem", "neemt", "nemen", "genomen",
                        "take", "takes", "took", "taken", "nimmt", "krijgt", "gets"))  # fmt: skip
REMOVE_VERBS = frozenset(("weg", "verwijder", "verwijdert", "verwijderen", "verwijderd", "haal",
                          "haalt", "halen", "gehaald", "remove", "removes", "removed", "terug",
                          "back", "ongedaan", "opheffen", "hef", "heft", "entfernt"))  # fmt: skip
DRAWN_WORDS = frozenset(("trek", "trekt", "trekken", "getrokken", "draw", "draws", "drew",
                         "drawn", "zieht", "pakt", "pak", "pakken"))  # fmt: skip
TURNED_WORDS = frozenset(("gedraaid", "draaikaart", "omgedraaid", "omgedraaide", "draai",
                          "draait", "turned", "turn", "faceup", "face-up",
                          "aufgedeckt"))  # fmt: skip
EMPTY_WORDS = frozenset(("leeg", "empty", "niets", "geen", "none", "null", "-", "—", "dicht",
                         "gesloten", "closed", "leer", "nichts"))  # fmt: skip

_TOKEN = re.compile(r"[^\s,:;()\[\]_]+")
_QUOTES = ".!?'\u2019\""


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def tokens(text: str) -> list[str]:
    """Lower-case words without accents; ``'s`` and brackets dropped, ``_``/``:`` split."""
    text = re.sub(r"['\u2019]s\b", "", _norm(text))
    return [word.strip(_QUOTES) for word in _TOKEN.findall(text) if word.strip(_QUOTES)]


def _said(text: str | Iterable[str]) -> str:
    words = text if isinstance(text, str) else " ".join(text)
    return words.strip()[:40]


def _card(words: list[str]) -> str | None:
    return try_parse(parse_card, " ".join(words))


def _rank(word: str) -> str | None:
    try:
        rank = parse_rank(word)
    except UnknownCardError:
        return None
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))


def _card_at_start(words: list[str]) -> tuple[str, int] | None:
    """The card the words begin with (``as harten`` before ``as``) and how many words."""
    for size in (2, 1):
        if len(words) >= size:
            card = _card(words[:size])
            if card is not None:
                return card, size
    return None


def _not_understood(words: Iterable[str]) -> ValidationError:
    return ValidationError(
        _("“%(text)s” is not understood here."), params={"text": _said(list(words))}
    )


# --- places --------------------------------------------------------------------------------


@dataclass
class _Place:
    """What the words of a place say: whose, which kind, which pile, which card."""

    opponent: bool = False
    mine: bool = False
    start: bool = False
    kinds: tuple[str, ...] = ()
    pile: str | None = None
    card: str | None = None


_FLAGS = {
    **dict.fromkeys(START, "start"),
    **dict.fromkeys(MINE, "mine"),
    **dict.fromkeys(OPPONENT, "opponent"),
}
_KINDS = {
    **dict.fromkeys(HAND, "hand"),
    **dict.fromkeys(OPEN, "open"),
    **dict.fromkeys(PENALTY, "penalty"),
    **dict.fromkeys(DRAW, "draw"),
}


def _read_place(words: list[str]) -> _Place:
    place = _Place()
    kinds: list[str] = []
    rest: list[str] = []
    for word in words:
        flag = _FLAGS.get(word)
        if flag is not None:
            setattr(place, flag, True)
        elif word in _KINDS:
            kinds.append(_KINDS[word])
        elif word in PILE_WORDS and place.pile in (None, PILE_WORDS[word]):
            place.pile = PILE_WORDS[word]
        elif word not in FILLER and word not in VERBS:
            rest.append(word)
    place.kinds = tuple(dict.fromkeys(kinds))
    if rest:
        place.card = _card(rest)
        if place.card is None:
            raise _not_understood(rest)
    return place


def pile_of(words: list[str]) -> str:
    place = _read_place(words)
    if place.pile is None or place.kinds or place.opponent or place.card or place.start:
        raise ValidationError(
            _("“%(text)s” is not a centre pile: say red, black or mix (rood, zwart, mix)."),
            params={"text": _said(words)},
        )
    return place.pile


def holder_of(words: list[str]) -> str:
    """Where the grey or red pawn is: ``start``, ``me`` or ``opponent``."""
    place = _read_place(words)
    if (
        place.kinds
        or place.pile
        or place.card
        or [place.start, place.mine, place.opponent].count(True) != 1
    ):
        raise ValidationError(
            _(
                "“%(text)s”: the grey and red pawns are at the start, with me (ik) or with "
                "the opponent (tegenstander)."
            ),
            params={"text": _said(words)},
        )
    return "start" if place.start else "me" if place.mine else "opponent"


def place_of(words: list[str]) -> str:
    """A white pawn's place in CASES.md's words: ``pile:black``, ``opponent_draw`` …"""
    place = _read_place(words)
    bad = ValidationError(
        _(
            "“%(text)s” is not a pawn place: say start, a centre pile (rood, zwart, mix), or "
            "the opponent's draw pile, penalty pile or open card (trekstapel, strafstapel, "
            "open 8H tegenstander)."
        ),
        params={"text": _said(words)},
    )
    if place.start:
        if place.kinds or place.pile or place.card:
            raise bad
        return "start"
    if place.pile is not None:
        if place.kinds or place.card or place.opponent:
            raise bad
        return f"pile:{place.pile}"
    whose = "opponent_" if place.opponent else ""
    kinds = place.kinds or (("open",) if place.card else ())
    if len(kinds) != 1 or kinds[0] == "hand" or (kinds[0] == "open") != bool(place.card):
        raise bad
    if kinds[0] == "open":
        return f"{whose}open:{place.card}"
    return whose + kinds[0]


def source_of(words: list[str]) -> str:
    """Where a played card comes from: ``hand``, ``open``, ``opponent_penalty`` …"""
    place = _read_place(words)
    if len(place.kinds) != 1 or place.pile or place.card or place.start:
        raise ValidationError(
            _(
                "“%(text)s” is not where a card comes from: say hand, open, straf, open "
                "tegenstander, straf tegenstander or trekstapel."
            ),
            params={"text": _said(words)},
        )
    kind = place.kinds[0]
    if place.opponent:
        if kind in ("hand", "draw"):
            raise ValidationError(_("A card is never taken from the opponent's hand or draw pile."))
        return f"opponent_{kind}"
    return kind


# --- one line of the turn ------------------------------------------------------------------


def read_play(line: str) -> dict[str, Any]:
    """One line of table talk → one ``plays`` entry of CASES.md."""
    words = tokens(line)
    if not words:
        raise ValidationError(_("The line is empty."))
    if any(word in PAWN_WORDS for word in words):
        return _pawn_action(words)
    if words[0] in DRAWN_WORDS:
        return _drawn(words[1:])
    if any(word in TURNED_WORDS for word in words):
        return _turned([word for word in words if word not in TURNED_WORDS])
    return _card_play(words)


def _clauses(words: list[str]) -> tuple[dict[str, list[str]], str | None, set[str]]:
    """The words after the card, by clause: ``to`` (also without a word before it),
    ``from``, ``as``; the direction; and the clause words given explicitly."""
    clauses: dict[str, list[str]] = {"to": [], "from": [], "as": []}
    direction = None
    given: set[str] = set()
    current = "to"
    index = 0
    while index < len(words):
        word = words[index]
        following = words[index + 1] if index + 1 < len(words) else ""
        if word == "naar" and following in ("beneden", "onder", "boven"):
            direction = "up" if following == "boven" else "down"
            index += 2
            continue
        if word in DOWN or word in UP:
            direction = "down" if word in DOWN else "up"
        elif word in AS_WORDS and _rank(following) is not None and current != "as":
            current = "as"
            given.add("as")
        elif word in TO_WORDS and word not in FROM_WORDS:
            current = "to"
            given.add("to")
        elif word in FROM_WORDS:
            current = "from"
            given.add("from")
        elif word in VERBS:
            pass
        else:
            clauses[current].append(word)
        index += 1
    return clauses, direction, given


def _card_play(words: list[str]) -> dict[str, Any]:
    while words and words[0] in VERBS and _card_at_start(words) is None:
        words = words[1:]
    found = _card_at_start(words)
    if found is None:
        raise ValidationError(
            _("Start with the card: “AS op mix”, “8H van open tegenstander op rood”.")
            if not words
            else _("“%(text)s” does not start with a card."),
            params={"text": _said(words)},
        )
    card, size = found
    clauses, direction, _given = _clauses(words[size:])
    rank = None
    if clauses["as"]:
        if len(clauses["as"]) != 1:
            raise _not_understood(clauses["as"])
        rank = _rank(clauses["as"][0])
    target = clauses["to"]
    if rank is None and len(target) > 1 and _rank(target[-1]) and target[-1] not in PILE_WORDS:
        rank, target = _rank(target[-1]), target[:-1]  # "joker op zwart (10)"
    if not target:
        raise ValidationError(
            _("Say where %(card)s goes: a centre pile (rood, zwart, mix), or open or straf "
              "for the pass card."),
            params={"card": card},
        )  # fmt: skip
    place = _read_place(target)
    if place.pile is None and len(place.kinds) == 1 and place.kinds[0] in ("open", "penalty"):
        if place.opponent or place.card or place.start:
            raise ValidationError(
                _("The pass card goes to your own open cards or your own penalty pile.")
            )
        if clauses["from"] or rank or direction:
            raise ValidationError(
                _("The pass card %(card)s comes from the hand and goes open or on the penalty "
                  "pile: nothing more."),
                params={"card": card},
            )  # fmt: skip
        return {"pass": card, "to": place.kinds[0]}
    entry: dict[str, Any] = {"card": card}
    if clauses["from"]:
        entry["from"] = source_of(clauses["from"])
    entry["to"] = pile_of(target)
    if rank is not None:
        entry["as"] = rank
    if direction is not None:
        entry["direction"] = direction
    return entry


def _pawn_of(words: list[str]) -> tuple[str, list[str]]:
    """The pawn a line names ("witte pion", "pion wit") and the words without it."""
    at = next(i for i, word in enumerate(words) if word in PAWN_WORDS)
    for spot in (at - 1, at + 1):
        if 0 <= spot < len(words) and words[spot] in PAWN_COLOURS:
            return PAWN_COLOURS[words[spot]], [
                w for i, w in enumerate(words) if i not in (spot, at)
            ]
    raise ValidationError(_("Say which pawn: the grey, red or white pawn (grijze, rode, witte)."))


_PAWN_VERBS = {
    **dict.fromkeys(PLACE_VERBS, "place"),
    **dict.fromkeys(TAKE_VERBS, "take"),
    **dict.fromkeys(REMOVE_VERBS, "remove"),
}


def _pawn_words(words: list[str]) -> tuple[set[str], dict[str, list[str]]]:
    """The actions said ("plaats", "pak", "weg") and the words after "op" and "van"."""
    actions: set[str] = set()
    clauses: dict[str, list[str]] = {"on": [], "from": []}
    current = None
    for word in words:
        if word in _PAWN_VERBS:
            actions.add(_PAWN_VERBS[word])
        elif word in TO_WORDS or word in FROM_WORDS:
            current = "on" if word not in FROM_WORDS else "from"
        elif word in FILLER or word in VERBS:
            continue
        elif current is None:
            raise _not_understood([word])
        else:
            clauses[current].append(word)
    if clauses["on"] and all(w in OPPONENT or w in MINE or w in FILLER for w in clauses["from"]):
        clauses["on"] += clauses["from"]  # "witte pion op 8H van de tegenstander"
        clauses["from"] = []
    if clauses["on"] and _read_place(clauses["on"]).start and not clauses["from"]:
        actions.add("remove")  # "rode pion terug naar start"
        clauses["on"] = []
    if len(actions) > 1:
        raise ValidationError(_("Say one pawn action: place (plaats), take (pak) or remove (weg)."))
    return actions, clauses


def _pawn_action(words: list[str]) -> dict[str, Any]:
    pawn, words = _pawn_of(words)
    actions, clauses = _pawn_words(words)
    action = next(iter(actions), None)
    if action is None:
        action = "place" if clauses["on"] else "remove" if clauses["from"] else "take"
    entry: dict[str, Any] = {"pawn_action": action, "pawn": pawn}
    if action == "place":
        if not clauses["on"]:
            raise ValidationError(
                _("Say where the pawn goes: “witte pion op trekstapel tegenstander”.")
            )
        entry["on"] = place_of(clauses["on"])
    elif action == "take":
        if pawn == "white":
            raise ValidationError(_("A white pawn is placed, not taken: “witte pion op zwart”."))
        if clauses["on"] or (clauses["from"] and holder_of(clauses["from"]) != "start"):
            raise ValidationError(
                _("The grey and red pawns are taken from their start spot: “pak grijze pion”.")
            )
    elif clauses["from"]:
        entry["from"] = place_of(clauses["from"]) if pawn == "white" else holder_of(clauses["from"])
    elif clauses["on"]:
        raise _not_understood(clauses["on"])
    return entry


def _drawn(words: list[str]) -> dict[str, Any]:
    words = [w for w in words if w not in ("nieuwe", "new", "kaarten", "cards", "kaart", "card")]
    if words and words[0].isdigit() and _card(words[:2]) is None and _card(words[:1]) is None:
        words = words[1:]  # "trek 5 kaarten: …"
    cards = read_cards(" ".join(words), FRENCH) if words else []
    if not cards:
        raise ValidationError(_("Say which cards were drawn: “trek 3H 4C QD JK 10S”."))
    return {"draw": cards}


def _turned(words: list[str]) -> dict[str, Any]:
    found = _card_at_start(words)
    if found is None:
        raise ValidationError(_("Say which face-up card: “draaikaart 7H naar open”."))
    card, size = found
    clauses, _direction, _given = _clauses(words[size:])
    target = _read_place(clauses["to"]) if clauses["to"] else None
    if target is None:
        return {"turned": card, "to": "open"}
    if len(target.kinds) != 1 or target.pile or target.opponent:
        raise _not_understood(clauses["to"])
    return {"turned": card, "to": target.kinds[0]}


# --- the board -----------------------------------------------------------------------------


def _top(words: list[str], text: str) -> Any:
    """A pile's top: a card, a wild ``{"card", "as"}`` or None for an empty place."""
    if not words or all(word in EMPTY_WORDS for word in words):
        return None
    found = _card_at_start(words)
    if found is None:
        raise ValidationError(_("“%(text)s” is not a card."), params={"text": _said(text)})
    card, size = found
    rest = [word for word in words[size:] if word not in AS_WORDS]
    if not rest:
        return card
    rank = _rank(rest[0]) if len(rest) == 1 else None
    if rank is None:
        raise _not_understood(rest)
    return {"card": card, "as": rank}


def read_piles(text: str) -> dict[str, Any]:
    """``rood: 8D, zwart: 2S als 9, mix: KH`` (``leeg`` for an empty place)."""
    out: dict[str, Any] = {}
    for item in split(text):
        head, colon, rest = item.partition(":")
        if not colon:
            head, _eq, rest = item.partition("=")
        words = tokens(head)
        if not rest:  # "rood 8D", "zwarte stapel 2S (9)"
            size = 1
            while size < len(words) and words[size] in FILLER:
                size += 1
            pile = pile_of(words[:size])
            words = words[size:]
        else:
            pile = pile_of(words)
            words = tokens(rest)
        add_once(out, pile, _top(words, rest or item))
    missing = [name for name in PILES if name not in out]
    if missing:
        raise ValidationError(
            _("Say what lies on every pile (“mix: leeg” for an empty place); missing: "
              "%(piles)s."),
            params={"piles": ", ".join(str(PILE_LABELS[name]) for name in missing)},
        )  # fmt: skip
    return {name: out[name] for name in PILES}


def _side(words: list[str], text: str) -> str:
    if any(word in OPPONENT for word in words) and all(
        word in OPPONENT or word in FILLER or word in OPEN or word in PENALTY for word in words
    ):
        return "opponent"
    if words and all(
        word in MINE or word in FILLER or word in OPEN or word in PENALTY for word in words
    ):
        return "me"
    raise ValidationError(
        _("“%(text)s”: write “ik: …” or “tegenstander: …” (me / opponent)."),
        params={"text": _said(text)},
    )


def read_sides(text: str) -> dict[str, list[str]]:
    """``ik: 9H`` and ``tegenstander: 3S KD`` lines → ``{"me": [...], "opponent": [...]}``."""
    out: dict[str, list[str]] = {}
    for line in split(text, LINE_SPLIT):
        if ":" in line or "=" in line:
            name, rest = name_and_rest(line)
        else:
            name, _space, rest = line.strip().partition(" ")
        add_once(out, _side(tokens(name), name), read_cards(rest, FRENCH) if rest else [])
    return {"me": out.get("me", []), "opponent": out.get("opponent", [])}


def read_pawns(text: str) -> dict[str, Any]:
    """``grijs: start``, ``rood: ik``, ``wit: start, zwart`` (one pawn colour per line)."""
    out: dict[str, Any] = {}
    whites: list[str] = []
    for line in split(text, LINE_SPLIT):
        head, colon, rest = line.partition(":")
        words = tokens(head if colon else line)
        spot = next((i for i, w in enumerate(words[:2]) if w in PAWN_COLOURS), None)
        if spot is None:
            raise ValidationError(
                _("“%(text)s”: start with the pawn: grijs, rood or wit."),
                params={"text": _said(line)},
            )
        colour = PAWN_COLOURS[words[spot]]
        parts = [
            tokens(part) for part in re.split(r",|\ben\b|\band\b|&|\+", rest if colon else line)
        ]
        if not colon:
            parts[0] = [w for i, w in enumerate(parts[0]) if i != spot]
        skip = PAWN_WORDS | TO_WORDS | FROM_WORDS
        parts = [[w for w in part if w not in skip] for part in parts]
        parts = [part for part in parts if part]
        if colour == "white":
            if not parts:
                raise ValidationError(_("Say where the white pawns are: “wit: start, zwart”."))
            whites += [place_of(part) for part in parts]
        else:
            add_once(out, colour, holder_of([w for part in parts for w in part]))
    if len(whites) > 2:
        raise ValidationError(_("There are only two white pawns."))
    if whites:
        out["white"] = whites
    too_many(whites)
    return {key: out[key] for key in ("grey", "red", "white") if key in out}


PAWN_PART = re.compile(
    r"\b(handkaarten|hand|open\s+kaarten|openkaarten|open|strafstapel|strafkaarten|strafkaart|"
    r"straf|penalty|pionnen|pion|pawns|pawn)\b\s*:?",
    re.IGNORECASE,
)
PART_KEYS = {"hand": "hand", "open": "open", "straf": "penalty", "penalty": "penalty",
             "pion": "pawns", "pawn": "pawns"}  # fmt: skip


def read_holdings(text: str) -> dict[str, Any]:
    """``hand KH, open 3C 2D, straf QS, pionnen grijs`` → one player of ``round_score``."""
    parts = PAWN_PART.split(text)
    if parts[0].strip(" ,;:-"):
        raise ValidationError(
            _("“%(text)s”: say hand, open, straf or pionnen before the cards."),
            params={"text": _said(parts[0])},
        )
    out: dict[str, Any] = {"hand": [], "open": [], "penalty": [], "pawns": []}
    given: set[str] = set()
    for word, body in zip(parts[1::2], parts[2::2], strict=True):
        key = next(v for k, v in PART_KEYS.items() if _norm(word).startswith(k))
        if key in given:
            raise ValidationError(_("%(name)s is given twice."), params={"name": word.strip()})
        given.add(key)
        said = body.strip(" ,;:")
        if not said or all(w in EMPTY_WORDS for w in tokens(said)):
            continue
        if key == "pawns":
            out["pawns"] = _pawn_colours(tokens(said))
        else:
            out[key] = read_cards(said, FRENCH)
    return out


def _pawn_colours(words: list[str]) -> list[str]:
    out = []
    for word in words:
        if word in PAWN_COLOURS:
            out.append(PAWN_COLOURS[word])
        elif word not in PAWN_WORDS and word not in VERBS:
            raise ValidationError(
                _("“%(text)s” is not a pawn: grijs, rood or wit."), params={"text": word[:40]}
            )
    return out


def read_players(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for line in split(text, LINE_SPLIT):
        name, rest = name_and_rest(line)
        add_once(out, name, read_holdings(rest))
    too_many(out)
    return out


def read_teams(text: str) -> dict[str, list[str]]:
    """``A: Ann, Cor`` (also ``team A: Ann en Cor``) per line."""
    out: dict[str, list[str]] = {}
    for line in split(text, LINE_SPLIT):
        name, rest = name_and_rest(line)
        name = re.sub(r"(?i)^team\s+", "", name).strip() or name
        members = [m.strip()[:100] for m in re.split(r",|&|\+|\ben\b|\band\b", rest)]
        add_once(out, name, [m for m in members if m])
    too_many(out)
    return out


_ROUND = re.compile(r"^\s*(?:ronde|round|runde)\s*\d*\s*[:.]?\s*$", re.IGNORECASE)
_EMPTIED = re.compile(
    r"^\s*(?:eerst(?:e)?\s+leeg|eerst\s+uit|leeg|emptied\s+first|emptied_first|first\s+out|"
    r"zuerst\s+leer)\s*[:=]\s*(.+)$",
    re.IGNORECASE,
)
_TEAM = re.compile(r"^\s*team\s+([^:=]+?)\s*[:=]\s*(.*)$", re.IGNORECASE)


def read_rounds(text: str) -> list[dict[str, Any]]:
    """Rounds under ``ronde 1`` / ``ronde 2`` lines: a line per player, ``eerst leeg: NAME``
    and (four players) ``team A: Ann, Cor``; each becomes a whole ``round_score`` case."""
    rounds: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for line in split(text, LINE_SPLIT):
        if _ROUND.match(line):
            current = None
            continue
        if current is None:
            current = {"game": GAME, "check": "round_score", "players": {}}
            rounds.append(current)
        emptied = _EMPTIED.match(line)
        team = _TEAM.match(line)
        try:
            if emptied:
                if "emptied_first" in current:
                    raise ValidationError(_("Say once who emptied the draw pile first."))
                current["emptied_first"] = emptied.group(1).strip()[:100]
            elif team:
                teams = current.setdefault("teams", {})
                add_once(teams, team.group(1).strip()[:100], read_teams(f"x: {team.group(2)}")["x"])
            else:
                name, rest = name_and_rest(line)
                add_once(current["players"], name, read_holdings(rest))
        except ValidationError as error:
            raise ValidationError(
                _("Round %(number)s: %(error)s"),
                params={"number": len(rounds), "error": " ".join(error.messages)},
            ) from None
    too_many(rounds)
    return [
        {k: r[k] for k in ("game", "check", "players", "teams", "emptied_first") if k in r}
        for r in rounds
    ]


@dataclass(frozen=True)
class ReadInput(Input):
    """A textarea read by ``read`` (a function of this module) into the case's JSON."""

    read: Callable[[str], Any] = str
    rows: int = 4

    def field(self) -> forms.Field:
        field = TextField(self.read, textarea=True, **self._common())
        field.widget.attrs["rows"] = self.rows
        return field


# --- showing the result --------------------------------------------------------------------

PILE_LABELS = {"red": _("red pile"), "black": _("black pile"), "mix": _("mix pile")}
PAWN_LABELS = {"grey": _("grey pawn"), "red": _("red pawn"), "white": _("white pawns")}


def _top_text(top: Any) -> str:
    if top is None:
        return gettext("empty")
    if isinstance(top, dict):
        return gettext("%(card)s as %(rank)s") % {"card": top.get("card"), "rank": top.get("as")}
    return str(top)


def place_text(place: Any) -> str:
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
        return str(PILE_LABELS.get(card, card))
    if name == "opponent_open":
        return gettext("the opponent's open card %(card)s") % {"card": card}
    if name == "open":
        return gettext("the player's own open card %(card)s") % {"card": card}
    return str(words[name]) if name in words else text


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


def _places_text(value: Any) -> str:
    if isinstance(value, list):
        shown = [place_text(v) for v in value if v != "start"]
        return ", ".join(shown) if shown else str(START_LABEL)
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
            rows.append(
                [name, *(show(held.get(k) or []) for k in ("hand", "open", "penalty", "pawns")),
                 show(points.get(name)) if not teams else "—"]
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
            read=read_piles,
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
            read=read_sides,
            required=False,
            rows=2,
            picker=FRENCH,
            help=_("ik: 9C\ntegenstander: 8H (me / opponent)"),
        ),
        ReadInput(
            "penalty",
            _("penalty piles"),
            read=read_sides,
            required=False,
            rows=2,
            picker=FRENCH,
            help=_("Bottom to top; only the top card is free: tegenstander: 3S KD"),
        ),
        ReadInput(
            "pawns",
            _("pawns"),
            read=read_pawns,
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
    example={
        "piles": "rood: ruiten 8\nzwart: schoppen 2 als 9\nmix: harten heer",
        "hand": "schoppen aas, 9D, ruiten 7, klaveren 6, 5♥",
        "draw_pile": "3H 4C QD JK 10S",
        "open": "ik:\ntegenstander: 8H",
        "penalty": "tegenstander: 3S KD",
        "pawns": "grijs: start\nrood: tegenstander\nwit: start, zwart",
        "plays": "AS op mix\n5H op mix\n6C op mix\n7D op mix\n8H van open tegenstander op mix\n"
        "9D op mix\ntrek 3H 4C QD JK 10S\n10S op mix\nwitte pion van zwart weg\n"
        "joker op zwart als 10\nwitte pion op trekstapel tegenstander\nQD weg naar open",
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
            read=read_players,
            picker=FRENCH,
            help=_("One line per player: rood: hand KH, open 3C 2D, straf QS, pionnen grijs"),
        ),
        ReadInput(
            "teams",
            _("teams"),
            read=read_teams,
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
        "players": "rood: hand harten heer, open 3C 2D, straf schoppen vrouw, pion grijs\n"
        "blauw: open 9H",
        "emptied_first": "blauw",
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
            read=read_rounds,
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
        "rounds": "ronde 1\nrood: hand KH, open 3C 2D, straf QS\nblauw: open 9H\n"
        "ronde 2\nrood: open 4D\nblauw: hand 5S, open 6S, straf 7C\n"
        "ronde 3\nrood: hand 8C\nblauw: hand 9C\neerst leeg: blauw",
        "option_third_round": "on",
    },
)

CHECKS = {"turn": TURN, "round_score": ROUND_SCORE, "match": MATCH}
