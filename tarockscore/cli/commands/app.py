"""``tarockscore app build``: the evening on the players' phones with no laptop, a static site
that runs the library in the browser (Pyodide) and works offline (CLI layer)."""

import base64
import hashlib
import importlib.metadata
import io
import json
import shutil
import zipfile
from importlib.resources import files
from pathlib import Path
from typing import Annotated

import tabulate
import tomli_w
import typer

import tarockscore
from tarockscore import i18n
from tarockscore.errors import N_, TarockError, UsageError, shown_path
from tarockscore.i18n import _

# Pyodide (CPython 3.14.2 in WebAssembly) as the npm registry ships it, pinned by its integrity.
PYODIDE = "314.0.8"
PYODIDE_URL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE}.tgz"
PYODIDE_SHA512 = "74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
# What the page loads of it: the loader, the interpreter, the standard library, the package list.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The site's own files (tarockscore/app/), the table page's style sheet and script, and the library in a zip.
SITE_FILES = (
    "index.html",
    "page.js",
    "worker.js",
    "sw.js",
    "app.css",
    "manifest.webmanifest",
    "icon.svg",
    "icon-192.png",
    "icon-512.png",
)
BUILT = (*SITE_FILES, "table.css", "table.js", "tarockscore.zip", "pyodide")
# The pure-Python libraries the page's Python imports besides the standard library.
LIBRARIES = ("tabulate", "tomli_w")


