#!/usr/bin/env bash
# Starts a Celery worker and the site; Ctrl-C stops both. Called by `make run`.
set -euo pipefail
BIN=${BIN:-.venv/bin}
PORT=${PORT:-8000}
HOST=${HOST:-127.0.0.1}

"$BIN/celery" -A config worker --loglevel WARNING --concurrency 2 --hostname "troef@%h" &
worker=$!
stop() {
  trap - INT TERM EXIT
  kill -TERM "$worker" 2>/dev/null || true
  wait "$worker" 2>/dev/null || true
}
trap stop INT TERM EXIT

echo
echo "Troef runs on http://$HOST:$PORT/ (Ctrl-C stops the site and the worker)."
echo "Log in with one of the demo logins printed above."
echo
"$BIN/python" manage.py runserver "$HOST:$PORT"
