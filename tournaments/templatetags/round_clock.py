"""{% round_clock round as clock %}: the round's clock now (tournaments.clock), for
templates/tournaments/_clock.html and the venue screen's clock."""

from django import template

from .. import clock

register = template.Library()


@register.simple_tag
def round_clock(round_):
    """The round's clock now, or None (no clock, or the round is finished)."""
    return clock.round_clock(round_) if round_ is not None else None


@register.simple_tag
def clock_refusal(round_):
    """Why the round's clock cannot be changed now, or "" when it can."""
    return clock.clock_refusal(round_) or ""
