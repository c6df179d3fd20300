"""python manage.py venue [--host ADDRESS] [--port PORT] [--demo] [--no-mdns]

Serves Troef to the players' phones on the venue's network (make venue calls it). It runs
on Windows, Linux and macOS alike: no shell, no fork, only child processes started with
this same Python.

1. Checks its input first: an unknown --host or a --port in use is one line on standard
   error and exit status 2, before anything is changed.
2. Sets itself up: migrates the database, collects the static files (compressed, with
   cache-busting names), and with --demo loads the demo clubs.
3. Starts the web server (waitress, ``python -m venue.serve``) as a child process with
   the venue's settings in its environment: TROEF_VENUE=1, DEBUG=0, HTTPS=0,
   TROEF_VENUE_URL (the address phones use: config.site.site_url gives it to everything
   printed or shown as a link; this process sets it for itself too), and
   ALLOWED_HOSTS and CSRF_TRUSTED_ORIGINS from the addresses found (see config.settings:
   the settings are read once, from the environment, so they are set before that process
   starts rather than changed at run time). It listens on the address phones open and on
   127.0.0.1, so the laptop's own browser works even when the wifi changes its address.
4. Once it answers: writes var/venue.json (venue.runfile), so that a command started
   beside it (print_round) prints the phones' address too, then prints that address and
   its QR code, then starts the background hooks (:meth:`Command.hooks`): the Celery
   worker as a child process, with the same environment, and the mDNS announcement of
   troef.local.
5. Ctrl-C (or SIGTERM) stops the hooks, then the web server, and removes var/venue.json.
   Everything lives in the database and var/, so a restart picks up where it was.

Its children never outlive it: each reads the venue's pipe on its standard input and
stops when that closes (venue.parent), even after a ``kill -9`` of this process. And a
venue that starts first ends a worker of its var/ that still runs (venue.worker holds
var/venue-worker.pid while it runs): one left by a venue that was killed, still
finishing its job, or one that hangs. So there is one worker per var/ and queue.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import NoReturn, Protocol

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import connections
from django.utils import translation
from django.utils.translation import gettext as _

from clubs import first_start
from config import terminal
from venue import network, parent, qr, runfile, worker

#: Seconds the web server has to answer after its start.
START_SECONDS = 60
#: Seconds each child has to stop after being asked, before it is killed.
STOP_SECONDS = 20
#: How often a worker that died is started again before the venue gives up on it.
WORKER_RESTARTS = 5
#: Seconds a worker left running by an earlier venue has to stop (a warm shutdown: it
#: finishes its job) before it is killed; its job is then made again.
LEFT_WORKER_SECONDS = 15
ALL_ADDRESSES = "0.0.0.0"  # noqa: S104 - only when the director asks for it with --host
LOOPBACK = "127.0.0.1"
WINDOWS = sys.platform == "win32"


def _usage_error(message: str) -> NoReturn:
    sys.stderr.write(f"venue: {message}\n")
    sys.exit(2)


@dataclass
class Venue:
    """What the running venue is: the address phones open, what it listens on, and the
    environment of its child processes."""

    url: str  # e.g. http://192.168.1.20:8000 (no trailing slash)
    listen: list[str]  # waitress's listen= entries, e.g. ["192.168.1.20:8000", "127.0.0.1:8000"]
    env: dict[str, str]
    port: int
    ip: str  # the phones' address
    children: list[subprocess.Popen] = field(default_factory=list)


class Hook(Protocol):
    """Something that runs beside the web server while the venue runs: started once the
    server answers, stopped (in reverse order) before it stops; `check` is called about
    once a second from the main loop (restart what died; raise to stop the venue)."""

    name: str

    def start(self, venue: Venue) -> None: ...
    def check(self) -> None: ...
    def stop(self) -> None: ...


class Command(BaseCommand):
    help = (
        "Serve Troef on the venue's network: a production web server and the background "
        "worker, with the address for the phones and its QR code. Ctrl-C stops both."
    )
    requires_system_checks = ()  # run by migrate, after the input has been checked

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.error = _usage_error  # one line and status 2, never a traceback
        return parser

    def add_arguments(self, parser):
        parser.add_argument(
            "--host",
            metavar="ADDRESS",
            help=(
                "the address phones open (one of this laptop's); 0.0.0.0 listens on all. "
                "Default: the likeliest wifi address, or a choice when there are several"
            ),
        )
        parser.add_argument(
            "--port",
            default=os.environ.get("PORT") or "8000",
            metavar="PORT",
            help="the port (default: $PORT or 8000)",
        )
        parser.add_argument("--demo", action="store_true", help="load the demo clubs")
        parser.add_argument(
            "--lang",
            choices=terminal.LANGUAGES,
            help="the terminal's language (default: the system's, else nl)",
        )
        parser.add_argument(
            "--no-mdns", action="store_true", help="do not announce troef.local over mDNS"
        )

    # --- the command ----------------------------------------------------------------------

    def handle(self, *args, host, port, demo, no_mdns, lang=None, **options):
        translation.activate(terminal.language(lang))
        port = _port(port)
        _refuse_second_venue()
        venue = self.plan(host, port)
        # The address phones use, for what this process prints or renders; its children
        # have it in their environment (venue.env).
        settings.TROEF_VENUE_URL = venue.url
        self.end_left_worker()  # the first change, once the input is known to be good
        self.set_up(demo=demo)
        self.serve(venue, self.hooks(venue, mdns=not no_mdns))

    def plan(self, host: str | None, port: int) -> Venue:
        """The phones' address and what to listen on, checked by binding each once."""
        if host in (ALL_ADDRESSES, "*"):
            found = network.addresses()
            ip = found[0].ip if found else LOOPBACK
            listen_ips = [ALL_ADDRESSES]
            hosts = [a.ip for a in found]
        else:
            try:
                ip = network.resolve_host(host) if host else self.choose(network.addresses())
            except network.HostError as error:
                _usage_error(str(error))
            listen_ips = list(dict.fromkeys([ip, LOOPBACK]))
            hosts = [ip]
        try:
            network.check_bindable(listen_ips, port)
        except (network.HostError, network.PortError) as error:
            _usage_error(str(error))
        allowed = network.allowed_hosts(hosts)
        url = network.url(ip, port)
        env = {
            **os.environ,
            "TROEF_VENUE": "1",
            "DEBUG": "0",
            "HTTPS": "0",
            "ALLOWED_HOSTS": ",".join(allowed),
            "CSRF_TRUSTED_ORIGINS": ",".join(network.origins(allowed, port)),
            "TROEF_VENUE_URL": url,
            "PYTHONUNBUFFERED": "1",
        }
        return Venue(
            url=url,
            listen=[f"{one}:{port}" for one in listen_ips],
            env=env,
            port=port,
            ip=ip,
        )

    def end_left_worker(self) -> None:
        """End the worker of this var/ that still runs without its venue (see above),
        before anything starts; one line and status 2 if it cannot be ended."""
        pid = runfile.live_worker()
        if pid is None:
            return
        self.stderr.write(
            f"venue: the worker of an earlier venue on this folder still runs (process "
            f"{pid}); stopping it first ..."
        )
        if not _end_worker(pid):
            _usage_error(
                f"the worker left running (process {pid}) does not stop; end it, then start again"
            )
        self.stderr.write("venue: it has stopped.")

    def choose(self, found: list[network.Address]) -> str:
        """The phones' address when --host is not given: the only one; with several, the
        director's choice at a terminal, else the likeliest (and the list is printed)."""
        if not found:
            self.stderr.write(
                "venue: this laptop is on no network, so phones cannot reach it: join the "
                "hall's wifi or start a hotspot, then start again. Serving on 127.0.0.1."
            )
            return LOOPBACK
        if len(found) == 1:
            return found[0].ip
        self.stdout.write("This laptop is on several networks:")
        for number, address in enumerate(found, 1):
            self.stdout.write(f"  {number}. {address.ip}  ({address.interface})")
        if not sys.stdin.isatty():
            self.stdout.write(
                f"Phones get {found[0].ip}; start with --host ADDRESS to choose another."
            )
            return found[0].ip
        while True:
            try:
                answer = input(f"Which one do the phones use? [1-{len(found)}, Enter: 1] ")
            except EOFError:
                answer = ""
            answer = answer.strip() or "1"
            if answer.isdecimal() and 1 <= int(answer) <= len(found):
                return found[int(answer) - 1].ip
            self.stdout.write(f"Type a number from 1 to {len(found)}.")

    def set_up(self, *, demo: bool) -> None:
        """The database and the static files, as `make run` sets them up: idempotent, so
        a restart changes nothing that is there."""
        self.stdout.write(_("Setting up the database and the static files ..."))
        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        if demo:
            call_command("seed_demo")
        # A site without a club of its own: the code that set-up asks from other devices.
        self.setup_code = first_start.code_for_venue()
        connections.close_all()  # the children have their own; this process serves nothing

    def hooks(self, venue: Venue, *, mdns: bool) -> list[Hook]:
        """What runs beside the web server, in start order. Add a hook here (anything
        with name, start, check and stop) to run more during the evening."""
        from venue.mdns import MdnsHook  # noqa: PLC0415

        hooks: list[Hook] = [WorkerHook(self), BackupHook(self)]
        if mdns:
            hooks.append(MdnsHook(self))
        return hooks

    # --- running ------------------------------------------------------------------------

    def serve(self, venue: Venue, hooks: list[Hook]) -> None:
        started: list[Hook] = []
        web = None
        _stop_on_signals()
        try:
            web = _spawn([sys.executable, "-m", "venue.serve", *venue.listen], venue.env)
            venue.children.append(web)
            self.wait_until_answering(venue, web)
            runfile.write_run_file(venue.url, os.getpid())
            self.banner(venue)
            for hook in hooks:
                hook.start(venue)
                started.append(hook)
            while True:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    code = web.wait(timeout=1)
                    self.stderr.write(f"venue: the web server stopped (exit status {code}).")
                    sys.exit(1)
                for hook in started:
                    hook.check()
        except KeyboardInterrupt:
            self.stdout.write("\n" + _("Stopping ..."))
        finally:
            self.stop(started, web)
            runfile.remove_run_file(os.getpid())
        self.stdout.write(_("Troef has stopped."))

    def stop(self, hooks: list[Hook], web: subprocess.Popen | None) -> None:
        for hook in reversed(hooks):
            try:
                hook.stop()
            except Exception as error:
                self.stderr.write(f"venue: {hook.name} did not stop cleanly: {error}")
        if web is not None:
            _stop_child(web)

    def wait_until_answering(self, venue: Venue, web: subprocess.Popen) -> None:
        """Wait until the web server accepts connections; one line and the child's exit
        status when it gave up (its own line says why)."""
        deadline = time.monotonic() + START_SECONDS
        probe = venue.ip if venue.listen[0] != f"{ALL_ADDRESSES}:{venue.port}" else LOOPBACK
        while True:
            code = web.poll()
            if code is not None:
                sys.exit(code or 1)
            with contextlib.suppress(OSError), socket.create_connection((probe, venue.port), 1):
                return
            if time.monotonic() > deadline:
                _stop_child(web)
                _usage_error(f"the web server did not answer within {START_SECONDS} s")
            time.sleep(0.1)

    def banner(self, venue: Venue) -> None:
        out = self.stdout
        out.write("")
        out.write(_("Troef runs for the venue. Phones on the same network open:"))
        out.write("")
        out.write(f"    {venue.url}/")
        out.write("")
        qr.terminal(f"{venue.url}/", out=getattr(out, "_out", sys.stdout))
        if venue.ip == LOOPBACK:
            out.write(_("(127.0.0.1 is this laptop only: phones cannot open it.)"))
        else:
            out.write(
                _("On this laptop %(url)s works too.") % {"url": f"http://{LOOPBACK}:{venue.port}/"}
            )
        out.write(
            _(
                "Every score sheet printed now carries this address in its QR code. "
                "Ctrl-C stops the site and the worker."
            )
        )
        out.write("")
        if getattr(self, "setup_code", None):
            out.write(
                _("Set-up code for a new club (asked on other devices than this laptop): %(code)s")
                % {"code": self.setup_code}
            )
            out.write("")


