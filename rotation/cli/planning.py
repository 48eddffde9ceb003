"""`chicago plan`, `check` and `score`: seat an evening, judge a schedule, score one deal."""

from __future__ import annotations

import json
import secrets
import shlex
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

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
    counted,
    db_path,
    fail,
    is_file_source,
    load_session,
    note_matched_names,
    open_store,
    parse_cycle,
    parse_day,
    read_json,
    rich_console,
)
from rotation.names import name_key
from rotation.request import HISTORY_DAYS
from scoring.methods import find_method

_NamesOption = Annotated[
    list[str],
    typer.Argument(help="The players' names (at least four).", show_default=False),
]
_OrderOption = Annotated[
    Order,
    typer.Option(help="'cut': draw cards for the score-sheet order; 'given': names are already ranked."),
]
_SeedOption = Annotated[
    int | None, typer.Option(min=0, max=10**9, metavar="N", help="Make the drawn cut reproducible.")
]
_RoundsOption = Annotated[
    int | None,
    typer.Option(
        min=1,
        max=100,
        metavar="R",
        help="Rounds to play (default: every partnership once, or the bulletin's chart; at most 8 unless"
        " asked).",
    ),
]
_MethodOption = Annotated[
    Method, typer.Option(help="How to seat: the bulletin's movements or the balanced planner.")
]
_AwayOption = Annotated[
    list[str] | None,
    typer.Option(
        metavar="NAME:ROUNDS",
        help="NAME:ROUNDS a player is absent, e.g. Shirley:1-2 (arrives for round 3), Bob:6-.",
    ),
]
_TablesOption = Annotated[
    int | None,
    typer.Option(
        min=1,
        max=50,
        metavar="T",
        help="Tables in play each round (default: as many as the players fill).",
    ),
]
_AvoidOption = Annotated[
    list[str] | None,
    typer.Option(metavar="A+B", help="A+B: two players who must never partner; repeatable."),
]
_NewOption = Annotated[
    list[str] | None,
    typer.Option(
        "--new",
        metavar="NAME",
        help="NAME is a new player, not a typo of a known one (a name a letter or two off a player the"
        " database knows is refused without it); repeatable.",
        show_default=False,
    ),
]
_GoneOption = Annotated[
    list[str] | None,
    typer.Option(
        "--gone",
        metavar="NAME",
        help="With --keep: NAME went home (every player of the kept plan must be named or gone); repeatable.",
        show_default=False,
    ),
]
_KeepOption = Annotated[
    str | None,
    typer.Option(
        metavar="SOURCE[:K]",
        help="Keep the first K rounds already played of a schedule or session file, or of a saved "
        "evening (K: its rounds fully recorded), and replan the rest for the players named now, "
        "changing as little as possible. With --save onto the same evening its plan is replaced "
        "and every result kept.",
    ),
]
_TimeLimitOption = Annotated[
    float,
    typer.Option(
        min=0.1,
        max=3600,
        metavar="SECONDS",
        help="At most this many seconds for the balanced planner. Its search is counted in steps, so the"
        " same request gives the same plan on any machine; if this cap cuts it short, it says so.",
    ),
]
_VulnerabilityOption = Annotated[str, typer.Option(metavar="CYCLE", help=VULNERABILITY_HELP)]
_AsJsonOption = Annotated[bool, typer.Option("--json", help="Print the chicago-schedule/1 JSON instead.")]
_VerboseOption = Annotated[
    bool,
    typer.Option(
        "--verbose",
        help="Also name the movement's construction and every planner rule against its proven bound.",
    ),
]
_SaveOption = Annotated[
    str | None,
    typer.Option(
        "--save",
        metavar="NAME",
        help="Save the evening in the session database as NAME; record with `chicago record NAME`.",
    ),
]
_PlayedOnOption = Annotated[
    str | None,
    typer.Option(
        "--date",
        metavar="YYYY-MM-DD",
        help="The evening's date (default: today): kept with --save, and where the season's history ends.",
    ),
]
_HistoryOption = Annotated[
    int,
    typer.Option(
        "--history",
        min=0,
        max=36500,
        metavar="DAYS",
        help="Take into account the evenings saved in the database within DAYS before --date: after the"
        " evening's own rules, pairs who partnered least partner first, then table-mates (0: the evening"
        " alone).",
    ),
]
_ScoringOption = Annotated[
    ScoringMethod | None,
    typer.Option(
        "--scoring",
        metavar="METHOD",
        help="How rubbers score: chicago (default), duplicate (each deal alone) or russian (IMPs).",
    ),
]
_PremiumOption = Annotated[
    PartscorePremium | None,
    typer.Option(help="Chicago's 100 for a part score: on the last deal (deal4) or outstanding at the end."),
]
_UnitOption = Annotated[
    Unit | None,
    typer.Option(help="Tally in hundreds (default; +1030 is +10) or points."),
]
_RoundingOption = Annotated[
    Rounding | None,
    typer.Option(help="An exact 50 in hundreds: half-up (default, away from zero), half-down, half-even."),
]


