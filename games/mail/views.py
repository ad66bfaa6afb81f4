"""The pages emails link to, and the inbound-mail webhook. Thin: checks and services live elsewhere.

- /mail/act/<signed>/: GET shows what the link would play and a button; only the POST plays it
  (mail scanners follow links, and GET must never change anything). The signed link is the
  credential, bound to the seat's player; no login needed. A form link (a counter-offer) shows the
  command's choices instead, and its POST plays the terms chosen, if they are among them.
  A link is good for one command on one decision: once it was played (its batch, found by the
  link's own idempotency key, is the record), or once the seat's decision changed since the seq it
  was signed at (which any other link of the same email being played does), it shows only that it
  is used or out of date and the way to sign in. Whoever holds a link is not known to be the
  player (a forwarded email, a mail scanner), so these pages never show the seat's situation, log,
  chat or hidden values, and never sign new links: the game page, after signing in, does that.
- /mail/unsubscribe/<signed>/: GET asks, POST turns emails off. The POST is CSRF-exempt because
  RFC 8058 one-click unsubscribes come from mail providers, with the signature as the proof.
- /mail/inbound/: raw MIME, protected by INBOUND_EMAIL_SECRET.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from games import forms, models, selectors, services, store, texts
from games.engine.core import CommandError, get_engine
from games.mail import links, receive


def _sign_in_url(game: models.Game | None) -> str:
    # The way on from every act page: the game page, after signing in as its player.
    target = reverse("games:game", args=[game.pk]) if game is not None else "/"
    return f"{reverse('account_login')}?{urlencode({'next': target})}"


log = logging.getLogger(__name__)


def _refused(
    request: HttpRequest, status: int, title: str, message: str, game: models.Game | None = None
) -> HttpResponse:
    context = {
        "title": title,
        "message": message,
        "game": game,
        "sign_in_url": _sign_in_url(game),
    }
    return render(request, "games/mail/act_refused.html", context, status=status)


def _invalid_link(request: HttpRequest) -> HttpResponse:
    return _refused(
        request,
        400,
        _("This link does not work"),
        _("The link is incomplete, was changed, or is too old. Open the game from the site instead."),
    )


def _stale(request: HttpRequest, game: models.Game) -> HttpResponse:
    return _refused(
        request,
        409,
        _("This email is out of date"),
        _(
            "Your decision has changed since this email was written, so nothing was applied. "
            "Sign in and open the game to see where it stands."
        ),
        game,
    )


def _used(request: HttpRequest, game: models.Game) -> HttpResponse:
    return _refused(
        request,
        410,
        _("This link has been used"),
        _(
            "A link from an email plays one move, once, and this one was played already. "
            "Sign in and open the game to see where it stands."
        ),
        game,
    )


def link_key(token: str) -> str:
    """The idempotency key a link's move is written under: the record that the link was used."""
    return "link:" + hashlib.sha256(token.encode()).hexdigest()[:40]


def _speak_to(request: HttpRequest, player: Any) -> None:
    """A one-click link is opened from its player's email, often in a browser signed in to nobody:
    its pages speak that player's language (as the email did), not the browser's. A signed-in
    visitor's own language stands (UserLanguageMiddleware)."""
    user = getattr(request, "user", None)
    language = getattr(player, "language", "")
    if (user is None or not user.is_authenticated) and language and translation.check_for_language(language):
        translation.activate(language)
        request.LANGUAGE_CODE = language


