"""Links follow the layers, as imports do: a template of app X (templates/<x>/...) and
the Python of app X name only routes of apps at or below X's layer, always by their
namespace ("app:name"). The layer order is the import contract's in pyproject.toml
(tests/test_architecture.py checks the imports themselves); the site-wide templates
(templates/*.html, templates/registration/) and config.urls count as the top layer.

The namespace "site" (Django's sign-in, password and language views, mounted by
config.urls) and "admin" are Django's own pages: every layer may name them, as every
app may import Django."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest
from django.urls import get_resolver

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
#: Django's own pages: below every app.
DJANGO_NAMESPACES = {"site", "admin"}
#: The top layer: the site-wide templates and the URLconf.
SITE = "site"
#: The modules of config in the top layer (the layers contract's first line).
TOP_CONFIG = {"config.urls", "config.wsgi", "config.asgi", "config.nav"}

URL_TAG = re.compile(r"\{%\s*url\s+(?P<arg>\S+)")
REVERSERS = {"reverse", "reverse_lazy", "redirect", "resolve_url"}
NAMESPACED = re.compile(r"^(?P<ns>[a-z_]+):[\w-]+$")


def layers(pyproject_text: str | None = None) -> dict[str, int]:
    """Each app's (and the top's) height from the layers contract, the top highest."""
    text = pyproject_text or (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    contracts = tomllib.loads(text)["tool"]["importlinter"]["contracts"]
    order = next(c for c in contracts if c["type"] == "layers")["layers"]
    height = {}
    for index, layer in enumerate(order):
        for module in (part.strip() for part in layer.split("|")):
            owner = SITE if module in TOP_CONFIG else module
            if "." not in owner:
                height[owner] = len(order) - index
    return height


def verdict(owner: str, name: str, height: dict[str, int]) -> str | None:
    """Why ``owner`` may not name route ``name``, or None when it may."""
    found = NAMESPACED.match(name)
    if found is None:
        return f"{name!r} has no namespace"
    namespace = found["ns"]
    if namespace in DJANGO_NAMESPACES:
        return None
    if namespace not in height:
        return f"{name!r}: no layer is called {namespace!r}"
    if height[namespace] > height[owner]:
        return f"{owner} names {name!r}, a route of the higher {namespace}"
    return None


def template_owner(path: Path) -> str:
    parts = path.relative_to(TEMPLATES).parts
    return parts[0] if len(parts) > 1 and parts[0] in layers() else SITE


def template_names(text: str) -> list[str]:
    """The route names of a template's {% url %} tags (an unquoted one stays as written:
    no literal, so no check possible, and the verdict says so)."""
    names = []
    for found in URL_TAG.finditer(text):
        arg = found["arg"]
        names.append(arg[1:-1] if arg[:1] in "'\"" and arg[-1:] == arg[:1] else arg)
    return names


def python_names(source: str) -> list[str]:
    """The route names in Python: a literal first argument of reverse/redirect/... (a
    path such as "/x/" aside), and any other string that is "namespace:name" (a URL name
    kept in a constant or a table), both only when the namespace is an app's."""
    names = []
    apps = set(layers()) | DJANGO_NAMESPACES
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            first = node.args[0]
            literal = first.value if isinstance(first, ast.Constant) else None
            if called in REVERSERS and isinstance(literal, str) and not {"/", ":"} & set(literal):
                names.append(literal)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found = NAMESPACED.match(node.value)
            if found and found["ns"] in apps:
                names.append(node.value)
            names.extend(template_names(node.value))
    return names


def python_owner(path: Path) -> str | None:
    relative = path.relative_to(ROOT)
    package = relative.parts[0]
    if package == "config":
        return SITE if f"config.{relative.stem}" in TOP_CONFIG else None
    return package if package in layers() else None


def app_modules():
    for package in layers():
        if package in {SITE, "config"} or not (ROOT / package).is_dir():
            continue
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path
    yield ROOT / "config" / "urls.py"
    yield ROOT / "config" / "nav.py"
    yield ROOT / "config" / "settings.py"


def settings_owner(path: Path) -> str | None:
    # config.settings names the pages login leads to: the site's own choice (top).
    return SITE if path == ROOT / "config" / "settings.py" else python_owner(path)


def test_the_layers_are_read_from_the_import_contract():
    height = layers()
    assert height[SITE] > height["help"] > height["evenings"] > height["tournaments"]
    assert height["tournaments"] > height["clubs"] > height["games"]
    # Swap two layers in the file's text, and the verdict swaps with them.
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    swapped = text.replace('    "evenings",\n', '    "@@",\n', 1)
    swapped = swapped.replace('    "tournaments",\n', '    "evenings",\n', 1)
    swapped = swapped.replace('    "@@",\n', '    "tournaments",\n', 1)
    assert verdict("tournaments", "evenings:round-detail", height)
    assert verdict("tournaments", "evenings:round-detail", layers(swapped)) is None


def test_every_app_namespace_has_a_layer():
    namespaces = set(get_resolver().namespace_dict)
    assert namespaces - DJANGO_NAMESPACES <= set(layers())
    # Every app's routes are in its own namespace: no route left without one.
    loose = [n for n in get_resolver().reverse_dict if isinstance(n, str)]
    assert loose == []


def test_the_check_catches_a_planted_link_upward_and_one_without_namespace():
    height = layers()
    planted = "{% load i18n %}<a href=\"{% url 'evenings:round-detail' club.slug 1 2 %}\">"
    names = template_names(planted)
    assert names == ["evenings:round-detail"]
    assert "higher evenings" in verdict("tournaments", names[0], height)
    assert "no namespace" in verdict("scoring", template_names("{% url 'front' %}")[0], height)
    assert verdict("evenings", "tournaments:tournament-list", height) is None
    assert verdict("clubs", "site:login", height) is None
    source = 'from django.urls import reverse\nX = reverse("printing:print-job", args=[1])\n'
    assert [verdict("scoring", n, height) for n in python_names(source)] == [
        "scoring names 'printing:print-job', a route of the higher printing"
    ]
    assert python_names('redirect("member-list", club_slug="x")') == ["member-list"]
    assert python_names('redirect("/help/")') == []


@pytest.mark.parametrize(
    "path", sorted(TEMPLATES.rglob("*.html")), ids=lambda p: str(p.relative_to(TEMPLATES))
)
def test_templates_name_routes_at_or_below_their_layer(path):
    owner = template_owner(path)
    text = path.read_text(encoding="utf-8")
    wrong = [why for name in template_names(text) if (why := verdict(owner, name, layers()))]
    assert wrong == []


def python_links_upward() -> dict[str, str]:
    found = {}
    for path in app_modules():
        owner = settings_owner(path)
        if owner is None:
            continue
        for name in python_names(path.read_text(encoding="utf-8")):
            why = verdict(owner, name, layers())
            if why:
                found[f"{path.relative_to(ROOT)} -> {name}"] = why
    return found


def test_python_names_routes_at_or_below_its_layer():
    assert python_links_upward() == {}


PAGE_LINK = re.compile(r"""page_url[ (]+["'](?P<key>\w+)["']""")


def test_every_page_linked_through_config_pages_is_in_the_sites_table():
    from config import pages

    used = set()
    for path in [*TEMPLATES.rglob("*.html"), *app_modules()]:
        used |= set(PAGE_LINK.findall(path.read_text(encoding="utf-8")))
    registered = pages.registered()
    assert used - set(registered) == set()
    assert {"tournament", "round", "table_qr"} <= used
    for key, route in registered.items():
        assert verdict(SITE, route, layers()) is None, key  # a namespaced, known route
