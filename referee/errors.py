"""Errors the service raises, each knowing its HTTP status (served as problem+json)."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    status = 500
    title = "Internal error"

    def __init__(self, detail: str, **extra: Any):
        super().__init__(detail)
        self.detail = detail
        self.extra = extra

    def problem(self) -> dict[str, Any]:
        slug = self.title.lower().replace(" ", "-")
        return {"type": f"/problems/{slug}", "title": self.title, "status": self.status,
                "detail": self.detail, **self.extra}


class BadRequest(ServiceError):
    status, title = 400, "Bad request"


class Unauthorized(ServiceError):
    status, title = 401, "Unauthorized"


class Forbidden(ServiceError):
    status, title = 403, "Forbidden"


class NotFound(ServiceError):
    status, title = 404, "Not found"


class Conflict(ServiceError):
    status, title = 409, "Conflict"


class UnsupportedMediaType(ServiceError):
    status, title = 415, "Unsupported media type"


class Unprocessable(ServiceError):
    status, title = 422, "Illegal move"
