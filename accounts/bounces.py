"""Addresses that bounce: record delivery failures, stop mailing an address that keeps failing.

A bounce report (DSN) names the address that failed; ``record`` stores it against the player who
has that address. After MAIL_HARD_BOUNCES_BEFORE_STOP permanent failures (status 5.x.x) the
player's ``email_stopped_at`` is set: the outbox skips every email to them (with that reason on the
row), and their profile page says so with a button to start again once the address is fixed.
Temporary failures (4.x.x, a full mailbox) are recorded but never stop anything.
"""

from __future__ import annotations

import datetime as dt
import logging

from django.conf import settings
from django.db import transaction

from accounts.models import EmailBounce, User

log = logging.getLogger(__name__)


def record(
    address: str, *, status: str, diagnostic: str = "", message_id: str = "", now: dt.datetime
) -> EmailBounce | None:
    """Store one failed delivery to ``address``; None when no player has that address."""
    user = User.objects.filter(email__iexact=address.strip()).first()
    if user is None:
        log.info("bounce for %r, which is nobody's address", address)
        return None
    hard = status.startswith("5")
    if message_id:
        # The same report delivered twice, or twice for one message: one failure, counted once.
        earlier = EmailBounce.objects.filter(
            user=user, address__iexact=address.strip(), message_id=message_id
        )
        if earlier.exists():
            return earlier.first()
    with transaction.atomic():
        bounce = EmailBounce.objects.create(
            user=user,
            address=address.strip()[:254],
            status=status[:16],
            hard=hard,
            diagnostic=diagnostic[:500],
            message_id=message_id[:255],
            received_at=now,
        )
        if (
            hard
            and user.email_stopped_at is None
            and hard_count(user) >= settings.MAIL_HARD_BOUNCES_BEFORE_STOP
        ):
            User.objects.filter(pk=user.pk).update(email_stopped_at=now)
            log.warning("stopped emailing %s after %s hard bounces", user.pk, hard_count(user))
    return bounce


def hard_count(user: User) -> int:
    """Permanent failures of the player's current address since they last re-enabled it."""
    return EmailBounce.objects.filter(user=user, hard=True, cleared=False, address__iexact=user.email).count()


def is_stopped(address: str) -> bool:
    """Whether mail to this address is stopped because it bounced (the outbox and answers skip it).

    Only while the player's address is still the one that bounced: a player who changed it is
    mailed at the new one.
    """
    address = address.strip()
    return User.objects.filter(
        email__iexact=address,
        email_stopped_at__isnull=False,
        email_bounces__address__iexact=address,
        email_bounces__hard=True,
        email_bounces__cleared=False,
    ).exists()


def resume(user: User) -> None:
    """The player fixed their address: send again, and forget the bounces that stopped it."""
    with transaction.atomic():
        EmailBounce.objects.filter(user=user, cleared=False).update(cleared=True)
        User.objects.filter(pk=user.pk).update(email_stopped_at=None)
