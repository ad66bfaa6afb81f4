#!/usr/bin/env python3
"""A small bot that plays a Moonweb game to the end through the JSON API. Standard library only.

    python docs/examples/api_bot.py --url http://127.0.0.1:8000 --token YOUR_KEY
    python docs/examples/api_bot.py --url ... --token ... --game 42
    python docs/examples/api_bot.py --url ... --token ... --kind moonrakers [--seats 1]

Without --game it creates a table (--kind moonrollers, two seats, or --kind moonrakers, three
seats), fills the other seats with bots and starts it. Then, until the game is over, it reads
GET /api/games/{id}/legal/, picks a command from the specs there and sends it with
POST /api/games/{id}/commands/, giving back the "seq" it read as "expected_seq". Make a token on
the site's "API tokens" page (/api/tokens/).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import urllib.error
import urllib.request
from typing import Any

# What this bot prefers when several commands are allowed (the specs' "action" names, which differ
# between games). Moonrollers: finish pending decisions, make progress on a card, and stop (rather
# than push its luck) once a requirement is completed this turn. Moonrakers: keep what is dealt,
# accept offers, attempt a Contract alone, play every card it can, then finish.
PREFERENCE = {
    "moonrollers": ["keep", "stack", "return", "lock", "commit", "choose", "stop", "roll"],
    "moonrakers": [
        "keep",
        "keepbonus",
        "bonusdeck",
        "pick",
        "acceptoffer",
        "gosolo",
        "playcard",
        "done",
        "choosecontract",
    ],
}
SEATS = {"moonrollers": 2, "moonrakers": 3}


# Times one request waits out a 429 (too many requests) before giving up.
MAX_WAITS = 5


class Api:
    def __init__(self, url: str, token: str) -> None:
        self.url = url.rstrip("/")
        self.token = token

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        """(status, decoded JSON body). HTTP errors are answers too: their body says why."""
        request = urllib.request.Request(  # noqa: S310 (the URL is the user's own choice)
            self.url + path,
            method=method,
            data=json.dumps(body).encode() if body is not None else None,
            headers={
                "Authorization": f"Bearer {self.token}",
                "Accept": "application/json",
                "Content-Type": "application/json",
            },
        )
        waits = 0
        while True:
            try:
                with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310
                    return response.status, json.load(response)
            except urllib.error.HTTPError as error:
                if error.code != 429 or waits == MAX_WAITS:
                    return error.code, json.load(error)
                # Over the server's rate limit: nothing was done; wait as long as it says, then again.
                waits += 1
                time.sleep(int(error.headers.get("Retry-After") or 1))


def fill(spec: dict[str, Any], rng: random.Random, minimal: bool = False) -> str:
    """The notation of a spec: its prefix, then values for each param, space-separated."""
    words = [spec["prefix"]]
    for param in spec["params"]:
        values = [choice["value"] for choice in param["choices"]]
        if minimal or not param["multiple"]:
            count = param["min_count"] if param["multiple"] else 1
            chosen = values[:count] if minimal else rng.sample(values, count)
        else:
            chosen = rng.sample(values, rng.randint(param["min_count"], len(values)))
        words.extend(chosen)
    return " ".join(word for word in words if word)


def pick(
    kind: str, commands: list[dict[str, Any]], view: dict[str, Any] | None, rng: random.Random
) -> dict[str, Any]:
    """A spec by preference; ``view`` is the game as the last answer showed it."""
    by_action: dict[str, dict[str, Any]] = {}
    for spec in commands:
        by_action.setdefault(spec["action"], spec)
    turn = (view or {}).get("turn")
    completed = isinstance(turn, dict) and bool(turn.get("completed_this_turn"))
    for action in PREFERENCE.get(kind, []):
        if action == "stop" and not completed:
            continue  # nothing would be kept yet: roll on
        if action in by_action:
            return by_action[action]
    return rng.choice(commands)


def create_game(api: Api, kind: str, seats: int | None) -> int:
    status, game = api.call("POST", "/api/games/", {"kind": kind, "seat_count": seats or SEATS[kind]})
    if status != 201:
        sys.exit(f"could not create a game: {game['detail']}")
    if game["seat_count"] > 1:
        api.call("POST", f"/api/games/{game['id']}/bots/")
    status, game = api.call("POST", f"/api/games/{game['id']}/start/")
    if status != 200:
        sys.exit(f"could not start the game: {game['detail']}")
    print(f"Created and started game {game['id']} ({kind}) against bots.")
    return int(game["id"])


def play(api: Api, game_id: int, poll: float, rng: random.Random) -> dict[str, Any]:
    base = f"/api/games/{game_id}"
    status, game = api.call("GET", f"{base}/")
    if status != 200:
        sys.exit(f"cannot read game {game_id}: {game['detail']}")
    kind, view = game["kind"], game.get("view")
    moves = 0
    refused: set[tuple[int, str]] = set()  # (seq, prefix) of specs the server refused: try another
    while True:
        status, legal = api.call("GET", f"{base}/legal/")
        if status != 200:
            sys.exit(f"cannot read the legal commands: {legal['detail']}")
        if legal["status"] != "active":
            status, game = api.call("GET", f"{base}/")
            return dict(game)
        if not legal["commands"]:
            time.sleep(poll)  # someone else's turn
            continue
        fresh = [c for c in legal["commands"] if (legal["seq"], c["prefix"]) not in refused]
        spec = pick(kind, fresh or legal["commands"], view, rng)
        for attempt in range(2):
            # A random filling may ask too much (more dice than a requirement needs); the smallest
            # filling of a spec is always allowed.
            text = fill(spec, rng, minimal=attempt > 0)
            body = {"command": text, "expected_seq": legal["seq"]}
            status, answer = api.call("POST", f"{base}/commands/", body)
            if status != 400:
                break
            print(f"  refused {text!r}: {answer['detail']}")
        if status == 400:
            refused.add((legal["seq"], spec["prefix"]))
        if status == 201:
            moves += 1
            view = answer["view"]  # the game after this move and the other seats' replies
            print(f"{moves:4d}. {text:45s} -> seq {answer['seq']}")
        elif status == 409:
            print(f"  someone moved first (now at {answer['seq']}): reading again")
        elif status != 400:
            sys.exit(f"command refused ({status}): {answer['detail']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", default=os.environ.get("MOONWEB_URL", "http://127.0.0.1:8000"))
    parser.add_argument("--token", default=os.environ.get("MOONWEB_TOKEN"), help="or set MOONWEB_TOKEN")
    parser.add_argument("--game", type=int, help="play this game (you must have a seat)")
    parser.add_argument("--kind", choices=sorted(SEATS), default="moonrollers", help="the game to create")
    parser.add_argument(
        "--seats", type=int, help="seats of the game to create (Moonrakers: 1 is the solo game)"
    )
    parser.add_argument("--poll", type=float, default=10.0, help="seconds between looks while waiting")
    parser.add_argument("--seed", type=int, help="make the bot's choices repeatable")
    args = parser.parse_args()
    if not args.token:
        parser.error("a token is needed: --token or MOONWEB_TOKEN (make one at /api/tokens/)")
    api = Api(args.url, args.token)
    game_id = args.game or create_game(api, args.kind, args.seats)
    game = play(api, game_id, args.poll, random.Random(args.seed))
    outcome = game["outcome"] or {}
    names = {str(seat["position"]): seat["name"] for seat in game["seats"]}
    scores = ", ".join(f"{names[seat]} {score}" for seat, score in outcome.get("scores", {}).items())
    winners = " and ".join(names[str(seat)] for seat in outcome.get("winners", []))
    print(f"Game {game_id} is over. Scores: {scores}. Won by {winners}.")
    print(f"Seed (check every roll with it): {game['seed']}")


if __name__ == "__main__":
    main()
