"""Template tags follow the layers, as imports and {% url %} do: a template of app X
(templates/<x>/...) loads only tag libraries of X or of an app below it. Django's and the
third-party libraries (i18n, static, l10n, django_tables2, ...) are below every app; the
site-wide templates (templates/*.html, templates/registration/) are the top layer and may
load anything. The layer order is the import contract's (tests/test_url_layers.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.template.backends.django import get_installed_libraries

from .test_url_layers import SITE, TEMPLATES, layers, template_owner

LOAD_TAG = re.compile(r"\{%\s*load\s+(?P<args>[^%]*?)\s*%\}")


def loaded(text: str) -> list[str]:
    """The libraries a template loads ({% load a b %}, {% load x y from lib %})."""
    names = []
    for found in LOAD_TAG.finditer(text):
        args = found["args"].split()
        names.extend(args[-1:] if "from" in args else args)
    return names


def library_owner(name: str, libraries: dict[str, str]) -> str | None:
    """The app whose templatetags module is library `name`, or None for Django's and the
    third-party ones (below every app)."""
    package = libraries[name].split(".")[0]
    return package if package in layers() and package != SITE else None


def tag_verdict(owner: str, name: str, height: dict[str, int], libraries: dict[str, str]):
    """Why a template of `owner` may not load library `name`, or None when it may."""
    if name not in libraries:
        return f"no tag library is called {name!r}"
    app = library_owner(name, libraries)
    if app is not None and height[app] > height[owner]:
        return f"{owner} loads {name!r}, a tag library of the higher {app}"
    return None


def test_the_check_catches_a_planted_load_upward():
    height = layers()
    libraries = {**get_installed_libraries(), "planted": "printing.templatetags.planted"}
    text = "{% load i18n static planted %}{% load job from planted %}"
    assert loaded(text) == ["i18n", "static", "planted", "planted"]
    assert [tag_verdict("scoring", n, height, libraries) for n in loaded(text)] == [
        None,
        None,
        "scoring loads 'planted', a tag library of the higher printing",
        "scoring loads 'planted', a tag library of the higher printing",
    ]
    assert tag_verdict("evenings", "planted", height, libraries) is None
    assert tag_verdict("clubs", "nowhere", height, libraries)
    # The real libraries are each mapped to their app; Django's and third parties' to none.
    libraries = get_installed_libraries()
    assert library_owner("venue_clock", libraries) == "tournaments"
    assert library_owner("pages", libraries) == "clubs"
    assert library_owner("i18n", libraries) is None
    assert library_owner("django_tables2", libraries) is None


@pytest.mark.parametrize(
    "path", sorted(TEMPLATES.rglob("*.html")), ids=lambda p: str(p.relative_to(TEMPLATES))
)
def test_templates_load_tag_libraries_at_or_below_their_layer(path: Path):
    owner = template_owner(path)
    libraries = get_installed_libraries()
    text = path.read_text(encoding="utf-8")
    wrong = [why for name in loaded(text) if (why := tag_verdict(owner, name, layers(), libraries))]
    assert wrong == []