@app.command("plan")
def plan_command(
    names: _NamesOption,
    order: _OrderOption = Order.CUT,
    seed: _SeedOption = None,
    rounds: _RoundsOption = None,
    method: _MethodOption = Method.AUTO,
    away: _AwayOption = None,
    tables: _TablesOption = None,
    avoid: _AvoidOption = None,
    keep: _KeepOption = None,
    new: _NewOption = None,
    gone: _GoneOption = None,
    time_limit: _TimeLimitOption = 600.0,
    vulnerability: _VulnerabilityOption = "dealer",
    as_json: _AsJsonOption = False,
    verbose: _VerboseOption = False,
    save: _SaveOption = None,
    played_on: _PlayedOnOption = None,
    history: _HistoryOption = HISTORY_DAYS,
    scoring: _ScoringOption = None,
    premium: _PremiumOption = None,
    unit: _UnitOption = None,
    rounding: _RoundingOption = None,
) -> None:
    """Plan the seating of every round: partners, seats, first dealer, sit-outs, each deal's vulnerability."""
    from rotation.cli.words import plan_message
    from rotation.services import evenings
    from rotation.services.errors import ForgottenPlayersError, NearMissError, PlanError

    cycle = parse_cycle(vulnerability)
    chosen = {"method": scoring, "partscore_premium": premium, "unit": unit, "rounding": rounding}
    given = {key: value.value for key, value in chosen.items() if value is not None}
    if given and save is None and not as_json:
        fail("--scoring, --premium, --unit and --rounding are kept with --save (or written by --json)")
    if scoring is not None and find_method(scoring).in_imps and (unit is not None or rounding is not None):
        fail("Russian scoring tallies in IMPs: --unit and --rounding do not apply to it")
    day = parse_day(played_on, "--date")
    from scoring.rules import ScoringRules

    rules = ScoringRules.from_mapping({"vulnerability": vulnerability, **given})
    if seed is None and order is Order.CUT and keep is None:
        seed = secrets.randbelow(1_000_000)
    kept = _kept(keep) if keep else None
    try:
        request = evenings.PlanRequest(
            tuple(names),
            order,
            seed or 0,
            rounds,
            method,
            away=tuple(evenings.parse_away(text) for text in away or ()),
            tables=tables,
            avoid=tuple(evenings.parse_avoid(text) for text in avoid or ()),
            keep=kept.kept if kept else None,
            time_limit=time_limit,
        )
        replacing = (
            kept.name if kept and kept.name and save and name_key(kept.name) == name_key(save) else None
        )
        database = save is not None or (kept is not None and bool(kept.name))
        season = history > 0 and kept is None and db_path().exists()  # a preview reads the season too
        with _store_for(database, season) as store, _progress(err=as_json) as on_progress:
            planned = evenings.plan_evening(
                request,
                store=store,
                save=evenings.SaveAs(save, day, rules) if save is not None else None,
                replacing=replacing,
                new=new or (),
                gone=gone or (),
                on_progress=on_progress,
                history_days=history,
                played_on=day,
            )
    except (PlanError, ForgottenPlayersError, NearMissError) as error:
        fail(plan_message(error))
    for typed, known in planned.known_as:
        typer.echo(f"Note: {typed!r} is the known player {known!r} (see `chicago rename`).", err=as_json)
    if planned.saved is not None:
        note_matched_names(planned.plan.schedule.players, planned.saved.session.schedule.players, err=as_json)
    if as_json:
        _print_json(planned, cycle, rules if given else None)
        return
    _print_plan(planned, seed, cycle, verbose=verbose)


