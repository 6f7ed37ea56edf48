"""The OpenAPI 3.1 description of the REST API (served at ``/api/openapi.json``).

Written by hand from docs/protocol.md rather than generated, so the schema
says exactly what the handlers accept; tests/server check that every route
of the app appears here.
"""

from __future__ import annotations

from typing import Any

from meeple.server.protocol import ERROR_STATUS


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json_body(schema: dict[str, Any], required: bool = True) -> dict[str, Any]:
    return {"required": required, "content": {"application/json": {"schema": schema}}}


def _responses(ok: dict[str, Any], ok_status: str = "200", *errors: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        ok_status: {"description": "OK", "content": {"application/json": {"schema": ok}}}
    }
    for status in errors:
        out[str(status)] = {
            "description": "error (see the code)",
            "content": {"application/json": {"schema": _ref("Error")}},
        }
    return out


REVIEW = {"type": "object", "properties": {"review": {"$ref": "#/components/schemas/ReviewStatus"}}}
MATCH_ID = {"name": "match_id", "in": "path", "required": True, "schema": {"type": "string"}}
MATCH_AND_SEAT = {
    "type": "object",
    "properties": {
        "match": _ref("Match"),
        "seat": {"type": "integer"},
        "token": {"type": "string"},
    },
    "required": ["match"],
}
CLUSTER_HEALTH = {
    "type": "object",
    "properties": {
        "node": {"type": "string"},
        "epoch": {"type": "integer"},
        "lease": {"type": "string", "enum": ["held", "lapsed"]},
        "alive": {"type": "array", "items": {"type": "string"}},
        "matches": {"type": "integer", "description": "matches this node holds in memory"},
    },
}
ONLY_MATCH = {"type": "object", "properties": {"match": _ref("Match")}, "required": ["match"]}

SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "properties": {
            "error": {
                "type": "object",
                "properties": {
                    "code": {"type": "string", "enum": sorted(ERROR_STATUS)},
                    "message": {"type": "string"},
                },
                "required": ["code", "message"],
            }
        },
        "required": ["error"],
    },
    "Game": {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "title": {"type": "string"},
            "title_zh": {"type": "string"},
            "min_players": {"type": "integer"},
            "max_players": {"type": "integer"},
            "player_counts": {"type": "array", "items": {"type": "integer"}},
            "players": {"type": "string"},
            "default_players": {"type": "integer"},
            "options": {"type": "array", "items": _ref("GameOption")},
            "content": {"type": "array", "items": _ref("ContentSet")},
            "bots": {"type": "array", "items": {"type": "string"}},
            "perfect_information": {"type": "boolean"},
            "house_bot": {"type": "string"},
            "has_chance": {"type": "boolean"},
        },
    },
    "Words": {
        "type": "object",
        "description": "the same words in each language",
        "properties": {"en": {"type": "string"}, "zh-TW": {"type": "string"}},
        "required": ["en", "zh-TW"],
    },
    "GameOption": {
        "type": "object",
        "description": "GameOption.to_json() and the game's words for it (its vocabulary)",
        "properties": {
            "name": {"type": "string"},
            "default": {},
            "help": {"type": "string"},
            "choices": {"type": "array"},
            "minimum": {"type": "number"},
            "maximum": {"type": "number"},
            "hidden": {"type": "boolean"},
            "words": {
                "type": "object",
                "properties": {
                    "name": _ref("Words"),
                    "help": _ref("Words"),
                    "choices": {"type": "object", "additionalProperties": _ref("Words")},
                },
            },
        },
        "required": ["name", "default", "words"],
    },
    "ContentSet": {
        "type": "object",
        "description": "the base game or an expansion or module, named in the game's words",
        "properties": {
            "name": {"type": "string"},
            "words": _ref("Words"),
            "help": {"type": "object"},
            "base": {"type": "boolean"},
            "requires": {"type": "array", "items": {"type": "string"}},
            "designed": {"type": "boolean"},
            "tables": {"type": "object", "additionalProperties": {"type": "integer"}},
        },
    },
    "Clock": {
        "type": "object",
        "description": "real time (seconds), or turn-based (pace 'turn': a named speed, or "
        "'custom' with a bank of 3600 to 2592000 seconds and an increment up to it; the bank "
        "never grows above its start). Required: initial, except for a named speed.",
        "properties": {
            "pace": {"type": "string", "enum": ["realtime", "turn"]},
            "speed": {"type": "string", "enum": ["quick", "daily", "relaxed", "custom"]},
            "initial": {"type": "number", "exclusiveMinimum": 0},
            "increment": {"type": "number", "minimum": 0},
            "policy": {
                "type": "string",
                "enum": ["bot", "forfeit", "choose"],
                "description": "choose: turn-based only (the default there)",
            },
            "bot": {"type": "string"},
            "cap": {"type": "number", "readOnly": True},
        },
    },
    "Seat": {
        "type": "object",
        "properties": {
            "seat": {"type": "integer"},
            "kind": {"type": "string", "enum": ["human", "bot"]},
            "name": {"type": "string"},
            "bot": {"type": ["string", "null"]},
            "taken": {"type": "boolean"},
            "connected": {"type": "boolean"},
            "hints": {"type": "integer", "description": "hints this seat asked for while playing"},
            "left": {
                "type": "array",
                "items": {"type": "string"},
                "description": "the players who held this seat and left it, in order",
            },
        },
    },
    "Result": {
        "type": ["object", "null"],
        "properties": {
            "scores": {"type": "array", "items": {"type": "number"}},
            "ranks": {"type": "array", "items": {"type": "integer"}},
            "winners": {"type": "array", "items": {"type": "integer"}},
            "forfeited": {"type": "array", "items": {"type": "integer"}},
            "reason": {"type": "string", "enum": ["finished", "timeout"]},
            "end": {
                "type": "object",
                "description": "why the game ended, in the game's words, by language; "
                "a seat named in it is written {seat:N} (N from 0) for the client to fill",
                "additionalProperties": {"type": "string"},
            },
            "rivals": {
                "type": "array",
                "description": "sides that hold no seat (a solo game's AI opponent), ranked "
                "with the seats: each one's name by language, score and rank",
                "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "object", "additionalProperties": {"type": "string"}},
                        "score": {"type": "number"},
                        "rank": {"type": "integer"},
                    },
                },
            },
            "seat_ranks": {
                "type": "array",
                "description": "with rivals: each seat's rank counted among them too",
                "items": {"type": "integer"},
            },
        },
    },
    "Match": {
        "type": "object",
        "properties": {
            "id": {"type": "string"},
            "game": {"type": "string"},
            "title": {"type": "string"},
            "title_zh": {"type": "string"},
            "players": {"type": "integer"},
            "options": {"type": "object"},
            "status": {"type": "string", "enum": ["open", "running", "finished", "expired"]},
            "seats": {"type": "array", "items": _ref("Seat")},
            "house_bot": {
                "type": "string",
                "description": "the bot spec that takes a seat over when its player leaves",
            },
            "clock": {"oneOf": [_ref("Clock"), {"type": "null"}]},
            "bot_delay": {"type": "number"},
            "moves": {"type": "integer"},
            "created_at": {"type": "number"},
            "finished_at": {"type": ["number", "null"]},
            "result": _ref("Result"),
            "rematch_of": {"type": ["string", "null"]},
            "rematch": {"type": ["string", "null"]},
            "rated": {"type": "boolean"},
            "chat": {
                "type": "string",
                "enum": ["all", "seats"],
                "description": "who writes to the chat: seats and logged-in spectators, "
                "or the seats only (spectators read it)",
            },
            "hints": {"type": "boolean", "description": "every seat agreed to hints at creation"},
            "hints_allowed": {
                "type": "boolean",
                "description": "a seat may ask for hints: agreed, or a solo match not rated",
            },
            "hints_used": {"type": "boolean", "description": "some seat asked for a hint"},
        },
    },
    "ChatMessage": {
        "type": "object",
        "properties": {
            "idx": {"type": "integer", "description": "the message's number in its match"},
            "at": {"type": "number"},
            "move": {"type": "integer", "description": "moves made when it was written"},
            "seat": {"type": ["integer", "null"], "description": "null: a spectator"},
            "name": {"type": "string"},
            "text": {"type": "string", "description": "plain text, never markup"},
            "mine": {"type": "boolean", "description": "written by the viewer's account"},
        },
        "required": ["idx", "at", "move", "seat", "name", "text"],
    },
    "CreateMatch": {
        "type": "object",
        "properties": {
            "game": {"type": "string"},
            "players": {"type": "integer"},
            "options": {"type": "object"},
            "seats": {
                "type": "array",
                "items": {"type": "string", "description": "'human' or a bot spec"},
            },
            "clock": {"oneOf": [_ref("Clock"), {"type": "null"}]},
            "bot_delay": {"type": "number", "minimum": 0, "maximum": 60},
            "join": {"type": "integer"},
            "name": {"type": "string"},
            "rated": {"type": "boolean"},
            "chat": {"type": "string", "enum": ["all", "seats"], "default": "all"},
            "hints": {
                "type": "boolean",
                "description": "offer hints to every seat (joining agrees); not with rated",
            },
        },
        "required": ["game"],
    },
    "ReviewStatus": {
        "type": "object",
        "description": "a match's review and its progress (docs/protocol.md, Reviews)",
        "properties": {
            "match_id": {"type": "string"},
            "status": {"type": "string", "enum": ["queued", "running", "done", "failed"]},
            "iters": {"type": "integer", "description": "search iterations per decision"},
            "done": {"type": "integer", "description": "steps of the match reviewed so far"},
            "total": {"type": "integer"},
            "requested_at": {"type": "number"},
            "finished_at": {"type": ["number", "null"]},
            "review": {
                "type": ["object", "null"],
                "description": "the review once done (format meeple-review/1, docs/review.md)",
            },
            "error": {"type": ["string", "null"]},
        },
    },
    "Record": {
        "type": "object",
        "description": "meeple.core.match.MatchRecord.to_json() (format meeple-match/1)",
    },
}


