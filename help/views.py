"""The help pages: /help/, /help/<section>/ and the evening's ten steps as a PDF.

Public, like the rules: a director looks something up before logging in, and the pages
hold nothing of a club. Each follows the page's language (the language menu); a section
not yet written in it shows the English text with a note saying so.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import path
from django.utils import translation
from django.utils.text import slugify
from django.views.decorators.http import require_safe

from . import sections
from .pdf import evening_steps_pdf


def _language() -> str:
    return sections.language_of(translation.get_language())


def _contents(language: str) -> list[sections.Section]:
    return [found for slug in sections.SECTIONS if (found := sections.section(slug, language))]


@require_safe
def help_index(request):
    language = _language()
    return render(
        request,
        "help/index.html",
        {"contents": _contents(language), "steps_section": sections.STEPS_SECTION},
    )


@require_safe
def help_section(request, slug: str):
    language = _language()
    found = sections.section(slug, language)
    if found is None:
        raise Http404("no such help section")
    contents = _contents(language)
    at = [item.slug for item in contents].index(slug)
    return render(
        request,
        "help/section.html",
        {
            "section": found,
            "html": sections.render(found, lambda name: static(f"help/{name}")),
            "contents": contents,
            "previous": contents[at - 1] if at > 0 else None,
            "next": contents[at + 1] if at + 1 < len(contents) else None,
            "printable": slug == sections.STEPS_SECTION,
        },
    )


@require_safe
def evening_steps(request):
    """The ten steps as one A4 PDF, in the page's language."""
    language = _language()
    title, _steps = sections.steps(language)
    pdf = evening_steps_pdf(language, footer=request.build_absolute_uri("/help/evening/"))
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{slugify(title) or "troef"}.pdf"'
    return response


urlpatterns = [
    path("help/", help_index, name="help-index"),
    path("help/evening/print/", evening_steps, name="help-evening-pdf"),
    path("help/<slug:slug>/", help_section, name="help-section"),
]
