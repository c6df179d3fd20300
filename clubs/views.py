"""Club pages. Views stay thin: access checks come from clubs.access, reads from
clubs.selectors, every change from clubs.services."""

from __future__ import annotations

import copy
from functools import partial

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.forms import SetPasswordForm
from django.core import signing
from django.core.exceptions import ValidationError
from django.http import HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe
from django_filters.views import FilterView
from django_tables2 import SingleTableMixin
from django_tables2.export import ExportMixin

from . import selectors, services
from .access import admin_required, director_required, player_required
from .exports import EXPORT_FORMATS, SpreadsheetSafeExport
from .filters import ActionLogFilter, MemberFilter
from .forms import ClubForm, MemberForm, MemberImportForm, RoleGrantForm, posted
from .importing import (
    ImportFileError,
    changes_from_payload,
    changes_to_payload,
    parse_members_file,
    plan_import,
)
from .models import Member, Role
from .tables import ActionLogTable, MemberTable, RoleTable

IMPORT_SALT = "troef.members-import"
IMPORT_MAX_AGE = 3600


@require_safe
def front(request):
    """The site's clubs. An empty site goes to the first start (clubs.first_start)."""
    clubs = list(selectors.clubs_for_front_page())
    setup_open = selectors.setup_open()
    if not clubs and setup_open:
        return redirect("clubs:first-start")
    roles = selectors.roles_of_user(request.user)
    if request.user.is_superuser:
        roles = dict.fromkeys((club.pk for club in clubs), Role.Level.ADMIN)
    my_clubs = [(club, Role.Level(roles[club.pk])) for club in clubs if club.pk in roles]
    return render(
        request,
        "clubs/front.html",
        {"clubs": clubs, "my_clubs": my_clubs, "setup_open": setup_open},
    )


@require_safe
def club_public(request, club_slug):
    club = get_object_or_404(selectors.clubs_for_front_page(), slug=club_slug)
    return render(request, "clubs/public.html", {"club": club})


@player_required
@require_safe
def club_home(request, club):
    return render(
        request,
        "clubs/home.html",
        {
            "club": club,
            "role": Role.Level(request.club_role),
            "member": selectors.member_of_user(club, request.user),
            "is_director": request.club_role >= Role.Level.DIRECTOR,
            "is_admin": request.club_role >= Role.Level.ADMIN,
        },
    )


class TableView(ExportMixin, SingleTableMixin, FilterView):
    """A django-tables2 table with a django-filter form and CSV/XLSX export of every
    row that matches the filter (not just the page shown)."""

    per_page = 25
    max_per_page = 200
    export_formats = EXPORT_FORMATS
    export_class = SpreadsheetSafeExport  # CSV in the page's language, no formulas

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        # django-tables2 takes ?per_page= as given; keep it a sane page size.
        if "per_page" in request.GET:
            query = request.GET.copy()
            try:
                wanted = int(query["per_page"])
            except ValueError:
                wanted = self.per_page
            query["per_page"] = str(min(max(wanted, 1), self.max_per_page))
            request.GET = query

    def get_table_pagination(self, table):
        # The table paginates (and falls back to the last page for a page number past
        # the end); the list view itself does not paginate a second time.
        return {"per_page": self.per_page}


class ClubTableView(TableView):
    """A :class:`TableView` of one club's rows, for a view taking `club`."""

    @property
    def club(self):
        return self.kwargs["club"]

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            club=self.club, is_admin=self.request.club_role >= Role.Level.ADMIN, **kwargs
        )

    def get_export_filename(self, export_format):
        return f"{self.club.slug}-{self.export_name}.{export_format}"


class MemberListView(ClubTableView):
    table_class = MemberTable
    filterset_class = MemberFilter
    template_name = "clubs/member_list.html"
    export_name = "members"

    def get_queryset(self):
        return selectors.member_list(self.club)

    def get_table_kwargs(self):
        return {"can_edit": self.request.club_role >= Role.Level.ADMIN}


