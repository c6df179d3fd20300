from django.contrib import admin

from . import services
from .models import ActionLog, Club, Member, Role


class ReadOnlyAdmin(admin.ModelAdmin):
    """Shown, never changed here: changes go through the club pages and their services,
    which validate and write the action log."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    """For developers. Site administrators add a club and its first admin in the site
    itself ("Clubs beheren", clubs.site_views.club_manage); a club made here has no
    admin until one is given on its roles page (a superuser counts as admin of every
    club)."""

    list_display = ("name", "slug", "town", "language", "standings_public")
    prepopulated_fields = {"slug": ("name",)}
    search_fields = ("name", "town")

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        services.log_action(
            club=obj,
            actor=request.user,
            action="club.changed" if change else "club.created",
            data={field: str(form.cleaned_data[field]) for field in form.changed_data},
        )


@admin.register(Member)
class MemberAdmin(ReadOnlyAdmin):
    list_display = ("name", "membership_number", "club", "active", "user")
    list_filter = ("club", "active")
    search_fields = ("name", "membership_number", "email")
    raw_id_fields = ("user",)


@admin.register(Role)
class RoleAdmin(ReadOnlyAdmin):
    list_display = ("user", "club", "level", "granted_at")
    list_filter = ("club", "level")
    raw_id_fields = ("user",)


@admin.register(ActionLog)
class ActionLogAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "club", "actor_name", "action")
    list_filter = ("club", "action")
    search_fields = ("actor_name",)
