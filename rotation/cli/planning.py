"""`chicago plan`, `check` and `score`: seat an evening, judge a schedule, score one deal."""

from __future__ import annotations

import json
import secrets
import shlex
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from rotation.cli.app import app
from rotation.cli.choices import (
    VULNERABILITY_HELP,
    Method,
    Order,
    PartscorePremium,
    Rounding,
    ScoringMethod,
    Unit,
)
from rotation.cli.common import (
    db_path,
    fail,
    note_matched_names,
    open_store,
    parse_cycle,
    parse_day,
    read_json,
    rich_console,
)

if TYPE_CHECKING:
    from rotation.plan import Kept


@app.command("plan")
def plan_command(
    names: Annotated[
        list[str],
        typer.Argument(help="The players' names (at least four).", show_default=False),
    ],
    order: Annotated[
        Order,
        typer.Option(help="'cut': draw cards for the score-sheet order; 'given': names are already ranked."),
    ] = Order.CUT,
    seed: Annotated[
        int | None, typer.Option(min=0, max=10**9, metavar="N", help="Make the drawn cut reproducible.")
    ] = None,
    rounds: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=100,
            metavar="R",
            help="Rounds to play (default: every partnership once, or the bulletin's chart; at most 8 unless"
            " asked).",
        ),
    ] = None,
    method: Annotated[
        Method, typer.Option(help="How to seat: the bulletin's movements or the balanced planner.")
    ] = (Method.AUTO),
    away: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME:ROUNDS",
            help="NAME:ROUNDS a player is absent, e.g. Shirley:1-2 (arrives for round 3), Bob:6-.",
        ),
    ] = None,
    tables: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=50,
            metavar="T",
            help="Tables in play each round (default: as many as the players fill).",
        ),
    ] = None,
    avoid: Annotated[
        list[str] | None,
        typer.Option(metavar="A+B", help="A+B: two players who must never partner; repeatable."),
    ] = None,
    keep: Annotated[
        str | None,
        typer.Option(
            metavar="SOURCE[:K]",
            help="Keep the first K rounds already played of a schedule or session file, or of a saved "
            "evening (K: its rounds fully recorded), and replan the rest for the players named now, "
            "changing as little as possible. With --save onto the same evening its plan is replaced "
            "and every result kept.",
        ),
    ] = None,
    time_limit: Annotated[
        float,
        typer.Option(
            min=0.1,
            max=3600,
            metavar="SECONDS",
            help="At most this many seconds for the balanced planner. Its search is counted in steps, so the"
            " same request gives the same plan on any machine; if this cap cuts it short, it says so.",
        ),
    ] = 600.0,
    vulnerability: Annotated[str, typer.Option(metavar="CYCLE", help=VULNERABILITY_HELP)] = "dealer",
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the chicago-schedule/1 JSON instead.")
    ] = False,
    verbose: Annotated[
        bool,
        typer.Option(
            "--verbose",
            help="Also name the movement's construction and every planner rule against its proven bound.",
        ),
    ] = False,
    save: Annotated[
        str | None,
        typer.Option(
            "--save",
            metavar="NAME",
            help="Save the evening in the session database as NAME; record with `chicago record NAME`.",
        ),
    ] = None,
    played_on: Annotated[
        str | None,
        typer.Option("--date", metavar="YYYY-MM-DD", help="The evening's date for --save (default: today)."),
    ] = None,
    scoring: Annotated[
        ScoringMethod | None,
        typer.Option(
            "--scoring",
            metavar="METHOD",
            help="How rubbers score: chicago (default), duplicate (each deal alone) or russian (IMPs).",
        ),
    ] = None,
    premium: Annotated[
        PartscorePremium | None,
        typer.Option(
            help="Chicago's 100 for a part score: on the last deal (deal4) or outstanding at the end."
        ),
    ] = None,
    unit: Annotated[
        Unit | None,
        typer.Option(help="Tally in hundreds (default; +1030 is +10) or points."),
    ] = None,
    rounding: Annotated[
        Rounding | None,
        typer.Option(
            help="An exact 50 in hundreds: half-up (default, away from zero), half-down, half-even."
        ),
    ] = None,
) -> None:
    """Plan the seating of every round: partners, seats, first dealer, sit-outs, each deal's vulnerability."""
    cycle = parse_cycle(vulnerability)
    chosen = {"method": scoring, "partscore_premium": premium, "unit": unit, "rounding": rounding}
    given = {key: value.value for key, value in chosen.items() if value is not None}
    if given and save is None and not as_json:
        fail("--scoring, --premium, --unit and --rounding are kept with --save (or written by --json)")
    if played_on is not None and save is None:
        fail("--date is the date kept with --save")
    if scoring is ScoringMethod.RUSSIAN and (unit is not None or rounding is not None):
        fail("Russian scoring tallies in IMPs: --unit and --rounding do not apply to it")
    day = parse_day(played_on, "--date")
    from rotation import plan as planner
    from scoring.rules import ScoringRules

    rules = ScoringRules.from_mapping({"vulnerability": vulnerability, **given})
    if seed is None and order is Order.CUT:
        seed = secrets.randbelow(1_000_000)
    kept, kept_evening = _kept(keep) if keep else (None, None)
    try:
        request = planner.PlanRequest(
            tuple(names),
            order,
            seed or 0,
            rounds,
            planner.Method(method.value),
            away=tuple(planner.parse_away(text) for text in away or ()),
            tables=tables,
            avoid=tuple(planner.parse_avoid(text) for text in avoid or ()),
            keep=kept,
            time_limit=time_limit,
        )
        with _progress(err=as_json) as on_progress:
            result = planner.plan(request, on_progress)
    except planner.PlanError as error:
        fail(str(error))
    schedule = result.schedule
    saved = None
    replanned = False
    if save is not None:
        from rotation.names import name_key
        from rotation.results.session import Session

        with open_store() as store:
            if kept is not None and kept_evening is not None and name_key(kept_evening) == name_key(save):
                new, rounds = schedule, kept.rounds
                saved = store.replan(kept_evening, lambda _: (new, rounds))
                replanned = True
            else:
                saved = store.save(save, day, Session(schedule, rules))
        note_matched_names(schedule.players, saved.session.schedule.players, err=as_json)
        schedule = saved.session.schedule
    if as_json:
        from rotation.io.formats import schedule_to_data

        data = schedule_to_data(schedule, cycle)
        if given:
            data["scoring"] = rules.to_mapping()
        if (said := planner.planner_data(result)) is not None:
            data["planner"] = said
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    from rotation.balance import check
    from rotation.render.terminal import (
        DEALS_LEGEND,
        balance_summary,
        seating_table,
        solve_details,
        solve_summary,
    )

    console = rich_console()
    n, r = len(schedule.players), len(schedule.rounds)
    from rich.text import Text

    heading = Text(f"Chicago for {n} players, {r} rounds", style="bold")
    console.print(heading + f" ({result.method})")
    if verbose and result.schedule.movement.name:
        console.print(f"Movement: {result.schedule.movement.name}")
    if result.cards:
        from scoring.contract import Strain

        drawn = ", ".join(f"{name} {card[0]}{Strain.parse(card[1]).symbol}" for name, card in result.cards)
        console.print(f"Cut (--seed {seed} draws it again): {drawn}")
    console.print("Score sheet: " + ", ".join(f"{p}. {name}" for p, name in enumerate(schedule.players, 1)))
    for note in result.notes:
        console.print(f"Note: {note}")
    console.print(seating_table(schedule, cycle, width=console.width))
    console.print(f"* deals the round's first deal. {DEALS_LEGEND}; {cycle.describe()}.")
    console.print(balance_summary(check(schedule.movement, avoid=result.avoid)))
    if result.solved is not None:
        console.print(solve_summary(result.solved))
        if verbose:
            console.print(solve_details(result.solved))
    if saved is not None:
        typer.echo(f"Scoring: {rules.describe()}.")
        if replanned:
            typer.echo(
                f"Replanned {saved.name!r}: the first {kept.rounds if kept else 0} rounds and every"
                " result kept, the rest planned for the players named."
            )
        typer.echo(
            f"Saved as {saved.name!r} ({saved.played_on.isoformat()}) in {db_path()}:"
            f" record each rubber with `chicago record {shlex.quote(saved.name)} --round R ...`."
        )


