"""The venue's web server process: ``python -m venue.serve ADDRESS:PORT...``.

Started by ``manage.py venue`` (venue.management.commands.venue) with the venue's
environment (TROEF_VENUE=1, DEBUG=0, HTTPS=0, ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS), so
its settings are read once, from the environment, like every other process of Troef's.
Waitress: a production WSGI server in pure Python that runs on Windows, Linux and macOS.
Ctrl-C (or SIGINT/SIGTERM from the venue command) stops it, and so does the end of the
venue command itself (venue.parent).
"""

from __future__ import annotations

import _thread
import os
import signal
import sys

from venue import parent

#: Request threads. SQLite takes one writer at a time anyway; eight keep 40 phones
#: polling the standings from waiting behind a table's result.
THREADS = 8
#: Open connections at once: every phone keeps one open between its requests.
CONNECTION_LIMIT = 500


def main(argv: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.wsgi import get_wsgi_application  # noqa: PLC0415
    from waitress import serve  # noqa: PLC0415

    application = get_wsgi_application()
    # The venue command stops this process with SIGINT. A process started with SIGINT
    # ignored (`nohup make venue &`, a service manager, a shell script's `&`) inherits
    # that, and Python then leaves it ignored: the server would hold the port until it
    # is killed. So SIGINT is a KeyboardInterrupt here, whatever this process inherited.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, _interrupt)
    # The venue command starts this process in a process group of its own (so that it
    # stops once, when asked); should the command itself be killed, stop too rather
    # than hold the port.
    parent.watch(_thread.interrupt_main)
    try:
        serve(
            application,
            listen=" ".join(argv),
            threads=THREADS,
            connection_limit=CONNECTION_LIMIT,
            ident="Troef",
        )
    except KeyboardInterrupt:
        pass
    except OSError as error:  # the port was taken between the check and now
        sys.stderr.write(f"troef venue: cannot serve on {' '.join(argv)}: {error}\n")
        return 2
    return 0


def _interrupt(signum, frame):
    raise KeyboardInterrupt


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
