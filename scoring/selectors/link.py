"""The table's private link says one thing at a time (issue 37): the one state the link is
in for whoever holds the phone (:func:`link_state`, pure), what the page then offers
(:class:`Link`: who are you, the form, the confirm button) and the one message it shows,
true for them (:func:`link_message`). :func:`table_link_view` works it out for a table.

The states, first match wins:

- RENEWED: the director renewed the link; this QR code no longer works.
- FINISHED: the tournament is finished; its results can be read, nothing done.
- CONFIRMED: the result is confirmed; only a director corrects it.
- DISPUTED: two different results wait for a director.
- CHOOSE: something can be done, but who holds the phone is not known yet.
- NOBODY: no result yet: they enter it.
- MINE: they entered the open result (this player, or this phone under another name).
- MY_SIDE: their partner entered it (teams: Keezen, MeieRijen at four).
- OTHER_SIDE: a player of another side, or a director, entered it: they confirm it (when
  the tournament lets players confirm) or enter what they think is right.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from tournaments.models import Tournament

from ..actors import NO_ACTOR, Actor
from ..models import ResultEntry
from ..services import Seats, entrant_side, may_confirm, table_seats
from .results import TableState

RENEWED = "renewed"
FINISHED = "finished"
CONFIRMED = "confirmed"
DISPUTED = "disputed"
CHOOSE = "choose"
NOBODY = "nobody"
MINE = "mine"
MY_SIDE = "my_side"
OTHER_SIDE = "other_side"

#: Every state, in the order link_state tries them.
STATES = (
    RENEWED,
    FINISHED,
    CONFIRMED,
    DISPUTED,
    CHOOSE,
    NOBODY,
    MINE,
    MY_SIDE,
    OTHER_SIDE,
)

#: How whoever holds the phone stands to the open entry (:func:`relation_to`).
ME = "me"  # the player they say they are entered it
THIS_PHONE = "this_phone"  # this phone (browser, login) entered it under another name
PARTNER = "partner"  # their partner did
OPPONENT = "opponent"  # a player of another side did, or a director

#: What the page offers in each state: (ask who holds the phone, say who they are, the
#: result form, a confirm button where the rules let them).
OFFERS = {
    RENEWED: (False, False, False, False),
    FINISHED: (False, False, False, False),
    CONFIRMED: (False, False, False, False),
    DISPUTED: (False, False, False, False),
    CHOOSE: (True, False, False, False),
    NOBODY: (False, True, True, False),
    MINE: (False, True, False, False),
    MY_SIDE: (False, True, False, False),
    OTHER_SIDE: (False, True, True, True),
}


def link_state(
    *, renewed: bool, finished: bool, status: str, chosen: bool, relation: str | None
) -> str:
    """The one state of the link. `status`: the table's (selectors.table_status: none,
    provisional, disputed, confirmed); `chosen`: whether it is known who holds the phone;
    `relation`: how they stand to the open entry (ME, THIS_PHONE, PARTNER, OPPONENT; only
    read for a provisional one)."""
    checks = (
        (renewed, RENEWED),
        (finished, FINISHED),
        (status == "confirmed", CONFIRMED),
        (status == "disputed", DISPUTED),
        (not chosen, CHOOSE),
        (status == "none", NOBODY),
        (relation in (ME, THIS_PHONE), MINE),
        (relation == PARTNER, MY_SIDE),
    )
    return next((state for holds, state in checks if holds), OTHER_SIDE)


#: Who confirms, as a state's message says it: players of another side may (PLAYERS), or
#: only a director (DIRECTOR); at OTHER_SIDE, whether they may confirm it now (MAY).
PLAYERS, DIRECTOR, MAY = "players", "director", "may"
#: MINE, said to a phone that entered the result under another name than it now has.
MINE_ELSEWHERE = "mine_elsewhere"

#: The message of each (state, who confirms); None: the same whoever confirms.
MESSAGES = {
    (RENEWED, None): gettext_lazy(
        "The director renewed this table's link: this QR code no longer works. Ask the "
        "director for the new table card."
    ),
    (FINISHED, None): gettext_lazy(
        "This tournament is finished: results can be read here, but no longer entered or confirmed."
    ),
    (CONFIRMED, None): gettext_lazy(
        "Something wrong? Ask the director: only a director can correct a confirmed result."
    ),
    (DISPUTED, None): gettext_lazy(
        "Two different results were entered for this table; a director decides."
    ),
    (CHOOSE, PLAYERS): gettext_lazy(
        "Say who you are: then you enter the result, or confirm the one entered."
    ),
    (CHOOSE, DIRECTOR): gettext_lazy("Say who you are: then you enter the result."),
    (NOBODY, PLAYERS): gettext_lazy(
        "No result yet. Enter it: a player of another side confirms it."
    ),
    (NOBODY, DIRECTOR): gettext_lazy("No result yet. Enter it: a director confirms it."),
    (MINE, PLAYERS): gettext_lazy(
        "You entered this result: a player of another side or the director confirms it."
    ),
    (MINE, DIRECTOR): gettext_lazy("You entered this result: a director confirms it."),
    (MINE_ELSEWHERE, PLAYERS): gettext_lazy(
        "This phone entered this result, as %(name)s: a player of another side confirms it "
        "on their own phone, or a director does."
    ),
    (MINE_ELSEWHERE, DIRECTOR): gettext_lazy(
        "This phone entered this result, as %(name)s: a director confirms it."
    ),
    (MY_SIDE, PLAYERS): gettext_lazy(
        "Your partner %(name)s entered this result: a player of another side or the "
        "director confirms it."
    ),
    (MY_SIDE, DIRECTOR): gettext_lazy(
        "Your partner %(name)s entered this result: a director confirms it."
    ),
    (OTHER_SIDE, MAY): gettext_lazy(
        "%(name)s entered this result. Is it right? Confirm it. Is it wrong? Enter the "
        "right one: the director then decides."
    ),
    (OTHER_SIDE, DIRECTOR): gettext_lazy(
        "%(name)s entered this result: a director confirms it. Is it wrong? Enter the right "
        "one: the director then decides."
    ),
}


def link_message(
    state: str,
    *,
    players_confirm: bool,
    may_confirm: bool = False,
    entrant: str = "",
    relation: str | None = None,
) -> str:
    """The one message of `state`, for whoever holds the phone, in the page's language.
    `players_confirm`: the tournament lets a player of another side confirm
    (Tournament.confirm_by table or codes; else only a director does); `may_confirm`:
    they may confirm the open entry now; `entrant`: the name it was entered under;
    `relation`: theirs to it (:func:`relation_to`)."""
    if state == OTHER_SIDE:
        confirms = MAY if may_confirm else DIRECTOR
    else:
        confirms = PLAYERS if players_confirm else DIRECTOR
    if state == MINE and relation == THIS_PHONE:
        state = MINE_ELSEWHERE
    text = MESSAGES.get((state, confirms)) or MESSAGES[(state, None)]
    return str(text) % {"name": entrant}


@dataclass(frozen=True)
class Link:
    """The table's link as the page shows it to whoever holds the phone."""

    state: str
    message: str
    may_confirm: bool = False

    @property
    def ask_who(self) -> bool:
        return OFFERS[self.state][0]

    @property
    def show_player(self) -> bool:
        return OFFERS[self.state][1]

    @property
    def can_enter(self) -> bool:
        return OFFERS[self.state][2]

    @property
    def can_confirm(self) -> bool:
        return OFFERS[self.state][3] and self.may_confirm


