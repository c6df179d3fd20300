"""check_hand: a JSON case in, a verdict dict out (shared/spec/CASES.md).

``judge(data)`` takes the decoded case; ``judge_json(text)`` decodes first. Both raise
:class:`games.base.CaseError` (naming the field) for a case that cannot be judged; a rule
breach is never an error but a violation in the verdict.
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import IO, Any

from games import registry
from games.base import Case, CaseError, _, clean_options, short, verdict

#: The largest case accepted (bytes of JSON): a whole recorded game fits easily.
MAX_CASE_BYTES = 2_000_000
MAX_NESTING = 12


def judge(data: object, *, texts: bool = False) -> dict[str, Any]:
    """Judge one decoded case; raises CaseError when it cannot be judged.

    ``texts``: each violation also carries ``"text"``, its message as a template plus
    values (``Text.as_dict()``) for the site to translate; check_hand leaves it out.
    """
    case = Case(data)
    name = case.text("game")
    try:
        spec = registry.get(name)
    except registry.UnknownGameError as exc:
        raise CaseError("game", exc.args[0]) from None
    check = case.text("check")
    run = spec.checks.get(check)
    if run is None:
        known = ", ".join(spec.checks)
        raise CaseError(
            "check",
            _("%(name)s has no check %(check)s (known: %(known)s)"),
            name=spec.name,
            check=short(check),
            known=known,
        )
    case.options = clean_options(spec.options, case.data.get("options"))
    outcome = run(case)
    found = verdict(spec.name, check, outcome)
    if texts:
        for shown, violation in zip(found["violations"], outcome.violations, strict=True):
            if violation.text is not None:
                shown["text"] = violation.text.as_dict()
    return found


def _reject_constant(name: str) -> None:
    raise CaseError("case", _("is not valid JSON: %(name)s is not a number"), name=name)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys are all different: a key given twice would lose a value."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise CaseError(
            "case", _("is not valid: the key %(twice)s is given twice"), twice=short(twice)
        )
    return data


def _depth(value: object, limit: int) -> int:
    """How many objects and lists are nested in a decoded JSON value, stopping past
    ``limit`` (``{"a": [1]}`` is 2)."""
    stack = [(value, 1)]
    deepest = 0
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if deepest > limit:
                return deepest
            stack.extend(
                (v, depth + 1) for v in (item.values() if isinstance(item, dict) else item)
            )
    return deepest


def decode(text: str | bytes) -> object:
    """Decode a case's JSON, with the size and nesting limits; CaseError when it fails."""
    if len(text) > MAX_CASE_BYTES:
        raise CaseError("case", _("is larger than %(number)s kB"), number=MAX_CASE_BYTES // 1000)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise CaseError("case", _("is not UTF-8 text")) from None
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise CaseError("case", _("is empty: give the case as JSON"))
    try:
        data = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    except CaseError:
        raise
    except RecursionError:
        raise CaseError("case", _("is nested too deeply")) from None
    except json.JSONDecodeError as exc:
        raise CaseError(
            "case",
            _("is not valid JSON: %(msg)s (line %(lineno)s, column %(colno)s)"),
            msg=exc.msg,
            lineno=exc.lineno,
            colno=exc.colno,
        ) from None
    except ValueError:  # e.g. an integer of more than 4300 digits
        raise CaseError("case", _("is not valid JSON: a number is too large")) from None
    if _depth(data, MAX_NESTING) > MAX_NESTING:
        raise CaseError(
            "case", _("is nested more than %(MAX_NESTING)s levels deep"), MAX_NESTING=MAX_NESTING
        )
    return data


def judge_json(text: str | bytes) -> dict[str, Any]:
    return judge(decode(text))


def dumps(result: dict[str, Any]) -> str:
    """One verdict as one line of JSON (non-ASCII kept, e.g. suit symbols and names)."""
    return json.dumps(result, ensure_ascii=False, allow_nan=False)


# --- the command line (python manage.py check_hand, python -m games.cases) ---------------


def _read(name: str, stdin: IO[bytes] | None) -> bytes:
    if name == "-":
        if stdin is None:
            raise CaseError("file", _("standard input is closed"))
        return stdin.read(MAX_CASE_BYTES + 1)
    path = Path(name)
    try:
        with path.open("rb") as handle:
            return handle.read(MAX_CASE_BYTES + 1)
    except OSError as exc:
        raise CaseError(
            "file", _("cannot read %(name)s: %(value)s"), name=name, value=exc.strerror or exc
        ) from None


def judge_file(name: str, stdin: IO[bytes] | None) -> dict[str, Any]:
    """Read and judge one case file (``-`` is standard input)."""
    return judge_json(_read(name, stdin))


def main(argv: list[str], stdin: IO[bytes] | None, stdout: IO[str], stderr: IO[str]) -> int:
    """Judge the case files named in ``argv``; returns the exit status.

    One file: its verdict on standard output, or one line on standard error and status 2.
    Several files: one line each (JSON Lines) in the order given; a file that cannot be
    judged prints ``{"error": ...}`` on its line, the others are still judged, and the
    status is 2 when any could not be judged. ``stdin`` is None when it is closed.
    """
    try:
        return _judge_all(argv, stdin, stdout, stderr)
    except OSError:  # standard output closed or gone (| head): the verdicts are lost
        with contextlib.suppress(OSError):
            stderr.write("check_hand: cannot write to standard output\n")
        return 2


def _judge_all(argv: list[str], stdin: IO[bytes] | None, stdout: IO[str], stderr: IO[str]) -> int:
    if not argv:
        stderr.write("check_hand: give one or more case files, or - for standard input\n")
        return 2
    status = 0
    for name in argv:
        try:
            line = dumps(judge_file(name, stdin))
        except Exception as exc:  # never a traceback (CASES.md)
            status = 2
            if not isinstance(exc, CaseError):  # an engine bug: still one line, status 2
                exc = CaseError(
                    "case", _("the rules engine failed (%(__name__)s)"), __name__=type(exc).__name__
                )
            message = str(exc) if len(argv) == 1 else f"{name}: {exc}"
            stderr.write(f"check_hand: {message}\n")
            if len(argv) == 1:
                return status
            line = dumps({"error": message, "field": exc.field})
        stdout.write(line + "\n")
    return status


if __name__ == "__main__":  # pragma: no cover - exercised through subprocess in tests
    sys.exit(main(sys.argv[1:], sys.stdin and sys.stdin.buffer, sys.stdout, sys.stderr))