# --- the worker -------------------------------------------------------------------------


class BackupHook:
    """Automatic backups (backups.auto): one when the venue starts, then one each time an
    evening is done, from a thread that looks once a minute; the last 30 are kept in
    var/backups/. A backup that fails is logged and the evening goes on."""

    name = "the backups"

    def __init__(self, command: BaseCommand):
        self.command = command
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None

    def start(self, venue: Venue) -> None:
        from backups import auto  # noqa: PLC0415

        try:
            path = auto.backup_at_start()
        except Exception as exc:  # a failed backup must not stop the evening
            self.command.stderr.write(f"venue: no backup at the start ({exc}); going on.")
        else:
            self.command.stdout.write(f"Backup: {path}")
        self.thread = threading.Thread(
            target=auto.watch_evenings, args=(self.stopping,), name="troef-backups", daemon=True
        )
        self.thread.start()

    def check(self) -> None:
        return

    def stop(self) -> None:
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(timeout=STOP_SECONDS)


class WorkerHook:
    """The Celery worker (print packs) as a child process of this same Python; started
    again when it dies, a few times."""

    name = "the worker"

    def __init__(self, command: BaseCommand):
        self.command = command
        self.process: subprocess.Popen | None = None
        self.env: dict[str, str] = {}
        self.restarts = 0

    def start(self, venue: Venue) -> None:
        self.env = venue.env
        self._spawn()

    def _spawn(self) -> None:
        self.process = _spawn(worker.command(f"troef-venue-{os.getpid()}@%h"), self.env)

    def check(self) -> None:
        if self.process is None or self.process.poll() is None:
            return
        code = self.process.returncode
        _close_pipe(self.process)
        if self.restarts >= WORKER_RESTARTS:
            self.command.stderr.write(
                f"venue: the worker stopped again (exit status {code}); print packs wait "
                "until Troef is started again."
            )
            self.process = None
            return
        self.restarts += 1
        self.command.stderr.write(f"venue: the worker stopped (exit status {code}); restarting")
        self._spawn()

    def stop(self) -> None:
        if self.process is not None:
            _stop_child(self.process, seconds=STOP_SECONDS * 2)


