"""Accounts pages of our own: the profile, and a language switch that also saves the choice."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from accounts import bounces
from accounts.forms import ProfileForm
from accounts.models import User


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    assert isinstance(request.user, User)
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        # The confirmation is read on the next page, which is already in the new language.
        translation.activate(user.language)
        messages.success(request, _("Your profile is saved."))
        return redirect("accounts:profile")
    context = {"form": form, "email_stopped": bounces.is_stopped(request.user.email)}
    if context["email_stopped"]:
        context["last_bounce"] = request.user.email_bounces.filter(hard=True, cleared=False).first()
    return render(request, "accounts/profile.html", context)


@login_required
@require_POST
def email_resume(request: HttpRequest) -> HttpResponse:
    """The player fixed the address that bounced: send them email again."""
    assert isinstance(request.user, User)
    bounces.resume(request.user)
    messages.success(request, _("Emails to %(email)s start again.") % {"email": request.user.email})
    return redirect("accounts:profile")


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's set_language; for a signed-in player the choice is kept in the profile too.

    Without this the switcher would look broken to them: their profile language wins on every page.
    """
    response = django_set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in User.Language.values:
        User.objects.filter(pk=request.user.pk).update(language=language)
    return response
