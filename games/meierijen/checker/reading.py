"""MeieRijen's dispute forms: a turn's table talk, one play or pawn action per line
("AS op mix", "witte pion op zwart"), read into CASES.md's ``plays``.

Pure Python: no Django here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from games.cards import FRENCH, UnknownCardError, parse_card, parse_rank
from games.checkform import (
    InputError,
    read_cards,
    try_parse,
)
from games.checkshow import (
    _,
)

GAME = "meierijen"
PILES = ("red", "black", "mix")

# --- words (normalised: lower case, no accents) --------------------------------------------

PILE_WORDS = {
    **dict.fromkeys(("rood", "rode", "red", "rot", "rote", "roden", "roter", "roten"), "red"),
    **dict.fromkeys(("zwart", "zwarte", "black", "schwarz", "schwarze", "schwarzer",
                     "schwarzen"), "black"),
    **dict.fromkeys(("mix", "mixvak", "mixstapel", "midden", "middelste", "middle", "mixed",
                     "gemengd", "gemengde", "misch", "mischstapel", "mitte"), "mix"),
}  # fmt: skip
OPPONENT = frozenset(("tegenstander", "tegenstanders", "tegenspeler", "tegenpartij",
                      "opponent", "opponents", "opp", "gegner", "gegners", "ander",
                      "other", "gegnerin"))  # fmt: skip
MINE = frozenset(("mijn", "eigen", "my", "own", "ik", "mij", "me", "mine", "self", "zelf",
                  "speler", "player", "i", "mein", "meine", "eigene", "ich", "mir", "mich",
                  "selbst", "eigenen", "meinen"))  # fmt: skip
START = frozenset(("start", "begin", "startvak", "startstip", "startplek", "startpositie",
                   "beginplek", "stip", "thuis", "home", "niemand", "nobody", "none", "vrij",
                   "free", "startfeld", "startplatz", "anfang"))  # fmt: skip
HAND = frozenset(("hand", "handkaart", "handkaarten"))
OPEN = frozenset(("open", "openkaart", "openkaarten", "offen", "offene", "offenen", "offener"))
PENALTY = frozenset(("straf", "strafstapel", "strafkaart", "strafkaarten", "strafvak",
                     "strafkaartvak", "strafstapelvak", "strafkaartstapel", "penalty",
                     "strafe", "strafstapels"))  # fmt: skip
DRAW = frozenset(("trekstapel", "trek", "draw", "drawpile", "stok", "afpakstapel",
                  "afpakstok", "trekstapelvak", "ziehstapel", "deck", "nachziehstapel",
                  "stock"))  # fmt: skip
FILLER = frozenset(("de", "het", "den", "der", "des", "die", "dem", "een", "the", "of", "stapel",
                    "stapeltje", "aflegstapel", "aflegvak", "vak", "pile", "piles", "kaart",
                    "kaarten", "card", "cards", "top", "bovenste", "bovenop", "stack",
                    "liggende", "stand", "staat", "ligt", "is", "held", "by", "at",
                    "uit", "van", "bij", "das", "ein", "eine", "einen", "karte", "oberste",
                    "liegt"))  # fmt: skip
TO_WORDS = frozenset(("op", "naar", "on", "onto", "to", "auf", "in", "into", "nach"))
FROM_WORDS = frozenset(("van", "uit", "from", "off", "vanaf", "vanuit", "bij", "von", "aus",
                        "vom", "beim"))  # fmt: skip
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
                   "dan", "then", "daarna", "spiele", "spielen", "lege", "ablegen", "abwerfen",
                   "abwurfkarte", "und", "dann", "danach"))  # fmt: skip
PAWN_WORDS = frozenset(("pion", "pionnen", "pionnetje", "pawn", "pawns", "figur", "figuren",
                        "spielfigur"))  # fmt: skip
PAWN_COLOURS = {
    **dict.fromkeys(("grijs", "grijze", "grey", "gray", "grau", "graue", "grauen"), "grey"),
    **dict.fromkeys(("rood", "rode", "red", "rot", "rote", "roten"), "red"),
    **dict.fromkeys(
        ("wit", "witte", "white", "weiss", "weisse", "weissen", "weiß", "weiße", "weißen"), "white"
    ),
}
PLACE_VERBS = frozenset(("plaats", "plaatst", "plaatsen", "geplaatst", "zet", "zetten", "zette",
                         "gezet", "place", "places", "placed", "put", "puts", "setzt", "setze",
                         "setzen", "stelle", "stellt"))  # fmt: skip
TAKE_VERBS = frozenset(("pak", "pakt", "pakken", "gepakt", "neem", "neemt", "nemen", "genomen",
                        "take", "takes", "took", "taken", "nimmt", "krijgt", "gets", "nimm",
                        "nehme", "nehmen", "bekommt"))  # fmt: skip
REMOVE_VERBS = frozenset(("weg", "verwijder", "verwijdert", "verwijderen", "verwijderd", "haal",
                          "haalt", "halen", "gehaald", "remove", "removes", "removed", "terug",
                          "back", "ongedaan", "opheffen", "hef", "heft", "entfernt", "entferne",
                          "entfernen", "zuruck"))  # fmt: skip
DRAWN_WORDS = frozenset(("trek", "trekt", "trekken", "getrokken", "draw", "draws", "drew",
                         "drawn", "zieht", "pakt", "pak", "pakken", "zieh", "ziehe", "ziehen",
                         "nachziehen"))  # fmt: skip
TURNED_WORDS = frozenset(("gedraaid", "draaikaart", "omgedraaid", "omgedraaide", "draai",
                          "draait", "turned", "turn", "faceup", "face-up",
                          "aufgedeckt", "aufgedeckte", "wendekarte"))  # fmt: skip
EMPTY_WORDS = frozenset(("leeg", "empty", "niets", "geen", "none", "null", "-", "—", "dicht",
                         "gesloten", "closed", "leer", "nichts"))  # fmt: skip

_TOKEN = re.compile(r"[^\s,:;()\[\]_]+")
_QUOTES = ".!?'\u2019\""


def normalised(text: str) -> str:
    """``text`` in lower case without accents."""
    text = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def tokens(text: str) -> list[str]:
    """Lower-case words without accents; ``'s`` and brackets dropped, ``_``/``:`` split."""
    text = re.sub(r"['\u2019]s\b", "", normalised(text))
    return [word.strip(_QUOTES) for word in _TOKEN.findall(text) if word.strip(_QUOTES)]


