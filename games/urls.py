"""The HTML pages of the games app (the JSON API lives in games/api/)."""

from __future__ import annotations

from django.urls import path

from games.views import home, play, replay, standing, tables

app_name = "games"

urlpatterns = [
    path("", home.home, name="home"),
    # Browsers ask for /favicon.ico whatever the page says: send them to the site's icon.
    path("favicon.ico", home.favicon, name="favicon"),
    path("games/lobby/", home.lobby, name="lobby"),
    path("games/new/", tables.new_game, name="new"),
    path("games/invite/<str:token>/", tables.invitation, name="invitation"),
    path("games/<int:pk>/", play.game_page, name="game"),
    path("games/<int:pk>/join/", tables.join, name="join"),
    path("games/<int:pk>/leave/", tables.leave, name="leave"),
    path("games/<int:pk>/bots/", tables.add_bots, name="bots"),
    path("games/<int:pk>/start/", tables.start, name="start"),
    path("games/<int:pk>/invite/", tables.invite, name="invite"),
    path("games/<int:pk>/invite/revoke/", tables.revoke_invitation, name="revoke_invitation"),
    path("games/<int:pk>/move/", play.move, name="move"),
    path("games/<int:pk>/chat/", play.chat, name="chat"),
    path("games/<int:pk>/resign/", play.resign, name="resign"),
    path("games/<int:pk>/reclaim/", play.reclaim, name="reclaim"),
    path("games/<int:pk>/standing/", standing.set_standing, name="standing"),
    path("games/<int:pk>/replay/", replay.replay_start, name="replay_start"),
    path("games/<int:pk>/replay/<int:step>/", replay.replay, name="replay"),
    path("games/<int:pk>/verify/", replay.verify, name="verify"),
    path("games/<int:pk>/export.json", replay.export, name="export"),
]
