from django.urls import path

from . import views

app_name = "demo"

urlpatterns = [
    path("setup/demo/", views.demo_load, name="first-start-demo"),
]
