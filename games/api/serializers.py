"""What the API reads and writes. Input serializers validate types strictly; output serializers
render the shared selectors' ``GameView`` and document every field in the OpenAPI schema.

Engine texts are rendered in the requester's language by ``games.texts.api_json``: a field ``f``
that holds a message becomes its text, with the message's key beside it as ``f_key``. A game's view
and outcome are described by the engines' own shapes (``games.api.engine_schema``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, cast

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from games import models, services, texts
from games.api.engine_schema import GameStateViewField, OutcomeField
from games.api.errors import ERROR_CODES
from games.api.fields import StrictBooleanField, StrictCharField, StrictIntegerField
from games.boards import presentation_for
from games.engine.core import engine_names, get_engine
from games.engine.messages import Names, is_message_json
from games.selectors import GameView

MAX_COMMAND_LENGTH = 500
MAX_IDEMPOTENCY_KEY_LENGTH = 80  # Event.idempotency_key's column
# Seqs and ids live in PostgreSQL integer columns; bigger numbers cannot name anything.
MAX_SEQ = 2**31 - 1


def available_kinds() -> list[str]:
    """Engines that are registered, importable and offered (an engine still being written, or one
    whose table is not built yet, is left out)."""
    kinds = []
    for name in engine_names():
        try:
            engine = get_engine(name)
        except (LookupError, ImportError, AttributeError):
            continue
        if getattr(engine, "OFFERED", True):
            kinds.append(name)
    return kinds


# ---- input ---------------------------------------------------------------------------------


class GameCreateSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=[], help_text=_("Which game: one of the available engines."))
    seat_count = StrictIntegerField(
        min_value=1, max_value=99, help_text=_("Players at the table, the creator included.")
    )
    options = serializers.DictField(
        child=StrictBooleanField(),
        required=False,
        default=dict,
        help_text=_("Variants by name (see the engine's options); missing ones take their default."),
    )
    time_per_move = StrictIntegerField(
        min_value=int(services.MIN_TIME_PER_MOVE.total_seconds()),
        max_value=int(services.MAX_TIME_PER_MOVE.total_seconds()),
        required=False,
        default=86400,
        help_text=_("Seconds each player has to move (1 hour to 14 days)."),
    )
    reply_time = StrictIntegerField(
        min_value=int(services.MIN_REPLY_TIME.total_seconds()),
        max_value=int(services.MAX_TIME_PER_MOVE.total_seconds()),
        required=False,
        allow_null=True,
        default=None,
        help_text=_(
            "Seconds for a quick follow-up such as an answer to an offer (15 minutes to the time per "
            "move); null or missing: a quarter of the time per move, at most 24 hours."
        ),
    )
    visibility = serializers.ChoiceField(
        choices=models.Game.Visibility.choices, required=False, default=models.Game.Visibility.PUBLIC
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Computed per instance so the schema and validation follow the engines registered now.
        # An empty enum is not valid OpenAPI: while no engine imports, list the registered names
        # and let validate_kind refuse them.
        kinds = available_kinds()
        cast(serializers.ChoiceField, self.fields["kind"]).choices = kinds or engine_names()
        engines = [get_engine(kind) for kind in kinds]
        if engines:
            self.fields["seat_count"] = StrictIntegerField(
                min_value=min(e.MIN_PLAYERS for e in engines),
                max_value=max(e.MAX_PLAYERS for e in engines),
                help_text=self.fields["seat_count"].help_text,
            )

    def validate_kind(self, kind: str) -> str:
        if kind not in available_kinds():
            raise serializers.ValidationError(_("This game is not available yet."))
        return kind


class CommandSerializer(serializers.Serializer):
    command = StrictCharField(
        max_length=MAX_COMMAND_LENGTH, help_text=_("The command in the game's notation, e.g. 'roll'.")
    )
    expected_seq = StrictIntegerField(
        min_value=0,
        max_value=MAX_SEQ,
        help_text=_("The game's 'seq' your decision was made against; a move since then answers 409."),
    )
    idempotency_key = StrictCharField(
        max_length=MAX_IDEMPOTENCY_KEY_LENGTH,
        required=False,
        help_text=_(
            "Optional. Sending the same key again (e.g. after a lost connection) writes nothing and "
            "answers the game as it is, with the header Idempotent-Replayed: true."
        ),
    )


class ChatSerializer(serializers.Serializer):
    text = StrictCharField(max_length=services.MAX_CHAT_LENGTH)
    to = StrictIntegerField(
        min_value=0,
        max_value=MAX_SEQ,
        required=False,
        allow_null=True,
        default=None,
        help_text=_("A seat number for a private message to that player; null or absent for the table."),
    )


class GameListQuerySerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=models.Game.Status.choices, required=False)
    mine = serializers.BooleanField(
        required=False, default=False, help_text=_("Only games where you have a seat.")
    )


class EventsQuerySerializer(serializers.Serializer):
    since = serializers.IntegerField(
        min_value=0,
        max_value=MAX_SEQ,
        required=False,
        default=0,
        help_text=_("Only events after this seq."),
    )
    limit = serializers.IntegerField(
        min_value=1,
        max_value=500,
        required=False,
        default=100,
        help_text=_("At most this many seqs after 'since' (some may be hidden from you)."),
    )


# ---- output --------------------------------------------------------------------------------


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text=_("What went wrong, in your language."))
    code = serializers.ChoiceField(
        choices=[(code, code) for code in ERROR_CODES], help_text=_("For scripts to branch on.")
    )
    message_key = serializers.CharField(
        required=False,
        help_text=_(
            "For a refusal by the game's rules: the key of the engine's message, stable across languages."
        ),
    )
    # DRF's metaclass moves declared fields out of the class, so these names may shadow Serializer
    # attributes (errors, label) without harm; only the type checker minds.
    errors = serializers.JSONField(  # type: ignore[assignment]
        required=False, help_text=_("Field by field, for code 'invalid'.")
    )


class ConflictSerializer(ErrorSerializer):
    seq = serializers.IntegerField(help_text=_("The game's seq now: read the game again, then decide."))


class SeatSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    name = serializers.CharField()
    is_bot = serializers.BooleanField()
    bot_playing = serializers.BooleanField(help_text=_("A bot stands in for an absent player."))
    resigned = serializers.BooleanField()
    is_pending = serializers.BooleanField(help_text=_("This seat must act now."))
    pending_kind = serializers.CharField()
    deadline = serializers.DateTimeField(allow_null=True)


class ChoiceSerializer(serializers.Serializer):
    value = serializers.CharField()
    label = serializers.CharField(help_text=_("In your language."))  # type: ignore[assignment]  # see ErrorSerializer.errors
    label_key = serializers.CharField(
        required=False,
        allow_null=True,
        help_text=_("The key of the engine's message (null for a fixed text)."),
    )


class ParamSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField(help_text=_("In your language."))  # type: ignore[assignment]
    label_key = serializers.CharField(
        required=False,
        allow_null=True,
        help_text=_("The key of the engine's message (null for a fixed text)."),
    )
    multiple = serializers.BooleanField()
    min_count = serializers.IntegerField()
    max_count = serializers.IntegerField(help_text=_("The most values this param takes."))
    choices = ChoiceSerializer(many=True)


class CommandSpecSerializer(serializers.Serializer):
    """A command a seat may send now: ``prefix`` then each param's chosen values, space-separated."""

    action = serializers.CharField()
    prefix = serializers.CharField()
    label = serializers.CharField(help_text=_("In your language."))  # type: ignore[assignment]
    label_key = serializers.CharField(
        required=False,
        allow_null=True,
        help_text=_("The key of the engine's message (null for a fixed text)."),
    )
    confirm = serializers.BooleanField()
    help = serializers.CharField()
    help_key = serializers.CharField(
        required=False,
        allow_null=True,
        help_text=_("The key of the engine's message (null for a fixed text)."),
    )
    params = ParamSerializer(many=True)


class GameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    kind = serializers.CharField()
    status = serializers.ChoiceField(choices=models.Game.Status.choices)
    visibility = serializers.ChoiceField(choices=models.Game.Visibility.choices)
    seat_count = serializers.IntegerField()
    players = serializers.SerializerMethodField()
    seq = serializers.IntegerField(source="last_seq")
    created_at = serializers.DateTimeField()

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_players(self, game: models.Game) -> list[str]:
        return [seat.name for seat in game.seats.all()]


class GameSerializer(serializers.Serializer):
    """One person's picture of a game."""

    # Rendered from a selectors.GameView: ``represent(GameSerializer, game_data(view))``.
    id = serializers.IntegerField()
    kind = serializers.CharField()
    title = serializers.CharField()
    status = serializers.ChoiceField(choices=models.Game.Status.choices)
    visibility = serializers.ChoiceField(choices=models.Game.Visibility.choices)
    seat_count = serializers.IntegerField()
    seats = SeatSerializer(many=True)
    my_seat = serializers.IntegerField(allow_null=True, help_text=_("Your seat; null for spectators."))
    seq = serializers.IntegerField(help_text=_("Send it back as expected_seq with your next command."))
    seed_sha256 = serializers.CharField(help_text=_("SHA-256 of the secret seed of every roll and shuffle."))
    seed = serializers.CharField(
        allow_null=True, help_text=_("The seed itself, hex, once the game is finished; null before.")
    )
    options = serializers.DictField(child=serializers.BooleanField())
    time_per_move = serializers.IntegerField(help_text=_("Seconds each player has to move."))
    reply_time = serializers.IntegerField(
        help_text=_("Seconds a player has for a quick follow-up, such as an answer to an offer.")
    )
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    view = GameStateViewField(
        allow_null=True,
        help_text=_(
            "The engine's view for your seat (or a spectator's), one shape per game told apart by "
            "'kind'; null before the start. Its texts are in your language, each with its message key "
            "beside it ('prompt' and 'prompt_key')."
        ),
    )
    legal = CommandSpecSerializer(many=True, help_text=_("What you may send now."))
    outcome = OutcomeField(
        allow_null=True,
        help_text=_(
            "Scores and ranking once finished; 'score_table' explains each score (columns, one row per "
            "player, notes)."
        ),
    )


