"""Routes for the pages emails link to and the inbound-mail webhook (namespace "mail")."""

from __future__ import annotations

from django.urls import path

from games.mail import views

app_name = "mail"

urlpatterns = [
    path("mail/act/<str:token>/", views.act, name="act"),
    path("mail/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("mail/inbound/", views.inbound, name="inbound"),
]
