"""The readers the Miezemauzen check kinds share: the players, numbers, cards, declarations,
tricks won and kat claims of a case, each checked against its limits (MZ-1 and CASES.md)."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Case, CaseError, Outcome, Text, Violation, _, unknown_card
from games.cards import Card, UnknownCardError, parse_card
from games.miezemauzen.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TRICKS,
    Declarations,
    parse_declaration,
)
from games.miezemauzen.scoring import (
    KAT_CHOICES,
)

#: Most names a case may give (MZ-1 allows 2-8; more is judged as an MZ-1 breach).
MAX_NAMES = 20
POINTS_LIMIT = 1_000_000
#: No list of cards in a case is longer than the largest deck.
MAX_LIST_CARDS = 52


# --- shared readers ----------------------------------------------------------------------


def read_players(case: Case, out: Outcome) -> list[str]:
    """The names (clockwise); MZ-1 when their number is not 2-8."""
    players = case.names("players", minimum=1, maximum=MAX_NAMES)
    check_players_option(case, len(players))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        out.add(
            "MZ-1",
            _("Miezemauzen is played by %(MIN_PLAYERS)s to %(MAX_PLAYERS)s players, not %(count)s"),
            MIN_PLAYERS=MIN_PLAYERS,
            MAX_PLAYERS=MAX_PLAYERS,
            count=len(players),
        )
    return players


def check_players_option(case: Case, count: int) -> None:
    wanted = case.options.get("players")
    if wanted is not None and wanted != count:
        raise CaseError(
            "options.players",
            _("is %(wanted)s but the case names %(count)s players"),
            wanted=wanted,
            count=count,
        )


def read_numbers(
    case: Case, key: str, players: Sequence[str], default: int, low: int
) -> dict[str, int]:
    """A per-player object of whole numbers; players left out take ``default``."""
    sub = case.per_player(key, players, default=None)
    out = dict.fromkeys(players, default)
    if sub is not None:
        for name in sub.data:
            out[name] = sub.integer(name, minimum=low, maximum=POINTS_LIMIT)
    return out


def read_card_list(value: object, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise CaseError(where, _("must be a list of cards"))
    if len(value) > MAX_LIST_CARDS:
        raise CaseError(where, _("holds too many cards"))
    cards = []
    for i, item in enumerate(value):
        try:
            cards.append(parse_card(item))
        except UnknownCardError as exc:
            raise CaseError(f"{where}[{i}]", unknown_card(exc)) from None
    return cards


def read_declarations(
    case: Case, order: Sequence[str], decl: Declarations, *, at: int | None, out: Outcome
) -> None:
    """Read everyone's declaration and judge them in seat order (MZ-4/5/6/11)."""
    given = case.per_player("declarations", order, complete=True)
    for index, player in enumerate(order):
        word = parse_declaration(given.data[player])
        if word is None:
            raise given.error(player, _("must be play, pass or exchange"))
        out.violations.extend(decl.declare(player, word, index if at is None else at))


def read_tricks_won(
    case: Case, players: Sequence[str], playing: Sequence[str], *, lenient: bool = False
) -> dict[str, int] | None:
    """``tricks_won`` of one deal: only playing players take tricks, five in all.

    ``lenient`` (the declarations broke a rule, so who plays is in doubt): tricks that do
    not fit the players give None (the deal is judged that far) instead of a CaseError.
    """
    sub = case.per_player("tricks_won", players)
    won = dict.fromkeys(playing, 0)
    for name in sub.data:
        count = sub.integer(name, minimum=0, maximum=TRICKS)
        if name not in won:
            if count:
                if lenient:
                    return None
                raise sub.error(
                    name, _("%(name)s did not play this deal and took no tricks"), name=name
                )
            continue
        won[name] = count
    if playing and sum(won.values()) != TRICKS:
        if lenient:
            return None
        raise case.error(
            "tricks_won",
            _("adds up to %(sum)s, not %(TRICKS)s tricks"),
            sum=sum(won.values()),
            TRICKS=TRICKS,
        )
    return won


def read_claims(case: Case) -> list[Case]:
    """``kat``: a list of claims, or one claim as an object; absent or ``[]``: none."""
    raw = case.data.get("kat")
    if isinstance(raw, dict):
        return [case.sub("kat")]
    return case.subs("kat", None) or []


def read_kat_choice(claim: Case) -> str | None:
    return claim.text("choice", None, choices=KAT_CHOICES)


def not_in_deck(card: Card, deck: frozenset[Card], what: Text, at: int | None) -> list[Violation]:
    """MZ-1: a card outside this game's deck."""
    if card in deck:
        return []
    return [
        Violation(
            "MZ-1",
            Text(
                _("%(what)s %(card)s, which is not in the %(count)s-card deck"),
                what=what,
                card=card,
                count=len(deck),
            ),
            at,
        )
    ]
