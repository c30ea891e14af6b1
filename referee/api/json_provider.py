"""Flask's JSON answers encoded by orjson: a move's answer (view, prompts with their choices,
narrated events) is the largest thing most requests send, and orjson encodes it several times
faster than the standard library. Anything orjson refuses (an integer past 64 bits) falls back
to Flask's own encoder, so no document that encoded before fails now."""

from __future__ import annotations

from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider

_OPTIONS = orjson.OPT_NON_STR_KEYS


class OrjsonProvider(DefaultJSONProvider):
    sort_keys = False  # the service builds its documents in a deliberate order

    def _encode(self, obj: Any) -> bytes | None:
        try:
            return orjson.dumps(obj, default=self.default, option=_OPTIONS)
        except TypeError:  # orjson.JSONEncodeError: e.g. an int past 64 bits
            return None

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        encoded = None if kwargs else self._encode(obj)
        return encoded.decode() if encoded is not None else super().dumps(obj, **kwargs)

    def response(self, *args: Any, **kwargs: Any):
        obj = self._prepare_response_obj(args, kwargs)
        encoded = self._encode(obj)
        if encoded is None:
            return super().response(obj)
        return self._app.response_class(encoded + b"\n", mimetype=self.mimetype)
