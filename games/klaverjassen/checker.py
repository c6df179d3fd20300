"""Klaverjassen's dispute forms: "Verzaakt?" (the ``trick`` check, KJ-3) and "Hoeveel
roem?" (the ``roem`` check, KJ-4), and the 32-card deck their fields and card picker use.

A trick is typed as the seat that led it and its cards in the order played (the card
picker appends); ``build`` gives each card its seat, so the case is the one the package
docstring proposes. Not registered yet (issue 41): ``CHECKS`` and ``DECK`` are what the
game's spec will hold (``checker`` and ``deck``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from games.cards import FRENCH, Deck, PickerRow, card_text
from games.checkform import CardInput, CardsInput, CheckForm, ChoiceInput, NumberInput
from games.checkshow import Section, ShownCard, _, facts, get, joined, non_empty, said
from games.klaverjassen.cards import SEATS, Options, card_of, trump_of
from games.klaverjassen.play import FOLLOW, OVERTRUMP, TRUMP, UNDERTRUMP, roem

GAME = "klaverjassen"
#: The picker's ranks, highest first as the other games show them.
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")


def _picker(language: str, ranks: Sequence[str]) -> list[PickerRow]:
    """The French picker's suits with the 32 cards only (no joker row)."""
    rows = FRENCH.picker(language, tuple(ranks) or RANKS)
    return [row for row in rows if any(card.get("kind") != "joker" for card in row["cards"])]


#: The 32-card deck (7 to ace): what the fields read and the picker offers (GameSpec.deck).
DECK = Deck(
    name="klaverjas",
    parse=card_of,
    not_a_card=_("“%(text)s” is not a card of the 32-card deck (7 to ace)."),
    codes=re.compile(r"(?<![\w+])(?:10|[7-9JQKA])[SHDC](?![\w+])"),
    cell=FRENCH.cell,
    text=card_text,
    picker=_picker,
    ranks=RANKS,
)

TRUMPS = (
    ("S", _("♠ spades")),
    ("H", _("♥ hearts")),
    ("D", _("♦ diamonds")),
    ("C", _("♣ clubs")),
)
#: The duty an illegal card breaks (the engine's code) in words.
DUTY_WORDS = {
    FOLLOW: _("to follow suit"),
    TRUMP: _("to trump"),
    OVERTRUMP: _("to overtrump"),
    UNDERTRUMP: _("not to undertrump"),
}
#: The fields both forms have: trump, and the seat that led (the trick's first card).
TRUMP_INPUT = ChoiceInput("trump", _("trump"), choices=TRUMPS)
LEADER = NumberInput(
    "leader",
    _("seat that led the trick"),
    required=False,
    maximum=SEATS - 1,
    help=_("Seats 0-3 clockwise; partners sit opposite (0+2 against 1+3). Empty: 0."),
)


def _seats(leader: int | None, cards: Sequence[str]) -> list[dict[str, Any]]:
    """Cards in the order played from ``leader``'s seat → the case's ``trick``."""
    first = leader or 0
    return [{"seat": (first + i) % SEATS, "card": card} for i, card in enumerate(cards)]


def _seat(value: Any) -> Any:
    return said(_("seat %(seat)s"), seat=value) if isinstance(value, int) else "—"


def _roem_items(cards: Sequence[str], trump: Any, options: Any) -> list[Any]:
    """The roem of four cards itemised as texts the page translates ("stuk 20")."""
    try:
        four = [card_of(card) for card in cards]
        return list(roem(four, trump_of(trump), Options.of(options)))
    except (ValueError, TypeError):  # the engine refused the case: it says why
        return []


def _roem_section(
    cards: Sequence[str], case: Mapping[str, Any], result: Mapping[str, Any]
) -> Section:
    items = _roem_items(cards, case.get("trump"), case.get("options"))
    rows = [[item, item.values["points"]] for item in items]
    rows.append([_("roem in all"), get(result, "roem_points")])
    return Section(_("Roem in the trick (KJ-4)"), [_("roem"), _("points")], rows)


# --- Verzaakt? (trick) -------------------------------------------------------------------


