"""Results: entered, confirmed by the other side, corrected with a trace.

Every change locks the table's row and checks the `version` the form was shown with, so
two people entering at the same table at once store exactly one result: the other gets
:class:`ResultConflictError` and sees what is there now. A database constraint keeps at most
one confirmed result per table. The game's own scoring (games/<game>/results.py) checks
what was entered and ranks the sides.

Who acts is one value, scoring.actors.Actor (a login, the player chosen at the table's
link, the device, the personal code typed), built once by the view; the services take
it. Who may confirm (:func:`may_confirm`, which the pages ask too): a player of another
side than the one who entered it (their partner never, nor the one who entered it), or
a director who did not enter it and is not the entrant's partner. How much the table is
trusted is the tournament's choice (Tournament.confirm_by): `table` takes the name a
player chooses on the link; `codes` wants proof (their own login, a phone linked by
their personal QR code, or their personal code typed); `director` leaves every
confirmation to a director. In every mode a phone keeps one identity in a tournament
(codes.check_identity), and an entry confirmed from what looks like the same device
within SAME_DEVICE_MINUTES is flagged for the director (scoring.actors.Device,
ResultEntry.same_device).

By subject, each module importing only those above it:

- common: the errors, the game's scoring of an entry, the table's lock, the log;
- codes: personal codes, and who may act at a table's link;
- confirming: who may confirm, and the confirmation;
- drafts: the rows a table keeps during its game, not a result (issue 41);
- results: the services that enter, confirm, correct and reject results;
- counts: keeping the evenings' counts a season's standings are made of.

Callers import from here (``from scoring import services``).
"""

from .codes import (
    CODE_ALPHABET,
    CODE_LENGTH,
    CODE_LOCK_SECONDS,
    CODE_TRIES,
    code_needed,
    code_of,
    code_proof,
    member_code,
    new_code,
    normalize_code,
    personal_code,
    personal_code_renew,
    personal_codes,
    phone_players,
    proven,
)
from .common import (
    SAME_DEVICE_MINUTES,
    ResultConflictError,
    ResultInvalidError,
    TableGoneError,
    outcome_json,
    score,
    table_options,
    table_shape,
)
from .confirming import Seats, entrant_side, may_confirm, table_seats
from .counts import keep_evening_counts
from .drafts import DraftConflictError, draft_clear, result_draft_save
from .results import result_confirm, result_correct, result_reject, result_submit, table_link_renew

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "CODE_LOCK_SECONDS",
    "CODE_TRIES",
    "SAME_DEVICE_MINUTES",
    "DraftConflictError",
    "ResultConflictError",
    "ResultInvalidError",
    "Seats",
    "TableGoneError",
    "code_needed",
    "code_of",
    "code_proof",
    "draft_clear",
    "entrant_side",
    "keep_evening_counts",
    "may_confirm",
    "member_code",
    "new_code",
    "normalize_code",
    "outcome_json",
    "personal_code",
    "personal_code_renew",
    "personal_codes",
    "phone_players",
    "proven",
    "result_confirm",
    "result_correct",
    "result_draft_save",
    "result_reject",
    "result_submit",
    "score",
    "table_link_renew",
    "table_options",
    "table_seats",
    "table_shape",
]