def _kept(text: str) -> tuple[Kept, str | None]:
    """``SOURCE[:K]`` for --keep: the schedule played so far and how many of its rounds to keep, and the
    saved evening's name when SOURCE is one (an existing file wins)."""
    from rotation.io.formats import FormatError, schedule_from_data
    from rotation.plan import Kept

    source, colon, count = text.rpartition(":")
    if not colon or not count.strip().isdigit():
        source, count = text, ""
    if len(count.strip()) > 6:
        fail(f"cannot read --keep {text!r}: write FILE:K or EVENING[:K], e.g. tonight.json:3")
    path = Path(source)
    if path.is_file() or source.endswith(".json") or not source.strip():
        if not path.is_file():
            fail(
                f"cannot read --keep {text!r}: there is no file {source!r} (nor a saved evening of that name)"
            )
        if not count:
            fail(f"cannot read --keep {text!r}: say how many rounds of the file were played, e.g. {source}:3")
        try:
            schedule = schedule_from_data(read_json(path))
        except FormatError as error:
            fail(f"{source}: {error}")
        return Kept(schedule, int(count)), None
    with open_store(create=False) as store:
        stored = store.load(source)
    played = stored.session.rounds_played()
    return Kept(stored.session.schedule, int(count) if count else played), stored.name


