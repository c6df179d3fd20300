from django.contrib import admin

from .models import SiteAction


@admin.register(SiteAction)
class SiteActionAdmin(admin.ModelAdmin):
    list_display = ("created_at", "action", "club_slug", "club_name", "actor_name")
    list_filter = ("action",)
    search_fields = ("club_slug", "club_name", "actor_name")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
