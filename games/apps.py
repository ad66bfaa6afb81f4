from __future__ import annotations

from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        # The outbox sits below the tasks that send its rows: hand it the sender here, where every
        # process (web, worker, commands) starts, instead of importing upwards from it.
        from games import deadlines, outbox, services, tasks

        outbox.set_dispatcher(tasks.send_notification.delay)
        services.set_bot_runner(tasks.play_bots.delay)
        deadlines.set_timeout_tasks(play=tasks.play_timeout, hand_off=tasks.hand_off_timeouts)
