"""Messages for people, as the engines give them: an English template marked with
``_()`` and its values (:class:`Text`), the suits and ranks inside them, and the error of a
case that cannot be judged (:class:`CaseError`). The site translates them
(disputes.checker.base.say); the engines stay free of Django.

Pure Python: no Django here (the import contracts in pyproject.toml).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.cards import Card, UnknownCardError, rank_text


def _(text: str) -> str:
    """Mark ``text`` for the site's translation catalogue (``makemessages`` extracts
    ``_("...")`` from .py files); the site translates it when it shows the message."""
    return text


class Suit(str):
    """A suit letter inside a message: English shows its name ("hearts"), the site the
    name in the reader's language."""

    __slots__ = ()

    def __str__(self) -> str:
        return SUIT_NAMES.get(str.__str__(self), str.__str__(self))


class Rank(int):
    """A rank inside a message (what a wild card stands for): English shows its letter
    ("Q"), the site the reader's ("V", "D"); 2-10 as digits."""

    __slots__ = ()

    def __str__(self) -> str:
        return rank_text(int(self), "en")


class Ranks(tuple):
    """Several ranks inside a message, "3, 7, Q" in English."""

    __slots__ = ()

    def __str__(self) -> str:
        return ", ".join(str(Rank(rank)) for rank in self)


#: The English names of the suits, as messages show them.
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


class Text:
    """A message for people: an English ``template`` marked with ``_()`` (the code the
    site translates) and its named ``values``; ``str()`` is the English sentence.

    A value may be a :class:`Text` itself (a sentence inside a sentence) or a
    :class:`Suit`; values named ``card``/``cards`` (or ``..._card``) are card codes that
    the site writes in the reader's letters.
    """

    __slots__ = ("capital", "template", "values")

    def __init__(self, template: str, /, **values: Any) -> None:
        self.template = template
        self.values = values
        self.capital = False

    def __str__(self) -> str:
        if not self.values:
            out = self.template.replace("%%", "%")
        else:
            out = self.template % {k: str(v) for k, v in self.values.items()}
        return out[:1].upper() + out[1:] if self.capital else out

    def sentence(self) -> Text:
        """This text starting with a capital, as a sentence does."""
        out = Text(self.template, **self.values)
        out.capital = True
        return out

    def __repr__(self) -> str:
        return f"Text({self.template!r}, **{self.values!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Text):
            return (self.template, self.values) == (other.template, other.values)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.template)

    def as_dict(self) -> dict[str, Any]:
        """JSON: ``{"template", "values"}``, nested texts and suits marked."""
        return {"template": self.template, "values": {k: _json(v) for k, v in self.values.items()}}


def _json(value: Any) -> Any:  # noqa: PLR0911 - one return per kind of value
    if isinstance(value, Text):
        return value.as_dict()
    if isinstance(value, Card):
        return {"card": str(value)}
    prefix = getattr(type(value), "value_prefix", None)
    if isinstance(prefix, str) and isinstance(value, tuple):  # another deck's card
        return {prefix + "card": str(value)}
    if isinstance(value, Suit):
        return {"suit": str.__str__(value)}
    if isinstance(value, Rank):
        return {"rank": int(value)}
    if isinstance(value, Ranks):
        return {"ranks": [int(rank) for rank in value]}
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, list | tuple) and not hasattr(value, "_fields"):  # not a Card
        return [_json(v) for v in value]
    return str(value)


#: UnknownCardError's kinds (games.cards), each as a message of its own.
_UNKNOWN = {
    "card": _("unknown card %(text)s"),
    "card list": _("unknown card list %(text)s"),
    "rank": _("unknown rank %(text)s"),
    "suit": _("unknown suit %(text)s"),
}


def unknown_card(exc: UnknownCardError) -> Text:
    """An UnknownCardError's English sentence (``unknown card 'XX'``) as a :class:`Text`."""
    said = str(exc)
    shown = repr(exc.text)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    kind = said.removeprefix("unknown ").removesuffix(" " + shown)
    template = exc.template or _UNKNOWN.get(kind)
    if template is None or Text(template, text=shown).__str__() != said:
        return Text(_("%(text)s"), text=said)
    return Text(template, text=shown)


def as_text(message: str | Text, values: Mapping[str, Any] | None = None) -> Text:
    """``message`` as a :class:`Text` (a plain string is a template without values)."""
    if isinstance(message, Text) and not values:
        return message
    if isinstance(message, Text):
        return Text(message.template, **{**message.values, **values})  # type: ignore[dict-item]
    return Text(message, **(values or {}))


class CaseError(ValueError):
    """A case that cannot be judged. ``field`` is a dotted path such as ``hands.Ann[2]``
    (``games.places.describe`` says it in words); ``text`` the :class:`Text` of the reason,
    ``message`` its English sentence."""

    def __init__(self, field: str, message: str | Text, /, **values: Any) -> None:
        self.field = field or "case"
        self.text = as_text(message, values)
        self.message = str(self.text)
        super().__init__(f"{self.field}: {self.message}")

    @property
    def template(self) -> str:
        return self.text.template

    @property
    def values(self) -> dict[str, Any]:
        return self.text.values