def _build_trick(data: dict[str, Any]) -> dict[str, Any]:
    case: dict[str, Any] = {"trump": data["trump"]}
    case["trick"] = _seats(data.get("leader"), data.get("trick") or [])
    case["hand"] = data["hand"]
    case["card"] = data["card"]
    return case


def _present_trick(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    if not result:
        return []
    trick = list(case.get("trick") or [])
    duty = result.get("duty")
    seat = (trick[-1]["seat"] + 1) % SEATS if trick else None  # leading: seat not in the case
    sections = [
        facts(
            _("The card (KJ-3)"),
            [
                (_("played by"), _seat(seat)),
                (_("card played"), ShownCard(str(case.get("card", "")))),
                (
                    _("cards the hand may play"),
                    joined([ShownCard(c) for c in result.get("legal_cards") or []], " "),
                ),
                (_("duty broken"), DUTY_WORDS.get(duty, "—") if duty else _("none")),
            ],
        )
    ]
    if "winner" in result:
        cards = [one["card"] for one in trick] + [str(case.get("card", ""))]
        sections.append(facts(_("The whole trick"), [(_("won by"), _seat(result["winner"]))]))
        sections.append(_roem_section(cards, case, result))
    return non_empty(sections)


TRICK = CheckForm(
    game=GAME,
    check="trick",
    title=_("Verzaakt? May this card be played?"),
    intro=_(
        "Trump, the cards already in the trick in the order played, the player's hand "
        "(the card played included) and the card played. The verdict names the duty of "
        "KJ-3 the card breaks: follow, trump, overtrump or no undertrump."
    ),
    inputs=(
        TRUMP_INPUT,
        LEADER,
        CardsInput(
            "trick",
            _("cards in the trick"),
            required=False,
            deck=DECK,
            picker=DECK,
            help=_("In the order played, the leader's first: AS, harten boer"),
        ),
        CardsInput(
            "hand",
            _("the player's hand"),
            deck=DECK,
            picker=DECK,
            help=_("Every card the player held, the card played included"),
        ),
        CardInput("card", _("card played"), deck=DECK, picker=DECK),
    ),
    build=_build_trick,
    present=_present_trick,
    options=("variant",),
    picker_ranks=RANKS,
    # in the page's words: "schoppen aas, harten boer" (nl), "Pik Ass, Herz Bube" (de)
    example={
        "trump": "H",
        "leader": "1",
        "trick": _("ace of spades, jack of hearts"),
        "hand": _("7S, king of clubs, 9H"),
        "card": _("king of clubs"),
    },
)


# --- Hoeveel roem? (roem) ----------------------------------------------------------------


def _build_roem(data: dict[str, Any]) -> dict[str, Any]:
    case: dict[str, Any] = {"trump": data["trump"], "cards": data["cards"]}
    if data.get("leader") is not None:
        case["leader"] = data["leader"]
    return case


def _present_roem(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    if not result:
        return []
    cards = [str(c) for c in case.get("cards") or []]
    return non_empty(
        [
            facts(_("The trick"), [(_("won by"), _seat(get(result, "winner")))]),
            _roem_section(cards, case, result),
        ]
    )


ROEM = CheckForm(
    game=GAME,
    check="roem",
    title=_("Hoeveel roem? The roem in a trick"),
    intro=_(
        "The four cards of a trick and trump: the roem in it item by item (KJ-4): three "
        "in sequence 20, four in sequence 50, stuk (king and queen of trump) 20, four of "
        "a kind 100 or four jacks 200."
    ),
    inputs=(
        TRUMP_INPUT,
        CardsInput(
            "cards",
            _("the four cards of the trick"),
            deck=DECK,
            picker=DECK,
            help=_("In the order played: KH, QH, harten boer, 10H"),
        ),
        LEADER,
    ),
    build=_build_roem,
    present=_present_roem,
    options=("four_of_a_kind",),
    picker_ranks=RANKS,
    example={"trump": "H", "cards": _("king of hearts, queen of hearts, jack of hearts, 7S")},
)

CHECKS = {"trick": TRICK, "roem": ROEM}
