"""Every refusal of the API has one shape, `{"detail": "<what is wrong>"}`, and the OpenAPI
description says so: FastAPI's own validation errors (a list of locations and messages) are
turned into one line a person can read, and the documented 422 schema is that line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse

REFUSAL_SCHEMA = {
    "title": "Refusal",
    "type": "object",
    "properties": {"detail": {"type": "string", "title": "What is wrong"}},
    "required": ["detail"],
}


def refusal_text(errors: Sequence[Any]) -> str:
    """FastAPI's validation errors in one line: `field.path: message; ...`."""
    parts = []
    for error in errors:
        where = [str(p) for p in error.get("loc", ()) if p not in ("body", "query", "path")]
        message = str(error.get("msg", "is not valid"))
        parts.append(f"{'.'.join(where)}: {message}" if where else message)
    return "; ".join(parts) or "the request is not valid"


def document_refusals(app: FastAPI) -> None:
    """Answer validation errors as one line, and describe them so in the OpenAPI schema."""

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": refusal_text(error.errors())}, status_code=422)

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(
                title=app.title,
                version=app.version,
                summary=app.summary,
                description=app.description,
                routes=app.routes,
            )
            schemas = schema.get("components", {}).get("schemas", {})
            if "HTTPValidationError" in schemas:
                schemas["HTTPValidationError"] = REFUSAL_SCHEMA
                schemas.pop("ValidationError", None)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
