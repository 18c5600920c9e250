"""The CPC screen view the arcade draws: its palette is the machine's, without importing the machine."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from games.lazard_othello.cpc_view import PALETTE_RGB, hardware_rgb
from machines.cpc import PALETTE_RGB as MACHINE_PALETTE


def test_the_palette_as_data_is_the_machines() -> None:
    assert PALETTE_RGB == tuple(MACHINE_PALETTE)
    assert hardware_rgb(1) == "#000080" and hardware_rgb(24) == "#FFFF00"  # the power-up paper and pen


def test_the_view_and_the_package_import_no_machine() -> None:
    """The Lazard screen's first frame needs the view only; the driver (and the CPC) come on first use."""
    root = Path(__file__).resolve().parents[3]
    probe = (
        "import json, sys\n"
        "import games.lazard_othello, games.lazard_othello.cpc_view\n"
        "before = sorted(m for m in sys.modules if m.startswith(('machines', 'games.lazard_othello.driver')))\n"
        "from games.lazard_othello import LazardOthelloDriver\n"
        "print(json.dumps([before, 'machines.cpc' in sys.modules]))"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=root, capture_output=True, text=True, check=True)
    before, after = json.loads(out.stdout)
    assert before == [] and after
