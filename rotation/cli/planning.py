"""`chicago plan`, `check` and `score`: seat an evening, judge a schedule, score one deal."""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from rotation.cli.app import app
from rotation.cli.choices import (
    Method,
    Order,
    PartscorePremium,
    Rounding,
    ScoringMethod,
    Seating,
    Unit,
)
from rotation.cli.common import (
    db_path,
    fail,
    is_file_source,
    load_session,
    note_matched_names,
    open_store,
    parse_day,
    read_json,
    rich_console,
)
from rotation.cli.money import CurrencyOption, PerOption, TableMoneyOption, Typed, stake_words
from rotation.language import N_, day_text
from rotation.request import HISTORY_DAYS

if TYPE_CHECKING:
    from rich.console import Console

    from rotation.services.database import Store
    from rotation.services.money import Terms
    from rotation.services.plans import EveningPlan, KeepAsked, PlanAsked, Progress
    from rotation.services.sheets import Schedule

_NamesOption = Annotated[
    list[str],
    typer.Argument(help=N_("The players' names (at least four)."), show_default=False),
]
_OrderOption = Annotated[
    Order,
    typer.Option(help=N_("'cut': draw cards for the score-sheet order; 'given': names are already ranked.")),
]
_SeedOption = Annotated[
    int | None, typer.Option(min=0, max=10**9, metavar="N", help=N_("Make the drawn cut reproducible."))
]
_RoundsOption = Annotated[
    int | None,
    typer.Option(
        min=1,
        max=100,
        metavar="R",
        help=N_(
            "Rounds to play (default: every partnership once, or the bulletin's chart; at most 8 unless"
            " asked)."
        ),
    ),
]
_MethodOption = Annotated[
    Method, typer.Option(help=N_("How to seat: the bulletin's movements or the balanced planner."))
]
_SeatingOption = Annotated[
    Seating,
    typer.Option(
        "--movement",
        help=N_(
            "balanced: every round planned now; progressive (winners move up a table and split) or swiss"
            " (by running total): round 1 by the cut, each later round seated as the round before is recorded"
            " (needs --rounds and --save)."
        ),
    ),
]
_AwayOption = Annotated[
    list[str] | None,
    typer.Option(
        metavar="NAME:ROUNDS",
        help=N_("NAME:ROUNDS a player is absent, e.g. Shirley:1-2 (arrives for round 3), Bob:6-."),
    ),
]
_TablesOption = Annotated[
    int | None,
    typer.Option(
        min=1,
        max=50,
        metavar="T",
        help=N_("Tables in play each round (default: as many as the players fill)."),
    ),
]
_AvoidOption = Annotated[
    list[str] | None,
    typer.Option(metavar="A+B", help=N_("A+B: two players who must never partner; repeatable.")),
]
_CoupleOption = Annotated[
    list[str] | None,
    typer.Option(
        "--couple",
        metavar="A+B",
        help=N_(
            "A+B: a couple, who never partner and never share a table (A is the first-named); repeatable."
        ),
    ),
]
_MixedOption = Annotated[
    bool,
    typer.Option(
        "--mixed",
        help=N_(
            "Every partnership joins one couple's first-named with another couple's second-named (every"
            " player must be in a --couple)."
        ),
    ),
]
_NewOption = Annotated[
    list[str] | None,
    typer.Option(
        "--new",
        metavar="NAME",
        help=N_(
            "NAME is a new player, not a typo of a known one (a name a letter or two off a player the"
            " database knows is refused without it); repeatable."
        ),
        show_default=False,
    ),
]
_GoneOption = Annotated[
    list[str] | None,
    typer.Option(
        "--gone",
        metavar="NAME",
        help=N_(
            "With --keep: NAME went home (every player of the kept plan must be named or gone); repeatable."
            " At an evening seated by results, `plan NAME... --keep EVENING --gone NAME --save EVENING`"
            " says who plays from the first round with no rubber entered (EVENING:K: from round K+1)."
        ),
        show_default=False,
    ),
]
_KeepOption = Annotated[
    str | None,
    typer.Option(
        metavar="SOURCE[:K]",
        help=N_(
            "Keep the first K rounds already played of a schedule or session file, or of a saved "
            "evening (K: its rounds fully recorded), and replan the rest for the players named now, "
            "changing as little as possible. With --save onto the same evening its plan is replaced "
            "and every result kept."
        ),
    ),
]
_TimeLimitOption = Annotated[
    float,
    typer.Option(
        min=0.1,
        max=3600,
        metavar="SECONDS",
        help=N_(
            "At most this many seconds for the balanced planner. Its search is counted in steps, so the"
            " same request gives the same plan on any machine; if this cap cuts it short, it says so."
        ),
    ),
]
_VulnerabilityOption = Annotated[
    str | None,
    typer.Option(
        metavar="CYCLE",
        help=N_(
            "Vulnerability cycle: 'dealer' (deals 2-3 the dealer's side; the bulletin's Regular),"
            " 'nondealer' (the bulletin's Cavendish), or a comma list of none, dealer, nondealer and both,"
            " one per deal."
            " Default: dealer, or the house's."
        ),
    ),
]
_HouseOption = Annotated[
    str | None,
    typer.Option(
        "--house",
        metavar="NAME",
        help=N_(
            "House rules by name: scoring, vulnerability, premium, unit and rounding at once, the name"
            " printed on every card (bulletin, cavendish, four-deal, russian, outstanding, six-deal,"
            " a house of houses.toml beside the database, or a .toml file of one house). Options given"
            " beside it win."
        ),
    ),
]
_AsJsonOption = Annotated[bool, typer.Option("--json", help=N_("Print the chicago-schedule/1 JSON instead."))]
_VerboseOption = Annotated[
    bool,
    typer.Option(
        "--verbose",
        help=N_("Also name the movement's construction and every planner rule against its proven bound."),
    ),
]
_SaveOption = Annotated[
    str | None,
    typer.Option(
        "--save",
        metavar="NAME",
        help=N_("Save the evening in the session database as NAME; record with `chicago record NAME`."),
    ),
]
_PlayedOnOption = Annotated[
    str | None,
    typer.Option(
        "--date",
        metavar="YYYY-MM-DD",
        help=N_(
            "The evening's date (default: today): kept with --save, and where the season's history ends."
        ),
    ),
]
_HistoryOption = Annotated[
    int,
    typer.Option(
        "--history",
        min=0,
        max=36500,
        metavar="DAYS",
        help=N_(
            "Take into account the evenings saved in the database within DAYS before --date: after the"
            " evening's partner and sit-out rules nobody partners a partner of the last evening, and pairs"
            " who partnered least partner first, then table-mates (0: the evening alone)."
        ),
    ),
]
_ScoringOption = Annotated[
    ScoringMethod | None,
    typer.Option(
        "--scoring",
        metavar="METHOD",
        help=N_("How rubbers score: chicago (default), duplicate (each deal alone) or russian (IMPs)."),
    ),
]
_PremiumOption = Annotated[
    PartscorePremium | None,
    typer.Option(
        help=N_("Chicago's 100 for a part score: on the last deal (deal4) or outstanding at the end.")
    ),
]
_UnitOption = Annotated[
    Unit | None,
    typer.Option(help=N_("Tally in hundreds (default; +1030 is +10) or points.")),
]
_PlanStakeOption = Annotated[
    str | None,
    typer.Option(
        "--stake",
        metavar="AMOUNT",
        help=N_(
            "Played for money: what one unit of tally is worth (e.g. 0.50), kept with --save for `chicago"
            " settle` and the evening's pages."
        ),
        show_default=False,
    ),
]
_RoundingOption = Annotated[
    Rounding | None,
    typer.Option(
        help=N_("An exact 50 in hundreds: half-up (default, away from zero), half-down, half-even.")
    ),
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
    couple: _CoupleOption = None,
    mixed: _MixedOption = False,
    keep: _KeepOption = None,
    new: _NewOption = None,
    gone: _GoneOption = None,
    time_limit: _TimeLimitOption = 600.0,
    vulnerability: _VulnerabilityOption = None,
    as_json: _AsJsonOption = False,
    verbose: _VerboseOption = False,
    save: _SaveOption = None,
    played_on: _PlayedOnOption = None,
    history: _HistoryOption = HISTORY_DAYS,
    scoring: _ScoringOption = None,
    premium: _PremiumOption = None,
    unit: _UnitOption = None,
    rounding: _RoundingOption = None,
    stake: _PlanStakeOption = None,
    per: PerOption = None,
    currency: CurrencyOption = None,
    table_money: TableMoneyOption = None,
    house: _HouseOption = None,
    movement: _SeatingOption = Seating.BALANCED,
) -> None:
    """Plan the seating of every round: partners, seats, first dealer, sit-outs, each deal's vulnerability."""
    from rotation.services import plans

    terms = _stake_terms(save, (stake, per, currency, table_money))

    asked = plans.PlanAsked(
        tuple(names),
        order,
        seed,
        rounds,
        method,
        tuple(away or ()),
        tables,
        tuple(avoid or ()),
        _keep_asked(keep) if keep else None,
        tuple(new or ()),
        tuple(gone or ()),
        time_limit,
        vulnerability,
        scoring,
        premium,
        unit,
        rounding,
        save,
        parse_day(played_on, "--date"),
        history,
        as_json,
        house,
        db_path() if house is not None else None,
        seating=movement,
        couples=tuple(couple or ()),
        mixed=mixed,
    )
    with _store_for(asked) as store, _progress(err=as_json) as on_progress:
        made = plans.plan(store, asked, on_progress=on_progress)
        _keep_stake(store, made, terms, err=as_json)
        _keep_language(store, made)
    _note_known(made, err=as_json)
    if made.data is not None:
        typer.echo(json.dumps(made.data, indent=2, ensure_ascii=False))
        return
    _print_plan(made, verbose=verbose)


