"""The venue's Celery worker (print packs): ``python -m venue.worker CELERY-ARGUMENTS``.

Started by ``manage.py venue`` (its WorkerHook, with :func:`command`) as the plain
``celery`` command would be, with two things more:

1. It is the one venue worker of its var/: it holds the worker's run-file,
   ``var/venue-worker.pid``, locked while it runs (venue.runfile.hold_worker_file). A
   venue that starts finds a worker still holding it (one a killed venue left behind)
   and ends it first, so that two sets of workers never take the same queue. A second
   worker on the same var/ does not start (exit status 2).
2. It ends with its venue: when the venue's pipe on its standard input closes
   (venue.parent), however the venue ended, it shuts down warm: the job in hand is
   finished (or, if the venue is back first, taken back by the reaper), its pool
   processes end, and it exits.
"""

from __future__ import annotations

import os
import sys

from venue import parent

WINDOWS = sys.platform == "win32"


def command(hostname: str) -> list[str]:
    """The worker's command line, as the venue starts it."""
    args = [sys.executable, "-m", "venue.worker", "-A", "config", "--quiet", "worker"]
    args += ["--loglevel", "WARNING", "--hostname", hostname]
    # The prefork pool needs fork(); on Windows the worker runs its jobs in threads.
    args += ["--pool", "threads", "--concurrency", "2"] if WINDOWS else ["--concurrency", "2"]
    return args


def main(argv: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from venue import runfile  # noqa: PLC0415 - the settings, after DJANGO_SETTINGS_MODULE

    global _held  # noqa: PLW0603 - the lock lives as long as this process
    _held = runfile.hold_worker_file(os.getpid())
    if _held is None:
        sys.stderr.write(
            f"troef worker: another worker runs on {runfile.worker_file().parent} "
            f"(process {runfile.live_worker()}); this one does not start\n"
        )
        return 2
    parent.watch(_shut_down)
    from celery.bin.celery import main as celery  # noqa: PLC0415

    sys.argv = ["celery", *argv]
    return celery()


_held: int | None = None


def _shut_down() -> None:
    """What Celery does on SIGTERM (a warm shutdown), without a signal: Windows has
    none to send, and the flag works for every pool."""
    from celery.worker import state  # noqa: PLC0415

    sys.stderr.write("troef worker: the venue that started it has stopped; stopping too\n")
    state.should_stop = 0  # the exit status; maybe_shutdown() stops the worker's loop


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