def openapi_schema() -> dict[str, Any]:
    """The schema as a JSON-compatible dict."""
    token_body = {
        "type": "object",
        "properties": {"token": {"type": "string"}, "bot": {"type": "string"}},
    }
    health = {
        "description": "this node's lease (503: lapsed, the proxy sends traffic elsewhere)",
        "content": {"application/json": {"schema": CLUSTER_HEALTH}},
    }
    paths: dict[str, Any] = {
        "/api/cluster/health": {
            "get": {
                "summary": "A cluster node's health check for the proxy (404: not a cluster node)",
                "responses": {"200": health, "503": health},
            }
        },
        "/api/games": {
            "get": {
                "summary": "Registered games with player counts, options and bot names",
                "responses": _responses(
                    {
                        "type": "object",
                        "properties": {"games": {"type": "array", "items": _ref("Game")}},
                    }
                ),
            }
        },
        **_account_paths(),
        **_chat_paths(),
        "/api/matches": {
            "get": {
                "summary": "List matches, newest first",
                "parameters": [
                    {
                        "name": "status",
                        "in": "query",
                        "schema": {
                            "type": "string",
                            "enum": ["open", "running", "finished", "expired"],
                        },
                    },
                    {"name": "limit", "in": "query", "schema": {"type": "integer", "maximum": 500}},
                ],
                "responses": _responses(
                    {
                        "type": "object",
                        "properties": {"matches": {"type": "array", "items": _ref("Match")}},
                    },
                    "200",
                    400,
                ),
            },
            "post": {
                "summary": "Create a match (optionally taking a seat)",
                "requestBody": _json_body(_ref("CreateMatch")),
                "responses": _responses(MATCH_AND_SEAT, "201", 400, 409),
            },
        },
        "/api/matches/{match_id}": {
            "get": {
                "summary": "One match's summary",
                "parameters": [MATCH_ID],
                "responses": _responses(ONLY_MATCH, "200", 404),
            }
        },
        "/api/matches/{match_id}/join": {
            "post": {
                "summary": "Take a seat; returns the seat's secret token",
                "parameters": [MATCH_ID],
                "requestBody": _json_body(
                    {
                        "type": "object",
                        "properties": {"seat": {"type": "integer"}, "name": {"type": "string"}},
                    },
                    required=False,
                ),
                "responses": _responses(MATCH_AND_SEAT, "200", 400, 404, 409),
            }
        },
        "/api/matches/{match_id}/leave": {
            "post": {
                "summary": "Give up a seat (to a bot, or reopened for another human)",
                "parameters": [MATCH_ID],
                "requestBody": _json_body(token_body),
                "responses": _responses(ONLY_MATCH, "200", 400, 403, 404, 409),
            }
        },
        "/api/matches/{match_id}/seats/{seat}/bot": {
            "post": {
                "summary": "Hand an open seat to a bot (any seated player of the match)",
                "parameters": [
                    MATCH_ID,
                    {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer"}},
                ],
                "requestBody": _json_body(token_body),
                "responses": _responses(ONLY_MATCH, "200", 400, 403, 404, 409),
            }
        },
        "/api/matches/{match_id}/seats/{seat}/late": {
            "post": {
                "summary": "A turn-based seat ran out of time: skip its turn (the house bot "
                "plays it) or hand it to the house bot for good (another seated player)",
                "parameters": [
                    MATCH_ID,
                    {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer"}},
                ],
                "requestBody": _json_body(
                    {
                        "type": "object",
                        "properties": {
                            "choice": {"type": "string", "enum": ["skip", "bot"]},
                            "token": {"type": "string"},
                        },
                        "required": ["choice"],
                    }
                ),
                "responses": _responses(ONLY_MATCH, "200", 400, 403, 404, 409),
            }
        },
        "/api/matches/{match_id}/rematch": {
            "post": {
                "summary": "Create (once) the rematch of a finished match; join the same seat",
                "parameters": [MATCH_ID],
                "requestBody": _json_body(
                    {
                        "type": "object",
                        "properties": {"token": {"type": "string"}, "name": {"type": "string"}},
                    },
                    required=False,
                ),
                "responses": {
                    **_responses(MATCH_AND_SEAT, "201", 403, 404, 409),
                    "200": {
                        "description": "the rematch already existed",
                        "content": {"application/json": {"schema": MATCH_AND_SEAT}},
                    },
                },
            }
        },
        "/api/matches/{match_id}/record": {
            "get": {
                "summary": "The MatchRecord of a finished match (seed included)",
                "parameters": [MATCH_ID],
                "responses": _responses(_ref("Record"), "200", 404, 409),
            }
        },
        "/api/matches/{match_id}/review": {
            "post": {
                "summary": "Ask for the review of a finished match (one per match; queued)",
                "parameters": [MATCH_ID],
                "requestBody": _json_body(
                    {
                        "type": "object",
                        "properties": {
                            "iters": {
                                "type": "integer",
                                "minimum": 1,
                                "description": "per decision; at most meeple serve --review-iters",
                            }
                        },
                        "additionalProperties": False,
                    },
                    required=False,
                ),
                "responses": {
                    **_responses(REVIEW, "202", 400, 404, 409, 503),
                    "200": {
                        "description": "the match already has a review (its progress or result)",
                        "content": {"application/json": {"schema": REVIEW}},
                    },
                },
            },
            "get": {
                "summary": "A match's review: its progress while it is made, then the review",
                "parameters": [MATCH_ID],
                "responses": _responses(REVIEW, "200", 404),
            },
        },
        "/api/matches/{match_id}/hint": {
            "post": {
                "summary": "The search's suggestion for the seat's current decision, from its "
                "own information (solo matches and matches that agreed to hints)",
                "parameters": [MATCH_ID],
                "requestBody": _json_body(token_body),
                "responses": _responses(
                    {
                        "type": "object",
                        "properties": {
                            "seat": {"type": "integer"},
                            "state_id": {"type": "string"},
                            "hint": {
                                "type": "object",
                                "properties": {
                                    "code": {"type": "integer"},
                                    "label": {
                                        "type": "object",
                                        "additionalProperties": {"type": "string"},
                                    },
                                    "chance": {"type": ["number", "null"]},
                                    "exact": {"type": "boolean"},
                                },
                            },
                        },
                    },
                    "200",
                    400,
                    403,
                    404,
                    409,
                ),
            }
        },
        "/api/matches/{match_id}/replay": {
            "get": {
                "summary": "Spectator views of every step of a finished match",
                "parameters": [MATCH_ID],
                "responses": _responses(
                    {
                        "type": "object",
                        "properties": {
                            "match": _ref("Match"),
                            "record": _ref("Record"),
                            "steps": {"type": "array", "items": {"type": "object"}},
                        },
                    },
                    "200",
                    404,
                    409,
                ),
            }
        },
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "meeple server",
            "version": "1",
            "description": "Lobby REST API. Live play is a WebSocket at /ws/match/{match_id}; "
            "see docs/protocol.md.",
        },
        "paths": paths,
        "components": {"schemas": SCHEMAS},
    }


ACCOUNT = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "name": {"type": "string"},
        "created_at": {"type": "number"},
    },
}
SESSION_OUT = {
    "type": "object",
    "properties": {"account": ACCOUNT, "csrf": {"type": "string"}},
    "description": "the session token itself travels only in the HttpOnly meeple_session "
    "cookie; csrf (also the meeple_csrf cookie) goes in the X-CSRF-Token header of every "
    "state-changing request made with the session",
}
NO_ACCOUNT = {"type": "object", "properties": {"account": {"type": "null"}}}
NOTICES = {
    "type": "object",
    "properties": {
        "available": {"type": "boolean", "description": "the server has an SMTP server"},
        "email": {"type": ["string", "null"]},
        "enabled": {"type": "boolean"},
        "interval": {"type": ["number", "null"], "description": "least seconds between two"},
    },
}
VACATION = {
    "type": "object",
    "properties": {
        "allowance": {"type": "integer", "description": "days off per calendar year"},
        "used": {"type": "integer"},
        "left": {"type": "integer"},
        "current": {
            "type": ["object", "null"],
            "properties": {"start": {"type": "number"}, "end": {"type": "number"}},
        },
        "now": {"type": "number"},
    },
}


