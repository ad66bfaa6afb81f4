"""The JSON API: thin adapters from HTTP to the services and selectors the pages use too.

Each view validates its input with a strict serializer, calls one service or selector with
``now`` taken here, and renders a selector's result. Errors become ``{"detail", "code"}`` in
``games.api.errors``.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, NoReturn

from django.db.models import QuerySet
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from drf_spectacular.views import SpectacularAPIView
from rest_framework import exceptions, generics, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import NotAuthenticated
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from games import limits, models, selectors, services, texts
from games.api import errors
from games.api.auth import PlayerKey
from games.api.parsers import SafeJSONParser
from games.api.serializers import (
    ApiRootSerializer,
    ChatResultSerializer,
    ChatSerializer,
    CommandSerializer,
    ConflictSerializer,
    ErrorSerializer,
    EventsQuerySerializer,
    EventsSerializer,
    GameCreateSerializer,
    GameListQuerySerializer,
    GameSerializer,
    GameSummarySerializer,
    LegalSerializer,
    available_kinds,
    event_data,
    game_data,
    represent,
)
from games.engine.core import get_engine

ERROR = ErrorSerializer


def command_examples() -> list[tuple[str, str]]:
    """Every game's notation examples (its engine's NOTATION_EXAMPLES), in English for the schema.

    GET .../legal/ says what is allowed now; these only show the notation's shape.
    """
    examples = []
    for kind in available_kinds():
        engine = get_engine(kind)
        for text, notation in getattr(engine, "NOTATION_EXAMPLES", ()):
            examples.append((f"{engine.TITLE}: {texts.render(text, lang='en')}", notation))
    return examples


COMMAND_EXAMPLES = command_examples()
NOT_FOUND = OpenApiResponse(
    ErrorSerializer, description="No such game, or a private game you have no seat at."
)
UNAUTHENTICATED = OpenApiResponse(ErrorSerializer, description="No valid token (or session).")
BAD_INPUT = OpenApiResponse(
    ErrorSerializer, description="Bad input or a refused request; nothing was written."
)


class ApiView(APIView):
    # The API key first, so an anonymous script gets 401 with ``WWW-Authenticate: Bearer``.
    # (A comment, not a docstring: drf-spectacular would publish a docstring in every operation.)
    authentication_classes = [PlayerKey, SessionAuthentication]
    permission_classes = [IsAuthenticatedOrReadOnly]
    # JSON bodies only: one format to document and validate (the browsable API posts JSON too),
    # with limits on nesting and text that no serializer could handle.
    parser_classes = [SafeJSONParser]

    def get_exception_handler(self) -> Any:
        return errors.exception_handler

    def check_throttles(self, request: Request) -> None:
        # DRF's check, with the counters read and written in one round trip each (games.limits).
        waits = limits.allow(self.get_throttles(), request, self)
        if waits:
            self.throttled(request, max((wait for wait in waits if wait is not None), default=None))

    def throttled(self, request: Request, wait: float | None) -> NoReturn:
        # DRF's own sentence does not say that nothing happened; Retry-After carries the wait.
        raise exceptions.Throttled(
            wait, detail=_("Too many requests: nothing was done. Slow down and try again.")
        )

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        # LocaleMiddleware chose from Accept-Language; a token-authenticated user is known only now,
        # and their profile's language wins, as it does on pages.
        super().initial(request, *args, **kwargs)
        user = request.user
        language = getattr(user, "language", "") if user is not None and user.is_authenticated else ""
        if language and translation.check_for_language(language):
            translation.activate(language)
            request._request.LANGUAGE_CODE = language

    def find_game(self, pk: int) -> models.Game:
        """The game if the requester may see it; 404 otherwise, private or missing alike."""
        game = selectors.visible_game(self.request.user, pk)
        if game is None:
            raise errors.not_found()
        return game

    def game_response(
        self,
        game: models.Game,
        status_code: int = status.HTTP_200_OK,
        *,
        state: Any = None,
        seats: list[models.Seat] | None = None,
    ) -> Response:
        view = selectors.game_view(game, self.request.user, log_limit=0, state=state, seats=seats)
        return Response(represent(GameSerializer, game_data(view)), status=status_code)


def _validated(serializer_class: type, data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class ApiRoot(ApiView):
    @extend_schema(operation_id="api_root", responses={200: ApiRootSerializer}, tags=["api"])
    def get(self, request: Request) -> Response:
        return Response(
            {
                "games": reverse("api_games", request=request),
                "schema": reverse("api_schema", request=request),
                "docs": reverse("api_docs", request=request),
                "tokens": reverse("api_tokens", request=request),
            }
        )


@extend_schema(exclude=True)
class Schema(SpectacularAPIView):
    """The OpenAPI schema: YAML, or JSON with ?format=json."""


@extend_schema(exclude=True)
class ApiNotFound(ApiView):
    # initial() runs before the method is looked up: every method gets the same JSON 404.
    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        raise errors.not_found_path()


class GamePagination(PageNumberPagination):
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100


class GameList(ApiView, generics.GenericAPIView):  # type: ignore[misc]
    throttle_scope = limits.TABLES
    pagination_class = GamePagination
    serializer_class = GameSummarySerializer

    def get_queryset(self) -> QuerySet[models.Game]:
        query = _validated(GameListQuerySerializer, self.request.query_params)
        games = selectors.visible_games(self.request.user)
        if query.get("status"):
            games = games.filter(status=query["status"])
        if query["mine"]:
            if not self.request.user.is_authenticated:
                return games.none()
            games = games.filter(seats__user=self.request.user)
        return games.prefetch_related("seats__user").order_by("-created_at", "-pk")

    @extend_schema(
        operation_id="games_list",
        summary="Games you may see: public ones and private ones you sit at",
        parameters=[GameListQuerySerializer],
        responses={200: GameSummarySerializer(many=True), 400: BAD_INPUT, 401: UNAUTHENTICATED, 404: ERROR},
        tags=["games"],
    )
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(GameSummarySerializer(page, many=True).data)

    @extend_schema(
        operation_id="games_create",
        summary="Create a table; you take the first seat",
        request=GameCreateSerializer,
        responses={201: GameSerializer, 400: BAD_INPUT, 401: UNAUTHENTICATED, 403: ERROR},
        tags=["games"],
    )
    def post(self, request: Request) -> Response:
        data = _validated(GameCreateSerializer, request.data)
        try:
            game = services.game_create(
                creator=request.user,
                kind=data["kind"],
                seat_count=data["seat_count"],
                options=data["options"],
                time_per_move=dt.timedelta(seconds=data["time_per_move"]),
                reply_time=dt.timedelta(seconds=data["reply_time"]) if data.get("reply_time") else None,
                visibility=data["visibility"],
                now=timezone.now(),
            )
        except services.ServiceError as exc:
            raise errors.translate(exc) from None
        return self.game_response(game, status.HTTP_201_CREATED)


class GameDetail(ApiView):
    @extend_schema(
        operation_id="games_retrieve",
        summary="The game as you may see it: your seat's view, or a spectator's",
        responses={200: GameSerializer, 401: UNAUTHENTICATED, 404: NOT_FOUND},
        tags=["games"],
    )
    def get(self, request: Request, pk: int) -> Response:
        return self.game_response(self.find_game(pk))


class GameEvents(ApiView):
    @extend_schema(
        operation_id="games_events",
        summary="The game's log after 'since', redacted for you",
        parameters=[EventsQuerySerializer],
        responses={200: EventsSerializer, 400: BAD_INPUT, 401: UNAUTHENTICATED, 404: NOT_FOUND},
        tags=["games"],
    )
    def get(self, request: Request, pk: int) -> Response:
        game = self.find_game(pk)
        query = _validated(EventsQuerySerializer, request.query_params)
        seat = selectors.viewer_seat(game, request.user)
        # Seqs have no gaps, so a window of seqs bounds the work of one request.
        since = min(query["since"], game.last_seq)
        until = min(since + query["limit"], game.last_seq)
        names = texts.seat_names(game)
        events = [event_data(e, names) for e in selectors.event_log(game, seat, since=since, upto=until)]
        body = {"since": since, "until": until, "last_seq": game.last_seq, "more": until < game.last_seq}
        return Response(represent(EventsSerializer, {**body, "events": events}))


class GameLegal(ApiView):
    # A seat's commands: only for a signed-in player (401 before anything else; the schema then
    # does not offer anonymous access).
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_legal",
        summary="What your seat may send now (empty when it is not your turn)",
        responses={200: LegalSerializer, 401: UNAUTHENTICATED, 403: ERROR, 404: NOT_FOUND},
        tags=["games"],
    )
    def get(self, request: Request, pk: int) -> Response:
        game = self.find_game(pk)
        if not request.user.is_authenticated:
            raise NotAuthenticated()
        view = selectors.game_view(game, request.user, log_limit=0)
        if view.my_seat is None:
            raise errors.ApiError(_("You have no seat at this table."), "not_your_seat", 403)
        seat = next(s for s in view.seats if s.position == view.my_seat)
        body = {
            "seq": game.last_seq,
            "status": game.status,
            "my_seat": view.my_seat,
            "to_act": seat.is_pending,
            "commands": texts.api_json(view.legal, view.names),
        }
        return Response(represent(LegalSerializer, body))


class GameCommands(ApiView):
    throttle_scope = limits.COMMANDS

    @extend_schema(
        operation_id="games_commands",
        summary="Send a command in the game's notation",
        description=(
            "201 with the game after your move (and any bots' replies). 400 `cannot_parse` or `illegal` "
            "with the reason; 409 `stale` with the current `seq` when someone moved after `expected_seq`; "
            "403 `not_your_seat` when you have no seat (or resigned). A refused command writes nothing."
        ),
        request=CommandSerializer,
        examples=[
            OpenApiExample(name, value={"command": text, "expected_seq": 12}, request_only=True)
            for name, text in COMMAND_EXAMPLES
        ],
        responses={
            201: GameSerializer,
            400: BAD_INPUT,
            401: UNAUTHENTICATED,
            403: ERROR,
            404: NOT_FOUND,
            409: ConflictSerializer,
        },
        tags=["games"],
    )
    def post(self, request: Request, pk: int) -> Response:
        # No ``find_game`` first: the service reads the game once, locked, and checks it from that
        # read (a private game the requester has no seat at is a 404 from there, as a missing one is).
        # The body is checked before any read, so a malformed one is a 400 for any game id.
        data = _validated(CommandSerializer, request.data)
        if pk > selectors.MAX_GAME_ID:
            raise errors.not_found()
        try:
            result = services.command_submit(
                game=pk,
                user=request.user,
                text=data["command"],
                expected_seq=data["expected_seq"],
                idempotency_key=data.get("idempotency_key") or None,
                now=timezone.now(),
            )
        except Exception as exc:
            raise errors.translate(
                exc, not_allowed_code="not_your_seat", names=texts.seat_names(models.Game(pk=pk))
            ) from None
        # Built from the state and seats the command left in hand: nothing is read again.
        response = self.game_response(
            result.game, status.HTTP_201_CREATED, state=result.state, seats=result.seats
        )
        if result.replayed:
            # The game as it is now, and the seq the first sending of this key was written at.
            response["Idempotent-Replayed"] = "true"
            if result.events:
                response["Idempotent-Seq"] = str(result.events[-1].seq)
        return response


class _TableAction(ApiView):
    # A POST without a body that calls one service and answers the game as it is afterwards.

    def act(self, game: models.Game, request: Request) -> None:
        raise NotImplementedError

    def post(self, request: Request, pk: int) -> Response:
        return self.act_and_answer(self.find_game(pk), request)

    def act_and_answer(self, game: models.Game, request: Request) -> Response:
        try:
            self.act(game, request)
        except Exception as exc:
            raise errors.translate(exc) from None
        game.refresh_from_db()
        return self.game_response(game)


TABLE_ACTION_RESPONSES = {
    200: GameSerializer,
    400: BAD_INPUT,
    401: UNAUTHENTICATED,
    403: ERROR,
    404: NOT_FOUND,
}


class GameJoin(_TableAction):
    throttle_scope = limits.JOINS

    @extend_schema(
        operation_id="games_join",
        summary="Take the next free seat of a public table that has not started",
        request=None,
        responses=TABLE_ACTION_RESPONSES,
        tags=["table"],
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)

    def act(self, game: models.Game, request: Request) -> None:
        services.game_join(game=game, user=request.user, now=timezone.now())


class GameStart(_TableAction):
    @extend_schema(
        operation_id="games_start",
        summary="Deal the game (creator only; every seat must be taken)",
        request=None,
        responses=TABLE_ACTION_RESPONSES,
        tags=["table"],
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)

    def act(self, game: models.Game, request: Request) -> None:
        services.game_start(game=game, by=request.user, now=timezone.now())


class GameBots(_TableAction):
    @extend_schema(
        operation_id="games_bots",
        summary="Fill every empty seat with a bot (creator only, before the start)",
        request=None,
        responses=TABLE_ACTION_RESPONSES,
        tags=["table"],
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)

    def act(self, game: models.Game, request: Request) -> None:
        services.game_fill_with_bots(game=game, by=request.user, now=timezone.now())


class GameResign(_TableAction):
    @extend_schema(
        operation_id="games_resign",
        summary="Leave a game in progress: a bot plays out your seat and you rank last",
        request=None,
        responses=TABLE_ACTION_RESPONSES,
        tags=["table"],
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)

    def act(self, game: models.Game, request: Request) -> None:
        services.game_resign(game=game, user=request.user, now=timezone.now())


class GameChat(ApiView):
    throttle_scope = limits.CHAT

    @extend_schema(
        operation_id="games_chat",
        summary="Say something to the table, or privately to one seat",
        request=ChatSerializer,
        responses={
            201: ChatResultSerializer,
            400: BAD_INPUT,
            401: UNAUTHENTICATED,
            403: ERROR,
            404: NOT_FOUND,
        },
        tags=["table"],
    )
    def post(self, request: Request, pk: int) -> Response:
        game = self.find_game(pk)
        data = _validated(ChatSerializer, request.data)
        try:
            row = services.chat_send(
                game=game, user=request.user, text=data["text"], to_position=data["to"], now=timezone.now()
            )
        except Exception as exc:
            raise errors.translate(exc) from None
        entry = selectors.redact_row(get_engine(game.kind), row, row.seat)
        assert entry is not None  # a chat line is always visible to its writer
        event = event_data(entry, texts.seat_names(game))
        body = {"seq": game.last_seq, "event": event}
        return Response(represent(ChatResultSerializer, body), status=status.HTTP_201_CREATED)
