"""The evening's commands of the command line (CLI layer): new, show, replace, delete, explain,
check, rescore, repair, settle. The hand just played is recorded and taken back in ``cli.record``.

Each command parses its arguments, calls one function of ``ledger`` / ``ledger_file`` /
``settle`` and prints; errors are TarockErrors, turned into stderr lines and an exit code by the
command group in ``cli.group``. The module is imported only when one of its commands runs.
"""

import sys
from typing import Annotated

import typer
from tabulate import tabulate

from tarockscore import i18n
from tarockscore.cli.ask import confirm
from tarockscore.cli.fields import as_option, as_options
from tarockscore.cli.hand_input import hand_errors, read_hand_or_short
from tarockscore.cli.ledger_option import LedgerOpt, ledger_path_of, now
from tarockscore.cli.notation import hand_number, stake_amount, table_date
from tarockscore.cli.options import (
    Bonus,
    Conceded,
    Contract,
    Declarer,
    DefenderPoints,
    Huettenfleck,
    Kontra,
    OwnKing,
    Partner,
    Players,
    Points,
    Renonce,
    Talon,
    Won,
    profile_given,
    short_form,
    typed_names,
)
from tarockscore.errors import N_, Collector, LedgerError, Problem, UsageError, reason
from tarockscore.files.ledger_file import (
    Snapshot,
    create,
    locate,
    read,
    read_trusted,
    update,
    verify,
)
from tarockscore.files.ledger_file import repair as repair_file
from tarockscore.files.profile_file import load_profile
from tarockscore.i18n import _, translated
from tarockscore.ledger import operations, totals
from tarockscore.ledger import settle_up as money
from tarockscore.ledger.checks import check as check_ledger
from tarockscore.ledger.deal import first_deal
from tarockscore.ledger.model import Ledger, ledger_profile
from tarockscore.ledger.radl import BY_HAND, radl_cause
from tarockscore.ledger.results import check_number, result_of, score_stored
from tarockscore.ledger.sheet import sheet
from tarockscore.ledger.table import check_players, new_ledger
from tarockscore.render import evening as render_evening
from tarockscore.render import hand as render
from tarockscore.rules.text import look_alikes, nfc, strip_spaces, text_problem

