"""The board: a browser front end served at /, plain static files that call
only the public API (the same one any other front end uses)."""

from pathlib import Path

from flask import Blueprint, Response, send_from_directory

STATIC = Path(__file__).with_name("static")

# Everything the page loads comes from this service: no CDN, works offline.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)

blp = Blueprint("web", __name__, static_folder=STATIC, static_url_path="/board")


@blp.get("/")
def index() -> Response:
    response = send_from_directory(STATIC, "index.html", max_age=0)
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    return response
