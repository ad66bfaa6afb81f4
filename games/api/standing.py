"""/api/games/<id>/standing/: read, set and remove your standing answers at one table.

A standing answer answers a quick follow-up (answering an offer, say) for you while you are away;
the game declares which exist (``policies``). Thin: ``services.standing_set`` does the work.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from games import models, selectors, services, texts
from games.api import errors
from games.api.views import BAD_INPUT, ERROR, NOT_FOUND, UNAUTHENTICATED, ApiView
from games.engine.core import engine_names, get_engine, standing_policies

ERRORS = {400: BAD_INPUT, 401: UNAUTHENTICATED, 403: ERROR, 404: NOT_FOUND}


# Not "Standing": its "standing" property would collide with it in generated clients.
@extend_schema_serializer(component_name="StandingAnswers")
class StandingSerializer(serializers.Serializer[Any]):
    policies = serializers.ListField(
        child=serializers.DictField(), help_text="The standing answers this game offers, with their numbers."
    )
    standing = serializers.DictField(help_text="Yours, by decision kind: {decision: {policy, numbers...}}.")


class StandingInSerializer(serializers.Serializer[Any]):
    decision = serializers.CharField(
        max_length=40, help_text="The kind of decision: a `decision` of `policies`."
    )
    policy = serializers.CharField(
        max_length=40, allow_blank=True, help_text='The standing answer; "" removes it (you are asked).'
    )
    params = serializers.DictField(
        child=serializers.IntegerField(), required=False, default=dict, help_text="Its numbers, by name."
    )


def policy_examples() -> list[OpenApiExample]:
    """One request per standing answer of every game, with its default numbers, for the docs."""
    return [
        OpenApiExample(
            f"{name}: {spec.name}",
            value={
                "decision": spec.decision,
                "policy": spec.name,
                "params": {p.name: p.default for p in spec.params},
            },
            request_only=True,
        )
        for name in engine_names()
        for spec in standing_policies(get_engine(name))
    ]


class GameStanding(ApiView):
    # A seat's standing answers: only for a signed-in player, reading too.
    permission_classes = [IsAuthenticated]

    def _seat(self, game: models.Game, request: Request) -> int:
        if not request.user.is_authenticated:
            raise NotAuthenticated()
        seat = services.seat_of(game, request.user)
        if seat is None:
            raise errors.ApiError(_("You have no seat at this table."), "not_your_seat", 403)
        return seat.position

    def _answer(self, game: models.Game, seat: int, code: int = status.HTTP_200_OK) -> Response:
        body = texts.api_json(selectors.standing_answers(game, seat), texts.seat_names(game))
        return Response(StandingSerializer(body).data, status=code)

    @extend_schema(
        operation_id="games_standing",
        summary="The standing answers this game offers and those you have set",
        responses={200: StandingSerializer, 401: UNAUTHENTICATED, 403: ERROR, 404: NOT_FOUND},
        tags=["table"],
    )
    def get(self, request: Request, pk: int) -> Response:
        game = self.find_game(pk)
        return self._answer(game, self._seat(game, request))

    @extend_schema(
        operation_id="games_standing_set",
        summary="Set (or, with an empty policy, remove) your standing answer for one kind of decision",
        description=(
            "Applied at once if that decision is pending for you now, and to every later one, as your own "
            "command (its events have cause `standing`). 400 with the reason for an unknown answer or a "
            "number out of bounds; nothing changes then."
        ),
        request=StandingInSerializer,
        examples=policy_examples(),
        responses={200: StandingSerializer, **ERRORS},
        tags=["table"],
    )
    def post(self, request: Request, pk: int) -> Response:
        game = self.find_game(pk)
        seat = self._seat(game, request)
        data = _validated(request.data)
        policy = {"policy": data["policy"], **data["params"]} if data["policy"] else None
        try:
            services.standing_set(
                game=game, user=request.user, decision=data["decision"], policy=policy, now=timezone.now()
            )
        except Exception as exc:
            raise errors.translate(
                exc, not_allowed_code="not_your_seat", names=texts.seat_names(game)
            ) from None
        return self._answer(game, seat)

    @extend_schema(
        operation_id="games_standing_clear",
        summary="Remove all your standing answers at this table",
        responses={200: StandingSerializer, **ERRORS},
        tags=["table"],
    )
    def delete(self, request: Request, pk: int) -> Response:
        game = self.find_game(pk)
        seat = self._seat(game, request)
        try:
            services.standing_clear(game=game, user=request.user)
        except Exception as exc:
            raise errors.translate(exc) from None
        return self._answer(game, seat)


def _validated(data: Any) -> dict[str, Any]:
    serializer = StandingInSerializer(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)
