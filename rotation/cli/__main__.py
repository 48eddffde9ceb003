"""`python -m rotation.cli`: the same as the `chicago` command."""

from rotation.cli import app

app(prog_name="chicago")
