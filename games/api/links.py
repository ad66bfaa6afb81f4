"""OpenAPI links: which call may follow which, and where its id and seq come from.

A client (or schemathesis' stateful tests) reads them as "after creating a game, join it with the
``id`` of the answer; after a command, send the next one at the answer's ``seq``". They document
the flow a script follows: create, join (another player) or bots, start, then commands, chat and
reads. A drf-spectacular postprocessing hook adds them to the generated schema
(``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``).
"""

from __future__ import annotations

from typing import Any

GAME_ID = {"id": "$response.body#/id"}
AT_SEQ = {"expected_seq": "$response.body#/seq"}

# operationId -> (status of the answer holding a Game, the operations that may follow it)
FOLLOWS: dict[str, tuple[str, tuple[str, ...]]] = {
    "games_create": ("201", ("games_join",)),
    "games_join": ("200", ("games_start", "games_bots")),
    "games_bots": ("200", ("games_start",)),
    "games_start": ("200", ("games_commands", "games_legal")),
    "games_commands": ("201", ("games_commands", "games_chat")),
}

DESCRIPTIONS = {
    "games_join": "Another player joins the table just created, by its id.",
    "games_bots": "Bots fill the empty seats of the table.",
    "games_start": "The creator starts the table once every seat is taken.",
    "games_commands": "Send the next command at the game's seq.",
    "games_legal": "What the player may do now.",
    "games_chat": "Say something at the table.",
}


def link(operation_id: str) -> dict[str, Any]:
    body: dict[str, Any] = {"operationId": operation_id, "parameters": dict(GAME_ID)}
    if operation_id == "games_commands":
        # Only the seq comes from the answer: the command itself is the caller's (merged in).
        body["requestBody"] = dict(AT_SEQ)
    body["description"] = DESCRIPTIONS[operation_id]
    return body


def add_links(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """drf-spectacular hook: the links above on each operation's answer that carries a Game."""
    known = {
        op["operationId"]
        for item in result.get("paths", {}).values()
        for op in item.values()
        if isinstance(op, dict) and "operationId" in op
    }
    for item in result.get("paths", {}).values():
        for op in item.values():
            if not isinstance(op, dict) or op.get("operationId") not in FOLLOWS:
                continue
            status, targets = FOLLOWS[op["operationId"]]
            answer = op.get("responses", {}).get(status)
            if answer is None:
                continue
            answer["links"] = {
                "".join(part.title() for part in target.split("_")[1:]): link(target)
                for target in targets
                if target in known
            }
    return result