@require_http_methods(["GET", "POST"])
def act(request: HttpRequest, token: str) -> HttpResponse:
    try:
        link = links.load_action(token)
    except links.BadLink:
        return _invalid_link(request)
    game = models.Game.objects.filter(pk=link.game_id).first()
    seat = game.seats.select_related("user").filter(position=link.seat).first() if game else None
    if game is None or seat is None or seat.user is None or seat.user_id != link.user_id:
        return _invalid_link(request)
    _speak_to(request, seat.user)
    key = link_key(token)
    if store.find_batch(game, key, seat=seat.position):
        return _used(request, game)
    if game.status != models.Game.Status.ACTIVE:
        return _refused(request, 409, _("This game is over"), _("Nothing was applied."), game)
    if not store.is_fresh(seat.decision_seq, link.seq, game.last_seq):
        return _stale(request, game)
    names = texts.seat_names(game)
    specs = selectors.legal_specs(game, seat.position)
    # The move in words, as the game page's buttons say it; the notation is what a reply would use.
    label = selectors.label_of(specs, link.command)
    context = {
        "game": game,
        "seat": seat,
        "command": link.command,
        "title": f"{get_engine(game.kind).TITLE} #{game.pk}",
        "words": texts.move_words(label, names) or link.command,
        "sign_in_url": _sign_in_url(game),
    }
    text = link.command
    if link.form:
        spec = next((s for s in specs if s.prefix == link.command and s.params), None)
        if spec is None:
            return _stale(request, game)
        context.update({"spec": spec, "names": names, "words": texts.render(spec.label, names)})
        if request.method == "GET":
            return render(request, "games/mail/act_form.html", context)
        try:
            text = forms.build_command(spec, request.POST)
        except CommandError as exc:
            # Terms outside the choices the page offered (a forged or outdated form): nothing played.
            context["error"] = texts.reason(exc, names)
            return render(request, "games/mail/act_form.html", context, status=400)
    elif request.method == "GET":
        return render(request, "games/mail/act_confirm.html", context)
    try:
        result = services.command_submit(
            game=game,
            user=seat.user,
            text=text,
            expected_seq=link.seq,
            idempotency_key=key,
            tell_player=True,
            now=timezone.now(),
        )
    except store.StaleSeq:
        return _stale(request, game)
    except services.NotAllowed as exc:
        return _refused(request, 403, _("Not allowed"), texts.reason(exc), game)
    except (CommandError, services.ServiceError) as exc:
        return _refused(request, 400, _("This move was refused"), texts.reason(exc, names), game)
    if result.replayed:
        # Two presses raced: the other one played the move.
        return _used(request, game)
    if link.form:
        context["words"] = text
    context["decides_again"] = any(
        p.seat == seat.position for p in get_engine(game.kind).pending(result.state)
    )
    # What was played, and nothing else: the seat's situation is for its player, signed in.
    return render(request, "games/mail/act_done.html", context)


def masked_address(email: str) -> str:
    """An address as an unsubscribe page shows it: enough to recognise, not to learn."""
    local, _at, domain = email.partition("@")
    return f"{local[:1]}…@{domain}" if domain else "…"


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    try:
        user = links.load_unsubscribe(token)
    except links.BadLink:
        return _invalid_link(request)
    # Whoever holds the link may not be its player (a forwarded email): the address is masked.
    context = {"email": masked_address(user.email), "profile_url": links.profile_url()}
    if request.method == "GET":
        return render(request, "games/mail/unsubscribe.html", context)
    type(user).objects.filter(pk=user.pk).update(notify="none")
    return render(request, "games/mail/unsubscribe_done.html", context)


@csrf_exempt
@require_POST
def inbound(request: HttpRequest) -> HttpResponse:
    """Raw MIME in the body. The secret only in the X-Inbound-Secret header: a query string ends up
    in access logs. X-Envelope-To and X-Envelope-From carry the envelope, as ``receive_email``'s
    --to and --sender do (an empty X-Envelope-From is a bounce's null sender).

    200 once handled (played, refused with an answer, or dropped on purpose), 503 for a failure
    before that, so the provider retries; never a 500.
    """
    secret = settings.INBOUND_EMAIL_SECRET
    if not secret:
        return JsonResponse({"error": "inbound mail is not configured (INBOUND_EMAIL_SECRET)"}, status=503)
    given = request.headers.get("X-Inbound-Secret", "")
    if not hmac.compare_digest(given.encode(), secret.encode()):
        return JsonResponse({"error": "wrong or missing secret (the X-Inbound-Secret header)"}, status=403)
    # Read one byte past the limit: enough to know the message is too big, never the whole of it.
    raw = request.read(settings.MAX_INBOUND_BYTES + 1)
    if not raw:
        return JsonResponse({"error": "the body must be a raw email message"}, status=400)
    try:
        result = receive.receive(
            raw,
            now=timezone.now(),
            envelope_to=request.headers.get("X-Envelope-To", ""),
            envelope_from=request.headers.get("X-Envelope-From"),
        )
    except Exception:
        log.exception("inbound mail: temporary failure, the sender should retry")
        return JsonResponse({"error": "temporary failure, try again later"}, status=503)
    return JsonResponse({"status": result.status, "code": result.code, "applied": result.applied})
