"""{% idempotency_field %}: the hidden field with a fresh idempotency key (clubs.idempotency)
for a form that changes something. Made on the server for every form shown, so that the
form is sent once with JavaScript or without. It carries the texts static/troef/resend.js
shows while an entry waits for the connection, in the page's language."""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext as _

from ..idempotency import FIELD, new_key

register = template.Library()


@register.simple_tag
def idempotency_field() -> str:
    return format_html(
        '<input type="hidden" name="{}" value="{}" data-unsent="{}" data-sending="{}">',
        FIELD,
        new_key(),
        _("Not sent yet: no connection. Troef sends it again as soon as there is one."),
        _("Sending…"),
    )
