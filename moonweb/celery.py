"""The Celery application; configuration comes from Django settings (CELERY_* names)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "moonweb.settings")

app = Celery("moonweb")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
