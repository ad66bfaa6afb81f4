"""Our accounts pages; allauth's (sign-up, login, password...) are included beside them."""

from __future__ import annotations

from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("profile/", views.profile, name="profile"),
    path("profile/email-resume/", views.email_resume, name="email_resume"),
]