def said_words(text: str | Iterable[str]) -> str:
    """What was typed, short enough to quote in a message."""
    words = text if isinstance(text, str) else " ".join(text)
    return words.strip()[:40]


def _card(words: list[str]) -> str | None:
    return try_parse(parse_card, " ".join(words))


def rank_code(word: str) -> str | None:
    """A rank in any language as CASES.md writes it (``Q``, ``10``), or None."""
    try:
        rank = parse_rank(word)
    except UnknownCardError:
        return None
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))


def card_at_start(words: list[str]) -> tuple[str, int] | None:
    """The card the words begin with (``as harten`` before ``as``) and how many words."""
    for size in (2, 1):
        if len(words) >= size:
            card = _card(words[:size])
            if card is not None:
                return card, size
    return None


def not_understood(words: Iterable[str]) -> InputError:
    """The error for words that say nothing here."""
    return InputError(
        _("“%(text)s” is not understood here."), params={"text": said_words(list(words))}
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
            raise not_understood(rest)
    return place


def pile_of(words: list[str]) -> str:
    place = _read_place(words)
    if place.pile is None or place.kinds or place.opponent or place.card or place.start:
        raise InputError(
            _("“%(text)s” is not a centre pile: say red, black or mix (rood, zwart, mix)."),
            params={"text": said_words(words)},
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
        raise InputError(
            _(
                "“%(text)s”: the grey and red pawns are at the start, with me (ik) or with "
                "the opponent (tegenstander)."
            ),
            params={"text": said_words(words)},
        )
    return "start" if place.start else "me" if place.mine else "opponent"


def place_of(words: list[str]) -> str:
    """A white pawn's place in CASES.md's words: ``pile:black``, ``opponent_draw`` …"""
    place = _read_place(words)
    bad = InputError(
        _(
            "“%(text)s” is not a pawn place: say start, a centre pile (rood, zwart, mix), or "
            "the opponent's draw pile, penalty pile or open card (trekstapel, strafstapel, "
            "open 8H tegenstander)."
        ),
        params={"text": said_words(words)},
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
        raise InputError(
            _(
                "“%(text)s” is not where a card comes from: say hand, open, straf, open "
                "tegenstander, straf tegenstander or trekstapel."
            ),
            params={"text": said_words(words)},
        )
    kind = place.kinds[0]
    if place.opponent:
        if kind in ("hand", "draw"):
            raise InputError(_("A card is never taken from the opponent's hand or draw pile."))
        return f"opponent_{kind}"
    return kind


# --- one line of the turn ------------------------------------------------------------------


def read_play(line: str) -> dict[str, Any]:
    """One line of table talk → one ``plays`` entry of CASES.md."""
    words = tokens(line)
    if not words:
        raise InputError(_("The line is empty."))
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
        elif word in AS_WORDS and rank_code(following) is not None and current != "as":
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
    while words and words[0] in VERBS and card_at_start(words) is None:
        words = words[1:]
    found = card_at_start(words)
    if found is None:
        raise InputError(
            _("Start with the card: “AS op mix”, “8H van open tegenstander op rood”.")
            if not words
            else _("“%(text)s” does not start with a card."),
            params={"text": said_words(words)},
        )
    card, size = found
    clauses, direction, _given = _clauses(words[size:])
    rank = None
    if clauses["as"]:
        if len(clauses["as"]) != 1:
            raise not_understood(clauses["as"])
        rank = rank_code(clauses["as"][0])
    target = clauses["to"]
    if rank is None and len(target) > 1 and rank_code(target[-1]) and target[-1] not in PILE_WORDS:
        rank, target = rank_code(target[-1]), target[:-1]  # "joker op zwart (10)"
    if not target:
        raise InputError(
            _("Say where %(card)s goes: a centre pile (rood, zwart, mix), or open or straf "
              "for the pass card."),
            params={"card": card},
        )  # fmt: skip
    place = _read_place(target)
    if place.pile is None and len(place.kinds) == 1 and place.kinds[0] in ("open", "penalty"):
        if place.opponent or place.card or place.start:
            raise InputError(
                _("The pass card goes to your own open cards or your own penalty pile.")
            )
        if clauses["from"] or rank or direction:
            raise InputError(
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
    raise InputError(_("Say which pawn: the grey, red or white pawn (grijze, rode, witte)."))


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
            raise not_understood([word])
        else:
            clauses[current].append(word)
    if clauses["on"] and all(w in OPPONENT or w in MINE or w in FILLER for w in clauses["from"]):
        clauses["on"] += clauses["from"]  # "witte pion op 8H van de tegenstander"
        clauses["from"] = []
    if clauses["on"] and _read_place(clauses["on"]).start and not clauses["from"]:
        actions.add("remove")  # "rode pion terug naar start"
        clauses["on"] = []
    if len(actions) > 1:
        raise InputError(_("Say one pawn action: place (plaats), take (pak) or remove (weg)."))
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
            raise InputError(_("Say where the pawn goes: “witte pion op trekstapel tegenstander”."))
        entry["on"] = place_of(clauses["on"])
    elif action == "take":
        if pawn == "white":
            raise InputError(_("A white pawn is placed, not taken: “witte pion op zwart”."))
        if clauses["on"] or (clauses["from"] and holder_of(clauses["from"]) != "start"):
            raise InputError(
                _("The grey and red pawns are taken from their start spot: “pak grijze pion”.")
            )
    elif clauses["from"]:
        entry["from"] = place_of(clauses["from"]) if pawn == "white" else holder_of(clauses["from"])
    elif clauses["on"]:
        raise not_understood(clauses["on"])
    return entry


def _drawn(words: list[str]) -> dict[str, Any]:
    words = [w for w in words if w not in ("nieuwe", "new", "kaarten", "cards", "kaart", "card")]
    if words and words[0].isdigit() and _card(words[:2]) is None and _card(words[:1]) is None:
        words = words[1:]  # "trek 5 kaarten: …"
    cards = read_cards(" ".join(words), FRENCH) if words else []
    if not cards:
        raise InputError(_("Say which cards were drawn: “trek 3H 4C QD JK 10S”."))
    return {"draw": cards}


def _turned(words: list[str]) -> dict[str, Any]:
    found = card_at_start(words)
    if found is None:
        raise InputError(_("Say which face-up card: “draaikaart 7H naar open”."))
    card, size = found
    clauses, _direction, _given = _clauses(words[size:])
    target = _read_place(clauses["to"]) if clauses["to"] else None
    if target is None:
        return {"turned": card, "to": "open"}
    if len(target.kinds) != 1 or target.pile or target.opponent:
        raise not_understood(clauses["to"])
    return {"turned": card, "to": target.kinds[0]}