def _stake_terms(save: str | None, typed: Typed) -> Terms | None:
    """What the evening is played for, as typed (None: nothing typed), checked before anything is planned
    or saved: the stake is kept with the evening saved."""
    from rotation.language import _
    from rotation.services.money import settle_terms

    if all(text is None for text in typed):
        return None
    if save is None:
        fail(_("--stake, --per, --currency and --table-money are kept with the evening: add --save NAME"))
    return settle_terms(*typed)


def _keep_stake(store: Store | None, made: EveningPlan, terms: Terms | None, *, err: bool) -> None:
    """Keep the stake with the evening just saved, and say so (a replan without --stake keeps the stake
    it had)."""
    from rotation.services.money import keep_terms

    saved = made.planned.saved
    if terms is not None and store is not None and saved is not None:
        keep_terms(store, saved.id, terms)
        from rotation.language import _

        said = _("Note: played for money, {stake} (see `chicago settle`).").format(stake=stake_words(terms))
        typer.echo(said, err=err)


def _keep_language(store: Store | None, made: EveningPlan) -> None:
    """Keep --lang with the evening just saved: its cards, tally and pages speak it (a replan without
    --lang keeps the language it had)."""
    from rotation.cli.speech import ASKED
    from rotation.services.languages import keep_evening_language

    saved, asked = made.planned.saved, ASKED.get()
    if asked is not None and store is not None and saved is not None:
        keep_evening_language(store, saved.id, asked)