@contextmanager
def _store_for(database: bool, season: bool = False) -> Iterator[Any]:
    """The session database when the plan is saved or keeps a saved evening, or (``season``) when one
    exists to read the season's history from (never made for that), else nothing."""
    if not database and not season:
        yield None
        return
    with open_store(create=database) as store:
        yield store


def _print_json(planned: Any, cycle: Any, rules: Any) -> None:
    """The chicago-schedule/1 JSON of the plan (as saved), with its scoring when any was chosen."""
    from rotation.io.formats import schedule_to_data
    from rotation.services.evenings import planner_data

    schedule = planned.saved.session.schedule if planned.saved is not None else planned.plan.schedule
    data = schedule_to_data(schedule, cycle)
    if rules is not None:
        data["scoring"] = rules.to_mapping()
    if (said := planner_data(planned.plan)) is not None:
        data["planner"] = said
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _print_plan(planned: Any, seed: int | None, cycle: Any, *, verbose: bool) -> None:
    """The plan as a host reads it: the cut, the score sheet, the seating, its balance, what was saved."""
    from rich.text import Text

    from rotation.balance import check
    from rotation.cli.words import plan_note
    from rotation.render.terminal import (
        DEALS_LEGEND,
        balance_summary,
        seating_table,
        solve_details,
        solve_summary,
    )

    result, saved = planned.plan, planned.saved
    schedule = saved.session.schedule if saved is not None else result.schedule
    console = rich_console()
    n, r = len(schedule.players), len(schedule.rounds)
    heading = Text(f"Chicago for {counted(n, 'player')}, {counted(r, 'round')}", style="bold")
    console.print(heading + f" ({result.method})")
    if verbose and result.schedule.movement.name:
        console.print(f"Movement: {result.schedule.movement.name}")
    if result.cut:
        from scoring.contract import Strain

        drawn = ", ".join(f"{name} {card[0]}{Strain.parse(card[1]).symbol}" for name, card in result.cut)
        console.print(f"Cut (--seed {seed} draws it again): {drawn}")
    console.print("Score sheet: " + ", ".join(f"{p}. {name}" for p, name in enumerate(schedule.players, 1)))
    for note in result.notes:
        console.print(f"Note: {plan_note(note)}")
    console.print(seating_table(schedule, cycle, width=console.width))
    console.print(f"* deals the round's first deal. {DEALS_LEGEND}; {cycle.describe()}.")
    console.print(balance_summary(check(schedule.movement, avoid=result.avoid)))
    if result.solved is not None:
        console.print(solve_summary(result.solved))
        if verbose:
            console.print(solve_details(result.solved))
    if saved is not None:  # as Text, so the lines fold at the width (80 columns in a pipe)
        console.print(Text(f"Scoring: {saved.session.rules.describe()}."))
        if planned.replaced:
            console.print(
                Text(
                    f"Replanned {saved.name!r}: the first {counted(planned.kept, 'round')}"
                    " and every result kept, the rest planned for the players named."
                )
            )
        console.print(
            Text(
                f"Saved as {saved.name!r} ({saved.played_on.isoformat()}) in {db_path()}:"
                f" record each rubber with `chicago record {shlex.quote(saved.name)} --round R ...`."
            )
        )


