"""MeieRijen's options as the club sets them (RULES.md MR-V1, MR-10, MR-13, MR-4P) and the
decks in play for each number of players."""

from __future__ import annotations

from games.base import Option, _

# --- options (RULES.md) --------------------------------------------------------------------

OPTIONS = (
    Option(
        "variant1",
        False,
        bool,
        help=_("MR-V1: up or down, double white pawns, card values"),
        label=_("Variant 1"),
    ),
    Option(
        "draw_rule",
        "fill5",
        str,
        choices=("fill5", "two"),
        help=_("MR-10: fill the hand up to five cards, or take two cards each turn"),
        label=_("Drawing cards"),
        choice_labels=(_("Fill the hand up to five"), _("Two cards each turn")),
    ),
    Option(
        "third_round",
        False,
        bool,
        help=_("MR-13: a third round decides a 1-1 match"),
        label=_("Third round at 1-1"),
    ),
    Option(
        "players",
        2,
        int,
        choices=(2, 3, 4),
        help=_("two, three, or four in two teams (MR-4P)"),
        label=_("Players"),
    ),
)
#: Decks in play: one per player, one per team with four players (MR-4P).
DECKS = {2: 2, 3: 3, 4: 2}
