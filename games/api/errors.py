"""Every refusal the API makes, as JSON ``{"detail": ..., "code": ...}`` with the right status.

Services raise domain errors (ServiceError, NotAllowed, StaleSeq, CannotParse, IllegalCommand);
this module is the one place that turns them, and DRF's own errors, into responses, so a script
can branch on ``code`` while a person reads ``detail``. An engine's refusal is a message: ``detail``
is its text in the requester's language and ``message_key`` its stable key.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.response import Response

from games import services, store, texts
from games.engine.core import CannotParse, IllegalCommand

# Every ``code`` an error answer may carry (the schema's Error.code enum: a generated client parses
# it into an enum, so one missing here would break that client on the first answer that has it).
ERROR_CODES = (
    # Ours (ApiError, translate): a refused command or request.
    "cannot_parse",
    "illegal",
    "stale",
    "not_your_seat",
    "not_allowed",
    "refused",
    "not_found",
    # An invitation link its table's creator withdrew (410).
    "withdrawn",
    "not_finished",
    "too_large",
    # Bad input: DRF validation, moonweb.input_guard (NUL bytes, lone surrogates), the JSON parser.
    "invalid",
    "parse_error",
    # DRF's own, through exception_handler (APIException.get_codes()).
    "not_authenticated",
    "authentication_failed",
    "permission_denied",
    "method_not_allowed",
    "not_acceptable",
    "unsupported_media_type",
    "throttled",
    # An APIException whose code is not a single word (none today; the handler's fallback).
    "error",
    # moonweb.unavailable: the database is unreachable (503), nothing was done.
    "unavailable",
)


class ApiError(exceptions.APIException):
    """A refusal with a machine-readable ``code`` and optional extra fields (e.g. the current seq)."""

    def __init__(self, detail: str, code: str, status_code: int, **extra: Any) -> None:
        super().__init__(detail=detail, code=code)
        self.status_code = status_code
        self.code = code
        self.extra = extra


def not_found() -> ApiError:
    # Private games answer the same as missing ones: outsiders must not learn that they exist.
    return ApiError(_("No such game."), "not_found", status.HTTP_404_NOT_FOUND)


def not_found_path() -> ApiError:
    return ApiError(_("There is nothing at this address."), "not_found", status.HTTP_404_NOT_FOUND)


def _refusal(exc: Exception, code: str, status_code: int, names: dict[int, str] | None = None) -> ApiError:
    key = texts.reason_key(exc)
    extra = {"message_key": key} if key else {}
    return ApiError(texts.reason(exc, names), code, status_code, **extra)


def translate(
    exc: Exception, *, not_allowed_code: str = "not_allowed", names: dict[int, str] | None = None
) -> Exception:
    """The API error for a domain error, or the exception itself when it is not one of ours."""
    if isinstance(exc, store.StaleSeq):
        return ApiError(
            _("The game has moved on: you saw move %(expected)s, it is now at move %(current)s.")
            % {"expected": exc.expected, "current": exc.current},
            "stale",
            status.HTTP_409_CONFLICT,
            seq=exc.current,
        )
    if isinstance(exc, CannotParse):
        return _refusal(exc, "cannot_parse", status.HTTP_400_BAD_REQUEST, names)
    if isinstance(exc, IllegalCommand):
        return _refusal(exc, "illegal", status.HTTP_400_BAD_REQUEST, names)
    if isinstance(exc, services.GameNotFound):
        return not_found()
    if isinstance(exc, services.NotAllowed):
        return _refusal(exc, not_allowed_code, status.HTTP_403_FORBIDDEN, names)
    if isinstance(exc, services.ServiceError):
        return _refusal(exc, "refused", status.HTTP_400_BAD_REQUEST, names)
    if isinstance(exc, RequestDataTooBig):
        return ApiError(
            _("The request body is too large."), "too_large", status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
        )
    return exc


def _first_message(detail: Any) -> str:
    """One readable sentence out of DRF's nested validation errors: 'field: message'."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            inner = _first_message(value)
            return inner if key == "non_field_errors" else f"{key}: {inner}"
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return str(detail)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's exception handler, shaped as ``{"detail", "code"}`` (plus ``errors`` for bad input)."""
    exc = translate(exc)
    if isinstance(exc, Http404):
        exc = not_found()
    if not isinstance(exc, exceptions.APIException):
        return None  # a real bug: let Django answer 500 and log it
    headers: dict[str, str] = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header  # type: ignore[attr-defined]
    if getattr(exc, "wait", None):
        headers["Retry-After"] = str(int(exc.wait))  # type: ignore[attr-defined]
    body: dict[str, Any]
    if isinstance(exc, ApiError):
        body = {"detail": str(exc.detail), "code": exc.code, **exc.extra}
    elif isinstance(exc, exceptions.ValidationError):
        body = {"detail": _first_message(exc.detail), "code": "invalid", "errors": exc.detail}
    else:
        codes = exc.get_codes()
        body = {"detail": str(exc.detail), "code": codes if isinstance(codes, str) else "error"}
    return Response(body, status=exc.status_code, headers=headers)
