"""MeieRijen's moves and turn as small ints: the move kinds, card sources, pawns and places,
the turn phases and limits (MR-10, MR-11), and the ranks a card may be played as on a pile
(MR-4, MR-5)."""

from __future__ import annotations

from games.base import _

from .cards import ACE, BLACK_PILE, EMPTY_RANKS, LOW, MIX_PILE, RED_PILE, TEN

# --- moves ---------------------------------------------------------------------------------

PLAY, PAWN, PASS, END, TURNED = 0, 1, 2, 3, 4
HAND, OPEN, PENALTY, DRAW = 0, 1, 2, 3
PLACE, TAKE, REMOVE = 0, 1, 2
GREY, RED, WHITE = 0, 1, 2
PAWN_NAMES = ("grey", "red", "white")
#: The pawns as messages name them.
PAWN_TEXT = (_("the grey pawn"), _("the red pawn"), _("the white pawn"))
PILE, DRAWPILE, OPENCARD, PENPILE = 0, 1, 2, 3
Place = tuple[int, int, int]
PILE_PLACES = ((PILE, RED_PILE, 0), (PILE, BLACK_PILE, 0), (PILE, MIX_PILE, 0))
#: Turn phases: MR-11's face-up draw card first, then the rest of the turn, then done.
FACEUP, MAIN, DONE = 0, 1, 2
#: MR-10: at most four open cards (until the last ten, MR-11).
OPEN_LIMIT = 4
HAND_SIZE = 5
#: MR-11: the tenth card from the bottom starts the last ten.
LAST_TEN = 10
#: ``ten_at`` values for a turn judged without a known draw-pile size.
NEVER, ALWAYS = -1, 1 << 30

Violations = list[tuple[str, str]]


def playable_ranks(
    top: int, way: int, grey: bool, red: bool, variant1: bool
) -> tuple[tuple[int, int | None], ...]:
    """The effective ranks that may go on a pile whose effective rank is ``top`` (0: an
    empty place), each with the pawn it needs: :meth:`Round.ranks` for the turn's direction
    (``way``) and the pawns held."""
    if not top:
        return EMPTY_RANKS
    out: list[tuple[int, int | None]] = []
    if way >= 0 and top < ACE:
        out.append((top + 1, None))
    if variant1 and way <= 0 and top > LOW:
        out.append((top - 1, None))
    if grey:
        out.append((top, GREY))
    if red and way >= 0 and top + 2 <= ACE:
        out.append((top + 2, RED))
    if red and variant1 and way <= 0 and top - 2 >= LOW:
        out.append((top - 2, RED))
    return tuple(out)


def is_ten_card(top: int) -> bool:
    """MR-5: whether a card played as a 10 on a pile whose effective rank was ``top`` is a
    ten-card. It is one when laid on a 9, or (reading) on a 10 with the grey pawn or on
    an 8 with the red pawn; a 10 starting a new pile on an empty place (``top`` 0) is not,
    nor is (Variant 1) a 10 laid downward on a J or Q ("Een tien-kaart leg je op een
    9-kaart")."""
    return TEN - 2 <= top <= TEN
