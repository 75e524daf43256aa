"""The board: a browser front end served at /, plain static files that call
only the public API (the same one any other front end uses). A wing adds to
it as it is installed (web.wings: an app's own): its pages and parts of the
page, their links, styles and modules, served from the wing's own folder,
and the names and words they read."""

from flask import Blueprint, Response, abort, current_app, send_from_directory

from buttonup.web.wings import DEFAULT_LANGUAGE, STATIC, WORDS, WingBoard, WingBoards

__all__ = ["DEFAULT_LANGUAGE", "STATIC", "WORDS", "WingBoard", "WingBoards", "blp"]

# Everything the page loads comes from this service: no CDN, works offline.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)

blp = Blueprint("web", __name__, static_folder=STATIC, static_url_path="/board")


def wing_boards() -> WingBoards:
    """This app's (app.py keeps them in its extensions)."""
    return current_app.extensions.setdefault("buttonup.boards", WingBoards())


def _script(text: str) -> Response:
    return Response(text, mimetype="text/javascript")


@blp.get("/")
def index() -> Response:
    response = Response(wing_boards().page(), mimetype="text/html")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    return response


@blp.get("/board/pages.js")
def pages() -> Response:
    return _script(wing_boards().pages_module())


@blp.get("/board/vocabulary.js")
def vocabulary() -> Response:
    return _script(wing_boards().vocabulary_module())


@blp.get("/board/words.js")
def words() -> Response:
    return _script(wing_boards().words_module())


@blp.get("/board/wings/<wing>/<name>")
def wing_file(wing: str, name: str) -> Response:
    """A file of an installed wing's board (send_from_directory keeps it inside)."""
    board = wing_boards().boards.get(wing)
    if board is None:
        abort(404)
    return send_from_directory(board.folder, name, max_age=0)
