"""Swagger UI and Redoc over ``/api/schema/``, their files served by the site (drf-spectacular-sidecar).

Both draw the page in the browser from the schema, so they need JavaScript; ``/api/docs/`` stays
the reference that works without it. Their scripts are our static files (no CDN, so they work
offline and under ``script-src 'self'``), but both libraries add ``<style>`` elements at run time
and Redoc runs its search in a ``blob:`` web worker: these two pages alone allow that.
"""

from __future__ import annotations

from csp.decorators import csp_update
from django.utils.decorators import method_decorator
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerSplitView

_DRAWN_IN_THE_BROWSER = csp_update({"style-src": ["'unsafe-inline'"], "worker-src": ["blob:"]})


@method_decorator(_DRAWN_IN_THE_BROWSER, name="dispatch")
class SwaggerUi(SpectacularSwaggerSplitView):
    """Swagger UI; its start-up script is a second request (``?script=``), not inline code."""


@method_decorator(_DRAWN_IN_THE_BROWSER, name="dispatch")
class Redoc(SpectacularRedocView):
    pass