class ActionLogView(ClubTableView):
    """The club's log: all of it for admins; directors read what happened at the
    club's evenings (member, role and login changes stay for admins)."""

    table_class = ActionLogTable
    filterset_class = ActionLogFilter
    template_name = "clubs/action_log.html"
    export_name = "log"
    per_page = 50

    @property
    def evenings_only(self) -> bool:
        return self.request.club_role < Role.Level.ADMIN

    def get_queryset(self):
        return selectors.action_log(self.club, evenings_only=self.evenings_only)

    def get_filterset(self, filterset_class):
        filterset = super().get_filterset(filterset_class)
        if self.evenings_only:  # offer only the actions a director can find
            action = filterset.filters["action"]
            action.extra["choices"] = [
                choice
                for choice in action.extra["choices"]
                if selectors.is_evening_action(choice[0])
            ]
        return filterset

    def get_context_data(self, **kwargs):
        return super().get_context_data(evenings_only=self.evenings_only, **kwargs)


member_list = director_required(MemberListView.as_view())
action_log = director_required(ActionLogView.as_view())


def _save(request, form, service):
    """For a valid posted form, call `service(**form.cleaned_data)` and return what it
    returns. A ValidationError from the service (a number taken meanwhile, say) becomes
    errors on the form, next to the field it names; then, and for GET or an invalid
    form, None."""
    if request.method != "POST" or not form.is_valid():
        return None
    try:
        return service(**form.cleaned_data)
    except ValidationError as exc:
        if hasattr(exc, "error_dict"):
            for field, errors in exc.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            form.add_error(None, exc.messages)
        return None


@admin_required
@require_http_methods(["GET", "POST"])
def member_add(request, club):
    form = MemberForm(posted(request))
    member = _save(request, form, partial(services.member_create, club=club, actor=request.user))
    if member:
        messages.success(request, _("%(name)s was added.") % {"name": member.name})
        return redirect("clubs:member-list", club_slug=club.slug)
    return render(request, "clubs/member_form.html", {"club": club, "form": form})


@admin_required
@require_http_methods(["GET", "POST"])
def member_edit(request, club, pk):
    member = get_object_or_404(Member, club=club, pk=pk)
    # The form edits a copy, so that the service still sees the values before the edit.
    form = MemberForm(posted(request), instance=copy.copy(member))
    if _save(request, form, partial(services.member_update, member=member, actor=request.user)):
        messages.success(request, _("%(name)s was saved.") % {"name": member.name})
        return redirect("clubs:member-list", club_slug=club.slug)
    return render(request, "clubs/member_form.html", {"club": club, "form": form, "member": member})


@admin_required
@require_http_methods(["GET", "POST"])
def member_status(request, club, pk):
    member = get_object_or_404(Member, club=club, pk=pk)
    if request.method == "POST":
        active = request.POST.get("active")
        if active not in {"0", "1"}:
            return HttpResponseBadRequest(_("active must be 0 or 1."))
        services.member_set_active(member=member, actor=request.user, active=active == "1")
        text = (
            _("%(name)s is active again.") if active == "1" else _("%(name)s was deactivated.")
        ) % {"name": member.name}
        messages.success(request, text)
        return redirect("clubs:member-list", club_slug=club.slug)
    return render(request, "clubs/member_status.html", {"club": club, "member": member})


@admin_required
@require_http_methods(["GET", "POST"])
def member_import(request, club):
    if request.method == "POST" and "payload" in request.POST:
        return _member_import_confirm(request, club)
    form = MemberImportForm(posted(request), posted(request, "FILES"))
    context = {"club": club, "form": form}
    if request.method == "POST" and form.is_valid():
        try:
            rows = parse_members_file(
                form.cleaned_data["file"].read(), max_rows=settings.MEMBER_IMPORT_MAX_ROWS
            )
        except ImportFileError as exc:
            form.add_error("file", str(exc))
        else:
            return import_preview(request, club, rows)
    return render(request, "clubs/member_import.html", context)


