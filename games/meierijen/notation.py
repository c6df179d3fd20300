"""MeieRijen's JSON notation (CASES.md) and the engine's ints, both ways.

Places and sources are named relative to the player to move (``me``):

- centre piles ``pile:red``, ``pile:black``, ``pile:mix`` (also plain ``red`` …);
- the opponent's ``opponent_draw``, ``opponent_open:CARD``, ``opponent_penalty``, and the
  player's own ``draw``, ``open:CARD``, ``penalty`` (where the opponent's white pawns
  stand: not in CASES.md's list, which names the places seen from the one who places);
- pawn holders ``start``, ``me``, ``opponent``.

With three players an entry naming an opponent's card or place adds ``"opponent": NAME``.
"""

from __future__ import annotations

from typing import Any

from games.base import Case, CaseError, _
from games.meierijen.rules import (
    DRAW,
    DRAWPILE,
    GREY,
    HAND,
    IS_WILD,
    NAME,
    OPEN,
    OPENCARD,
    PASS,
    PAWN,
    PAWN_NAMES,
    PENALTY,
    PENPILE,
    PILE,
    PILE_NAMES,
    PLACE,
    PLAY,
    RED,
    REMOVE,
    TAKE,
    WHITE,
    Place,
    Round,
    code_of,
    rank_text,
)

SOURCES = {
    "hand": HAND,
    "open": OPEN,
    "penalty": PENALTY,
    "draw": DRAW,
    "opponent_open": OPEN,
    "opponent_penalty": PENALTY,
}
ACTIONS = {"place": PLACE, "take": TAKE, "remove": REMOVE}
PAWNS = {"grey": GREY, "gray": GREY, "red": RED, "white": WHITE}
DIRECTIONS = {"up": 1, "down": -1}
#: Accepted spellings of the player's own places (``own_draw`` = ``draw``).
OWN_PREFIXES = ("own_", "my_", "me_")
#: Extra entry kinds of a turn: cards drawn after playing the hand empty, and MR-11's
#: face-up draw card laid open.
DRAWN, TURNED_OPEN = "drawn", "turned"


def pile_index(case: Case, key: str) -> int:
    text = case.text(key)
    name = text.removeprefix("pile:")
    if name not in PILE_NAMES:
        raise case.error(key, _("must be red, black or mix, not %(text)s"), text=f"{text!r}")
    return PILE_NAMES.index(name)


def opponent_of(case: Case, state: Round, me: int) -> int:
    """The opponent an entry means: the only one, or the one named by ``opponent``."""
    others = state.opponents(me)
    if len(others) == 1:
        return others[0]
    name = case.text("opponent", None)
    if name is None:
        raise case.error("opponent", _("is missing: name the opponent meant"))
    if name not in state.side_names or state.side_names.index(name) == me:
        raise case.error("opponent", _("%(name)s is not an opponent"), name=f"{name!r}")
    return state.side_names.index(name)


def parse_place(case: Case, key: str, state: Round, me: int) -> Place | None:
    """A white pawn's place; ``None`` for ``start`` and the holder spots ``me``/``opponent``."""
    text = case.text(key)
    name, _sep, card_text = text.partition(":")
    name = name.removesuffix("_pile") if name.endswith("draw_pile") else name
    if name in ("start", "me", "opponent"):
        return None
    if name == "pile" or name in PILE_NAMES:
        return (PILE, pile_index(case, key), 0)
    kinds = {"draw": DRAWPILE, "open": OPENCARD, "penalty": PENPILE}
    for mine in OWN_PREFIXES:
        name = name.removeprefix(mine)
    own = name.removeprefix("opponent_")
    if own not in kinds or (own == "open") != bool(card_text):
        raise case.error(key, _("is not a pawn place: %(text)s"), text=f"{text!r}")
    side = opponent_of(case, state, me) if name.startswith("opponent_") else me
    card = 0
    if card_text:
        card = code_of(Case({"card": card_text}, case.where(key)).card("card"))
    return (kinds[own], side, card)


def parse_holder(case: Case, key: str, state: Round, me: int) -> int:
    """Where the grey or red pawn is: -1 at start, else the holding side."""
    text = case.text(key, "start")
    if text == "start":
        return -1
    if text == "me":
        return me
    if text == "opponent":
        return opponent_of(case, state, me)
    raise case.error(key, _("must be start, me or opponent, not %(text)s"), text=f"{text!r}")


