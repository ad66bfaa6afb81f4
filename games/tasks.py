"""Celery tasks: ids in, call a service, idempotent."""

from __future__ import annotations

from celery import shared_task


@shared_task(acks_late=True)
def send_pending_notifications() -> int:
    """Send every unsent notification; each row is claimed first so none goes out twice."""
    from games import notifications

    return notifications.send_pending()
