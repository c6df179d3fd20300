"""The background recompute of a game's ratings (ratings.services.refresh sends it)."""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(name="ratings.update_ratings", acks_late=True)
def update_ratings(game: str) -> int:
    return services.run_update(game)
