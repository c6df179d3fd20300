"""``{% site_link path %}``: a path made absolute at the address printed links use
(config.site.site_url: the venue's while ``manage.py venue`` runs), so a link shown on
screen is the one the QR code on paper carries, whatever address this browser used."""

from __future__ import annotations

from django import template

from config.site import site_url

register = template.Library()


@register.simple_tag(takes_context=True)
def site_link(context, path: str) -> str:
    # Looked up once a template render (it reads the venue's run-file), not once a row.
    render_context = context.render_context
    if "troef_site_url" not in render_context:
        render_context["troef_site_url"] = site_url(context.get("request"))
    return render_context["troef_site_url"] + path
