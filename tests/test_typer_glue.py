"""What tarockscore needs of Typer beyond its public API is still there, and only the adapter
(``tarockscore/cli/app.py``) reaches for it: a Typer that changes one of these fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import typer
import typer.core
from typer._click import exceptions as click_errors
from typer.main import get_command
from typer.testing import CliRunner

from tarockscore import i18n
from tarockscore.cli import app as glue
from tarockscore.cli.app import Command, CommandGroup, app
from tarockscore.cli.options import NOT_WHOLE

PACKAGE = Path(__file__).resolve().parent.parent / "tarockscore"
GLUE = PACKAGE / "cli" / "app.py"


def test_the_adapter_was_checked_against_this_typer() -> None:
    # the adapter's docstring names the Typer it was checked against: a new one is checked again
    assert typer.__version__.startswith("0.28."), typer.__version__
    assert "Typer 0.28.0" in (glue.__doc__ or "")


def test_typer_says_each_of_its_words_through_its_module_gettext() -> None:
    tree = ast.parse(Path(typer.core.__file__).read_text(encoding="utf-8"))
    said = {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "_"
        and node.args
        and isinstance(node.args[0], ast.Constant)
    }
    assert set(glue.TYPER_WORDS) <= said
    assert typer.core._ is i18n.gettext  # type: ignore[attr-defined]  # rebound when the command line is imported


def test_every_error_of_the_click_in_typer_is_a_typer_exception() -> None:
    # the command group catches typer.TyperException to report each of them as one error: line
    for error in (
        click_errors.UsageError,
        click_errors.BadParameter,
        click_errors.MissingParameter,
        click_errors.NoSuchOption,
        click_errors.BadOptionUsage,
        glue.ExtraArguments,
    ):
        assert issubclass(error, typer.TyperException), error


def _error(path: tuple[str, ...], args: list[str]) -> typer.TyperException:
    """The error Typer raises when the command at ``path`` is given ``args`` (a command, unlike
    our group, does not turn it into an ``error:`` line)."""
    command = get_command(app)
    for name in path:
        command = command.commands[name]  # type: ignore[attr-defined]
    with pytest.raises(typer.TyperException) as raised:
        ctx = command.make_context(path[-1], list(args))  # Click takes the list apart
        if isinstance(command, CommandGroup):  # a group finds its command only when invoked
            command.resolve_command(ctx, list(args))
    return raised.value


# (a command, what it is given, Typer's English for the error, the message that says it again,
# the parts filled in)
READINGS: list[tuple[tuple[str, ...], list[str], str, str, dict[str, str]]] = [
    (("delete",), [], "Missing argument 'number'.", glue.MISSING_ARGUMENT, {"name": "'number'"}),
    (("new",), [], "Missing option '--players' / '-p'.", glue.MISSING_OPTION, {"name": "'--players' / '-p'"}),
    (
        ("show",),
        ["--ledgr"],
        "No such option: --ledgr (Possible options: --ledger)",
        glue.NO_SUCH_OPTION_POSSIBLE,
        {"name": "--ledgr", "options": "--ledger"},
    ),
    (("season",), ["--bogus"], "No such option: --bogus", glue.NO_SUCH_OPTION, {"name": "--bogus"}),
    (
        ("radl",),
        ["streiche"],
        "No such command 'streiche'. Did you mean 'strike'?",
        glue.NO_SUCH_COMMAND_MEANT,
        {"reason": "No such command 'streiche'", "choices": "'strike'"},
    ),
    (  # as Typer shows it: a control character escaped
        ("season",),
        ["--bo\x1bgus"],
        "No such option: --bo\\x1bgus",
        glue.NO_SUCH_OPTION,
        {"name": "--bo\\x1bgus"},
    ),
    (
        ("show",),
        ["--ledger"],
        "Option '--ledger' requires an argument.",
        glue.REQUIRES_A_VALUE,
        {"name": "'--ledger'"},
    ),
    (
        ("score",),
        ["--won=3"],
        "Option '--won' does not take a value.",
        glue.TAKES_NO_VALUE,
        {"name": "'--won'"},
    ),
    (
        ("delete",),
        ["1", "2", "\x07"],
        "Got unexpected extra argument(s) (2 \\x07)",
        glue.EXTRA_ARGUMENTS,
        {"arguments": "2 \\x07"},
    ),
    (  # said in our words in English too: Click's lists the choices a tab and a line each
        ("tournament", "players"),
        ["day"],
        "Missing argument 'action'. Choose from:\n\tadd,\n\tdrop",
        glue.MISSING_CHOICE,
        {"name": "'action'", "choices": "'add', 'drop'"},
    ),
]


@pytest.mark.parametrize(
    ("path", "args", "english", "message", "parts"),
    READINGS,
    ids=[" ".join((*p, *a)) for p, a, _e, _m, _r in READINGS],
)
def test_each_usage_error_is_read_from_typers_own_error(
    path: tuple[str, ...], args: list[str], english: str, message: str, parts: dict[str, str]
) -> None:
    exc = _error(path, args)
    assert exc.format_message() == english  # Typer's English, as an English run shows it
    assert glue.usage_words(exc) == (message, parts)


# A value Click refused, said as our own refusals are: (a command, what it is given, Typer's
# English, where it is said, the message, the parts filled in)
REFUSALS: list[tuple[tuple[str, ...], list[str], str, str, str, dict[str, str]]] = [
    (
        ("tournament", "draw"),
        ["cup", "-r", "1", "--seed", "zz"],
        "Invalid value for '--seed': 'zz' is not a valid int.",
        "--seed",
        NOT_WHOLE,
        {"text": "zz"},
    ),
    (
        ("tournament", "players"),
        ["day", "x", "Bert"],
        "Invalid value for 'action': 'x' is not one of 'add', 'drop'.",
        "'action'",  # in a run, as the usage line names it: add|drop
        glue.NOT_A_CHOICE,
        {"value": "x", "choices": "'add', 'drop'"},
    ),
]


@pytest.mark.parametrize(
    ("path", "args", "english", "where", "message", "parts"),
    REFUSALS,
    ids=[" ".join((*p, *a)) for p, a, *_rest in REFUSALS],
)
def test_a_refused_value_is_read_from_typers_own_error(
    path: tuple[str, ...], args: list[str], english: str, where: str, message: str, parts: dict[str, str]
) -> None:
    exc = _error(path, args)
    assert exc.format_message() == english  # the error Typer raises, not its English, is read
    assert isinstance(exc, click_errors.BadParameter)
    problem = glue.refusal(exc)
    assert problem is not None
    assert (problem.where, problem.template, dict(problem.values)) == (where, message, parts)


def test_a_value_a_reader_of_ours_refused_keeps_its_reason() -> None:
    exc = _error(("tournament", "draw"), ["cup", "-r", "zz"])
    assert isinstance(exc, click_errors.BadParameter)
    problem = glue.refusal(exc)
    assert problem is not None
    assert (problem.where, problem.message) == (
        "--round",
        "'zz' is not a round number; write it in digits, 1 or more, e.g. 2",
    )


def test_every_message_said_again_is_read_from_an_error_of_typers() -> None:
    def messages(reader: object) -> set[str]:
        names = reader.__code__.co_names  # type: ignore[attr-defined]
        return {
            getattr(glue, name)
            for name in names
            if name.isupper() and not name.startswith("_") and isinstance(getattr(glue, name, None), str)
        }

    assert {message for _p, _a, _e, message, _r in READINGS} == messages(glue.usage_words)
    assert {message for *_rest, message, _r in REFUSALS} == messages(glue.refusal)


def test_an_error_that_says_more_or_else_is_not_read() -> None:
    # Click's sentence for an option of two values, no extra argument, a parameter without a
    # name, a missing parameter of a kind we do not name: none is a message we say again
    assert (
        glue.usage_words(click_errors.BadOptionUsage("--pair", "Option '--pair' requires 2 arguments."))
        is None
    )
    assert glue.usage_words(glue.ExtraArguments([])) is None
    assert glue.usage_words(click_errors.BadParameter("too many", param_hint=None)) is None
    assert glue.usage_words(click_errors.MissingParameter(param_hint="'--x'", param_type="parameter")) is None
    assert glue.usage_words(typer.TyperException("something else")) is None


def test_every_command_is_made_of_our_classes() -> None:
    def walk(command: object) -> list[object]:
        subs = getattr(command, "commands", {}).values()
        return [command, *(c for sub in subs for c in walk(sub))]

    made = walk(get_command(app))
    groups = [c for c in made if hasattr(c, "commands")]
    assert len(made) > 20 and len(groups) > 3
    for command in made:
        assert isinstance(command, CommandGroup if command in groups else Command), command


def _private_names(source: str) -> list[str]:
    """Every name of Typer or Click starting with an underscore that ``source`` imports or
    reaches as an attribute (``typer.core._``, ``from typer._click import ...``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        chains: list[str] = []
        if isinstance(node, ast.Import):
            chains = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            chains = [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Attribute):
            chains = [ast.unparse(node)]
        for chain in chains:
            parts = chain.split(".")
            if parts[0] in {"typer", "click"} and any(
                p.startswith("_") and not p.startswith("__") for p in parts
            ):
                found.append(chain)
    return found


def test_only_the_adapter_touches_typers_private_names() -> None:
    touched = {
        str(path.relative_to(PACKAGE.parent)): names
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != GLUE and (names := _private_names(path.read_text(encoding="utf-8")))
    }
    assert touched == {}
    assert _private_names(GLUE.read_text(encoding="utf-8"))  # the adapter itself does: the check sees them


def test_the_private_name_check_can_fail() -> None:
    source = "import typer.core\nfrom typer._click import Context\ntyper.core._ = print\nimport click\nclick.core.Command\n"
    assert _private_names(source) == ["typer._click.Context", "typer.core._"]


@pytest.mark.parametrize("columns", ["60", "70", "80"])
def test_help_never_breaks_a_file_name_at_its_hyphen(columns: str) -> None:
    """At 70 columns `--help` said "(docs/machine-" and "output.md)" a line below, at 80 in
    `season --help` "tarock-" and "ledger.toml": a name no one can copy. A line breaks at a space."""
    for args in (["show"], ["season"], ["record"], ["--lang", "de", "record"], ["stats"]):
        page = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": columns}).stdout
        assert "tarock-ledger.toml" in page and not [x for x in page.splitlines() if x.endswith("-")], page


def _pages() -> list[list[str]]:
    """Every command's path, from the program itself to each command of each group."""
    paths: list[list[str]] = []

    def walk(command: object, path: list[str]) -> None:
        paths.append(path)
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*path, name])

    walk(get_command(app), [])
    return paths


@pytest.mark.parametrize("columns", ["60", "80"])
def test_help_never_breaks_a_quoted_value(columns: str) -> None:
    """`score --help` in German at 80 columns said `40, "35` and `2/3", 35/2` a line below: one
    value to type, cut in two. Every help page, English and German, keeps a quoted value whole."""
    for lang in ("en", "de"):
        for path in _pages():
            page = CliRunner().invoke(app, ["--lang", lang, *path, "--help"], env={"COLUMNS": columns}).stdout
            assert page, (lang, path)
            broken = [line for line in page.splitlines() if line.count('"') % 2]
            assert broken == [], (lang, path, broken)
    page = CliRunner().invoke(app, ["--lang", "de", "score", "--help"], env={"COLUMNS": columns}).stdout
    assert '"35 2/3"' in page and '"35 2"' in page
