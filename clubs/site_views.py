"""New clubs, without Django's admin: the first start's set-up page (clubs.first_start)
and the site administrator's clubs page. Thin: checks from clubs.first_start, reads from
clubs.selectors, every change from clubs.services."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from . import first_start, selectors, services
from .forms import ClubCreateForm, FirstStartForm, SetupCodeForm, posted
from .importing import ImportFileError, parse_members_file
from .views import import_preview

#: The login the first start logs the new admin in with (django-axes' backend only
#: refuses logins; it logs nobody in).
MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def _form_errors(form, exc: ValidationError) -> None:
    if hasattr(exc, "error_dict"):
        for field, errors in exc.message_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc.messages)


@require_http_methods(["GET", "POST"])
def first_start_page(request):
    """Nieuwe club beginnen: the club, its first admin, optionally its member list (its
    preview comes next, from the member import). 404 once the first club exists."""
    if not selectors.setup_open():
        raise Http404
    first_start.browser_language(request)
    if request.method == "POST" and "code" in request.POST:
        return _code_given(request)
    if not first_start.may_set_up(request):
        return first_start.code_page(request, SetupCodeForm())
    form = FirstStartForm(posted(request), posted(request, "FILES"))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        upload = data.pop("members")
        rows = None
        if upload:
            try:
                rows = parse_members_file(upload.read(), max_rows=settings.MEMBER_IMPORT_MAX_ROWS)
            except ImportFileError as exc:
                form.add_error("members", str(exc))
        if not form.errors:
            try:
                club, user = services.first_club_create(**data)
            except services.SetupClosedError:
                raise Http404 from None
            except ValidationError as exc:
                _form_errors(form, exc)
            else:
                login(request, user, backend=MODEL_BACKEND)
                messages.success(
                    request,
                    _("%(club)s is ready and you are its admin.") % {"club": club.name},
                )
                if rows is not None:
                    return import_preview(request, club, rows)
                return redirect("clubs:club-home", club_slug=club.slug)
    return render(request, "clubs/first_start.html", {"form": form})


def _code_given(request):
    form = SetupCodeForm(request.POST)
    if not form.is_valid():
        return first_start.code_page(request, form)
    outcome = first_start.check_code(request, form.cleaned_data["code"])
    if outcome == "right":
        return redirect("clubs:first-start")
    form.add_error(
        "code",
        {
            "wrong": _("That is not the code. Type it as the terminal shows it."),
            "locked": _(
                "Too many wrong codes. Wait a quarter of an hour, or set up on the laptop "
                "that runs Troef."
            ),
            "none": _(
                "There is no code yet: start Troef with “troef venue” on the laptop; "
                "its terminal shows the code."
            ),
        }[outcome],
    )
    return first_start.code_page(request, form)


@require_http_methods(["GET", "POST"])
def club_manage(request):
    """Clubs beheren: the site's clubs, and a new club with its first admin (site
    administrators only; /admin/ is for developers)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not request.user.is_superuser:
        raise PermissionDenied
    form = ClubCreateForm(posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            club, user = services.club_create(actor=request.user, **form.cleaned_data)
        except ValidationError as exc:
            _form_errors(form, exc)
        else:
            messages.success(
                request,
                _("%(club)s was added; %(user)s is its admin.")
                % {"club": club.name, "user": user.get_username()},
            )
            return redirect("clubs:club-manage")
    return render(
        request,
        "clubs/club_manage.html",
        {"clubs": selectors.clubs_for_front_page(), "form": form},
    )
