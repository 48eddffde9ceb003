"""`chicago serve`: the live evening page for phones at the table, beside the command line and calling the
same functions (recording, tally, store). The web stack (Starlette, Jinja2, uvicorn, segno) is imported only
inside `rotation.web.app` and `rotation.web.serve`, which only `chicago serve` loads."""
