"""The rest of what the pages do at a table, for scripts: leave, invite by email, withdraw the
invitation link, reclaim a seat from its bot, and a finished game's export and verification.

Thin, like games.api.views: each calls the service or selector its page calls, with ``now``
taken here, and answers with a serializer of games.api.table_serializers.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse

from games import limits, models, selectors, services
from games.api import errors
from games.api.serializers import ErrorSerializer
from games.api.table_serializers import (
    GameExportSerializer,
    InvitationLinkSerializer,
    InvitationSerializer,
    InviteSerializer,
    VerificationSerializer,
)
from games.api.views import (
    BAD_INPUT,
    ERROR,
    NOT_FOUND,
    TABLE_ACTION_RESPONSES,
    UNAUTHENTICATED,
    ApiView,
    _TableAction,
    _validated,
)
from games.engine.core import seed_hash
from games.verification import verify_game

NOT_FINISHED = OpenApiResponse(
    ErrorSerializer,
    description="`not_finished`: the game is not over, and its seed stays secret until the end.",
    examples=[
        OpenApiExample(
            "not_finished",
            value={
                "detail": "The seed stays secret until the game ends, so that nobody can foresee the dice. "
                "Come back when the game is over.",
                "code": "not_finished",
            },
        )
    ],
)


def invite_url(request: Request, game: models.Game) -> str:
    """The table's invitation link, absolute, as the page shares it and the email carries it."""
    return reverse("games:invitation", args=[game.invite_token], request=request)


class _FinishedGameRead(ApiView):
    # The page's rule (games.views.replay._finished_or_refuse): the seed, and so the export and the
    # check made from it, stay secret while the game goes on.

    def find_finished_game(self, pk: int) -> models.Game:
        game = self.find_game(pk)
        if not game.is_finished:
            raise errors.ApiError(
                _(
                    "The seed stays secret until the game ends, so that nobody can foresee the dice. "
                    "Come back when the game is over."
                ),
                "not_finished",
                status.HTTP_409_CONFLICT,
            )
        return game


class GameExport(_FinishedGameRead):
    @extend_schema(
        operation_id="games_export",
        summary="A finished game as one document: players, options, seed, outcome and every event",
        description=(
            "What the game page's JSON download holds. Private chat lines keep their text between their "
            "two seats. 409 `not_finished` while the game goes on."
        ),
        responses={200: GameExportSerializer, 401: UNAUTHENTICATED, 404: NOT_FOUND, 409: NOT_FINISHED},
        tags=["games"],
    )
    def get(self, request: Request, pk: int) -> Response:
        game = self.find_finished_game(pk)
        return Response(GameExportSerializer(selectors.game_export(game)).data)


class GameVerify(_FinishedGameRead):
    @extend_schema(
        operation_id="games_verify",
        summary="Check a finished game's dice and shuffles against its revealed seed",
        description=(
            "Every batch of events that involved chance is recomputed from the state before it, its "
            "command and the random stream of the seed; `all_match` is true when each gives the stored "
            "events and the seed gives the hash published at the start. 409 `not_finished` while the "
            "game goes on."
        ),
        responses={200: VerificationSerializer, 401: UNAUTHENTICATED, 404: NOT_FOUND, 409: NOT_FINISHED},
        tags=["games"],
    )
    def get(self, request: Request, pk: int) -> Response:
        game = self.find_finished_game(pk)
        report = verify_game(game)
        body = {
            "id": game.pk,
            "seed": report.seed_hex,
            "seed_sha256": game.seed_sha256,
            "computed_sha256": seed_hash(bytes.fromhex(report.seed_hex)),
            "seed_matches_hash": report.seed_matches_hash,
            "all_match": report.all_match,
            "checked": len(report.batches),
            "batches": report.batches,
        }
        return Response(VerificationSerializer(body).data)


class GameLeave(_TableAction):
    @extend_schema(
        operation_id="games_leave",
        summary="Give up your seat at a table that has not started (not the creator's)",
        description="Once the game has started, resign instead (400 `refused`).",
        request=None,
        responses=TABLE_ACTION_RESPONSES,
        tags=["table"],
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)

    def act(self, game: models.Game, request: Request) -> None:
        services.game_leave(game=game, user=request.user)