@contextmanager
def _store_for(asked: PlanAsked) -> Iterator[Store | None]:
    """The session database when the plan is saved (made if missing for a new evening) or keeps a saved
    evening, or when one exists to read the season's history from (never made for that), else nothing."""
    if asked.writes or (asked.reads_season and db_path().exists()):
        with open_store(create=asked.creates) as store:
            yield store
    else:
        yield None


def _note_known(made: EveningPlan, *, err: bool) -> None:
    """Say which names were taken for players the database knows under another spelling."""
    planned = made.planned
    for typed, known in planned.known_as:
        from rotation.cli.common import known_player

        typer.echo(known_player(typed, known), err=err)
    if planned.saved is not None:
        note_matched_names(planned.plan.schedule.players, planned.saved.session.schedule.players, err=err)


def _print_plan(made: EveningPlan, *, verbose: bool) -> None:
    """The plan as a host reads it: the cut, the score sheet, the seating, its balance, what was saved."""
    from rich.text import Text

    from rotation.cli.words import plan_note
    from rotation.language import _, ngettext
    from rotation.render.bridge_words import cycle_text, method_name
    from rotation.render.terminal import DEALS_LEGEND, balance_summary, seating_table

    result, saved, cycle = made.planned.plan, made.planned.saved, made.cycle
    schedule = saved.session.schedule if saved is not None else result.schedule
    console = rich_console()
    n, r = len(schedule.players), len(schedule.rounds)
    players = ngettext("{count} player", "{count} players", n).format(count=n)
    rounds = ngettext("{count} round", "{count} rounds", r).format(count=r)
    heading = Text(_("Chicago for {players}, {rounds}").format(players=players, rounds=rounds), style="bold")
    console.print(heading + f" ({method_name(result.method)})")
    if verbose and result.schedule.movement.name:
        console.print(_("Movement: {name}").format(name=result.schedule.movement.name))
    if result.cut:
        from scoring.contract import Strain

        drawn = ", ".join(f"{name} {card[0]}{Strain.parse(card[1]).symbol}" for name, card in result.cut)
        console.print(_("Cut (--seed {seed} draws it again): {cards}").format(seed=made.seed, cards=drawn))
    sheet = ", ".join(f"{p}. {name}" for p, name in enumerate(schedule.players, 1))
    console.print(_("Score sheet: {players}").format(players=sheet))
    for note in result.notes:
        console.print(_("Note: {note}").format(note=plan_note(note)))
    console.print(seating_table(schedule, cycle, width=console.width))
    legend = _("* deals the round's first deal. {legend}; {cycle}.")
    console.print(legend.format(legend=_(DEALS_LEGEND), cycle=cycle_text(cycle)))
    console.print(balance_summary(made.balance))
    if made.couples is not None:
        from rotation.render.couples import couples_lines

        console.print(Text(" ".join(couples_lines(made.couples, schedule))))
    _print_solved_and_saved(made, console, verbose=verbose)