def _account_paths() -> dict[str, Any]:
    """The account endpoints (meeple.server.account_routes)."""

    def body(*fields: str) -> dict[str, Any]:
        return _json_body(
            {
                "type": "object",
                "properties": {f: {"type": "string"} for f in fields},
                "required": list(fields),
            }
        )

    return {
        "/api/account": {
            "get": {
                "summary": "The account of this browser's session (401: none)",
                "responses": _responses(SESSION_OUT, "200", 401),
            }
        },
        "/api/account/register": {
            "post": {
                "summary": "Make an account and log in (name unique after NFKC and case folding)",
                "requestBody": body("name", "password"),
                "responses": _responses(SESSION_OUT, "201", 400, 403, 409),
            }
        },
        "/api/account/login": {
            "post": {
                "summary": "Log in: a new session (the old one revoked); 429 when throttled",
                "requestBody": body("name", "password"),
                "responses": _responses(SESSION_OUT, "200", 400, 401, 403, 429),
            }
        },
        "/api/account/logout": {
            "post": {
                "summary": "Log out: the session is revoked and its cookies cleared",
                "responses": _responses(NO_ACCOUNT, "200", 403),
            }
        },
        "/api/account/password": {
            "post": {
                "summary": "Change the password: every session revoked, a new one opened",
                "requestBody": body("password", "new_password"),
                "responses": _responses(SESSION_OUT, "200", 400, 401, 403),
            }
        },
        "/api/account/vacation": {
            "get": {
                "summary": "Days off: the yearly allowance, used, left, and the vacation now",
                "responses": _responses(VACATION, "200", 401),
            },
            "post": {
                "summary": "Start a vacation now for N whole days (pauses the account's "
                "clocks in turn-based matches; the other players see it)",
                "requestBody": _json_body(
                    {
                        "type": "object",
                        "properties": {"days": {"type": "integer", "minimum": 1}},
                        "required": ["days"],
                    }
                ),
                "responses": _responses(VACATION, "200", 400, 401, 403),
            },
        },
        "/api/account/vacation/end": {
            "post": {
                "summary": "End the vacation now (the whole days not taken go back)",
                "responses": _responses(VACATION, "200", 400, 401, 403),
            }
        },
        "/api/account/notices": {
            "get": {
                "summary": "Turn notices by e-mail: whether this server sends any, the "
                "address, and whether they are on",
                "responses": _responses(NOTICES, "200", 401),
            },
            "post": {
                "summary": "Set the address and turn the notices on or off",
                "requestBody": _json_body(
                    {
                        "type": "object",
                        "properties": {
                            "email": {"type": ["string", "null"], "maxLength": 254},
                            "enabled": {"type": "boolean"},
                        },
                    }
                ),
                "responses": _responses(NOTICES, "200", 400, 401, 403),
            },
        },
        "/api/notices/unsubscribe": {
            "post": {
                "summary": "Turn off the notices a mail's token belongs to (the token in "
                "the query string; no session needed; RFC 8058 one-click)",
                "parameters": [
                    {"name": "token", "in": "query", "required": True, "schema": {"type": "string"}}
                ],
                "responses": {
                    "200": {"description": "done (an HTML page, or unsubscribed: true as JSON)"},
                    "404": {"description": "an unknown or used token"},
                },
            }
        },
        "/api/account/matches": {
            "get": {
                "summary": "The account's matches: its turn first, then those being played, "
                "then the ended ones (newest first)",
                "responses": _responses(
                    {
                        "type": "object",
                        "properties": {
                            "matches": {
                                "type": "array",
                                "items": {
                                    "type": "object",
                                    "properties": {
                                        "match": _ref("Match"),
                                        "seat": {"type": "integer"},
                                        "my_turn": {"type": "boolean"},
                                    },
                                },
                            }
                        },
                    },
                    "200",
                    401,
                ),
            }
        },
        "/api/matches/{match_id}/claim": {
            "post": {
                "summary": "Make a guest's seat (its token) the logged-in account's",
                "parameters": [MATCH_ID],
                "requestBody": body("token"),
                "responses": _responses(
                    {
                        "type": "object",
                        "properties": {"match": _ref("Match"), "seat": {"type": "integer"}},
                    },
                    "200",
                    401,
                    403,
                    404,
                    409,
                ),
            }
        },
        "/api/leaderboard/{game}": {
            "get": {
                "summary": "A game's rated players (accounts and house bots), best first",
                "parameters": [
                    {"name": "game", "in": "path", "required": True, "schema": {"type": "string"}}
                ],
                "responses": _responses({"type": "object"}, "200", 400),
            }
        },
        "/api/players/{name}": {
            "get": {
                "summary": "An account's profile: ratings with their history, solo records, recent matches",
                "parameters": [
                    {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}
                ],
                "responses": _responses({"type": "object"}, "200", 404),
            }
        },
        "/api/account/delete": {
            "post": {
                "summary": "Delete the account (after its password) and its sessions",
                "requestBody": body("password"),
                "responses": _responses(NO_ACCOUNT, "200", 401, 403),
            }
        },
    }


