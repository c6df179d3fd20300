"""The check_hand kinds of Klaverjassen, as the package docstring proposes them:
``trick``, ``deal``, ``deal_score`` and ``game``, and ``roem`` (the roem of a complete
trick, for the dispute checker's "Hoeveel roem?" form). Each reads its case through
:class:`games.base.Case` (a ``CaseError`` names the field) and returns the engine's
:class:`games.base.Outcome`; ``replay`` judges the simulator's log (a whole game card by
card). Pure Python: no Django here.
"""

from __future__ import annotations

from typing import Any

from games.base import Case, CaseError, Outcome, _
from games.cards import Card, UnknownCardError
from games.klaverjassen.cards import SEATS, Options, card_of
from games.klaverjassen.play import trick
from games.klaverjassen.scoring import deal, deal_score, game
from games.text import unknown_card


def _options(case: Case) -> Options:
    return Options.of(case.data.get("options")) if not case.options else Options(**case.options)


def _card_lists(case: Case, key: str) -> list[list[Card]]:
    """A list of card lists (``hands``, ``tricks``), each card in the notation."""
    out = []
    for index, cards in enumerate(case.items(key)):
        if not isinstance(cards, list):
            raise case.error(key, _("must be a list of card lists"))
        row = []
        for position, text in enumerate(cards):
            try:
                row.append(card_of(text))
            except UnknownCardError as error:
                raise CaseError(
                    f"{case.where(key)}[{index}][{position}]", unknown_card(error)
                ) from None
        out.append(row)
    return out


def check_trick(case: Case) -> Outcome:
    """``trick``: the cards played so far, each ``{"seat", "card"}``, or plain cards
    played in turn from the seat ``leader`` (0 when left out)."""
    options = _options(case)
    played = []
    leader = case.integer("leader", 0, minimum=0, maximum=SEATS - 1)
    for index, item in enumerate(case.items("trick", [])):
        if isinstance(item, dict):
            one = Case(item, f"{case.where('trick')}[{index}]", case.options)
            played.append(
                (one.integer("seat", minimum=0, maximum=SEATS - 1), one.parsed("card", card_of))
            )
            continue
        try:
            played.append(((leader + index) % SEATS, card_of(item)))
        except UnknownCardError as error:
            raise CaseError(f"{case.where('trick')}[{index}]", unknown_card(error)) from None
    return trick(
        case.get("trump", str),
        options.variant,
        played,
        case.parsed_list("hand", card_of),
        case.parsed("card", card_of),
        options=options,
    )


def check_roem(case: Case) -> Outcome:
    """The roem of a complete trick (KJ-4), for the "Hoeveel roem?" form: ``trump``, the
    four ``cards`` in the order played and the ``leader``'s seat (0 when left out) →
    ``winner`` (seat), ``roem`` (items) and ``roem_points``. The cards are not checked
    against the duties of KJ-3 (that is the ``trick`` check)."""
    options = _options(case)
    cards = case.parsed_list("cards", card_of)
    if len(cards) != SEATS:
        raise case.error("cards", _("a trick has 4 cards, not %(count)s"), count=len(cards))
    twice = next((c for c in cards if cards.count(c) > 1), None)
    if twice is not None:
        raise case.error("cards", _("%(card)s is dealt twice"), card=twice)
    leader = case.integer("leader", 0, minimum=0, maximum=SEATS - 1)
    played = [((leader + i) % SEATS, card) for i, card in enumerate(cards[:-1])]
    # the last card alone in hand is always allowed: the trick check gives winner and roem
    outcome = trick(case.get("trump", str), options.variant, played, cards[-1:], cards[-1],
                    options=options)  # fmt: skip
    outcome.result = {key: outcome.result[key] for key in ("winner", "roem", "roem_points")}
    return outcome


def check_deal(case: Case) -> Outcome:
    return deal(
        _card_lists(case, "hands"),
        case.get("trump", str),
        case.integer("playing_team", minimum=0, maximum=1),
        case.integer("first_leader", minimum=0, maximum=SEATS - 1),
        _card_lists(case, "tricks"),
        options=_options(case),
        unclaimed=set(case.get("unclaimed", list, [])),
    )


def _row(case: Case) -> dict[str, Any]:
    return {
        "playing": case.integer("playing", minimum=0, maximum=1),
        "points": case.items("points"),
        "roem": case.items("roem", [0, 0]),
        "nat": case.boolean("nat", False),
        "pit": case.boolean("pit", False),
        "verzaakt": case.get("verzaakt", int, None),
    }


def _scoped(where: str, run: Any) -> Outcome:
    try:
        return run()
    except CaseError as error:
        if error.field.startswith(where):
            raise
        raise CaseError(f"{where}.{error.field}", error.text) from None


def check_deal_score(case: Case) -> Outcome:
    row = case.sub("row")
    return _scoped("row", lambda: deal_score(_row(row), _options(case)))


def check_game(case: Case) -> Outcome:
    rows = [_row(row) for row in case.subs("rows")]
    return game(rows, _options(case))


def check_replay(case: Case) -> Outcome:
    """A whole recorded game, card by card (the simulator's log: ``deals``, each a
    ``deal`` case's fields; ``rows`` beside them are ignored): every deal judged as
    ``deal`` judges it (a violation ``at`` the deal, its message naming the deal and the
    card), then the game scored from the deals' own briefje rows as ``game`` scores them.
    ``result``: as ``game``'s, with ``deals`` the deals judged."""
    options = _options(case)
    outcome = Outcome()
    rows = []
    for index, one in enumerate(case.subs("deals")):
        judged = _scoped(
            f"deals[{index}]",
            lambda one=one: deal(
                _card_lists(one, "hands"),
                one.get("trump", str),
                one.integer("playing_team", minimum=0, maximum=1),
                one.integer("first_leader", minimum=0, maximum=SEATS - 1),
                _card_lists(one, "tricks"),
                options=options,
                unclaimed=set(one.get("unclaimed", list, [])),
            ),
        )
        for violation in judged.violations:
            outcome.add(
                violation.rule,
                _("deal %(deal)s, card %(card)s: %(reason)s"),
                index,
                deal=index + 1,
                card=(violation.at or 0) + 1,
                reason=violation.text or violation.message,
            )
        rows.append(judged.result["row"])
    scored = game(rows, options)
    outcome.violations.extend(v for v in scored.violations if v.at is None)
    outcome.result = {**scored.result, "deals": len(rows)}
    return outcome


CHECKS = {
    "trick": check_trick,
    "roem": check_roem,
    "deal": check_deal,
    "deal_score": check_deal_score,
    "game": check_game,
    "replay": check_replay,
}
