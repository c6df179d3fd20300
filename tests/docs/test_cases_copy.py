"""The project's copy of the case format (docs/CASES.md) is the one other tools read:
it must not drift from the shared spec it was copied from."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COPY = ROOT / "docs" / "CASES.md"
SHARED = ROOT.parent / "shared" / "spec" / "CASES.md"


#: The project's additions: whole sections, after the shared text, for games that came
#: after the shared spec (issue 41: klaverjassen).
ADDED = ("Klaverjassen",)


def test_the_case_format_is_the_shared_one():
    text = COPY.read_text(encoding="utf-8")
    shared, *added = text.split(f"\n\n## {ADDED[0]}\n", 1)
    assert added, "docs/CASES.md has no klaverjassen section"
    if SHARED.exists():
        assert shared + "\n" == SHARED.read_text(encoding="utf-8"), (
            "docs/CASES.md differs from shared/spec/CASES.md: copy it again"
        )
    # Without the shared folder (a user's clone): the copy still names every game.
    for game in ("MeieRijen", "Duizenden", "Miezemauzen", "MEINO", "Keezen", *ADDED):
        assert f"## {game}" in text
    # The addition is only whole sections of games the shared text does not have.
    assert [line for line in added[0].splitlines() if line.startswith("## ")] == []
    assert all(f"## {game}" not in shared for game in ADDED)
