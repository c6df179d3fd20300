"""The dispute-check endpoint: POST a CASES.md case as JSON, get the verdict."""

import logging

from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt

from games import cases
from games.base import CaseError

logger = logging.getLogger(__name__)

#: The same limit as ``check_hand`` on the command line: the same case, the same verdict.
MAX_BODY_BYTES = cases.MAX_CASE_BYTES
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _error(message: str, status: int, field: str | None = None) -> JsonResponse:
    body = {"error": message}
    if field:
        body["field"] = field
    return JsonResponse(body, status=status, json_dumps_params={"ensure_ascii": False})


class _TooLargeError(Exception):
    pass


def _body(request) -> bytes:
    """The request body, refusing more than MAX_BODY_BYTES before reading it all."""
    try:
        length = int(request.headers.get("Content-Length") or 0)
    except ValueError:
        length = 0
    body = b"" if length > MAX_BODY_BYTES else request.read(MAX_BODY_BYTES + 1)
    if length > MAX_BODY_BYTES or len(body) > MAX_BODY_BYTES:
        raise _TooLargeError
    return body


@csrf_exempt  # a JSON API without cookies or side effects; no login needed
def check_hand(request):
    """Judge the posted case: 200 with the verdict, 400 with a message naming the field."""
    if request.method != "POST":
        response = _error("POST the case as JSON (see CASES.md)", 405)
        response["Allow"] = "POST"
        return response
    if request.content_type in FORM_TYPES:
        return _error("case: send the case as JSON (Content-Type: application/json)", 400, "case")
    try:
        verdict = cases.judge_json(_body(request))
    except _TooLargeError:
        return _error(f"case: larger than {MAX_BODY_BYTES // 1000} kB", 413, "case")
    except CaseError as exc:
        return _error(str(exc), 400, exc.field)
    except Exception:  # a bug in an engine must not become a 500 page for a tool
        logger.exception("check_hand failed on a case")
        return _error("case: the rules engine could not judge this case", 400, "case")
    return JsonResponse(verdict, json_dumps_params={"ensure_ascii": False})
