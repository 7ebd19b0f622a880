"""The evening's commands (CLI layer): new, record, show, undo, replace, delete, explain, check,
rescore, repair, settle, upgrade, and the Radl marks set or struck by hand."""

import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

import tarockscore
from tarockscore.cli import options, terminal
from tarockscore.errors import (
    N_,
    Collector,
    LedgerError,
    Problem,
    ProfileError,
    UnreadableLedger,
    UsageError,
)
from tarockscore.i18n import _, translated
from tarockscore.render import evening as shown
from tarockscore.render.hand import explained_view
from tarockscore.render.notation import stake_amount, table_date
from tarockscore.render.output import OutputFormat

NumberArg = Annotated[
    int, typer.Argument(help="The hand's number, as `tarockscore show` lists it.", parser=options.hand_number)
]


def new(
    players: Annotated[
        str,
        typer.Option(
            "--players", "-p", help="The table in seat order, comma-separated: 4, or 5 (the dealer sits out)."
        ),
    ],
    profile: options.ProfileOpt = "koenigrufen",
    stake: Annotated[
        str | None, typer.Option("--stake", help="Money per Victory Point, e.g. 0.10 or 0,10.")
    ] = None,
    date: Annotated[
        str | None, typer.Option("--date", help="The evening's date: 2025-03-14 or 14.03.2025.")
    ] = None,
    place: Annotated[str | None, typer.Option("--place", help="Where the evening is played.")] = None,
    ledger: options.LedgerOpt = None,
) -> None:
    """Start an evening: a new ledger with the table, the profile and the stake."""
    problems = Collector()
    ref = options.read_option(problems, "--profile", options.profile_given, profile)
    amount = options.read_option(problems, "--stake", stake_amount, stake)
    day = options.read_option(problems, "--date", table_date, date)
    # None: the default ledger
    path = options.read_option(problems, "--ledger", options.ledger_path_of, ledger)
    try:
        begun = tarockscore.Evening.begin(
            path,
            tarockscore.typed_names(players),
            ref or "",
            stake=amount,
            date=day,
            place=place,
            at=tarockscore.now(),
            problems=problems,
        )
    except (UsageError, ProfileError) as exc:
        raise options.as_options(exc, "players", "place", "profile") from None
    for warning in begun.warnings:
        terminal.say(_("warning: --players: {warning}").format(warning=translated(warning)))
    typer.echo(shown.begun_text(begun.evening.path, begun.ledger))


@options.with_short_form
def record(
    hand_file: options.HandArg = None, ledger: options.LedgerOpt = None, *, short: dict[str, Any]
) -> None:
    """Score a hand and add it to the ledger; print its points and the running totals."""
    change = _hand_given(hand_file, short, ledger)
    recorded(change.before, change.after)
    typer.echo(shown.head_text(change.head))


def _hand_given(
    hand_file: str | None, short: dict[str, Any], ledger: str | None, number: int | None = None
) -> "tarockscore.Change":
    """The hand given (a hand file or the short form), its players read as the deal seats them,
    recorded as the next hand, or in the place of hand ``number``."""
    problems = Collector()  # an empty --ledger, said with the hand's options refused
    path = options.read_option(problems, "--ledger", options.ledger_path_of, ledger)
    evening = tarockscore.Evening(path, warn=terminal.warn)
    try:
        mapping, source = options.read_hand_or_short(hand_file, short, lambda: options.profile_of(evening))
    except UsageError as exc:  # a file and the options: the evening's ledger where the hand file goes?
        if problems or hand_file is None or options.table_of(tarockscore.Evening(Path(hand_file))) == ():
            raise UsageError.said_with(problems.problems, [exc]) from None
        said = N_("{name}: this is a ledger, not a hand file; give the ledger with -l/--ledger: -l {quoted}")
        raise UsageError(said, name=hand_file, quoted=shlex.quote(hand_file)) from None
    problems.raise_if_any(UsageError)
    if path is not None:
        options.sheet_in_place(path)
    with options.hand_errors(source, short):
        deal = options.DealRead(evening, number)
        mapping = options.seated_names(mapping, source, lambda: options.table_of(evening), deal)
        if number is None:
            return evening.record(mapping, tarockscore.now(), expected=deal.head)
        return evening.replace(number, mapping, tarockscore.now(), expected=deal.head)


