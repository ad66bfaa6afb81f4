"""Swagger UI and Redoc come from the site's own static files (drf-spectacular-sidecar): the API
reference works offline, under the site's Content-Security-Policy."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

pytestmark = pytest.mark.django_db

CDN = re.compile(r"https?://", re.I)


def test_swagger_ui_loads_only_our_own_files() -> None:
    page = Client().get("/api/docs/swagger/")
    assert page.status_code == 200
    html = page.content.decode()
    scripts = re.findall(r'<script src="([^"]+)"', html)
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in scripts
    assert not CDN.search(html)
    # Its start-up code is a script of its own, not inline (script-src 'self' holds).
    assert "<script>" not in html
    assert "/api/docs/swagger/?script=" in scripts
    start = Client().get("/api/docs/swagger/?script=")
    assert start.status_code == 200 and "/api/schema/" in start.content.decode()
    assert "script-src 'self'" in page["Content-Security-Policy"]
    for path in scripts:
        if path.startswith("/static/"):
            assert finders.find(path.removeprefix("/static/")), path


def test_redoc_loads_only_our_own_files() -> None:
    page = Client().get("/api/docs/redoc/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "/static/drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js" in html
    assert finders.find("drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js")
    assert not CDN.search(html)  # no Google Fonts either
    assert 'spec-url="/api/schema/"' in html


def test_the_reference_page_links_both() -> None:
    html = Client().get("/api/docs/").content.decode()
    assert 'href="/api/docs/swagger/"' in html and 'href="/api/docs/redoc/"' in html
