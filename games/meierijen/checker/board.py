"""MeieRijen's dispute forms: the board as typed (centre piles, open cards, pawns, a
round's holdings, players and teams) read into CASES.md's notation.

Pure Python: no Django here.
"""

from __future__ import annotations

import re
from typing import Any

from games.cards import FRENCH
from games.checkform import (
    LINE_SPLIT,
    InputError,
    add_once,
    name_and_rest,
    read_cards,
    split,
    too_many,
)
from games.checkshow import (
    _,
    joined,
)

from .reading import (
    AS_WORDS,
    EMPTY_WORDS,
    FILLER,
    FROM_WORDS,
    GAME,
    MINE,
    OPEN,
    OPPONENT,
    PAWN_COLOURS,
    PAWN_WORDS,
    PENALTY,
    PILES,
    TO_WORDS,
    VERBS,
    card_at_start,
    holder_of,
    normalised,
    not_understood,
    pile_of,
    place_of,
    rank_code,
    said_words,
    tokens,
)

# --- the board -----------------------------------------------------------------------------

PILE_LABELS = {"red": _("red pile"), "black": _("black pile"), "mix": _("mix pile")}


def _top(words: list[str], text: str) -> Any:
    """A pile's top: a card, a wild ``{"card", "as"}`` or None for an empty place."""
    if not words or all(word in EMPTY_WORDS for word in words):
        return None
    found = card_at_start(words)
    if found is None:
        raise InputError(_("“%(text)s” is not a card."), params={"text": said_words(text)})
    card, size = found
    rest = [word for word in words[size:] if word not in AS_WORDS]
    if not rest:
        return card
    rank = rank_code(rest[0]) if len(rest) == 1 else None
    if rank is None:
        raise not_understood(rest)
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
        raise InputError(
            _("Say what lies on every pile (“mix: leeg” for an empty place); missing: "
              "%(piles)s."),
            params={"piles": joined([PILE_LABELS[name] for name in missing])},
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
    raise InputError(
        _("“%(text)s”: write “ik: …” or “tegenstander: …” (me / opponent)."),
        params={"text": said_words(text)},
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
            raise InputError(
                _("“%(text)s”: start with the pawn: grijs, rood or wit."),
                params={"text": said_words(line)},
            )
        colour = PAWN_COLOURS[words[spot]]
        parts = [
            tokens(part)
            for part in re.split(r",|\ben\b|\band\b|\bund\b|&|\+", rest if colon else line)
        ]
        if not colon:
            parts[0] = [w for i, w in enumerate(parts[0]) if i != spot]
        skip = PAWN_WORDS | TO_WORDS | FROM_WORDS
        parts = [[w for w in part if w not in skip] for part in parts]
        parts = [part for part in parts if part]
        if colour == "white":
            if not parts:
                raise InputError(_("Say where the white pawns are: “wit: start, zwart”."))
            whites += [place_of(part) for part in parts]
        else:
            add_once(out, colour, holder_of([w for part in parts for w in part]))
    if len(whites) > 2:
        raise InputError(_("There are only two white pawns."))
    if whites:
        out["white"] = whites
    too_many(whites)
    return {key: out[key] for key in ("grey", "red", "white") if key in out}


PAWN_PART = re.compile(
    r"\b(handkaarten|hand|open\s+kaarten|openkaarten|open|offene|offen|strafstapel|strafkaarten|"
    r"strafkaart|strafe|straf|penalty|pionnen|pion|pawns|pawn|figuren|figur)\b\s*:?",
    re.IGNORECASE,
)
PART_KEYS = {"hand": "hand", "open": "open", "offen": "open", "straf": "penalty",
             "penalty": "penalty", "pion": "pawns", "pawn": "pawns",
             "figur": "pawns"}  # fmt: skip


def read_holdings(text: str) -> dict[str, Any]:
    """``hand KH, open 3C 2D, straf QS, pionnen grijs`` → one player of ``round_score``."""
    parts = PAWN_PART.split(text)
    if parts[0].strip(" ,;:-"):
        raise InputError(
            _("“%(text)s”: say hand, open, straf or pionnen before the cards."),
            params={"text": said_words(parts[0])},
        )
    out: dict[str, Any] = {"hand": [], "open": [], "penalty": [], "pawns": []}
    given: set[str] = set()
    for word, body in zip(parts[1::2], parts[2::2], strict=True):
        key = next(v for k, v in PART_KEYS.items() if normalised(word).startswith(k))
        if key in given:
            raise InputError(_("%(name)s is given twice."), params={"name": word.strip()})
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
            raise InputError(
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
        members = [m.strip()[:100] for m in re.split(r",|&|\+|\ben\b|\band\b|\bund\b", rest)]
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
                    raise InputError(_("Say once who emptied the draw pile first."))
                current["emptied_first"] = emptied.group(1).strip()[:100]
            elif team:
                teams = current.setdefault("teams", {})
                add_once(teams, team.group(1).strip()[:100], read_teams(f"x: {team.group(2)}")["x"])
            else:
                name, rest = name_and_rest(line)
                add_once(current["players"], name, read_holdings(rest))
        except InputError as error:
            raise InputError(
                _("Round %(number)s: %(error)s"),
                params={"number": len(rounds), "error": error.text},
            ) from None
    too_many(rounds)
    return [
        {k: r[k] for k in ("game", "check", "players", "teams", "emptied_first") if k in r}
        for r in rounds
    ]