def _is_site(folder: Path) -> bool:
    try:
        manifest = json.loads((folder / "manifest.webmanifest").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(manifest, dict) and manifest.get("name") == "tarockscore"


def _target(folder: Path) -> Path:
    """The folder to build in: new, empty, or a site built before (its files are replaced)."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(N_("{path}: is a file; give a folder for the site"), where="DIR", path=str(folder))
    if folder.is_dir() and any(folder.iterdir()) and not _is_site(folder):
        raise UsageError(
            N_(
                "{path}: this folder holds other files and no tarockscore site; give a new or empty folder (nothing was written)"
            ),
            where="DIR",
            path=str(folder),
        )
    return folder


def _python_of(lock: Path) -> tuple[int, ...]:
    try:
        version = json.loads(lock.read_text(encoding="utf-8"))["info"]["python"]
        return tuple(int(part) for part in str(version).split(".")[:2])
    except (OSError, ValueError, KeyError, TypeError):
        return ()


def _given_pyodide(path: Path) -> dict[str, bytes]:
    """The files the page needs of an unpacked ``pyodide`` package (``npm pack pyodide``)."""
    missing = [name for name in PYODIDE_FILES if not (path / name).is_file()]
    if not path.is_dir() or missing:
        raise UsageError(
            N_(
                "{path}: no unpacked pyodide package (it lacks {missing}); get one with `npm pack pyodide@{version}` and `tar xzf pyodide-{version}.tgz`, then give its folder `package`"
            ),
            where="--pyodide",
            path=str(path),
            missing=", ".join(missing or PYODIDE_FILES),
            version=PYODIDE,
        )
    python = _python_of(path / "pyodide-lock.json")
    if python < (3, 11):
        raise UsageError(
            N_(
                "{path}: this pyodide carries Python {found}; tarockscore needs 3.11 or later (pyodide {version})"
            ),
            where="--pyodide",
            path=str(path),
            found=".".join(map(str, python)) or "?",
            version=PYODIDE,
        )
    return {name: (path / name).read_bytes() for name in PYODIDE_FILES}


def _fetched_pyodide() -> dict[str, bytes]:
    """The pinned release from the npm registry, checked against its integrity; kept nowhere but the site."""
    how = _(
        "without network: `npm pack pyodide@{version}`, `tar xzf pyodide-{version}.tgz`, then `tarockscore app build DIR --pyodide package`"
    ).format(version=PYODIDE)
    # the network stack (ssl, http) and tar only where a release is fetched: at the top of the
    # module they would cost every command's start about 10 ms
    import tarfile  # noqa: PLC0415
    import urllib.request  # noqa: PLC0415

    try:
        with urllib.request.urlopen(PYODIDE_URL, timeout=120) as answer:
            data = answer.read()
    except OSError as exc:  # a URLError too, with its reason
        raise TarockError(
            N_("cannot fetch pyodide {version} from {url} ({why}); {how}"),
            version=PYODIDE,
            url=PYODIDE_URL,
            why=str(getattr(exc, "reason", exc)),
            how=how,
        ) from None
    if base64.b64encode(hashlib.sha512(data).digest()).decode() != PYODIDE_SHA512:
        raise TarockError(
            N_("{url}: the file fetched is not pyodide {version} as published (its sha512 differs); {how}"),
            url=PYODIDE_URL,
            version=PYODIDE,
            how=how,
        )
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        return {name: archive.extractfile(f"package/{name}").read() for name in PYODIDE_FILES}  # type: ignore[union-attr]


def _library_zip() -> bytes:
    """The package (without its command line) and the libraries it imports, as the page unpacks them."""
    root = Path(tarockscore.__file__).parent
    # the shipped profiles: the source tree's, else the installed copy (as the library finds them)
    profiles = next(p for p in (root.parent / "profiles", root / "_profiles") if p.is_dir())
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in sorted(root.rglob("*")):
            inside = path.relative_to(root)
            if inside.parts[0] == "cli" or inside in (Path("web/app.py"), Path("__main__.py")):
                continue  # the command line and the server's stack are not run there
            if path.suffix in (".py", ".mo") and "__pycache__" not in inside.parts:
                archive.write(path, f"tarockscore/{inside.as_posix()}")
        for path in sorted(profiles.rglob("*.toml")):  # the published readings, too
            archive.write(path, f"tarockscore/_profiles/{path.relative_to(profiles).as_posix()}")
        for module in (tabulate, tomli_w):
            assert module.__file__ is not None
            place = Path(module.__file__).parent
            for path in sorted(place.glob("*.py")):
                archive.write(path, f"{place.name}/{path.name}")
        for name in ("tarockscore", *LIBRARIES):
            for found in importlib.metadata.distribution(name).files or []:
                if "LICEN" in found.name.upper():
                    archive.writestr(f"licenses/{name}-{found.name}", found.read_text(encoding="utf-8"))
    return out.getvalue()


def _words() -> str:
    """The words the page shows before its Python runs, in each language, from the catalogue."""
    words = {}
    for lang in i18n.LANGUAGES:
        with i18n.language(lang):
            words[lang] = {
                "loading": _("Loading the rules of the game…"),
                "failed": _("The page could not go on:"),
                "insecure": _(
                    "This page keeps an evening only when it is opened over HTTPS or from localhost: open its https:// address."
                ),
                "not_persisted": _(
                    "This browser may clear the evening when space runs short: export the ledger at the end of the evening."
                ),
            }
    return json.dumps(words, ensure_ascii=False).replace("<", "\\u003c")


def _write_site(target: Path, site: dict[str, bytes]) -> None:
    for name in BUILT:  # a site built before: its files are replaced, anything else stays
        old = target / name
        if old.is_dir():
            shutil.rmtree(old)
        elif old.exists():
            old.unlink()
    for name, data in site.items():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        (target / name).write_bytes(data)


def build(
    folder: Annotated[str, typer.Argument(metavar=N_("DIR"), help="The folder to write the site into.")],
    pyodide: Annotated[
        Path | None,
        typer.Option(
            "--pyodide",
            help=f"An unpacked pyodide package (npm pack pyodide@{PYODIDE}); default: fetch that release.",
        ),
    ] = None,
) -> None:
    """Write the evening's app into DIR: a static site, served over HTTPS or from localhost, on which
    the phones keep and score the evening with no server, offline after the first visit."""
    if not folder.strip():  # an unset "$SITE": not this folder taken for the site's
        raise UsageError(
            N_("{path!r} is empty; give the folder to write the site into"), path=folder, where="DIR"
        )
    target = _target(Path(folder))
    engine = _given_pyodide(pyodide) if pyodide is not None else _fetched_pyodide()
    source = files("tarockscore") / "app"
    site = {name: source.joinpath(name).read_bytes() for name in SITE_FILES}
    site["table.css"] = (files("tarockscore") / "web" / "static" / "app.css").read_bytes()
    site["table.js"] = (files("tarockscore") / "web" / "static" / "app.js").read_bytes()
    site["tarockscore.zip"] = _library_zip()
    site["index.html"] = site["index.html"].replace(b'{"en": {}, "de": {}}', _words().encode())
    site |= {f"pyodide/{name}": data for name, data in engine.items()}
    stamp = hashlib.sha256(b"".join(site[name] for name in sorted(site) if name != "sw.js")).hexdigest()[:16]
    cached = json.dumps(["./", *sorted(name for name in site if name != "sw.js")])
    for name in ("sw.js", "worker.js"):  # the caches they keep are named by the build
        site[name] = site[name].replace(b'"tarockscore-BUILD"', f'"tarockscore-{stamp}"'.encode())
    site["sw.js"] = site["sw.js"].replace(b"const FILES = [];", f"const FILES = {cached};".encode())
    try:
        _write_site(target, site)
    except OSError as exc:
        said = N_("{path}: the site cannot be written ({why}); build it again where it can be")
        raise TarockError(said, path=target, why=exc.strerror or exc) from None
    size = sum(len(data) for data in site.values())
    typer.echo(
        _("{path}: the site, {count} files, {size} MB; serve it over HTTPS or from localhost").format(
            path=shown_path(target), count=len(site), size=f"{size / 1e6:.1f}"
        )
    )
