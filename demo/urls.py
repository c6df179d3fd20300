from django.urls import path

from . import views

urlpatterns = [
    path("setup/demo/", views.demo_load, name="first-start-demo"),
]
