"""Texts as the site shows them by default: in Dutch."""

from django.utils import translation
from django.utils.translation import gettext


def dutch(message: str, **params) -> str:
    """`message` (an English msgid) in Dutch, with `params` filled in when given."""
    with translation.override("nl"):
        text = gettext(message)
    return text % params if params else text