def _print_solved_and_saved(made: EveningPlan, console: Console, *, verbose: bool) -> None:
    """How the planner did (with --verbose every rule against its bound), and where the plan was saved."""
    from rich.text import Text

    from rotation.language import _, ngettext
    from rotation.render.bridge_words import rules_text
    from rotation.render.terminal import solve_details, solve_summary

    planned, saved = made.planned, made.planned.saved
    if planned.plan.solved is not None:
        console.print(solve_summary(planned.plan.solved))
        if verbose:
            console.print(solve_details(planned.plan.solved))
    if saved is None:
        if made.rules.house:  # a preview by house rules: what the house plays, though nothing is kept
            console.print(Text(_("Scoring: {rules}.").format(rules=rules_text(made.rules))))
        return
    # Text: folds at 80 columns in a pipe
    console.print(Text(_("Scoring: {rules}.").format(rules=rules_text(saved.session.rules))))
    if planned.drive is not None:
        said = _(
            "{name}: from round {round} the players named play, each round seated by results among them;"
            " the rounds before and every result kept."
        )
        console.print(Text(said.format(name=repr(saved.name), round=planned.kept + 1)))
    elif planned.replaced:
        console.print(
            Text(
                ngettext(
                    "Replanned {name}: the first {count} round and every result kept, the rest planned for"
                    " the players named.",
                    "Replanned {name}: the first {count} rounds and every result kept, the rest planned for"
                    " the players named.",
                    planned.kept,
                ).format(name=repr(saved.name), count=planned.kept)
            )
        )
    console.print(
        Text(
            _(
                "Saved as {name} ({date}) in {path}: record each rubber with"
                " `chicago record {quoted} --round R ...`."
            ).format(
                name=repr(saved.name),
                date=day_text(saved.played_on),
                path=db_path(),
                quoted=shlex.quote(saved.name),
            )
        )
    )


def _keep_asked(text: str) -> KeepAsked:
    """``SOURCE[:K]`` for --keep: a schedule file's JSON and how many of its rounds to keep, or a saved
    evening's name and (K) its rounds to keep (an existing file wins)."""
    from rotation.language import _
    from rotation.services.plans import KeepAsked

    source, colon, count = text.rpartition(":")
    if not colon or not count.strip().isdigit():
        source, count = text, ""
    if len(count.strip()) > 6:
        fail(
            _("cannot read --keep {text}: write FILE:K or EVENING[:K], e.g. tonight.json:3").format(
                text=repr(text)
            )
        )
    from rotation.cli.inputs import is_file, refuse_non_file

    path = Path(source)
    refuse_non_file(path, "--keep")  # a FIFO or a device is no schedule, and opening one may block
    if is_file(path) or source.endswith(".json") or not source.strip():
        if not is_file(path):
            fail(
                _(
                    "cannot read --keep {text}: there is no file {source} (nor a saved evening of that name)"
                ).format(text=repr(text), source=repr(source))
            )
        if not count:
            fail(
                _(
                    "cannot read --keep {text}: say how many rounds of the file were played, e.g. {example}"
                ).format(text=repr(text), example=f"{source}:3")
            )
        return KeepAsked(schedule=read_json(path), rounds=int(count), file=source)
    return KeepAsked(evening=source, rounds=int(count) if count else None)


