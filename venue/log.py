"""Logging for a terminal someone watches during the evening."""

from __future__ import annotations

import logging


class OneLineForClientErrors(logging.Filter):
    """Drop the traceback of records about answers in the 400s: an expected 403 (a
    player on a director's page) or a 400 (a form of a page that changed) is one line,
    like Django's own "Not Found: /x". 500s keep their traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
