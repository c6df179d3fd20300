"""The project's copy of the case format (docs/CASES.md) is the one other tools read:
it must not drift from the shared spec it was copied from."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COPY = ROOT / "docs" / "CASES.md"
SHARED = ROOT.parent / "shared" / "spec" / "CASES.md"


def test_the_case_format_is_the_shared_one():
    text = COPY.read_text(encoding="utf-8")
    if SHARED.exists():
        assert text == SHARED.read_text(encoding="utf-8"), (
            "docs/CASES.md differs from shared/spec/CASES.md: copy it again"
        )
    # Without the shared folder (a user's clone): the copy still names every game.
    for game in ("MeieRijen", "Duizenden", "Miezemauzen", "MEINO", "Keezen"):
        assert f"## {game}" in text
