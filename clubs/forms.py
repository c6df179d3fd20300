from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from .importing import PHONE_RE
from .models import Club, Member, Role

#: Django's own form messages that Troef words its own way in nl and de (locale/): marked
#: here so that makemessages keeps them in Troef's catalogue, which Django reads first.
OWN_WORDING = (gettext_noop("Ensure this value is less than or equal to %(limit_value)s."),)


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


class MemberImportForm(forms.Form):
    file = forms.FileField(
        label=_("CSV file"),
        help_text=_(
            "First line: column headings, e.g. naam;lidnummer;email;telefoon. "
            "Comma, semicolon or tab separated."
        ),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > settings.MEMBER_IMPORT_MAX_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(max)d kB.")
                % {"max": settings.MEMBER_IMPORT_MAX_BYTES // 1024}
            )
        return upload


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