MUTES = {
    "type": "object",
    "properties": {
        "mutes": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "target": {"type": "string"},
                    "name": {"type": "string"},
                    "at": {"type": "number"},
                },
            },
        }
    },
}


def _chat_paths() -> dict[str, Any]:
    """The chat endpoints (meeple.server.chat_routes); writing is a socket message."""
    idx = {"name": "idx", "in": "path", "required": True, "schema": {"type": "integer"}}
    page = {
        "type": "object",
        "properties": {
            "messages": {"type": "array", "items": _ref("ChatMessage")},
            "more": {"type": "boolean", "description": "messages lie beyond this page"},
        },
    }

    def query(name: str, what: str) -> dict[str, Any]:
        return {"name": name, "in": "query", "schema": {"type": "integer"}, "description": what}

    return {
        "/api/matches/{match_id}/chat": {
            "get": {
                "summary": "A page of the match's chat, oldest first (muted writers left out)",
                "parameters": [
                    MATCH_ID,
                    query("before", "the newest messages before this idx (default: the newest)"),
                    query("after", "the oldest messages after this idx"),
                    query("limit", "messages per page, 1-100 (default 50)"),
                ],
                "responses": _responses(page, "200", 400, 404),
            }
        },
        "/api/matches/{match_id}/chat/{idx}/mute": {
            "post": {
                "summary": "Mute the writer of this message (kept with the account)",
                "parameters": [MATCH_ID, idx],
                "responses": _responses(
                    {"type": "object", "properties": {"muted": {"type": "object"}}},
                    "200",
                    400,
                    401,
                    403,
                    404,
                ),
            }
        },
        "/api/matches/{match_id}/chat/{idx}/report": {
            "post": {
                "summary": "Report this message to whoever runs the server (an account, or a "
                "seat by its token)",
                "parameters": [MATCH_ID, idx],
                "requestBody": _json_body(
                    {
                        "type": "object",
                        "properties": {
                            "reason": {"type": "string", "maxLength": 300},
                            "token": {"type": "string"},
                        },
                    },
                    required=False,
                ),
                "responses": _responses(
                    {"type": "object", "properties": {"report": {"type": "object"}}},
                    "201",
                    400,
                    401,
                    403,
                    404,
                    429,
                ),
            }
        },
        "/api/account/mutes": {
            "get": {
                "summary": "The writers this account muted",
                "responses": _responses(MUTES, "200", 401),
            }
        },
        "/api/account/mutes/unmute": {
            "post": {
                "summary": "Unmute a writer (its target from the list)",
                "requestBody": _json_body(
                    {
                        "type": "object",
                        "properties": {"target": {"type": "string"}},
                        "required": ["target"],
                    }
                ),
                "responses": _responses(MUTES, "200", 400, 401, 403, 404),
            }
        },
    }
