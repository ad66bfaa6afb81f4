"""Strict JSON fields: a script that sends ``"5"``, ``5.0`` or ``true`` for a number gets a 400.

DRF's own fields coerce (``"5"`` becomes 5, ``5`` becomes ``"5"``); an API driven by scripts is
easier to debug when a wrong type is named as such. The API parses JSON bodies only.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers


class StrictIntegerField(serializers.IntegerField):
    default_error_messages = {"type": _("Must be a JSON integer.")}

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("type")
        return int(super().to_internal_value(data))


class StrictCharField(serializers.CharField):
    default_error_messages = {"type": _("Must be a JSON string.")}

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("type")
        return str(super().to_internal_value(data))


class StrictEmailField(serializers.EmailField):
    default_error_messages = {"type": _("Must be a JSON string.")}

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("type")
        return str(super().to_internal_value(data))


class StrictBooleanField(serializers.BooleanField):
    default_error_messages = {"type": _("Must be true or false.")}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("type")
        return data
