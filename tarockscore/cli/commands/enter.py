"""``tarockscore enter``: the guided entry, a hand asked question by question, then recorded or
replaced; the questions and the reading of answers are :mod:`tarockscore.entry`'s."""

import textwrap
from typing import Annotated

import typer

import tarockscore
from tarockscore import i18n
from tarockscore.cli.commands.ledger import recorded, replaced
from tarockscore.cli.options import LedgerOpt, evening_of, hand_number
from tarockscore.cli.terminal import Asker, TooMuchInput
from tarockscore.errors import INTERRUPTED, TarockError
from tarockscore.i18n import _
from tarockscore.render import evening as shown
from tarockscore.render.hand import preview_text

ReplaceOpt = Annotated[
    int | None,
    typer.Option(
        "--replace",
        help="Replace hand N: the same questions, with its old answers as defaults.",
        parser=hand_number,
    ),
]


def prompt_text(question: "tarockscore.Question") -> str:
    """The prompt: the question, what it offers by number (players by their seat's), its default."""
    text = question.text
    if question.kind is tarockscore.QuestionKind.CHOICE:
        text += " (" + " ".join(_whole(f"{c.number}={c.label}") for c in question.choices) + ")"
    if question.kind is tarockscore.QuestionKind.POINTS and question.choices:  # "… (of 70, or Valat)"
        words = _("or {words}").format(words=", ".join(c.label for c in question.choices))
        text = f"{text[:-1]}, {words})" if text.endswith(")") else f"{text} ({words})"
    if question.kind is tarockscore.QuestionKind.YES_NO:
        yes_no = _("Y/n") if question.default is True else _("y/N") if question.default is False else _("y/n")
        text += f" [{yes_no}]"
    elif question.default is not None:
        text += f" [{question.shown(question.default)}]"
    return wrapped(text)


def wrapped(prompt: str, width: int = shown.TERMINAL - 4) -> str:
    """A prompt between words on the terminal's columns, room left for the answer typed after it
    (``width``: the columns it may take)."""
    return textwrap.fill(prompt, width, break_long_words=False, break_on_hyphens=False).replace("\xa0", " ")


def _whole(choice: str) -> str:
    """A choice kept on one line where a prompt wraps ("11=Piccolo ouvert"): a no-break space."""
    return choice.replace(" ", "\xa0")


def _summary(entry: "tarockscore.Answers") -> int:
    """Print the answers, numbered so that a line can be changed; return how many."""
    lines = entry.lines()
    typer.echo("")
    width = len(str(len(lines)))
    for i, (question, value) in enumerate(lines, 1):
        typer.echo(f"  {i:>{width}}  {question.line}: {question.shown(value)}")
    for note in entry.notes():
        typer.echo(f"  {' ' * width}  {note}")
    return len(lines)


def _ask(entry: "tarockscore.Answers", asker: Asker) -> None:
    """Ask each question the entry gives until every one is answered."""
    while (question := entry.next()) is not None:
        problem = entry.give(asker.ask(prompt_text(question)))
        if problem:
            asker.refused(f"  {problem}")
        else:
            asker.taken()


def _preview(mapping: "tarockscore.HandInput", hand: "tarockscore.HandEntry") -> bool:
    """Show what the hand scores (True), or why the rules refuse it (False)."""
    try:
        after = hand.preview(mapping)
    except TarockError as exc:
        for p in exc.problems:
            typer.echo(f"  {p.render(i18n.gettext)}", err=True)
        return False
    typer.echo("\n" + preview_text(after, hand.number))
    return True


def _said_at_summary(
    prompt: str, count: int, can_save: bool, asker: Asker, entry: "tarockscore.Answers"
) -> "tarockscore.Save | int | None":
    """Ask at the summary until the answer is one it takes (None: ``renonce``, who revoked, is asked)."""
    while True:
        text = asker.ask(prompt)
        if entry.opened(text):
            asker.taken()
            return None
        try:
            said = tarockscore.read_summary(text, count, can_save)
        except tarockscore.Refused as exc:
            asker.refused(f"  {exc.args[0]}")
        else:
            asker.taken()
            return said


def _walk(hand: "tarockscore.HandEntry") -> "tarockscore.HandInput | None":
    """Ask until the hand is complete and the summary says record it (the hand) or leave it (None)."""
    entry, number = hand.answers(), hand.number
    asker = Asker()
    while True:
        _ask(entry, asker)
        count = _summary(entry)
        mapping = entry.hand()
        can_save = _preview(mapping, hand)
        if not can_save:
            prompt = _("Change a line (its number), go back, or n to leave it")
        elif hand.replacing:
            prompt = _("Replace hand {number} with this? (Enter = yes, n = no, a line's number changes it)")
        else:
            prompt = _("Record this as hand {number}? (Enter = yes, n = no, a line's number changes it)")
        prompt = wrapped(prompt.format(number=number))
        said = _said_at_summary(prompt, count, can_save, asker, entry)
        if said is tarockscore.Save.YES:
            return mapping
        if said is tarockscore.Save.NO:
            return None
        if said is tarockscore.Save.BACK:
            entry.back()
        elif said is not None:  # None: the question 'renonce' opened is asked next
            entry.reopen(said)


def enter(ledger: LedgerOpt = None, replace: ReplaceOpt = None) -> None:
    """A guided entry: the hand step by step (a number, a name or its beginning; 'back' returns to
    the question before), a summary that can be changed, then Enter records it."""
    hand = tarockscore.hand_entry(evening_of(ledger, changed=True), replace)
    led, number, deal = hand.ledger, hand.number, hand.deal
    if replace is None:
        typer.echo(
            _("hand {number} under {profile}: {deal}").format(
                number=number, profile=led.profile.name, deal=shown.deal_text(deal)
            )
        )
    else:
        typer.echo(_("replacing {hand}").format(hand=shown.hand_line(led, number)))
    seats = " ".join(_whole(f"{i}={p}") for i, p in enumerate(led.players, 1) if p in deal.players)
    said = _("players: {seats}; 'back' returns to the question before, 'renonce' asks who revoked")
    typer.echo(wrapped(said.format(seats=seats), shown.TERMINAL))
    at = tarockscore.now()

    try:
        mapping = _walk(hand)
    except typer.Abort:  # end of input (Ctrl-D)
        typer.echo("\n" + _("end of input: not recorded; the ledger is unchanged"), err=True)
        raise typer.Exit(1) from None
    except TooMuchInput:  # the error line says which bound, and that nothing was written
        typer.echo("", err=True)
        raise
    except KeyboardInterrupt:  # Ctrl-C at a question
        typer.echo("\n" + _("not recorded; the ledger is unchanged"), err=True)
        raise typer.Exit(INTERRUPTED) from None
    if mapping is None:
        typer.echo(_("not recorded; the ledger is unchanged"))
        return
    change = hand.save(mapping, at)
    if replace is None:
        recorded(change.before, change.after)
    else:
        replaced(change, number)