def represent(serializer_class: type[serializers.Serializer], data: Any) -> Any:
    """``serializer_class(data).data``, without building the serializer's fields again.

    DRF deep-copies every declared field each time a serializer is made: for a game's answer that
    cost more than rendering it (measured in the note of issue 13). The fields hold no state of a
    request, so one instance per class renders them all.
    """
    return _one(serializer_class).to_representation(data)


@functools.cache
def _one(serializer_class: type[serializers.Serializer]) -> serializers.Serializer:
    return serializer_class()


def game_data(gv: GameView) -> dict[str, Any]:
    """The GameSerializer's input, engine texts rendered in the active language (the requester's)."""
    game = gv.game
    names = gv.names
    return {
        "id": game.pk,
        "kind": game.kind,
        "title": gv.engine.TITLE,
        "status": game.status,
        "visibility": game.visibility,
        "seat_count": game.seat_count,
        "seats": gv.seats,
        "my_seat": gv.my_seat,
        "seq": game.last_seq,
        "seed_sha256": game.seed_sha256,
        "seed": bytes(game.seed).hex() if game.is_finished else None,
        "options": game.options,
        "time_per_move": int(game.time_per_move.total_seconds()),
        "reply_time": int(game.reply_window.total_seconds()),
        "created_at": game.created_at,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "view": texts.api_json(gv.view, names),
        "legal": texts.api_json(gv.legal, names),
        "outcome": _outcome_data(game, names),
    }