def recorded(before: "tarockscore.Ledger", after: "tarockscore.Ledger") -> None:
    """What record and enter print for the hand just added; a warning first when the hand's
    players moved the deal away from the dealer the ledger expected."""
    if (warning := shown.moved_deal_warning(before, after)) is not None:
        terminal.say(warning)
    typer.echo(shown.recorded_text(after))


def replaced(change: "tarockscore.Change", number: int) -> None:
    """What replace and enter print for hand ``number`` replaced: the audit line, the totals and
    the next hand, or, for the same hand again, that nothing changed (nothing is written)."""
    if not change.written:
        typer.echo(_("hand {number}: nothing changed; the ledger is unchanged").format(number=number))
        return
    kept = [shown.folded(line) for line in shown.strikes_corrected(change.before, change.after)]
    _told(shown.said(change.said), change.after, *kept, shown.totals_table(change.after, number))


def _told(said: str, after: "tarockscore.Ledger", *tables: str) -> None:
    """A change as its line says it, the tables after it and the next hand, in 80 columns."""
    typer.echo("\n".join([shown.folded(said), *tables, shown.folded(shown.next_text(after))]))


def _taken_back(change: "tarockscore.Change", number: int) -> None:
    """What undo and delete print for hand ``number`` taken back: the audit line, the Radl marks
    it kept, the totals and the next hand."""
    kept = [shown.folded(line) for line in shown.radl_kept(change.before, number, change.after)]
    _told(translated(change.said), change.after, *kept, shown.totals_table(change.after))


@options.with_format(csv_help="Print CSV: one row per hand.")
def show(fmt: OutputFormat = OutputFormat.TABLE, ledger: options.LedgerOpt = None) -> None:
    """The evening: one row per hand with each player's points and the running totals."""
    options.show(shown.sheet_view(options.evening_of(ledger).sheet()), fmt)


def undo(ledger: options.LedgerOpt = None) -> None:
    """Take back the last hand (it stays in the audit trail)."""
    change = options.evening_of(ledger, changed=True).undo(tarockscore.now())
    _taken_back(change, len(change.before.hands))


@options.with_short_form
def replace(
    number: NumberArg,
    hand_file: Annotated[
        str | None, typer.Argument(help="The corrected hand: a hand file, or - for stdin; or the options.")
    ] = None,
    ledger: options.LedgerOpt = None,
    *,
    short: dict[str, Any],
) -> None:
    """Replace hand N (a hand file, or the short options of record); every hand after it is
    recomputed, and the audit trail keeps the old one."""
    replaced(_hand_given(hand_file, short, ledger, number), number)


def _on_a_terminal() -> bool:
    """Whether a person answers at a terminal (a script's standard input is a pipe or a file)."""
    return sys.stdin.isatty()


def delete(
    number: NumberArg,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Delete without asking (for scripts).")] = False,
    ledger: options.LedgerOpt = None,
) -> None:
    """Delete hand N; the hands after it are recomputed, and the audit trail keeps it. At a
    terminal it asks first."""
    evening = options.evening_of(ledger, changed=True)
    expected = None
    if not yes and _on_a_terminal():
        snapshot = evening.read()
        evening.hand(number, snapshot.ledger)
        typer.echo(shown.hand_line(snapshot.ledger, number))
        if not terminal.confirm(_("Delete hand {number}?").format(number=number)):
            typer.echo(_("not deleted; the ledger is unchanged"))
            return
        expected = snapshot.sha256
    _taken_back(evening.delete(number, tarockscore.now(), expected=expected), number)


# What ``explain`` prints: the words, or the arithmetic as JSON (no CSV: a hand's bets and its
# evening are not one table)
EXPLAIN_FORMATS = (OutputFormat.TABLE, OutputFormat.JSON)


@options.with_format(
    json_help="Print JSON: the keys of score --json, and the hand's number, Radl and sheet points.",
    formats=EXPLAIN_FORMATS,
)
def explain(
    number: NumberArg, fmt: OutputFormat = OutputFormat.TABLE, ledger: options.LedgerOpt = None
) -> None:
    """The arithmetic of hand N, bet by bet, with the profile rule behind each number, and the hand's history in the audit trail."""
    options.show(explained_view(options.evening_of(ledger).explain(number)), fmt)