def _kept(text: str) -> Any:
    """``SOURCE[:K]`` for --keep: the schedule played so far and how many of its rounds to keep, and the
    saved evening's name when SOURCE is one (an existing file wins)."""
    from rotation.io.formats import FormatError, schedule_from_data
    from rotation.services import evenings

    source, colon, count = text.rpartition(":")
    if not colon or not count.strip().isdigit():
        source, count = text, ""
    if len(count.strip()) > 6:
        fail(f"cannot read --keep {text!r}: write FILE:K or EVENING[:K], e.g. tonight.json:3")
    from rotation.cli.inputs import is_file, refuse_non_file

    path = Path(source)
    refuse_non_file(path, "--keep")  # a FIFO or a device is no schedule, and opening one may block
    if is_file(path) or source.endswith(".json") or not source.strip():
        if not is_file(path):
            fail(
                f"cannot read --keep {text!r}: there is no file {source!r} (nor a saved evening of that name)"
            )
        if not count:
            fail(f"cannot read --keep {text!r}: say how many rounds of the file were played, e.g. {source}:3")
        try:
            schedule = schedule_from_data(read_json(path))
        except FormatError as error:
            fail(f"{source}: {error}")
        return evenings.KeptEvening(evenings.Kept(schedule, int(count)), "")
    with open_store(create=False) as store:
        return evenings.kept_from_evening(store, source, int(count) if count else None)


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
    source: Annotated[
        str | None,
        typer.Argument(
            metavar="NAME|FILE",
            help="A saved evening, or a chicago-schedule/1 or session file (from `chicago plan --json`).",
            show_default=False,
        ),
    ] = None,
    season: Annotated[
        bool,
        typer.Option(
            "--season",
            help="Instead: how often each pair partnered and shared a table over the saved evenings.",
        ),
    ] = False,
    since: Annotated[
        str | None, typer.Option(metavar="YYYY-MM-DD", help="With --season: from this date.")
    ] = None,
    until: Annotated[
        str | None, typer.Option(metavar="YYYY-MM-DD", help="With --season: to this date.")
    ] = None,
) -> None:
    """Report a schedule's balance (partners, opponents, sit-outs, first deals, seat moves) and how even
    the evening is if it stops after each round; with --season, the season's partners and table-mates."""
    from rotation.balance import check, stops
    from rotation.io.formats import FormatError, schedule_from_data
    from rotation.render.terminal import balance_report, prefix_table

    if season or since is not None or until is not None:
        if source is not None:
            fail("--season reports the saved evenings: name no evening or file with it")
        _season_pairs(since, until)
        return
    if source is None:
        fail("name a saved evening or a schedule file to check, or ask for --season")
    if is_file_source(source):  # a schedule need not be a session: read it as one
        try:
            schedule = schedule_from_data(read_json(Path(source)))
        except FormatError as error:
            fail(f"{source}: {error}")
    else:
        schedule = load_session(source).schedule
    console = rich_console()
    console.print(balance_report(check(schedule.movement), schedule, width=console.width))
    console.print(prefix_table(stops(schedule.movement)))  # one pass, no copy of the pairs' counts a round


SEASON_PAIRS_LISTED = 10
"""`check --season` names the pairs who partnered (and who shared a table) most, this many at most."""


def _season_pairs(since_text: str | None, until_text: str | None) -> None:
    """`check --season`: over the evenings saved from --since to --until, how many pairs partnered and
    shared a table 0, 1, 2... times, and the pairs who did most often."""
    from rotation.services import season as seasons

    since = parse_day(since_text, "--since") if since_text is not None else None
    until = parse_day(until_text, "--until") if until_text is not None else None
    try:  # the period's rule is the season's service's, as for `chicago rank` and the season page
        if db_path().exists():
            with open_store(create=False) as store:
                history = seasons.pairs(store, since=since, until=until)
        else:
            history = seasons.pairs(None, since=since, until=until)
    except seasons.RankAskedError as error:
        fail(str(error))
    names = history.spelling()
    players = sorted(names)
    every = [(a, b) for i, a in enumerate(players) for b in players[i + 1 :]]
    if not history.evenings:
        typer.echo("Season: no evenings saved in that period.")
        return
    first, last = history.evenings[0].played_on, history.evenings[-1].played_on
    typer.echo(
        f"Season: {counted(len(history), 'evening')} ({first.isoformat()} to {last.isoformat()}),"
        f" {counted(len(players), 'player')}, {counted(len(every), 'pair')}."
    )
    for what, counts in (("partnered", history.partners()), ("shared a table", history.mates())):
        spread: dict[int, int] = {}
        for pair in every:
            spread[counts.get(pair, 0)] = spread.get(counts.get(pair, 0), 0) + 1
        typer.echo(f"Pairs who {what}: " + ", ".join(f"{_times(k)} {spread[k]}" for k in sorted(spread)))
        most = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:SEASON_PAIRS_LISTED]
        if most and most[0][1] > 1:
            listed = ", ".join(f"{names[a]} & {names[b]} {c}" for (a, b), c in most if c > 1)
            typer.echo(f"  most often: {listed}")


def _times(count: int) -> str:
    return {0: "never", 1: "once", 2: "twice"}.get(count, f"{count} times")


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
