"""Writes of the ratings: bring a game's stored ratings up to date with its confirmed
results, replaying from the first tournament whose results changed.

Two things are stored (issue 39). The history, each member's rating after every tournament
they played, is the online update (ratings.core.replay) in order of the evenings, so a
result confirmed late, or a correction three evenings back, gives the same history as a
replay from scratch. The list, each member's rating now, is the whole-history estimate
(ratings.core.whole_history) over all the game's confirmed tables, recomputed at every
update: it ranks the players better than the online update, which forgets old evenings and
cannot carry what a joint evening shows about one club back to the others. The reads, the
replay and the estimate happen first; the writes then go in one transaction that checks the
results have not changed meanwhile, so a reader sees the old ratings or the new ones,
never half of each, and a laptop closed half-way loses nothing: the next update starts
again from the same place.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Hashable

from django.db import transaction
from django.utils import timezone

from config.celery import send

from . import core, selectors
from .models import RatedTournament, Rating, RatingStep, RatingUpdate

#: A game with at most this many confirmed tables to replay is brought up to date while
#: the page is made (about half a second); more go to the background worker, and the page
#: shows its progress.
INLINE_TABLES = 2000
#: A game with more confirmed tables than this in all has its whole-history estimate made by
#: the background worker, whatever the number to replay (it takes about half a second per
#: 10,000 tables of four on one core).
WHOLE_INLINE_TABLES = 10_000
#: Tournaments read per batch of the replay (the unit of progress).
BATCH = 20
#: A queued or running update that has not moved for this long is sent again (its worker
#: was stopped, or there was none).
STALLED = datetime.timedelta(minutes=5)

Progress = Callable[[int, int], None]


def update(game: str, *, progress: Progress | None = None) -> int:
    """Bring `game`'s ratings up to date; the number of tournaments replayed (0: they
    already were). Tries again when results change while it runs."""
    for _attempt in range(3):
        state = selectors.staleness([game])[game]
        if not state.stale:
            return 0
        replayed = _replay(game, state, progress)
        if replayed is not None:
            return replayed
    return 0


def _start_ratings(game: str, before: list) -> dict[Hashable, core.Rating]:
    """Each member's rating after the tournaments in `before` (their last step there)."""
    start: dict[Hashable, core.Rating] = {}
    steps = (
        RatingStep.objects.filter(game=game, tournament__in=before)
        .order_by("tournament__date", "tournament_id")
        .values_list("member_id", "mu", "sigma", "games")
    )
    for member, mu, sigma, played in steps.iterator(chunk_size=5000):
        start[member] = core.Rating(mu, sigma, played)
    return start


def _replay(game: str, state: selectors.Staleness, progress: Progress | None) -> int | None:
    start_index = state.start if state.start is not None else len(state.tournaments)
    before, again = state.tournaments[:start_index], state.tournaments[start_index:]
    ratings = _start_ratings(game, before)
    steps: list[RatingStep] = []
    total = len(again)
    for offset in range(0, total, BATCH):
        batch = again[offset : offset + BATCH]
        results = list(selectors.table_results(batch))
        replay = core.replay(results, ratings)
        ratings = replay.ratings
        after: dict[tuple[int, Hashable], core.Rating] = {}
        for step in replay.history:
            if isinstance(step.player, int):
                after[step.order[1], step.player] = step.rating
        for (tournament, member), rating in after.items():
            steps.append(_step(RatingStep, game, member, rating, tournament_id=tournament))
        if progress is not None:
            progress(min(offset + BATCH, total), total)
    whole = core.whole_history(selectors.table_results(state.tournaments))
    with transaction.atomic():
        RatingUpdate.objects.select_for_update().get_or_create(game=game)
        if selectors.fingerprints(game) != state.current:
            return None  # results changed meanwhile: read again
        replayed = [t.pk for t in again]
        RatingStep.objects.filter(game=game, tournament__in=[*replayed, *state.forget]).delete()
        RatedTournament.objects.filter(
            game=game, tournament__in=[*replayed, *state.forget]
        ).delete()
        RatingStep.objects.bulk_create(steps, batch_size=1000)
        RatedTournament.objects.bulk_create(
            [
                RatedTournament(tournament=t, game=game, fingerprint=state.current[t.pk])
                for t in again
            ]
        )
        _refresh_current(game, whole)
    return len(again)


def _step(model, game: str, member: int, rating: core.Rating, **extra):
    return model(
        member_id=member,
        game=game,
        mu=rating.mu,
        sigma=rating.sigma,
        games=rating.games,
        shown=rating.shown,
        **extra,
    )


def _refresh_current(game: str, whole: dict[Hashable, core.Rating]) -> None:
    """The ratings now: each member's whole-history rating, with the last tournament they
    played (rebuilt for the whole game in two queries and a bulk insert: simpler than
    patching, and as fast for a club's size)."""
    Rating.objects.filter(game=game).delete()
    last: dict[int, int] = {}
    for member, tournament in (
        RatingStep.objects.filter(game=game)
        .order_by("tournament__date", "tournament_id")
        .values_list("member_id", "tournament_id")
    ):
        last[member] = tournament
    Rating.objects.bulk_create(
        [
            _step(Rating, game, member, whole[member], last_id=tournament)
            for member, tournament in last.items()
            if member in whole
        ],
        batch_size=1000,
    )


def refresh(games: list[str]) -> dict[str, RatingUpdate]:
    """Before a rating page is shown: each of `games` with few tournaments to replay is
    brought up to date at once; a longer replay is handed to the worker (once). Returns
    the games still being updated, with how far they are."""
    waiting: dict[str, RatingUpdate] = {}
    for game, state in selectors.staleness(games).items():
        if not state.stale:
            continue
        if state.tables_to_replay <= INLINE_TABLES and state.tables <= WHOLE_INLINE_TABLES:
            update(game)
            continue
        waiting[game] = _queue(game, state.tournaments_to_replay)
    return waiting


def _queue(game: str, total: int) -> RatingUpdate:
    with transaction.atomic():
        job, _ = RatingUpdate.objects.select_for_update().get_or_create(game=game)
        lost = timezone.now() - job.changed_at > STALLED
        if job.status == RatingUpdate.Status.IDLE or lost:
            job.status = RatingUpdate.Status.QUEUED
            job.done, job.total = 0, total
            job.save()
            transaction.on_commit(lambda: send("ratings.update_ratings", game))
    return job


def run_update(game: str) -> int:
    """The worker's side of `refresh`: the replay with its progress on the game's row."""

    def progress(done: int, total: int) -> None:
        RatingUpdate.objects.filter(game=game).update(
            status=RatingUpdate.Status.RUNNING, done=done, total=total
        )

    try:
        return update(game, progress=progress)
    finally:
        RatingUpdate.objects.filter(game=game).update(status=RatingUpdate.Status.IDLE)