class GameReclaim(_TableAction):
    @extend_schema(
        operation_id="games_reclaim",
        summary="Take your seat back from the bot that plays it since your time ran out",
        request=None,
        responses=TABLE_ACTION_RESPONSES,
        tags=["table"],
    )
    def post(self, request: Request, pk: int) -> Response:
        return super().post(request, pk)

    def act(self, game: models.Game, request: Request) -> None:
        services.seat_reclaim(game=game, user=request.user, now=timezone.now())


class GameInvitations(ApiView):
    @property
    def throttle_scope(self) -> str | None:
        # Sending draws on the "invitations" allowance, as the page's form does; withdrawing the
        # link is limited on neither (only the creator may, and it sends nothing).
        return limits.INVITATIONS if self.request.method == "POST" else None

    @extend_schema(
        operation_id="games_invite",
        summary="Email an invitation to the table (players at a table that has not started)",
        description=(
            "201 with the invitation. 400 `invalid` for an address that is not one (or over 254 "
            "characters), `refused` when the game has started, the address already has a seat, or it "
            "has had its share of invitations today; 403 `not_allowed` without a seat. Nothing is sent "
            "then."
        ),
        request=InviteSerializer,
        examples=[OpenApiExample("An invitation", value={"email": "friend@example.com"}, request_only=True)],
        responses={
            201: InvitationSerializer,
            400: BAD_INPUT,
            401: UNAUTHENTICATED,
            403: ERROR,
            404: NOT_FOUND,
        },
        tags=["table"],
    )
    def post(self, request: Request, pk: int) -> Response:
        game = self.find_game(pk)
        data = _validated(InviteSerializer, request.data)
        link = invite_url(request, game)
        try:
            invitation = services.game_invite_by_email(
                game=game, by=request.user, email=data["email"], invite_url=link, now=timezone.now()
            )
        except Exception as exc:
            raise errors.translate(exc) from None
        # The outbox may have sent it already, once the service's transaction committed.
        invitation.refresh_from_db(fields=["sent_at"])
        body = {
            "game": game.pk,
            "email": invitation.to_email,
            "state": "sent" if invitation.sent_at else "queued",
            "created_at": invitation.created_at,
            "invite_url": link,
        }
        return Response(InvitationSerializer(body).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        operation_id="games_invitation_revoke",
        summary="Withdraw the table's invitation link and make a new one (creator only)",
        description=(
            "The old link, and every invitation emailed with it, stop letting anyone in. No body. 403 "
            "`not_allowed` for anyone but the table's creator; nothing changes then."
        ),
        request=None,
        responses={200: InvitationLinkSerializer, 401: UNAUTHENTICATED, 403: ERROR, 404: NOT_FOUND},
        tags=["table"],
    )
    def delete(self, request: Request, pk: int) -> Response:
        game = self.find_game(pk)
        now = timezone.now()
        try:
            services.game_invitation_revoke(game=game, by=request.user, now=now)
        except Exception as exc:
            raise errors.translate(exc) from None
        # Only while the table is open: the page shows the link then, and never after the start.
        link = invite_url(request, game) if game.status == models.Game.Status.OPEN else None
        body = {"game": game.pk, "invite_url": link, "revoked_at": now}
        return Response(InvitationLinkSerializer(body).data)


class InvitationJoin(_TableAction):
    # The invitation link's way in, for scripts: whoever holds a table's link may take a seat,
    # private table or not (the page's /games/invite/<token>/ then its Join button).
    throttle_scope = limits.JOINS

    @extend_schema(
        operation_id="invitations_join",
        summary="Take the next free seat of the table an invitation link names",
        description=(
            "`token` is the last part of the table's `invite_url` (`/games/invite/<token>/`): it lets "
            "you join a private table too. 404 for a link that names no table; 410 `withdrawn` for a "
            "link its creator withdrew."
        ),
        request=None,
        responses={**TABLE_ACTION_RESPONSES, 410: ERROR},
        tags=["table"],
    )
    def post(self, request: Request, token: str) -> Response:  # type: ignore[override]
        game = selectors.invited_game(token)
        if game is None:
            if selectors.invitation_withdrawn(token):
                raise errors.ApiError(
                    _("This invitation was withdrawn by the table's creator: ask them for a new link."),
                    "withdrawn",
                    status.HTTP_410_GONE,
                )
            raise errors.ApiError(
                _("This invitation link is not valid: ask for a new one."),
                "not_found",
                status.HTTP_404_NOT_FOUND,
            )
        return self.act_and_answer(game, request)

    def act(self, game: models.Game, request: Request) -> None:
        services.game_join(game=game, user=request.user, now=timezone.now())
