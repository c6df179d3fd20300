"""{% venue_clock club tournament %}: the round clock on the venue screen as the page is
made (templates/tournaments/_venue_clock.html), for a screen without JavaScript too.
Without it static/troef/venue.js adds the clock by itself. It lives with the clock in
tournaments, below scoring, whose venue screen (templates/scoring/standings/venue.html)
loads it; the clock's address comes from config.pages ("venue_clock")."""

from django import template

from .. import clock

register = template.Library()


@register.inclusion_tag("tournaments/_venue_clock.html")
def venue_clock(club, tournament):
    return {"club": club, "tournament": tournament, "round": clock.current_round(tournament)}