NumberArg = Annotated[
    int, typer.Argument(help="The hand's number, as `tarockscore show` lists it.", parser=hand_number)
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON (docs/ledger-format.md).")]


def register(app: typer.Typer, only: str | None = None) -> None:
    """Add the ledger commands to the ``tarockscore`` app (``only``: just the command of that name)."""
    for command in (new, show, replace, delete, explain, check, rescore, repair, settle):
        if only in (None, command.__name__):
            app.command()(command)


# -- the commands ---------------------------------------------------------------------------------


def new(
    players: Annotated[
        str,
        typer.Option(
            "--players", "-p", help="The table in seat order, comma-separated: 4, or 5 (the dealer sits out)."
        ),
    ],
    profile: Annotated[
        str, typer.Option("--profile", "-P", help="A shipped profile name or a path to a profile file.")
    ] = "koenigrufen",
    stake: Annotated[
        str | None, typer.Option("--stake", help="Money per Victory Point, e.g. 0.10 or 0,10.")
    ] = None,
    date: Annotated[
        str | None, typer.Option("--date", help="The evening's date: 2025-03-14 or 14.03.2025.")
    ] = None,
    place: Annotated[str | None, typer.Option("--place", help="Where the evening is played.")] = None,
    ledger: LedgerOpt = None,
) -> None:
    """Start an evening: a new ledger with the table, the profile and the stake."""
    problems = Collector()
    amount = None
    if stake is not None:
        try:
            amount = stake_amount(stake)
        except ValueError as exc:
            problems.add("--stake", reason(exc))
    if date is not None:
        try:
            date = table_date(date).isoformat()
        except ValueError as exc:
            problems.add("--date", reason(exc))
    if place is not None:
        place = nfc(strip_spaces(place)) if place.strip() else place
        wrong = text_problem(place)
        if wrong is not None:
            problems.add("--place", N_("{place!r}: {wrong}"), place=place, wrong=wrong)
    try:
        prof = load_profile(profile_given(profile))
    except UsageError as exc:  # an empty --profile: no table to check the players against
        problems.problems += exc.problems
        problems.raise_if_any(UsageError)
        raise
    names = typed_names(players)
    problems.problems += [as_option(p, "players") for p in check_players(names, prof)]
    problems.raise_if_any(UsageError)
    for warning in look_alikes(names):
        typer.echo(_("warning: --players: {warning}").format(warning=warning), err=True)
    path = ledger_path_of(ledger)
    fresh = new_ledger(names, prof, created=now(), stake=amount, date=date, place=place)
    create(path, fresh)
    table = fresh.table
    typer.echo(_("new evening in {path}").format(path=path))
    typer.echo(_("table:   {players} (seat order)").format(players=", ".join(table.players)))
    typer.echo(
        _("profile: {name} (sha256 {sha})").format(name=table.profile.name, sha=table.profile.sha256[:12])
    )
    if amount is not None:
        typer.echo(_("stake:   {amount} per Victory Point").format(amount=i18n.money(amount)))
    if date or place:
        when = ", ".join(x for x in (i18n.date(date) if date else None, place) if x)
        typer.echo(_("when:    {when}").format(when=when))
    typer.echo(_("hand 1:  {deal}").format(deal=render_evening.deal_text(first_deal(table.players))))


def show(
    json_out: JsonOpt = False,
    csv_out: Annotated[bool, typer.Option("--csv", help="Print CSV: one row per hand.")] = False,
    ledger: LedgerOpt = None,
) -> None:
    """The evening: one row per hand with each player's points and the running totals."""
    if json_out and csv_out:
        raise UsageError(N_("give --json or --csv, not both"))
    snapshot = read_trusted(ledger_path_of(ledger))
    evening = sheet(snapshot.ledger)
    if json_out:
        typer.echo(render.dumps(render_evening.sheet_json(evening)))
    elif csv_out:
        typer.echo(render_evening.sheet_csv(evening), nl=False)
    else:
        typer.echo(render_evening.sheet_text(evening))


def replace(
    number: NumberArg,
    hand_file: Annotated[
        str | None, typer.Argument(help="The corrected hand: a hand file, or - for stdin; or the options.")
    ] = None,
    contract: Contract = None,
    players: Players = None,
    declarer: Declarer = None,
    partner: Partner = None,
    points: Points = [],  # noqa: B006 - Typer reads the default, never mutates it
    defender_points: DefenderPoints = None,
    won: Won = None,
    kontra: Kontra = [],  # noqa: B006
    huettenfleck: Huettenfleck = False,
    talon: Talon = False,
    own_king: OwnKing = False,
    conceded: Conceded = False,
    renonce: Renonce = None,
    bonus: Bonus = [],  # noqa: B006
    ledger: LedgerOpt = None,
) -> None:
    """Replace hand N (a hand file, or the short options of record); every hand after it is
    recomputed, and the audit trail keeps the old one."""
    short = short_form(locals())
    mapping, name = read_hand_or_short(hand_file, short)
    at = now()

    def change(current: Ledger) -> Ledger:
        with hand_errors(name, short):
            return operations.replace_hand(current, number, mapping, at)

    before, after = update(ledger_path_of(ledger), change)
    typer.echo(translated(after.audit[-1].detail))
    typer.echo(render_evening.totals_table(after, number))


def _on_a_terminal() -> bool:
    """Whether a person answers at a terminal (a script's standard input is a pipe or a file)."""
    return sys.stdin.isatty()


def delete(
    number: NumberArg,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Delete without asking (for scripts).")] = False,
    ledger: LedgerOpt = None,
) -> None:
    """Delete hand N; the hands after it are recomputed, and the audit trail keeps it. At a
    terminal it asks first."""
    path = ledger_path_of(ledger)
    expected = None
    if not yes and _on_a_terminal():
        snapshot = read_trusted(path)
        check_number(snapshot.ledger, number)
        typer.echo(render_evening.hand_line(snapshot.ledger, number))
        if not confirm(_("Delete hand {number}?").format(number=number), default=False):
            typer.echo(_("not deleted; the ledger is unchanged"))
            return
        expected = snapshot.sha256
    at = now()
    before, after = update(path, lambda current: operations.delete(current, number, at), expected)
    typer.echo(translated(after.audit[-1].detail))
    typer.echo(render_evening.totals_table(after))


def explain(number: NumberArg, ledger: LedgerOpt = None) -> None:
    """The arithmetic of hand N, bet by bet, with the profile rule behind each number."""
    snapshot = read_trusted(ledger_path_of(ledger))
    led = snapshot.ledger
    hand, score = score_stored(led, number)
    profile = ledger_profile(led)
    entry = led.hands[number - 1]
    typer.echo(render_evening.hand_line(led, number))
    typer.echo(
        _("recorded {at}; profile {name} (sha256 {sha})").format(
            at=entry.recorded, name=led.table.profile.name, sha=led.table.profile.sha256[:12]
        )
    )
    typer.echo("")
    typer.echo(render.explain(score, profile))
    radl = entry.result.radl
    if radl != 1:
        cause = radl_cause(led, number)
        typer.echo("")
        if cause == BY_HAND:
            typer.echo(
                _("Radl: this hand is scored ×{radl} [radl.factor], a doubled round set on the sheet").format(
                    radl=radl
                )
            )
        else:
            typer.echo(
                _(
                    "Radl: this hand is scored ×{radl} [radl.factor], a doubled round armed by hand {cause} "
                    "[radl.events = {events}]"
                ).format(radl=radl, cause=cause, events=", ".join(profile.radl.events))
            )
        doubled = ", ".join(
            f"{p} {render.signed(v)}" for p, v in entry.result.victory_points.items() if p in hand.players
        )
        typer.echo(_("Victory Points with the Radl: {points}").format(points=doubled))
    fresh = result_of(score, led.players, radl)
    if fresh != entry.result:
        typer.echo(
            _("note: the ledger stores a different result for this hand; `tarockscore check` reports it"),
            err=True,
        )


def check(ledger: LedgerOpt = None) -> None:
    """Re-score every hand and compare with the stored results (exit 1 on any mismatch)."""
    snapshot = read(ledger_path_of(ledger))
    _report_mismatches(snapshot)
    verify(snapshot)  # every result matches: the digest must still say the file is as written
    led = snapshot.ledger
    typer.echo(
        i18n.ngettext(
            "{path}: {count} hand re-scored under {name} (sha256 {sha}); every stored result matches",
            "{path}: {count} hands re-scored under {name} (sha256 {sha}); every stored result matches",
            len(led.hands),
        ).format(
            path=snapshot.path,
            count=len(led.hands),
            name=led.table.profile.name,
            sha=led.table.profile.sha256[:12],
        )
    )


def _report_mismatches(snapshot: Snapshot) -> None:
    """Report every mismatch of a ledger as errors (exit 1), without the 'nothing was written' line."""
    problems = check_ledger(snapshot.ledger)
    if problems:
        located = locate(problems, snapshot.text, str(snapshot.path))
        located.append(
            Problem.of(
                str(snapshot.path),
                N_(
                    "`tarockscore repair --ledger {path}` re-scores the evening from its stored hands "
                    "and shows every number that changes; --write keeps it, with an audit entry"
                ),
                path=snapshot.path,
            )
        )
        raise LedgerError(located)


def rescore(
    profile: Annotated[str, typer.Option("--profile", "-P", help="The profile to score the evening under.")],
    write: Annotated[
        bool, typer.Option("--write", help="Write the rescored evening into the ledger.")
    ] = False,
    json_out: JsonOpt = False,
    ledger: LedgerOpt = None,
) -> None:
    """The evening under another profile (what-if); written only with --write."""
    prof = load_profile(profile_given(profile))
    path = ledger_path_of(ledger)
    at = now()
    try:
        if write:
            before, after = update(path, lambda current: operations.rescore(current, prof, at))
        else:
            snapshot = read(path)
            verify(snapshot)
            before, after = snapshot.ledger, operations.rescore(snapshot.ledger, prof, at)
    except LedgerError as exc:
        raise as_options(exc, "profile") from None
    if json_out:
        data = render_evening.sheet_json(sheet(after))
        data["written"] = write
        data["before"] = {
            "profile": render_evening.profile_json(before.table),
            "totals": totals.totals(before),
        }
        paid = totals.payout_totals(before)
        if paid is not None:  # as show --json has it: only where Kontra changes the money alone
            data["before"]["payout_totals"] = paid
        typer.echo(render.dumps(data))
        return
    old, new = totals.totals(before), totals.totals(after)
    rows = [[p, old[p], new[p], render.signed(new[p] - old[p])] for p in after.players]
    typer.echo(
        tabulate(
            rows,
            headers=[_("player"), before.table.profile.name, after.table.profile.name, _("difference")],
            disable_numparse=True,
        )
    )
    if after.audit[-1].changed:  # the audit trail's ids, as the sheet numbers the hands
        number = {e.id: i for i, e in enumerate(after.hands, 1)}
        changed = ", ".join(str(number[i]) for i in after.audit[-1].changed)
        typer.echo(_("hands scored differently: {hands}").format(hands=changed))
    if write:
        typer.echo(
            _("written: {path} is now scored under {name}").format(path=path, name=after.table.profile.name)
        )
    else:
        typer.echo(_("what-if only: the ledger is unchanged (--write to keep it)"))


def repair(
    write: Annotated[
        bool, typer.Option("--write", help="Write the re-scored evening, with an audit entry.")
    ] = False,
    ledger: LedgerOpt = None,
) -> None:
    """Re-score an evening changed outside tarockscore from its stored hands; show every number
    that changes; write it (sealed, with an audit entry) only with --write."""
    path = ledger_path_of(ledger)
    at = now() if write else None
    before, after = repair_file(path, lambda current: operations.repair(current, at), write)
    rows = []
    for i, (old, new) in enumerate(zip(before.hands, after.hands, strict=True), 1):
        for p in before.players:
            a, b = old.result.victory_points.get(p, 0), new.result.victory_points.get(p, 0)
            if a != b:
                rows.append([i, p, a, b, render.signed(b - a)])
        if old.result.radl != new.result.radl:
            rows.append([i, _("(Radl factor)"), old.result.radl, new.result.radl, ""])
    if rows:
        typer.echo(
            tabulate(
                rows,
                headers=[_("hand"), _("player"), _("stored"), _("re-scored"), _("difference")],
                disable_numparse=True,
            )
        )
        old_totals, new_totals = totals.totals(before), totals.totals(after)
        typer.echo("")
        typer.echo(
            tabulate(
                [[p, old_totals[p], new_totals[p]] for p in before.players],
                headers=[_("player"), _("total stored"), _("total re-scored")],
                disable_numparse=True,
            )
        )
    else:
        typer.echo(
            _("{path}: every stored result follows from its hand; nothing changes but the seal").format(
                path=path
            )
        )
    if write:
        typer.echo(_("written: {path} re-scored and sealed; the audit trail says so").format(path=path))
    else:
        typer.echo(_("nothing was written; run again with --write to keep this"))


def settle(
    stake: Annotated[
        str | None, typer.Option("--stake", help="Money per Victory Point; default: the ledger's stake.")
    ] = None,
    json_out: JsonOpt = False,
    ledger: LedgerOpt = None,
) -> None:
    """Who pays whom how much, in the fewest payments, exact to the cent."""
    led = read_trusted(ledger_path_of(ledger)).ledger
    if stake is not None:
        try:
            amount = stake_amount(stake)
        except ValueError as exc:
            raise UsageError(reason(exc), where="--stake") from None
    elif led.table.stake is not None:
        amount = led.table.stake
    else:
        raise UsageError(N_("the ledger has no stake: give --stake, e.g. --stake 0.10"), where="--stake")
    profile = led.profile
    paid = totals.payout_totals(led)
    points = paid if paid is not None else totals.totals(led)
    result = money.settle(points, amount, profile.settlement.mode)
    if json_out:
        typer.echo(render.dumps(render_evening.settle_json(result, points, paid is not None)))
        return
    typer.echo(render_evening.settle_text(result, points, paid is not None, profile))