# --- child processes --------------------------------------------------------------------


def _spawn(args: list[str], env: dict[str, str]) -> subprocess.Popen:
    """A child process of this Python, in this terminal. On POSIX it gets a process group
    of its own, so that Ctrl-C reaches this process alone and each child is then asked
    once to stop (a second SIGINT would make Celery stop without finishing its job). On
    Windows Ctrl-C reaches every process of the console; each stops by itself. Its
    standard input is a pipe from this process that nobody writes to: the child stops
    when it closes, that is when this process ends (venue.parent)."""
    kwargs = {} if WINDOWS else {"start_new_session": True}
    return subprocess.Popen(  # noqa: S603
        args,
        env={**env, parent.PIPE_ENV: "1"},
        cwd=settings.BASE_DIR,
        stdin=subprocess.PIPE,
        **kwargs,
    )


def _close_pipe(process: subprocess.Popen) -> None:
    if process.stdin is not None:
        with contextlib.suppress(OSError):
            process.stdin.close()


def _stop_child(process: subprocess.Popen, seconds: float = STOP_SECONDS) -> None:
    """Ask `process` to stop (SIGINT: a KeyboardInterrupt for waitress, a warm shutdown
    for Celery), wait, and kill it if it does not stop in time or Ctrl-C is pressed
    again meanwhile."""
    if process.poll() is not None:
        _close_pipe(process)
        return
    if not WINDOWS:
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=seconds)
    except (subprocess.TimeoutExpired, KeyboardInterrupt):
        process.kill()
        process.wait()
    _close_pipe(process)


