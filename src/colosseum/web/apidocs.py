"""The API's browsable docs (`colosseum serve --api-docs`): Swagger UI at /docs and ReDoc at
/redoc, from the assets packaged in `fastapi-offline`, so no third-party script runs on the
origin whose storage holds seat tokens, and each page loads only its own scripts (the
Content-Security-Policy allows no inline script)."""

from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS = Path(fastapi_offline.__file__).with_name("static")
PREFIX = "/api-docs"

_SWAGGER = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Colosseum API</title>
<link rel="stylesheet" href="{PREFIX}/swagger-ui.css"></head>
<body><div id="swagger-ui" data-spec="/openapi.json"></div>
<script src="{PREFIX}/swagger-ui-bundle.js"></script>
<script src="/static/api-docs.js"></script></body></html>
"""
_REDOC = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Colosseum API</title></head>
<body><redoc spec-url="/openapi.json"></redoc>
<script src="{PREFIX}/redoc.standalone.js"></script></body></html>
"""


def api_docs(app: FastAPI) -> None:
    """Serve /docs and /redoc on `app`."""
    app.mount(PREFIX, StaticFiles(directory=ASSETS), name="api-docs")

    @app.get("/docs", include_in_schema=False)
    def swagger() -> HTMLResponse:
        return HTMLResponse(_SWAGGER)

    @app.get("/redoc", include_in_schema=False)
    def redoc() -> HTMLResponse:
        return HTMLResponse(_REDOC)
