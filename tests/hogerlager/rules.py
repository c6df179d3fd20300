"""Hoger-lager's rules (rules.en.md HL-1 … HL-4) and its one check, ``guess``.

``guess`` — ``{"shown": 5, "guess": "higher", "turned": 9}``: cards are ranks 1 (ace) to
13 (king); ``turned`` may be left out (the guess is judged before the card is turned).
``result`` of a legal guess: ``hit`` and ``points`` (1 or 0), when ``turned`` is known.
"""

from __future__ import annotations

from typing import Any

from games.base import Case, Option, Outcome, _

PLAYERS = (2, 3, 4)
LOWEST, HIGHEST = 1, 13
GUESSES = ("higher", "lower")

OPTIONS = (
    Option(
        "target", 10, int, minimum=3, maximum=50,
        label=_("Points to win"), help=_("Whoever first has this many points wins (HL-4)."),
    ),
)  # fmt: skip


def check_guess(case: Case) -> Outcome:
    """HL-2: no guess that cannot win; HL-3: an equal card is a miss."""
    shown = case.integer("shown", minimum=LOWEST, maximum=HIGHEST)
    guess = case.text("guess", choices=GUESSES)
    outcome = Outcome()
    if (guess == "higher" and shown == HIGHEST) or (guess == "lower" and shown == LOWEST):
        outcome.add("HL-2", _("Nothing is %(guess)s than this card: the guess cannot win."),
                    guess=guess)  # fmt: skip
        return outcome
    if case.has("turned"):
        turned = case.integer("turned", minimum=LOWEST, maximum=HIGHEST)
        hit = turned > shown if guess == "higher" else turned < shown
        outcome.result = {"hit": hit, "points": int(hit)}
    return outcome


CHECKS: dict[str, Any] = {"guess": check_guess}