@contextmanager
def _progress(*, err: bool = False) -> Iterator[Callable[[Progress], None] | None]:
    """A progress line for a solve that takes more than a second (only on a terminal)."""
    from rich.console import Console

    console = Console(stderr=True, highlight=False)
    if not console.is_terminal:
        yield None
        return
    with console.status("Planning...") as status:

        def show(progress: Progress) -> None:
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
            help=N_("A saved evening, or a chicago-schedule/1 or session file (from `chicago plan --json`)."),
            show_default=False,
        ),
    ] = None,
    season: Annotated[
        bool,
        typer.Option(
            "--season",
            help=N_("Instead: how often each pair partnered and shared a table over the saved evenings."),
        ),
    ] = False,
    since: Annotated[
        str | None, typer.Option(metavar="YYYY-MM-DD", help=N_("With --season: from this date."))
    ] = None,
    until: Annotated[
        str | None, typer.Option(metavar="YYYY-MM-DD", help=N_("With --season: to this date."))
    ] = None,
) -> None:
    """Report a schedule's balance (partners, opponents, sit-outs, first deals, seat moves) and how even
    the evening is if it stops after each round; with --season, the season's partners and table-mates."""
    from rotation.language import _
    from rotation.render.terminal import balance_report, prefix_table
    from rotation.services.sheets import check_schedule

    if season or since is not None or until is not None:
        if source is not None:
            fail(_("--season reports the saved evenings: name no evening or file with it"))
        _season_pairs(since, until)
        return
    if source is None:
        fail(_("name a saved evening or a schedule file to check, or ask for --season"))
    checked = check_schedule(_schedule_of(source))
    console = rich_console()
    console.print(balance_report(checked.balance, checked.schedule, width=console.width))
    if checked.couples is not None:
        from rotation.render.couples import couples_lines

        console.print("\n".join(couples_lines(checked.couples, checked.schedule)), markup=False)
    console.print(prefix_table(checked.stops()))


def _schedule_of(source: str) -> Schedule:
    """The schedule of a saved evening or of a file (a schedule need not be a session: read it as one)."""
    from rotation.services.errors import FormatError
    from rotation.services.sheets import read_schedule

    if not is_file_source(source):
        return load_session(source).schedule
    try:
        return read_schedule(read_json(Path(source)))
    except FormatError as error:
        fail(f"{source}: {error}")


def _season_pairs(since_text: str | None, until_text: str | None) -> None:
    """`check --season`: over the evenings saved from --since to --until, how many pairs partnered and
    shared a table 0, 1, 2... times, and the pairs who did most often."""
    from rotation.services.sheets import pair_counts

    since = parse_day(since_text, "--since") if since_text is not None else None
    until = parse_day(until_text, "--until") if until_text is not None else None
    if db_path().exists():
        with open_store(create=False) as store:
            counts = pair_counts(store, since=since, until=until)
    else:
        counts = pair_counts(None, since=since, until=until)
    from rotation.language import _, ngettext

    if counts.first is None or counts.last is None:
        typer.echo(_("Season: no evenings saved in that period."))
        return
    typer.echo(
        _("Season: {evenings} ({first} to {last}), {players}, {pairs}.").format(
            evenings=ngettext("{count} evening", "{count} evenings", counts.evenings).format(
                count=counts.evenings
            ),
            first=day_text(counts.first),
            last=day_text(counts.last),
            players=ngettext("{count} player", "{count} players", counts.players).format(
                count=counts.players
            ),
            pairs=ngettext("{count} pair", "{count} pairs", counts.pairs).format(count=counts.pairs),
        )
    )
    for what, spread in (
        (_("Pairs who partnered:"), counts.partnered),
        (_("Pairs who shared a table:"), counts.shared),
    ):
        typer.echo(f"{what} " + ", ".join(f"{_times(k)} {n}" for k, n in spread.spread))
        if spread.most:
            typer.echo(
                "  "
                + _("most often: {pairs}").format(
                    pairs=", ".join(f"{a} & {b} {c}" for a, b, c in spread.most)
                )
            )


def _times(count: int) -> str:
    from rotation.language import _, ngettext

    said = {0: _("never"), 1: _("once"), 2: _("twice")}.get(count)
    return said if said is not None else ngettext("{count} time", "{count} times", count).format(count=count)


@app.command("score")
def score_command(
    result: Annotated[str, typer.Argument(help=N_("A contract and result, e.g. 4H=, 3NTX-2, '6S W +1'."))],
    vul: Annotated[
        bool, typer.Option("--vul/--nonvul", help=N_("Is the declarer's side vulnerable?"))
    ] = False,
) -> None:
    """Print the declarer's duplicate score (Law 77): `chicago score 4H= --vul` prints 620."""
    from rotation.language import current
    from scoring.contract import InvalidResultError
    from scoring.duplicate import duplicate_score

    try:
        typer.echo(duplicate_score(result, vulnerable=vul, language=current()))
    except InvalidResultError as error:
        from rotation.cli.evening import deal_error

        fail(deal_error([result], error))
