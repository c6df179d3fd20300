"""The printed disputes and rulings (printing.sheets.documents.dispute_report), read back
from real PDFs: every dispute's where, what, verdict and ruling in full, long rulings
wrapped inside the page, many disputes over several pages, an empty report."""

from __future__ import annotations

from printing.sheets import DisputeEntry, DisputeReport, DisputeRule, Header, render
from printing.sheets.base import LEFT, RIGHT

from .pdf import page_count, pdf_text, text_boxes

HEADER = Header(club="Kaartclub De Troef", tournament="Vrijdagavond", date="29-11-2026")
RENEGE = DisputeEntry(
    round=2,
    table=3,
    subject="Miezemauzen · Deal",
    what="players: Ann, Bas, Cor",
    legal=False,
    rules=(DisputeRule("MZ-8", "Verzaken"), DisputeRule("MZ-99")),
    notes=("Bas did not follow hearts in trick 1 although holding 9H",),
    ruling="Bas verzaakte; de kaart blijft liggen.",
    decided_by="wedstrijdleider",
    when="29-11-2026 21:15",
)
LEGAL = DisputeEntry(
    round=None,
    table=None,
    subject="MEINO · Play",
    what="card: W+4",
    legal=True,
    ruling="Mocht.",
    decided_by="anneke",
    when="29-11-2026 22:01",
)


def lines(data: bytes) -> list[str]:
    return [line.strip() for page in pdf_text(data) for line in page.splitlines()]


def test_each_dispute_prints_where_what_the_verdict_and_the_ruling():
    data = render([DisputeReport(HEADER, (RENEGE, LEGAL))], language="en")
    text = lines(data)
    assert text[0] == "Disputes and rulings"
    assert "Kaartclub De Troef · Vrijdagavond · 29-11-2026" in text
    assert "Round 2 · Table 3 · Miezemauzen · Deal" in text
    assert "players: Ann, Bas, Cor" in text
    # the rules broken with their titles; an ID the rules do not know prints alone
    assert "Verdict: not legal \N{EN DASH} MZ-8 Verzaken; MZ-99" in text
    # the engine's finding under the label the dispute page shows it under
    finding = text.index("Bas did not follow hearts in trick 1 although holding 9H")
    assert text[finding - 1] == "The rules engine:"
    assert "Bas verzaakte; de kaart blijft liggen." in text
    assert "Decided by: wedstrijdleider, 29-11-2026 21:15" in text
    # a dispute saved without a table says only what was checked; legal cites no rule
    assert "MEINO · Play" in text
    assert "Verdict: legal" in text
    assert "Decided by: anneke, 29-11-2026 22:01" in text
    assert text.index("Round 2 · Table 3 · Miezemauzen · Deal") < text.index("MEINO · Play")
    assert page_count(data) == 1


def test_labels_in_the_clubs_language():
    text = lines(render([DisputeReport(HEADER, (RENEGE,))], language="nl"))
    assert "Ronde 2 · Tafel 3 · Miezemauzen · Deal" in text
    finding = text.index("Bas did not follow hearts in trick 1 although holding 9H")
    assert text[finding - 1] == "De regelcontrole:"


def test_a_dispute_without_findings_prints_no_engine_label():
    text = lines(render([DisputeReport(HEADER, (LEGAL,))], language="en"))
    assert "Verdict: legal" in text
    assert "The rules engine:" not in text


def test_a_long_ruling_is_printed_in_full_wrapped_inside_the_page():
    words = [f"woord{n}" for n in range(330)]  # about 2000 characters, the longest ruling
    ruling = " ".join(words[:300]) + "\n" + " ".join(words[300:])
    entry = DisputeEntry(round=1, table=1, subject="Keezen · Move", legal=True, ruling=ruling)
    data = render([DisputeReport(HEADER, (entry,))], language="en")
    text = lines(data)
    ruling_lines = [line for line in text if line.startswith("woord")]
    assert len(ruling_lines) > 10  # wrapped, not shrunk onto one line
    assert " ".join(ruling_lines).split() == words  # every word, in order
    assert any(line.startswith("woord300") for line in ruling_lines)  # its own line break kept
    for page in text_boxes(data):
        for _char, (left, _bottom, right, _top) in page:
            assert left >= LEFT - 1 and right <= RIGHT + 1
    # the ruling is set in one size: no line shrunk to fit
    heights = {
        round(top - bottom)
        for page in text_boxes(data)
        for char, (_left, bottom, _right, top) in page
        if char == "w"
    }
    assert len(heights) == 1


def test_many_disputes_run_over_pages_each_whole_and_in_order():
    entries = tuple(
        DisputeEntry(
            round=1 + n // 4,
            table=1 + n % 4,
            subject="Duizenden · Discard",
            legal=False,
            rules=(DisputeRule("DZ-4", "Afleggen"),),
            ruling=f"Uitspraak-{n:02d} " + "de kaart telt niet mee " * 25,
            decided_by="wedstrijdleider",
        )
        for n in range(24)
    )
    data = render([DisputeReport(HEADER, entries)], language="en")
    pages = pdf_text(data)
    assert len(pages) > 2
    found = [(p, line.split()[0]) for p, page in enumerate(pages) for line in page.splitlines()
             if line.startswith("Uitspraak-")]  # fmt: skip
    assert [marker for _page, marker in found] == [f"Uitspraak-{n:02d}" for n in range(24)]
    # each dispute is whole on one page: its heading on the page of its ruling
    for n, (page, _marker) in enumerate(found):
        assert f"Round {1 + n // 4} · Table {1 + n % 4} · Duizenden · Discard" in pages[page]
    for page in pages[1:]:
        assert page.splitlines()[0] == "Disputes and rulings (continued)"


def test_no_disputes_prints_one_page_saying_so():
    data = render([DisputeReport(HEADER, ())], language="en")
    assert page_count(data) == 1
    text = lines(data)
    assert text[0] == "Disputes and rulings"
    assert "No disputes" in text
