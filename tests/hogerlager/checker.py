"""Hoger-lager's dispute form, as data for the site's dispute checker
(games/checkform.py): the card shown, the guess and the card turned."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.checkform import CheckForm, ChoiceInput, NumberInput
from games.checkshow import Section, _, get, outcome

from .rules import HIGHEST, LOWEST


def _present(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    if not result:
        return []
    return [outcome([(_("hit"), get(result, "hit")), (_("points"), get(result, "points"))])]


GUESS = CheckForm(
    game="hogerlager",
    check="guess",
    title=_("A guess"),
    intro=_("The card shown, the guess, and the card turned if it is known."),
    inputs=(
        NumberInput("shown", _("card shown"), minimum=LOWEST, maximum=HIGHEST,
                    help=_("1 (ace) to 13 (king)")),
        ChoiceInput("guess", _("guess"), choices=(("higher", _("higher")), ("lower", _("lower")))),
        NumberInput("turned", _("card turned"), required=False, minimum=LOWEST, maximum=HIGHEST),
    ),
    present=_present,
    example={"shown": "13", "guess": "higher"},
)  # fmt: skip

CHECKS = {"guess": GUESS}