def _login(seats: Seats, entry_pk: int | None) -> int | None:
    return next((login for entry, _side, login in seats if entry == entry_pk), None)


def relation_to(result: ResultEntry, actor: Actor, *, seats: Seats) -> str:
    """How the player `actor` says they are, on this phone, stands to `result` (ME,
    THIS_PHONE, PARTNER, OPPONENT), as services.may_confirm judges who entered it."""
    player, user = actor.entry, actor.user  # a player: the link asks only once chosen
    entrant_login = result.entered_by_id or _login(seats, result.entered_by_entry_id)
    if result.entered_by_entry_id == player.pk or (
        entrant_login is not None and entrant_login == _login(seats, player.pk)
    ):
        return ME
    session = actor.device.session
    same_session = bool(session) and session == result.entered_session
    same_login = (
        entrant_login is not None
        and user is not None
        and user.is_authenticated
        and user.pk == entrant_login
    )
    if result.pk in actor.entered_here or same_session or same_login:
        return THIS_PHONE
    side = entrant_side(result, seats)
    if side is not None and side == next((s for e, s, _l in seats if e == player.pk), None):
        return PARTNER
    return OPPONENT


def table_link_view(state: TableState, actor: Actor = NO_ACTOR, *, renewed: bool = False) -> Link:
    """The link of `state`'s table for whoever holds the phone (`actor`): `actor.entry`,
    the player they said they are (None: not known yet), on their device, that entered
    `actor.entered_here` at this table."""
    player = actor.entry
    players_confirm = state.tournament.confirmation != Tournament.ConfirmBy.DIRECTOR
    status = state.status
    relation, entrant, confirmable = None, "", False
    pending = [r for r in reversed(state.results) if r.status == ResultEntry.Status.PROVISIONAL]
    if player is not None and status == "provisional" and pending:
        result = pending[0]
        seats = table_seats(state.table)
        relation = relation_to(result, actor, seats=seats)
        entrant = result.entered_by_name
        refusal = may_confirm(actor, result, table=state.table, seats=seats)
        confirmable = refusal is None
    found = link_state(
        renewed=renewed,
        finished=state.finished,
        status=status,
        chosen=player is not None,
        relation=relation,
    )
    message = link_message(
        found,
        players_confirm=players_confirm,
        may_confirm=confirmable,
        entrant=entrant,
        relation=relation,
    )
    return Link(found, message, confirmable)