def import_preview(request, club, rows):
    """The preview of a member list's rows for `club` (nothing saved yet): what each
    would change, and a signed payload that confirming posts to member_import."""
    rows = plan_import(rows, services.existing_members(club))
    counts = {
        status: sum(row.status == status for row in rows)
        for status in ("new", "update", "unchanged", "error")
    }
    payload = signing.dumps(
        changes_to_payload(rows), salt=f"{IMPORT_SALT}:{club.pk}", compress=True
    )
    return render(
        request,
        "clubs/member_import_preview.html",
        {"club": club, "rows": rows, "counts": counts, "payload": payload},
    )


def _member_import_confirm(request, club):
    try:
        payload = signing.loads(
            request.POST["payload"], salt=f"{IMPORT_SALT}:{club.pk}", max_age=IMPORT_MAX_AGE
        )
        changes = changes_from_payload(payload)
    except signing.SignatureExpired:
        messages.error(request, _("The preview is more than an hour old; upload the file again."))
        return redirect("clubs:member-import", club_slug=club.slug)
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return HttpResponseBadRequest(
            _("The import data was changed or damaged; upload the file again.")
        )
    try:
        summary = services.members_import(club=club, actor=request.user, changes=changes)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("clubs:member-import", club_slug=club.slug)
    messages.success(request, _("Import done: %(added)d added, %(updated)d updated.") % summary)
    return redirect("clubs:member-list", club_slug=club.slug)


@admin_required
@require_safe
def role_list(request, club):
    roles, members_by_user = selectors.role_list(club)
    table = RoleTable(roles, members_by_user=members_by_user, request=request)
    return render(
        request,
        "clubs/role_list.html",
        {
            "club": club,
            "table": table,
            "form": RoleGrantForm(club=club),
        },
    )


@admin_required
@require_http_methods(["GET", "POST"])
def role_grant(request, club):
    form = RoleGrantForm(posted(request), club=club)
    role = _save(request, form, partial(services.role_grant, club=club, actor=request.user))
    if role:
        messages.success(
            request,
            _("%(user)s is now %(role)s.")
            % {"user": role.user.get_username(), "role": role.get_level_display()},
        )
        return redirect("clubs:role-list", club_slug=club.slug)
    return render(request, "clubs/role_grant.html", {"club": club, "form": form})


@admin_required
@require_http_methods(["GET", "POST"])
def role_password(request, club, pk):
    role = get_object_or_404(Role.objects.select_related("user"), club=club, pk=pk)
    form = SetPasswordForm(role.user, posted(request))
    user = _save(
        request,
        form,
        lambda **data: services.login_password_set(
            club=club, actor=request.user, role=role, password=data["new_password1"]
        ),
    )
    if user:
        if user == request.user:
            update_session_auth_hash(request, user)  # stay logged in
        messages.success(
            request, _("The new password for %(user)s is set.") % {"user": user.get_username()}
        )
        return redirect("clubs:role-list", club_slug=club.slug)
    return render(request, "clubs/role_password.html", {"club": club, "role": role, "form": form})


@admin_required
@require_http_methods(["GET", "POST"])
def club_settings(request, club):
    form = ClubForm(posted(request), instance=copy.copy(club))
    if _save(request, form, partial(services.club_update, club=club, actor=request.user)):
        messages.success(request, _("The club's settings are saved."))
        return redirect("clubs:club-home", club_slug=club.slug)
    return render(request, "clubs/club_settings.html", {"club": club, "form": form})


@admin_required
@require_http_methods(["GET", "POST"])
def role_revoke(request, club, pk):
    role = get_object_or_404(Role.objects.select_related("user"), club=club, pk=pk)
    if request.method == "POST":
        try:
            services.role_revoke(club=club, actor=request.user, role=role)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(
                request, _("The role of %(user)s was revoked.") % {"user": role.user.get_username()}
            )
        return redirect("clubs:role-list", club_slug=club.slug)
    return render(request, "clubs/role_revoke.html", {"club": club, "role": role})


def csrf_failure(request, reason=""):
    return render(request, "403_csrf.html", status=403)
