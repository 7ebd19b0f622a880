"""The package as an organiser installs it: the built wheel in a fresh virtual environment.

`pip install` of the wheel must give the licence (the PEP 639 form: `License-Expression: MIT` and
the LICENSE file shipped), the authors, the keywords and classifiers, the console script and the
shipped profiles and formats: what `pip show tarockscore` and `tarockscore --help` read.
"""

from __future__ import annotations

import email.parser
import re
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if built.returncode != 0 and "hatchling" in built.stderr and "No matching distribution" in built.stderr:
        pytest.skip("no hatchling to build with on this machine")
    assert built.returncode == 0, built.stderr
    [found] = out.glob("tarockscore-*.whl")
    return found


def test_the_wheel_carries_the_licence_and_the_metadata(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        [meta_name] = [n for n in names if n.endswith(".dist-info/METADATA")]
        meta = email.parser.Parser().parsestr(z.read(meta_name).decode("utf-8"))
    assert meta["Name"] == "tarockscore" and meta["Version"] == PROJECT["version"]
    assert meta["Metadata-Version"] in ("2.4", "2.5")
    assert meta["License-Expression"] == "MIT"
    assert meta.get_all("License-File") == ["LICENSE"]
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "Königrufen" in meta["Keywords"] and "Zwanzigerrufen" in meta["Keywords"]
    assert "Programming Language :: Python :: 3.11" in (meta.get_all("Classifier") or [])
    assert meta["Requires-Python"] == ">=3.11"
    assert "tarockscore/_profiles/ooe-2023.toml" in names and "tarockscore/_formats/schrift.toml" in names


def test_pip_show_reads_the_licence_in_a_fresh_environment(wheel: Path, tmp_path: Path) -> None:
    env = tmp_path / "fresh env – Pöll"  # a path with a space and a letter beyond ASCII
    venv.create(env, with_pip=True)
    pip = env / "bin" / "pip"
    # pip learnt the PEP 639 field (License-Expression) in 25.1; Python 3.11's bundled pip is 23.
    # pipx and uv install with a current one: so does this test, where the package index has one.
    subprocess.run([str(pip), "install", "-q", "--upgrade", "pip>=25.1"], capture_output=True, timeout=300)
    installed = subprocess.run(
        [str(pip), "install", "-q", "--no-deps", "--no-index", str(wheel)], capture_output=True, text=True
    )
    assert installed.returncode == 0, installed.stderr
    shown = subprocess.run([str(pip), "show", "--verbose", "tarockscore"], capture_output=True, text=True)
    assert shown.returncode == 0, shown.stderr
    fields = dict(line.split(": ", 1) for line in shown.stdout.splitlines() if ": " in line)
    assert fields["Name"] == "tarockscore" and fields["Version"] == PROJECT["version"]
    if "License-Expression" in fields:
        assert fields["License-Expression"] == "MIT"
    # whatever pip says, the installed metadata holds the expression and the licence text
    python = env / "bin" / "python"
    read = subprocess.run(
        [
            str(python),
            "-c",
            "import importlib.metadata as m; d = m.distribution('tarockscore');"
            " print(d.metadata['License-Expression']); print(d.read_text('licenses/LICENSE').splitlines()[0])",
        ],
        capture_output=True,
        text=True,
    )
    assert read.stdout.splitlines() == ["MIT", "MIT License"], read.stderr
    assert "The tarockscore authors" in fields["Author"] + fields.get("Author-email", "")
    assert "tarockscore = tarockscore.cli.app:main" in shown.stdout


def test_every_link_of_the_readme_works_on_a_package_index_page() -> None:
    # The README is the package's page on an index, where a link relative to the repository leads
    # nowhere: every link is absolute; a document of the source archive is named, not linked.
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)\s]+)\)", readme)
    assert links, "the README links somewhere: an empty walk proves nothing"
    assert [link for link in links if not link.startswith("https://")] == []
    assert re.findall(r"\]\(([^)\s]+)\)", "[a](docs/x.md) [b](https://x.org)") == [
        "docs/x.md",
        "https://x.org",
    ]
