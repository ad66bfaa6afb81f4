"""Routes under /api/. Names are global (no namespace): base.html links to ``api_tokens``."""

from __future__ import annotations

from django.urls import path, re_path

from games.api import docs, reference, standing, table_views, token_views, views

urlpatterns = [
    path("", views.ApiRoot.as_view(), name="api_root"),
    path("schema/", views.Schema.as_view(), name="api_schema"),
    path("docs/", docs.api_docs, name="api_docs"),
    path("docs/swagger/", reference.SwaggerUi.as_view(url_name="api_schema"), name="api_swagger"),
    path("docs/redoc/", reference.Redoc.as_view(url_name="api_schema"), name="api_redoc"),
    path("tokens/", token_views.token_page, name="api_tokens"),
    path("games/", views.GameList.as_view(), name="api_games"),
    path("games/<int:pk>/", views.GameDetail.as_view(), name="api_game"),
    path("games/<int:pk>/events/", views.GameEvents.as_view(), name="api_game_events"),
    path("games/<int:pk>/legal/", views.GameLegal.as_view(), name="api_game_legal"),
    path("games/<int:pk>/commands/", views.GameCommands.as_view(), name="api_game_commands"),
    path("games/<int:pk>/join/", views.GameJoin.as_view(), name="api_game_join"),
    path("games/<int:pk>/start/", views.GameStart.as_view(), name="api_game_start"),
    path("games/<int:pk>/bots/", views.GameBots.as_view(), name="api_game_bots"),
    path("games/<int:pk>/resign/", views.GameResign.as_view(), name="api_game_resign"),
    path("games/<int:pk>/chat/", views.GameChat.as_view(), name="api_game_chat"),
    path("invitations/<str:token>/join/", table_views.InvitationJoin.as_view(), name="api_invitation_join"),
    path("games/<int:pk>/standing/", standing.GameStanding.as_view(), name="api_game_standing"),
    path("games/<int:pk>/leave/", table_views.GameLeave.as_view(), name="api_game_leave"),
    path("games/<int:pk>/reclaim/", table_views.GameReclaim.as_view(), name="api_game_reclaim"),
    path("games/<int:pk>/invitations/", table_views.GameInvitations.as_view(), name="api_game_invitations"),
    path("games/<int:pk>/export/", table_views.GameExport.as_view(), name="api_game_export"),
    path("games/<int:pk>/verify/", table_views.GameVerify.as_view(), name="api_game_verify"),
    # Anything else under /api/ (a non-numeric id, a typo) is a JSON 404, not Django's HTML page.
    # (Only addresses ending in "/": "/api/games" still gets CommonMiddleware's redirect to "/api/games/",
    # and the browsable API's breadcrumbs do not stop at this view.)
    re_path(r"^.*/$", views.ApiNotFound.as_view(), name="api_not_found"),
]
