"""Site administrators see results in Django's admin but change them only through the
club's pages, where the services keep the history and the action log."""

from django.urls import reverse

from ..conftest import client_for


def test_results_are_shown_in_the_admin_and_never_changed_there(two_clubs):
    result = two_clubs.evening.result
    admin = client_for(two_clubs.superuser)
    listing = admin.get(reverse("admin:scoring_resultentry_changelist"))
    assert listing.status_code == 200
    assert result.entered_by_name in listing.content.decode()
    assert admin.get(reverse("admin:scoring_resultentry_add")).status_code == 403
    change = reverse("admin:scoring_resultentry_change", args=[result.pk])
    page = admin.get(change)
    assert page.status_code == 200
    assert not page.context["has_change_permission"]
    admin.post(change, {"status": "confirmed", "note": "x"})
    result.refresh_from_db()
    assert (result.status, result.note) == ("provisional", "")
