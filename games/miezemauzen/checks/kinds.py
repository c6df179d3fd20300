"""The check_hand kinds of Miezemauzen by name, as the registry finds them (:data:`CHECKS`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .deal import check_deal
from .game import check_game, check_settlement
from .replay import check_replay

CHECKS: Mapping[str, Any] = {
    "deal": check_deal,
    "game": check_game,
    "settlement": check_settlement,
    "replay": check_replay,
}