def _end_worker(pid: int) -> bool:
    """End the worker `pid` of this var/ that an earlier venue left running: as Ctrl-C
    would (SIGTERM: a warm shutdown, which ends its pool too), then, if it has not
    stopped within LEFT_WORKER_SECONDS, killed with its pool (on POSIX the venue starts
    it as the leader of its own process group). Windows has only the kill. Whether it
    has stopped: its run-file's lock is free."""
    group = None
    if not WINDOWS:
        with contextlib.suppress(OSError):
            group = pid if os.getpgid(pid) == pid else None
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGTERM)
    stopped = _until(lambda: runfile.live_worker(wait=0) != pid, LEFT_WORKER_SECONDS)
    if group is not None:  # whatever is left of its pool (nothing, after a warm shutdown)
        with contextlib.suppress(OSError):
            os.killpg(group, signal.SIGKILL)
    elif not stopped and not WINDOWS:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    return stopped or _until(lambda: runfile.live_worker(wait=0) != pid, STOP_SECONDS)


def _until(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def _stop_on_signals() -> None:
    """SIGTERM (a service manager, `kill`) and SIGHUP (the terminal closed) stop the venue
    as Ctrl-C does."""
    if threading.current_thread() is not threading.main_thread():
        return
    for name in ("SIGTERM", "SIGHUP", "SIGBREAK"):
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, _raise_interrupt)


def _raise_interrupt(signum, frame):
    raise KeyboardInterrupt


def _port(text: str) -> int:
    if not str(text).isdecimal() or not 1 <= int(text) <= 65535:
        _usage_error(f"--port: must be a port number from 1 to 65535, not {str(text)[:20]!r}")
    return int(text)


def _refuse_second_venue() -> None:
    running = runfile.venue_url()
    if running is not None:
        _usage_error(
            f"a venue already runs on this folder ({running}, {runfile.run_file()}); "
            "stop it first, or start this one with another TROEF_VAR_DIR"
        )
