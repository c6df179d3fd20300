"""{% venue_clock club tournament %}: the round clock on the venue screen as the page is
made (templates/venue/_venue_clock.html), for a screen without JavaScript too. Without it
static/troef/venue.js adds the clock by itself."""

from django import template

from tournaments import clock

register = template.Library()


@register.inclusion_tag("venue/_venue_clock.html")
def venue_clock(club, tournament):
    return {"club": club, "tournament": tournament, "round": clock.current_round(tournament)}
