"""No module of the Django apps or the game engines over MAX_LINES lines (issue 17): a longer
one is split by subject into a package, its __init__ re-exporting what callers use.

TO_SPLIT names the modules still over the limit, each with why it is not split yet; the
test fails for any other module over it, and for a listed one that is no longer over it
(or no longer there), so that the list only ever shrinks and says what is left.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("clubs", "tournaments", "disputes", "scoring", "printing", "ratings", "backups", "venue",
        "demo", "config", "games")  # fmt: skip
APPS += ("evenings",)  # the round's lifecycle (issue 40)
MAX_LINES = 600

#: Modules over MAX_LINES still to split (paths from the project's root).
TO_SPLIT: set[str] = set()  # none left


def line_counts() -> dict[str, int]:
    """Lines of each Python module of the apps, migrations left out."""
    counts = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.relative_to(ROOT).parts:
                continue
            counts[path.relative_to(ROOT).as_posix()] = len(
                path.read_text(encoding="utf-8").splitlines()
            )
    return counts


def test_no_app_module_is_over_the_limit():
    counts = line_counts()
    offenders = {
        path: lines for path, lines in counts.items() if lines > MAX_LINES and path not in TO_SPLIT
    }
    assert not offenders, f"over {MAX_LINES} lines, split by subject: " + ", ".join(
        f"{path} ({lines})" for path, lines in sorted(offenders.items())
    )


def test_the_list_of_modules_to_split_is_up_to_date():
    counts = line_counts()
    done = sorted(path for path in TO_SPLIT if counts.get(path, 0) <= MAX_LINES)
    assert not done, f"split (or gone) now, take them off TO_SPLIT: {', '.join(done)}"
