"""A case's field path in words: ``tricks[0]`` → "trick 1", ``hands.Ann[2]`` → "Ann's hand,
card 3", ``rounds[1].players.Ann`` → "round 2, player Ann".

:func:`describe` returns :class:`~games.base.Text` parts (English templates marked with
``_()`` plus values) that the site translates and joins with ", "; people never see a
dotted path or brackets. Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from games.base import Option, Text, _

#: A list's entries: ``tricks[0]`` is "trick 1".
ENTRIES: Mapping[str, str] = {
    "tricks": _("trick %(n)s"),
    "deals": _("deal %(n)s"),
    "rounds": _("round %(n)s"),
    "turns": _("turn %(n)s"),
    "moves": _("move %(n)s"),
    "plays": _("play %(n)s"),
    "claims": _("claim %(n)s"),
    "melds": _("meld %(n)s"),
    "meld": _("card %(n)s"),
    "events": _("event %(n)s"),
    "rows": _("row %(n)s"),
    "sides": _("side %(n)s"),
    "actions": _("action %(n)s"),
    "declarations": _("declaration %(n)s"),
    "players": _("player %(n)s"),
    "teams": _("team %(n)s"),
    "pawns": _("pawn %(n)s"),
    "white": _("white pawn %(n)s"),
    "lay_off": _("card %(n)s"),
    "draw_piles": _("draw pile %(n)s"),
}
#: Objects keyed by player (or team) name: ``hands.Ann`` is "Ann's hand".
BY_NAME: Mapping[str, str] = {
    "hands": _("%(name)s's hand"),
    "players": _("player %(name)s"),
    "points": _("points of %(name)s"),
    "scores": _("score of %(name)s"),
    "tricks_won": _("tricks won by %(name)s"),
    "pawns": _("pawns of %(name)s"),
    "pawns_home": _("pawns home of %(name)s"),
    "declarations": _("declaration of %(name)s"),
    "kat_others": _("kat of %(name)s"),
    "draw_piles": _("draw pile of %(name)s"),
    "drawn": _("cards drawn by %(name)s"),
    "teams": _("team %(name)s"),
    "piles": _("pile %(name)s"),
    "claimed_points": _("points claimed by team %(name)s"),
    "open": _("open cards of %(name)s"),
    "penalty": _("penalty pile of %(name)s"),
}
#: A field by itself.
FIELDS: Mapping[str, str] = {
    "case": _("the case"),
    "game": _("the game"),
    "check": _("the check"),
    "file": _("the file"),
    "options": _("the options"),
    "players": _("the players"),
    "card": _("the card"),
    "cards": _("the cards"),
    "hand": _("the hand"),
    "hands": _("the hands"),
    "turned": _("the turned card"),
    "tricks": _("the tricks"),
    "tricks_won": _("the tricks won"),
    "deals": _("the deals"),
    "deal": _("the deal"),
    "rounds": _("the rounds"),
    "turns": _("the turns"),
    "moves": _("the moves"),
    "move": _("the move"),
    "claims": _("the claims"),
    "melds": _("the melds"),
    "meld": _("the meld"),
    "events": _("the events"),
    "points": _("the points"),
    "scores": _("the scores"),
    "kip": _("the kip"),
    "open": _("the open cards"),
    "kat": _("the kat"),
    "stock": _("the stock"),
    "discard": _("the discard"),
    "discarder": _("the player who discards"),
    "draw": _("the draw"),
    "drawn": _("the cards drawn"),
    "dealer": _("the dealer"),
    "dealer_swap": _("the dealer's swap"),
    "take": _("the card taken"),
    "give": _("the card given"),
    "miner": _("the miner"),
    "extra": _("the extra card"),
    "on_table": _("the players on the table"),
    "trump": _("trump"),
    "suit": _("the suit"),
    "colour": _("the colour"),
    "wish": _("the wished colour"),
    "penalty": _("the penalty"),
    "top": _("the top card"),
    "winner": _("the winner"),
    "starter": _("the player who starts"),
    "player": _("the player"),
    "opponent": _("the opponent"),
    "emptied_first": _("who emptied first"),
    "pawns": _("the pawns"),
    "pawns_home": _("the pawns home"),
    "piles": _("the piles"),
    "place": _("the place"),
    "teams": _("the teams"),
    "rows": _("the rows"),
    "sides": _("the sides"),
    "minus": _("the minus points"),
    "first": _("who went out first"),
    "declare": _("the declaration"),
    "declarations": _("the declarations"),
    "play": _("the card played"),
    "swap": _("the swap"),
    "steps": _("the steps"),
    "split": _("the split"),
    "enter": _("entering a pawn"),
    "fold": _("the fold"),
    "from": _("where from"),
    "to": _("where to"),
    "as": _("what the card stands for"),
    "--games": _("the number of games"),
    "--players": _("the number of players"),
    "--log": _("the log file"),
}
#: The entries of these lists are cards: ``hand[2]`` is "card 3".
CARD_LISTS = frozenset({"hand", "cards", "kip", "turned", "stock", "discard", "drawn", "meld",
                        "lay_off", "hands", "draw", "open", "penalty"})  # fmt: skip

_PART = re.compile(r"\[(\d+)\]|\.?([^.\[\]]+)")


def parts(path: str) -> list[str | int]:
    """``rounds[1].players.Ann`` → ``["rounds", 1, "players", "Ann"]``."""
    out: list[str | int] = []
    for match in _PART.finditer(path or ""):
        index, key = match.groups()
        out.append(int(index) if index is not None else key)
    return out


def _field(key: str) -> Text:
    template = FIELDS.get(key)
    if template is not None:
        return Text(template)
    return Text(_("%(name)s"), name=key.lstrip("-").replace("_", " "))


def describe(path: str, options: Sequence[Option] = ()) -> list[Text]:
    """The place ``path`` names, in words: one :class:`Text` per step, outermost first.

    ``options`` are the game's options: ``options.start_points`` is the option's label.
    """
    steps = parts(path)
    if not steps:
        return []
    out: list[Text] = []
    labels = {o.name: o.label for o in options}
    i = 0
    while i < len(steps):
        step, after = steps[i], steps[i + 1] if i + 1 < len(steps) else None
        if step == "options" and isinstance(after, str):
            label = labels.get(after)
            out.append(
                Text(_("option “%(option)s”"), option=Text(label))
                if label
                else Text(_("option “%(option)s”"), option=after)
            )
            i += 2
            continue
        if isinstance(step, int):  # a list's entry under an unknown key
            out.append(Text(_("entry %(n)s"), n=step + 1))
            i += 1
            continue
        if isinstance(after, int):
            template = ENTRIES.get(step) or (_("card %(n)s") if step in CARD_LISTS else None)
            if template is None:
                out.append(_field(step))
                out.append(Text(_("entry %(n)s"), n=after + 1))
            else:
                out.append(Text(template, n=after + 1))
            i += 2
            continue
        if (
            isinstance(after, str)
            and step in BY_NAME
            and (after not in FIELDS or after == "opponent")
        ):
            side = {"me": "player", "opponent": "opponent"}.get(after)  # MeieRijen's sides
            out.append(Text(BY_NAME[step], name=Text(FIELDS[side]) if side else after))
            i += 2
            if i < len(steps) and isinstance(steps[i], int):
                out.append(Text(_("card %(n)s"), n=int(steps[i]) + 1))
                i += 1
            continue
        out.append(_field(step))
        i += 1
    return out


#: The lists a verdict's ``at`` can index (CASES.md: "the play, trick, claim or deal").
_STEP_LISTS = ("plays", "tricks", "moves", "turns", "deals", "rounds", "claims", "actions",
               "melds", "declarations", "events", "cards")  # fmt: skip


def at_place(case: Mapping[str, object], at: int) -> Text:
    """A violation's ``at`` in words: "trick 3" when exactly one of the case's lists of
    steps (its plays, tricks, moves, deals ...) reaches that far, else "entry 3"."""
    lists = [
        key
        for key in _STEP_LISTS
        if isinstance(case.get(key), list) and len(case[key]) > at  # type: ignore[arg-type]
    ]
    if len(lists) == 1:
        return Text(ENTRIES.get(lists[0]) or _("card %(n)s"), n=at + 1)
    return Text(_("entry %(n)s"), n=at + 1)
