from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import (
    password_validators_help_text_html,
    validate_password,
)
from django.utils.translation import get_language, gettext_noop, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from .importing import PHONE_RE
from .models import Club, Member, Role

#: Django's own form messages that Troef words its own way in nl and de (locale/): marked
#: here so that makemessages keeps them in Troef's catalogue, which Django reads first.
OWN_WORDING = (
    gettext_noop("Ensure this value is less than or equal to %(limit_value)s."),
    # Django 5.2's wording, which its own Dutch catalogue does not have yet.
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
        8,
    ),
)


def posted(request, part: str = "POST"):
    """A form's data: what was posted (even when empty, so that the form shows its
    errors), or None on a GET, so the form is unbound. Every app's form views use it."""
    return getattr(request, part) if request.method == "POST" else None


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "town", "language", "standings_public"]


class MemberForm(forms.ModelForm):
    class Meta:
        model = Member
        fields = ["name", "membership_number", "email", "phone"]

    def clean_phone(self) -> str:
        phone = self.cleaned_data["phone"].strip()
        if phone and not PHONE_RE.match(phone):
            raise forms.ValidationError(
                _("Enter a phone number: digits, spaces, and + - ( ) . / only.")
            )
        return phone


def _member_file_checked(upload):
    if upload and upload.size > settings.MEMBER_IMPORT_MAX_BYTES:
        raise forms.ValidationError(
            _("The file is larger than %(max)d kB.")
            % {"max": settings.MEMBER_IMPORT_MAX_BYTES // 1024}
        )
    return upload


MEMBER_FILE_HELP = _(
    "A CSV file (comma, semicolon or tab separated) or an Excel file (.xlsx). First "
    "line: column headings, e.g. naam;lidnummer;email;telefoon."
)


class MemberImportForm(forms.Form):
    file = forms.FileField(label=_("Member list (CSV or Excel)"), help_text=MEMBER_FILE_HELP)

    def clean_file(self):
        return _member_file_checked(self.cleaned_data["file"])


class RoleGrantForm(forms.Form):
    member = forms.ModelChoiceField(queryset=Member.objects.none(), label=_("member"))
    level = forms.TypedChoiceField(choices=Role.Level.choices, coerce=int, label=_("role"))
    username = forms.CharField(
        label=_("user name"),
        required=False,
        max_length=150,
        help_text=_("Only for a member who has no login yet."),
    )
    password = forms.CharField(
        label=_("first password"),
        required=False,
        widget=forms.PasswordInput,
        help_text=_("Only for a new login; tell it to the member, who can change it."),
    )

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = Member.objects.filter(club=club, active=True)


class ClubCreateForm(forms.Form):
    """A new club and its first admin (services.club_create): the first start's form and
    a site administrator's."""

    name = forms.CharField(label=_("the club's name"), max_length=100)
    town = forms.CharField(label=_("town"), max_length=100, required=False)
    language = forms.ChoiceField(
        label=_("language"),
        choices=settings.LANGUAGES,
        help_text=_("The language of the club's printed score sheets."),
    )
    admin_name = forms.CharField(label=_("the admin's name"), max_length=100)
    username = forms.CharField(
        label=_("user name"),
        max_length=150,
        help_text=_("To log in with. Letters, digits and @ . + - _ only."),
    )
    password = forms.CharField(
        label=_("password"), strip=False, widget=forms.PasswordInput(render_value=False)
    )
    password_again = forms.CharField(
        label=_("password again"), strip=False, widget=forms.PasswordInput(render_value=False)
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            language = (get_language() or settings.LANGUAGE_CODE)[:2]
            codes = {code for code, _name in settings.LANGUAGES}
            self.initial.setdefault("language", language if language in codes else "nl")
        self.fields["password"].help_text = password_validators_help_text_html()
        autocomplete = {
            "name": "organization",
            "town": "address-level2",
            "admin_name": "name",
            "username": "username",
            "password": "new-password",
            "password_again": "new-password",
        }
        for field, value in autocomplete.items():
            self.fields[field].widget.attrs["autocomplete"] = value

    def clean_username(self) -> str:
        username = get_user_model().normalize_username(self.cleaned_data["username"].strip())
        if get_user_model().objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(_("This user name is already taken."))
        return username

    def clean(self):
        data = super().clean()
        password, again = data.get("password"), data.get("password_again")
        if password and again and password != again:
            self.add_error("password_again", _("The two passwords differ; type them again."))
        elif password:
            user = get_user_model()(
                username=data.get("username", ""), first_name=data.get("admin_name", "")
            )
            try:
                validate_password(password, user)
            except forms.ValidationError as exc:
                self.add_error("password", exc.messages)
        data.pop("password_again", None)
        return data


class FirstStartForm(ClubCreateForm):
    """The first start: the club, its first admin (the one filling in the form), and
    optionally its member list, shown in the member import's preview before it is kept."""

    membership_number = forms.CharField(
        label=_("your membership number"),
        max_length=20,
        required=False,
        help_text=_("Optional: if you play in the club too."),
    )
    members = forms.FileField(
        label=_("member list (optional)"), required=False, help_text=MEMBER_FILE_HELP
    )
    field_order = [
        "name",
        "town",
        "language",
        "admin_name",
        "membership_number",
        "username",
        "password",
        "password_again",
        "members",
    ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["admin_name"].label = _("your name")

    def clean_members(self):
        return _member_file_checked(self.cleaned_data.get("members"))


class SetupCodeForm(forms.Form):
    code = forms.CharField(
        label=_("set-up code"),
        max_length=20,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
    )
