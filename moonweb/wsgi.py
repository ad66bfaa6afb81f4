"""WSGI entry point for gunicorn: ``gunicorn moonweb.wsgi``."""

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "moonweb.settings")
application = get_wsgi_application()

# The loaded site (modules, settings, URL patterns: over 100,000 objects) lives as long as the
# process: moved out of the garbage collector's reach, a full collection looks only at what requests
# left behind. Measured in process over 600 command POSTs (and the reads before each), a full
# collection took about 120 ms, stalling the request it fell in; frozen, 20-25 ms. The URL patterns
# are loaded first, as the first request would load them.
get_resolver().url_patterns  # noqa: B018 - loads them
gc.collect()
gc.freeze()
