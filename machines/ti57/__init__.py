"""The TI-57 programmable calculator (Texas Instruments, 1977), key for key.

``TI57()`` is a powered-on machine; ``parse_listing(text)`` reads a listing as printed
(step, key code, mnemonic); ``load``, ``press``, ``run``, ``display``, ``flashing``,
``register``, ``pc``, ``steps``, ``snapshot``/``TI57.restore`` and ``view`` drive it;
``press("LRN")``, ``"SST"``, ``"BST"``, ``"Ins"``, ``"Del"`` (EDIT_KEYS) key and edit a
program as on the machine, the display showing step number and code.
"""

from __future__ import annotations

from machines.ti57.keys import INSTRUCTIONS, PRIMARY_LEGENDS, SECOND_LEGENDS, Step
from machines.ti57.listing import ListingError, Program, parse_listing
from machines.ti57.machine import EDIT_KEYS, PAUSE_SECONDS, TI57, MachineView, Stop, StopReason, UnknownKey

__all__ = [
    "TI57",
    "PAUSE_SECONDS",
    "EDIT_KEYS",
    "MachineView",
    "Stop",
    "StopReason",
    "UnknownKey",
    "ListingError",
    "Program",
    "Step",
    "parse_listing",
    "INSTRUCTIONS",
    "PRIMARY_LEGENDS",
    "SECOND_LEGENDS",
]