@contextmanager
def _progress(*, err: bool = False) -> Iterator[Any]:
    """A progress line for a solve that takes more than a second (only on a terminal)."""
    from rich.console import Console

    console = Console(stderr=True, highlight=False)
    if not console.is_terminal:
        yield None
        return
    with console.status("Planning...") as status:

        def show(progress: Any) -> None:
            if progress.elapsed < 1:
                return
            best = "" if progress.value is None else f" {progress.value}"
            bound = "" if progress.bound is None else f" (best possible {progress.bound})"
            status.update(
                f"Planning: {progress.stage}, {progress.term}{best}{bound}, {progress.elapsed:.0f} s"
            )

        yield show


@app.command("check")
def check_command(
    file: Annotated[
        Path, typer.Argument(help="A chicago-schedule/1 JSON file (from `chicago plan --json`).")
    ],
) -> None:
    """Report how balanced a schedule is: partners, opponents, sit-outs, first deals and seat moves, and
    how even the evening would be if it stopped after each round."""
    from rotation.balance import check, prefix_checks
    from rotation.io.formats import FormatError, schedule_from_data
    from rotation.render.terminal import balance_report, prefix_table

    try:
        schedule = schedule_from_data(read_json(file))
    except FormatError as error:
        fail(f"{file}: {error}")
    console = rich_console()
    console.print(balance_report(check(schedule.movement), schedule))
    console.print(prefix_table(list(prefix_checks(schedule.movement))))  # one pass: linear in the rounds


@app.command("score")
def score_command(
    result: Annotated[str, typer.Argument(help="A contract and result, e.g. 4H=, 3NTX-2, '6S W +1'.")],
    vul: Annotated[bool, typer.Option("--vul/--nonvul", help="Is the declarer's side vulnerable?")] = False,
) -> None:
    """Print the declarer's duplicate score (Law 77): `chicago score 4H= --vul` prints 620."""
    from scoring.contract import InvalidResultError
    from scoring.duplicate import duplicate_score

    try:
        typer.echo(duplicate_score(result, vulnerable=vul))
    except InvalidResultError as error:
        fail(str(error))
