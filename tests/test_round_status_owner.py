"""One owner of `Round.status` (issue 40): the evenings app writes it, and no other app.
Scoring reports a table's results changing (scoring.signals) and evenings decides what
the round is now. The scan reads the apps' source: any `Round.Status.X` assigned, or
passed as `status=` to `update`/`create`, and any `.status =` on a name of a round."""

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OWNER = "evenings"
WRITING_CALLS = {"update", "create", "get_or_create", "update_or_create", "bulk_create"}


def _name(node: ast.AST) -> str:
    return getattr(node, "id", None) or getattr(node, "attr", "")


def _is_round_status(node: ast.AST) -> bool:
    """`Round.Status.X` (or `models.Round.Status.X`)."""
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "Status"
        and _name(node.value.value) == "Round"
    )


def _names_a_round(node: ast.AST) -> bool:
    return "round" in _name(node).lower()


def round_status_writes(source: str) -> list[int]:
    """The lines of `source` that write a round's status."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            status_of_a_round = any(
                isinstance(t, ast.Attribute) and t.attr == "status" and _names_a_round(t.value)
                for t in targets
            )
            if status_of_a_round or (node.value is not None and _is_round_status(node.value)):
                lines.append(node.lineno)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in WRITING_CALLS
            and any(k.arg == "status" and _is_round_status(k.value) for k in node.keywords)
        ):
            lines.append(node.lineno)
    return sorted(lines)


def app_sources():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for package in config["tool"]["importlinter"]["root_packages"]:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield package, path


def test_only_evenings_writes_a_rounds_status():
    writes = {
        f"{path.relative_to(ROOT)}:{line}"
        for package, path in app_sources()
        if package != OWNER
        for line in round_status_writes(path.read_text(encoding="utf-8"))
    }
    assert writes == set()


def test_evenings_does_write_it():
    """The scan sees the owner's own writes (so it is not blind)."""
    owned = [
        path
        for package, path in app_sources()
        if package == OWNER and round_status_writes(path.read_text(encoding="utf-8"))
    ]
    assert len(owned) >= 2  # progress, rounds and finish


def test_the_scan_finds_each_way_of_writing_it():
    """The writes scoring and tournaments made before issue 40, each found."""
    found = round_status_writes(
        "if table.round.status == Round.Status.DRAWN:\n"  # 1: a read, not a write
        "    Round.objects.filter(pk=1).update(\n"  # 2
        "        status=Round.Status.STARTED, started_at=now)\n"
        "rounds.exclude(status=Round.Status.FINISHED).update(status=Round.Status.FINISHED)\n"  # 4
        "round_.status = Round.Status.STARTED\n"  # 5
        "fresh_round.status = status\n"  # 6
        "rounds.filter(status=Round.Status.FINISHED).exists()\n"  # 7: a read
        "entry.status = Entry.Status.PRESENT\n"  # 8: not a round
    )
    assert found == [2, 4, 5, 6]
