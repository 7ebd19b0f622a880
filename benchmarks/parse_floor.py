"""The floor for the season figures: a process that only reads and parses the same files.

Usage: ``python benchmarks/parse_floor.py PATH...`` (files, or folders searched for ``*.toml``
as ``tarockscore season`` searches them). Nothing but ``tomllib`` is imported.
"""

import sys
import tomllib
from pathlib import Path


def main(sources: list[str]) -> None:
    count = 0
    for source in sources:
        path = Path(source)
        files = sorted(path.rglob("*.toml")) if path.is_dir() else [path]
        for file in files:
            tomllib.loads(file.read_bytes().decode("utf-8"))
            count += 1
    print(count)


if __name__ == "__main__":
    main(sys.argv[1:])
