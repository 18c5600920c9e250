"""Damaged files read back by the arcade: tried, crashes, files lost (the figures of docs/reliability.md).

Runs the generated campaigns of the tests (``tests/arcade/damage.py``,
``tests/arcade/test_damaged_room_files.py``) at a size given on the command line and
prints the counts.  Usage: ``python bench/damaged_reads.py [SAVES] [CONFIGS] [ROOM_FILES]``
(defaults 2000 / 1000 / 600).  Nothing is asserted here: the tests assert 0 and 0.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.arcade.damage import config_campaign, save_campaign  # noqa: E402
from tests.arcade.test_damaged_room_files import room_campaign  # noqa: E402


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("saves", nargs="?", type=int, default=2000, help="damaged saves tried (default 2000)")
    p.add_argument("configs", nargs="?", type=int, default=1000, help="damaged settings and keymaps (default 1000)")
    p.add_argument("rooms", nargs="?", type=int, default=600, help="damaged room files (default 600)")
    args = p.parse_args(argv)
    saves, configs, rooms = args.saves, args.configs, args.rooms
    print(f"machine: {platform.node()} {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as root:
        for name, run, n in (("damaged saves (every game, real saves broken)", save_campaign, saves),
                             ("damaged settings.toml / keymap.toml", config_campaign, configs),
                             ("damaged room files (cards, notebook, disc)", room_campaign, rooms)):
            counts = run(Path(root) / name.split()[1], n, 16)
            print(counts.line(name))
            for failure in counts.failures[:10]:
                print("   ", failure)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