_HEAD_NOT_FOUND = N_(
    "compare the digits with the head written down, and make sure this is that evening's ledger (--ledger); entries cut off since come back only from a copy of the file made before"
)
_HEAD_CHANGED = N_(
    "`tarockscore show --ledger {path}` shows the evening as it is now, to hold against the paper sheet; the evening of then comes back only from a copy of the file made before the change, or by correcting the hands that differ (record, replace, delete, undo)"
)


def check(
    head: Annotated[
        str | None,
        typer.Option(
            "--head",
            help="A head written down earlier (or its first digits): exit 0 only when the hands as of it are unchanged.",
        ),
    ] = None,
    ledger: options.LedgerOpt = None,
) -> None:
    """Re-score every hand and compare with the stored results (exit 1 on any mismatch); with
    --head, also that the hands as of that head are unchanged (hands added since are fine)."""
    options.head_given(head, N_("{head!r}: give a head as record prints it: 4 to 64 hex digits (0-9, a-f)"))
    evening = options.evening_of(ledger)
    checked = shown.checked_text(evening.path, evening.check())
    held = None if head is None else evening.check_head(head)
    if held is not None and not held.holds:  # a failed check says nothing passed first, then what to do
        name = str(evening.path)
        step = Problem.of(name, _HEAD_CHANGED if held.found else _HEAD_NOT_FOUND, path=shlex.quote(name))
        raise LedgerError([Problem.of(name, shown.head_check_text(held)), step])
    typer.echo(shown.folded(checked))
    if held is not None:
        typer.echo(shown.folded(shown.head_check_text(held)))


@options.with_format()
def rescore(
    profile: Annotated[str, typer.Option("--profile", "-P", help="The profile to score the evening under.")],
    write: Annotated[
        bool, typer.Option("--write", help="Write the rescored evening into the ledger.")
    ] = False,
    fmt: OutputFormat = OutputFormat.TABLE,
    ledger: options.LedgerOpt = None,
) -> None:
    """The evening under another profile (what-if); written only with --write."""
    ref = options.profile_given(profile) or ""
    evening = options.evening_of(ledger)
    try:
        with options.profile_at("--profile"):
            rescored = evening.rescore(ref, write=write, at=tarockscore.now())
    except LedgerError as exc:
        raise options.as_options(exc, "profile") from None
    options.show(shown.rescored_view(rescored, evening.path), fmt)


def repair(
    write: Annotated[
        bool, typer.Option("--write", help="Write the re-scored evening, with an audit entry.")
    ] = False,
    ledger: options.LedgerOpt = None,
) -> None:
    """Re-score an evening changed outside tarockscore from its stored hands; show every number
    that changes; write it (sealed, with an audit entry) only with --write."""
    evening = options.evening_of(ledger)
    r = evening.repair(write=write, at=tarockscore.now() if write else None)
    typer.echo(shown.repaired_text(r, evening.path))


@options.with_format(later=True)
def settle(
    stake: Annotated[
        str | None, typer.Option("--stake", help="Money per Victory Point; default: the ledger's stake.")
    ] = None,
    fmt: Callable[[], OutputFormat] = lambda: OutputFormat.TABLE,
    ledger: options.LedgerOpt = None,
) -> None:
    """Who pays whom how much, in the fewest payments, exact to the cent."""
    problems = Collector()
    amount = options.read_option(problems, "--stake", stake_amount, stake)
    shown_as = options.format_read(problems, fmt)
    problems.raise_if_any(UsageError)
    try:
        settled = options.evening_of(ledger).settle(amount)
    except UsageError as exc:
        raise options.as_options(exc, "stake") from None
    options.show(shown.settled_view(settled), shown_as)


# No file at the path given (a link to a file that is gone too): nothing to convert
NOTHING_TO_UPGRADE = N_("{path}: no such file or folder; give a ledger or a tournament's folder to convert")
# A file that is no ledger, said as upgrade takes it (its PATH; upgrade has no --ledger): given
# alone, or found in a folder given, whose conversion it stops until it is moved out
NOT_A_LEDGER_TO_UPGRADE = (
    N_(
        "{path}: not an evening's ledger; give a ledger or a tournament's folder to convert; nothing was read or written"
    ),
    N_(
        "{path}: not an evening's ledger; the folder's conversion stops here: move it out of the folder and run upgrade again; nothing was read or written"
    ),
)


