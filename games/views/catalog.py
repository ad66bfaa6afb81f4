"""English texts the pages show but do not write: the services' refusals.

Services speak English; pages, the API and mail answers pass a refusal through gettext
(``games.texts.reason``), so a text listed here is shown in French to French readers. Engines ship
their own catalogs (games/engine/<game>/locale): their messages are not listed here.
Nothing imports this module; ``makemessages`` reads it.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

SERVICE_REFUSALS = (
    gettext_noop("This game has already started."),
    gettext_noop("You already have a seat at this table."),
    gettext_noop("This table is full."),
    gettext_noop("The game has started: resign instead."),
    gettext_noop("You have no seat at this table."),
    gettext_noop("The creator cannot leave; start the game or fill it with bots."),
    gettext_noop("Only the game's creator can add bots."),
    gettext_noop("Only the game's creator can start it."),
    gettext_noop("You have resigned from this game."),
    gettext_noop("Only players at this table can chat."),
    gettext_noop("Write something to send."),
    gettext_noop("Choose another player at this table to write to."),
    gettext_noop("Chat opens when the game starts."),
    gettext_noop("Only a game in progress can be resigned."),
    gettext_noop("You have already resigned."),
    gettext_noop("You are already playing this seat."),
    gettext_noop("Enter a valid email address."),
    gettext_noop("Only players at this table can invite."),
    gettext_noop("Only the table's creator can withdraw its invitation link."),
    gettext_noop("This player already has a seat at this table."),
    gettext_noop("This address has received enough invitations for today: try again tomorrow."),
    gettext_noop("This game is not in progress."),
    gettext_noop("It is not your turn."),
    gettext_noop("The game is over."),
    gettext_noop("Time per move must be between 1 hour and 14 days."),
    gettext_noop("Reply time must be between 15 minutes and the time per move."),
    gettext_noop("This game has no standing answer for that decision."),
    gettext_noop("That standing answer is for another decision."),
)