def _outcome_data(game: models.Game, names: dict[int, str]) -> Any:
    """The stored outcome, with ``score_table``: how each final score was made, as the page shows it."""
    if not game.outcome:
        return texts.api_json(game.outcome, names)
    table = presentation_for(game.kind).score_table(game.outcome, names)
    return {**texts.api_json(game.outcome, names), "score_table": table.as_json() if table else None}


class LegalSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text=_("Send it back as expected_seq."))
    status = serializers.ChoiceField(choices=models.Game.Status.choices)
    my_seat = serializers.IntegerField()
    to_act = serializers.BooleanField(help_text=_("The game waits for you now."))
    commands = CommandSpecSerializer(many=True)


class EventSerializer(serializers.Serializer):
    """One entry of the log, as you may see it."""

    seq = serializers.IntegerField()
    at = serializers.DateTimeField()
    cause = serializers.ChoiceField(
        choices=models.Event.Cause.choices, help_text=_("What wrote it: a command, a timeout, the table...")
    )
    type = serializers.CharField(help_text=_("The event's type, e.g. 'dice_rolled' or 'chat_sent'."))
    seat = serializers.IntegerField(allow_null=True, help_text=_("The seat it concerns or that acted."))
    text = serializers.CharField(
        allow_null=True,
        help_text=_("The log line in your language (a chat line as written); null for an event without one."),
    )
    text_key = serializers.CharField(
        allow_null=True, help_text=_("The key of the engine's message; null for a chat line or no text.")
    )
    text_params = serializers.DictField(
        allow_null=True, help_text=_("The message's parameters; null for a chat line or no text.")
    )
    payload = serializers.DictField(
        help_text=_("The event's own fields, redacted for you ('to' for a chat line: its seat, or null).")
    )


# Keys of a redacted log entry (``selectors.redact_row``) that the envelope carries itself, or drops:
# the event's version, and the pages' chat flag (the type says it).
_ENVELOPE = frozenset({"seq", "at", "cause", "type", "seat", "text", "payload", "version", "chat"})


def event_data(entry: Mapping[str, Any], names: Names) -> dict[str, Any]:
    """The EventSerializer's input: a redacted log entry in the envelope, texts in the active language.

    Engines put an event's own fields in ``payload`` or beside the envelope's keys: both end up in
    ``payload``.
    """
    text: Any = entry.get("text")
    rendered: str | None = None
    key: str | None = None
    params: dict[str, Any] | None = None
    if is_message_json(text):
        rendered, key, params = texts.render(text, names), str(text["key"]), dict(text.get("params") or {})
    elif isinstance(text, str):
        rendered = text  # a chat line: the player's own words, never rendered nor translated
    payload = {k: v for k, v in entry.items() if k not in _ENVELOPE}
    if isinstance(entry.get("payload"), Mapping):
        payload.update(entry["payload"])
    return {
        "seq": entry["seq"],
        "at": entry["at"],
        "cause": entry["cause"],
        "type": entry["type"],
        "seat": entry.get("seat"),
        # A chat line is the player's own words: never rendered nor translated.
        "text": rendered,
        "text_key": key,
        "text_params": params,
        "payload": texts.api_json(payload, names),
    }


# Not "Events": a component named like one of its properties ("events") makes generated clients
# name the property's type after the component (openapi-python-client: a class that shadows it).
@extend_schema_serializer(component_name="EventPage")
class EventsSerializer(serializers.Serializer):
    since = serializers.IntegerField()
    until = serializers.IntegerField(help_text=_("Ask again with since=until while 'more' is true."))
    last_seq = serializers.IntegerField()
    more = serializers.BooleanField()
    events = EventSerializer(many=True, help_text=_("Redacted for you, oldest first."))


class ChatResultSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    event = EventSerializer()


class ApiRootSerializer(serializers.Serializer):
    games = serializers.URLField()
    schema = serializers.URLField()
    docs = serializers.URLField()
    tokens = serializers.URLField()
