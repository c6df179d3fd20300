from django.urls import path

from . import site_views, views

app_name = "clubs"

urlpatterns = [
    path("", views.front, name="front"),
    path("setup/", site_views.first_start_page, name="first-start"),
    path("clubs/", site_views.club_manage, name="club-manage"),
    path("c/<slug:club_slug>/", views.club_public, name="club-public"),
    path("c/<slug:club_slug>/home/", views.club_home, name="club-home"),
    path("c/<slug:club_slug>/members/", views.member_list, name="member-list"),
    path("c/<slug:club_slug>/members/add/", views.member_add, name="member-add"),
    path("c/<slug:club_slug>/members/import/", views.member_import, name="member-import"),
    path("c/<slug:club_slug>/members/<int:pk>/edit/", views.member_edit, name="member-edit"),
    path("c/<slug:club_slug>/members/<int:pk>/status/", views.member_status, name="member-status"),
    path("c/<slug:club_slug>/roles/", views.role_list, name="role-list"),
    path("c/<slug:club_slug>/roles/grant/", views.role_grant, name="role-grant"),
    path("c/<slug:club_slug>/roles/<int:pk>/revoke/", views.role_revoke, name="role-revoke"),
    path("c/<slug:club_slug>/roles/<int:pk>/password/", views.role_password, name="role-password"),
    path("c/<slug:club_slug>/settings/", views.club_settings, name="club-settings"),
    path("c/<slug:club_slug>/log/", views.action_log, name="action-log"),
]
