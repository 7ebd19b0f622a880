"""``tarockscore enter``: the guided entry, a hand asked question by question, then recorded.

Which questions a hand asks, what each offers and how an answer is read is
:mod:`tarockscore.cli.entry_steps`, and how the answers are given, taken back and changed
:mod:`tarockscore.cli.entry_answers` (both pure, asking ``rules.legality`` what the rules allow);
this module prompts, prints and writes. ``enter --replace N`` asks the same questions with hand N's
answers as defaults and replaces it. It is imported only when ``enter`` runs.
"""

from collections.abc import Callable
from typing import Annotated

import typer

from tarockscore import i18n
from tarockscore.cli.ask import answer_to
from tarockscore.cli.entry_answers import Entry, Save, defaults_from_keys, read_summary, stored_flow
from tarockscore.cli.entry_steps import Flow, Kind, Question, Refused
from tarockscore.cli.ledger_option import LedgerOpt, ledger_path_of, now
from tarockscore.cli.notation import hand_number
from tarockscore.cli.record import recorded
from tarockscore.errors import INTERRUPTED, TarockError
from tarockscore.files.ledger_file import check_writable, read, update, verify
from tarockscore.i18n import _, translated
from tarockscore.ledger import operations
from tarockscore.ledger.deal import hand_deal, next_deal
from tarockscore.ledger.model import Ledger
from tarockscore.ledger.results import check_number, score_stored
from tarockscore.render import evening as render_evening
from tarockscore.render import hand as render
from tarockscore.rules.hand import HandInput

ReplaceOpt = Annotated[
    int | None,
    typer.Option(
        "--replace",
        help="Replace hand N: the same questions, with its old answers as defaults.",
        parser=hand_number,
        show_default=False,
    ),
]


def register(app: typer.Typer, only: str | None = None) -> None:
    """Add the guided entry to the ``tarockscore`` app."""
    app.command()(enter)


def prompt_text(question: Question) -> str:
    """The prompt: the question, what it offers (players by their seat's number), its default."""
    text = question.text
    if question.kind is Kind.CHOICE:
        numbered = " ".join(f"{c.number}={c.label}" for c in question.choices if c.number is not None)
        named = ", ".join(c.label for c in question.choices if c.number is None)
        text += f" ({', '.join(x for x in (numbered, named) if x)})"
    if question.kind is Kind.YES_NO:
        text += (
            " ["
            + (_("Y/n") if question.default is True else _("y/N") if question.default is False else _("y/n"))
            + "]"
        )
    elif question.default is not None:
        text += f" [{question.shown(question.default)}]"
    return text


def _summary(entry: Entry) -> int:
    """Print the answers, numbered so that a line can be changed; return how many."""
    lines = entry.lines()
    typer.echo("")
    width = len(str(len(lines)))
    for i, (question, value) in enumerate(lines, 1):
        typer.echo(f"  {i:>{width}}  {question.line}: {question.shown(value)}")
    for note in entry.notes():
        typer.echo(f"  {' ' * width}  {note}")
    return len(lines)


def _walk(entry: Entry, preview: Callable[[HandInput], Ledger], number: int) -> HandInput | None:
    """Ask until the hand is complete and the summary says record it (the hand) or leave it (None)."""
    while True:
        question = entry.next()
        if question is not None:
            problem = entry.give(answer_to(prompt_text(question)))
            if problem:
                typer.echo(f"  {problem}", err=True)
            continue
        count = _summary(entry)
        mapping = entry.hand()
        try:
            after = preview(mapping)
        except TarockError as exc:
            for p in exc.problems:
                typer.echo(f"  {p.render(i18n.gettext)}", err=True)
            can_save = False
            prompt = _("Change a line (its number), go back, or n to leave it")
        else:
            _hand, score = score_stored(after, number)
            typer.echo("")
            typer.echo(render.score_table(score))
            radl = after.hands[number - 1].result.radl
            if radl != 1:
                typer.echo(_("Radl: this hand counts ×{radl}").format(radl=radl))
            can_save = True
            prompt = _(
                "Record this as hand {number}? (Enter = yes, n = no, a line's number changes it)"
            ).format(number=number)
        while True:
            try:
                said = read_summary(answer_to(prompt), count, can_save)
                break
            except Refused as exc:
                typer.echo(f"  {exc.args[0]}", err=True)
        if said is Save.YES:
            return mapping
        if said is Save.NO:
            return None
        if said is Save.BACK:
            entry.back()
        else:
            entry.reopen(said)


def enter(ledger: LedgerOpt = None, replace: ReplaceOpt = None) -> None:
    """A guided entry: the hand step by step (a number, a name or its beginning; 'back' returns to
    the question before), a summary that can be changed, then Enter records it."""
    path = ledger_path_of(ledger)
    snapshot = read(path)
    check_writable(path)  # a closed evening is refused before the questions, not after
    verify(snapshot)
    led = snapshot.ledger
    profile = led.profile
    if replace is None:
        operations.check_room(led)  # a table that has played its games is refused before the questions
        number = len(led.hands) + 1
        deal = next_deal(led)
        entry = Entry(Flow(profile, led.players, deal.players))
        typer.echo(
            _("hand {number} under {profile}: {deal}").format(
                number=number, profile=profile.name, deal=render_evening.deal_text(deal)
            )
        )
    else:
        number = replace
        check_number(led, number)
        deal = hand_deal(led, number)
        keys = led.hands[number - 1].keys
        entry = Entry(
            stored_flow(keys, profile, led.players, deal.players), defaults_from_keys(keys, profile)
        )
        typer.echo(_("replacing {hand}").format(hand=render_evening.hand_line(led, number)))
    seats = " ".join(f"{i}={p}" for i, p in enumerate(led.players, 1) if p in deal.players)
    typer.echo(_("players: {seats}; 'back' returns to the question before").format(seats=seats))
    at = now()

    def change(current: Ledger, mapping: HandInput) -> Ledger:
        if replace is None:
            return operations.record(current, mapping, at)
        return operations.replace_hand(current, number, mapping, at)

    try:
        mapping = _walk(entry, lambda m: change(led, m), number)
    except typer.Abort:  # end of input (Ctrl-D)
        typer.echo("", err=True)
        typer.echo(_("end of input: not recorded; the ledger is unchanged"), err=True)
        raise typer.Exit(1) from None
    except KeyboardInterrupt:  # Ctrl-C at a question
        typer.echo("", err=True)
        typer.echo(_("not recorded; the ledger is unchanged"), err=True)
        raise typer.Exit(INTERRUPTED) from None
    if mapping is None:
        typer.echo(_("not recorded; the ledger is unchanged"))
        return
    before, after = update(path, lambda current: change(current, mapping), snapshot.sha256)
    if replace is None:
        recorded(before, after)
    else:
        typer.echo(translated(after.audit[-1].detail))
        typer.echo(render_evening.totals_table(after, number))
