"""Keezen's check_hand kinds by name, as the registry finds them (:data:`CHECKS`)."""

from __future__ import annotations

from .positions import check_game_score, check_legal_moves, check_move
from .replay import check_replay

CHECKS = {
    "move": check_move,
    "legal_moves": check_legal_moves,
    "game_score": check_game_score,
    "replay": check_replay,
}