def read_entry(entry: Case, state: Round) -> tuple[Any, ...]:
    """One entry of a turn's ``plays`` as a move of :mod:`rules`; CaseError when malformed.

    Card plays come back as ``(PLAY, source, owner, card, pile, rank | None, direction)``.
    """
    me = state.side
    data = entry.data
    if "card" in data:
        source_text = entry.text("from", "hand", choices=SOURCES)
        owner = opponent_of(entry, state, me) if source_text.startswith("opponent_") else me
        direction = entry.text("direction", None, choices=DIRECTIONS)
        rank = entry.rank("as", None)
        return (
            PLAY,
            SOURCES[source_text],
            owner,
            code_of(entry.card("card")),
            pile_index(entry, "to"),
            rank,
            None if direction is None else DIRECTIONS[direction],
        )
    if "pawn_action" in data:
        action = ACTIONS[entry.text("pawn_action", choices=ACTIONS)]
        pawn = PAWNS[entry.text("pawn", choices=PAWNS)]
        place: Place | int | None = None
        if action == PLACE:
            place = parse_place(entry, "on", state, me)
        elif action == REMOVE and entry.has("from"):
            if pawn == WHITE:
                place = parse_place(entry, "from", state, me)
            else:
                place = parse_holder(entry, "from", state, me)
        elif action == REMOVE and pawn == WHITE:
            placed = {w for w in state.whites if w is not None}
            if len(placed) > 1:
                raise entry.error("from", _("is missing: say which white pawn is removed"))
            place = next(iter(placed), None)
        return (PAWN, action, pawn, place)
    if "pass" in data:
        to = entry.text("to", choices=("open", "penalty"))
        return (PASS, code_of(entry.card("pass")), OPEN if to == "open" else PENALTY)
    if "draw" in data:
        return (DRAWN, [code_of(c) for c in entry.cards("draw")])
    if "turned" in data:
        return (TURNED_OPEN, code_of(entry.card("turned")), entry.text("to", "open"))
    raise CaseError(entry.path, _("must be a card play, a pawn action or a pass card"))


# --- the engine's state as JSON ------------------------------------------------------------


def pile_json(state: Round, pile: int) -> Any:
    """A centre pile's top card; a wild as ``{"card", "as"}``; ``None`` for an empty place."""
    rank = state.pile_rank[pile]
    if not rank:
        return None
    card = state.pile_top[pile]
    if IS_WILD[card]:
        return {"card": NAME[card], "as": rank_text(rank)}
    return NAME[card]


def piles_json(state: Round) -> dict[str, Any]:
    return {name: pile_json(state, i) for i, name in enumerate(PILE_NAMES)}


def place_text(place: Place | None, me: int) -> str:
    if place is None:
        return "start"
    kind, index, card = place
    if kind == PILE:
        return f"pile:{PILE_NAMES[index]}"
    prefix = "" if index == me else "opponent_"
    if kind == OPENCARD:
        return f"{prefix}open:{NAME[card]}"
    return prefix + ("draw" if kind == DRAWPILE else "penalty")


def holder_text(holder: int, me: int) -> str:
    if holder < 0:
        return "start"
    return "me" if holder == me else "opponent"


def pawns_json(state: Round, me: int) -> dict[str, Any]:
    return {
        "grey": holder_text(state.holder[GREY], me),
        "red": holder_text(state.holder[RED], me),
        "white": [place_text(w, me) for w in state.whites],
    }


def _named_opponent(out: dict[str, Any], state: Round, me: int, side: int) -> None:
    if side != me and len(state.side_names) > 2:
        out["opponent"] = state.side_names[side]


def move_json(move: tuple, state: Round, me: int, top: int) -> dict[str, Any]:
    """A move of :mod:`rules` as a ``plays`` entry; ``top`` is the pile's rank before a play."""
    kind = move[0]
    if kind == PLAY:
        _, source, owner, card, pile, rank = move
        out: dict[str, Any] = {"card": NAME[card], "to": PILE_NAMES[pile]}
        if source != HAND:
            names = ("hand", "open", "penalty", "draw")
            out["from"] = ("" if owner == me else "opponent_") + names[source]
            _named_opponent(out, state, me, owner)
        if IS_WILD[card]:
            out["as"] = rank_text(rank)
        if top and rank < top:
            out["direction"] = "down"
        return out
    if kind == PAWN:
        _, action, pawn, place = move
        out = {"pawn_action": ("place", "take", "remove")[action], "pawn": PAWN_NAMES[pawn]}
        if action == PLACE:
            out["on"] = place_text(place, me)
            _named_opponent(out, state, me, place[1] if place[0] != PILE else me)
        elif action == REMOVE:
            if pawn == WHITE:
                out["from"] = place_text(place, me)
                _named_opponent(out, state, me, place[1] if place[0] != PILE else me)
            else:
                out["from"] = holder_text(place, me)
                _named_opponent(out, state, me, place)
        return out
    _, card, to = move
    return {"pass": NAME[card], "to": "open" if to == OPEN else "penalty"}