def _folded(text: str) -> str:
    """Each line of ``text`` in 80 columns, broken between its clauses."""
    return "\n".join(map(shown.folded, text.splitlines()))


def _upgraded(ledger: Path, in_folder: bool = False) -> str:
    """One ledger converted, as upgrade says it."""
    try:
        return _folded(shown.upgraded_text(tarockscore.upgrade(ledger, tarockscore.now())))
    except LedgerError as exc:
        wording = {
            tarockscore.ways_out.NOT_A_LEDGER: NOT_A_LEDGER_TO_UPGRADE[in_folder],
            tarockscore.ways_out.NO_LEDGER: NOTHING_TO_UPGRADE,
        }
        raise type(exc)([options.advised(p, wording) for p in exc.problems]) from None


def upgrade(
    path: Annotated[
        str,
        typer.Argument(
            help="The ledger to convert (schema 1, as tarockscore wrote it before 0.2.0), a folder "
            "of such ledgers (each converted), or a tournament's folder kept by tarockscore 0.3 or before."
        ),
    ],
) -> None:
    """Convert a ledger or a tournament's folder of an older format to the current one, keeping the
    old file as PATH.bak (tournament.toml.bak). Every other command reads the current format only."""
    if not path.strip():  # an unset "$LEDGER": not this folder taken for a tournament's
        raise UsageError(
            N_("{path!r} is empty; give a ledger or a tournament's folder to convert"),
            path=path,
            where="PATH",
        )
    target = Path(path)
    if not target.exists() and not target.is_symlink():  # nothing to convert: no ledger to start either
        raise UnreadableLedger(NOTHING_TO_UPGRADE, path=target)
    if not target.is_dir() and target.name != "tournament.toml":
        typer.echo(_upgraded(target))
        return
    if target.is_dir() and not (target / "tournament.toml").exists():  # a season's folder of evenings
        ledgers = sorted(p for p in target.glob("*.toml") if not p.is_dir())
        if not ledgers:
            raise UnreadableLedger(
                N_(
                    "{path}: no ledger and no tournament here; give a ledger or a tournament's folder to convert"
                ),
                path=target,
            )
        for ledger in ledgers:
            typer.echo(_upgraded(ledger, in_folder=True))
        return
    # a tournament's folder: its tournament.toml to the day's log, then any sheet still of schema 1
    folder = target if target.is_dir() else target.parent
    typer.echo(translated(tarockscore.upgrade_day(folder)))
    for sheet in sorted(folder.glob("round-*/*.toml")):
        done = tarockscore.upgrade(sheet, tarockscore.now())
        if done.backup is not None:
            typer.echo(_folded(shown.upgraded_text(done)))


def _change(act: "Callable[[], tarockscore.Change]", hands: int | None) -> None:
    try:
        change = act()
    except (LedgerError, UsageError) as exc:  # at their argument, where it was typed
        raise options.at_options(exc, {"hands": "" if hands is None else "HANDS"}) from None
    _told(translated(change.said), change.after)


def add(
    hands: Annotated[
        int | None,
        typer.Argument(
            help="How many doubled hands; default: the profile's radl.hands (in the shipped profiles one round at a table of four).",
            metavar=N_("HANDS"),
            parser=options.hand_count,
        ),
    ] = None,
    ledger: options.LedgerOpt = None,
) -> None:
    """Set a Radl by hand: the coming hands are doubled (×radl.factor), after any Radl pending."""
    evening = options.evening_of(ledger, changed=True)
    _change(lambda: evening.add_radl(hands, tarockscore.now()), hands)


def strike(
    hands: Annotated[
        int | None,
        typer.Argument(
            help="How many doubled hands to strike; default: one.",
            metavar=N_("HANDS"),
            parser=options.hand_count,
        ),
    ] = None,
    ledger: options.LedgerOpt = None,
) -> None:
    """Strike doubled hands the Radl still owes (default: one); the last ones pending go first."""
    evening = options.evening_of(ledger, changed=True)
    _change(lambda: evening.strike_radl(1 if hands is None else hands, tarockscore.now()), hands)
