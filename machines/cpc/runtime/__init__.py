"""The runtime compiled BASIC calls, one module per concern.

``names`` is the contract with the compiler; ``control`` (flow, stacks, DATA, INPUT),
``events`` (timers, error trapping, keyboard), ``maths``, ``strings``, ``arrays`` and
``printing`` (PRINT and the text screen) each bind the names of their concern to
functions closed over one machine, seen as ``host.Host`` (what the runtime uses of it).
``build_namespace`` puts them together as the globals the compiled statements run in.
"""

from __future__ import annotations

from typing import Any

from machines.cpc.runtime import arrays, control, events, maths, names, printing, strings
from machines.cpc.runtime.host import Host

__all__ = ["build_namespace", "BINDERS"]

BINDERS = {
    "control": control.bind,
    "events": events.bind,
    "maths": maths.bind,
    "strings": strings.bind,
    "arrays": arrays.bind,
    "printing": printing.bind,
}


def build_namespace(machine: Host) -> dict[str, Any]:
    """Fresh state lists on the machine and every runtime name bound to it."""
    machine.V = []
    machine.ARRS = []
    machine.FNS = []
    machine.CS = []
    machine._array_types = {}  # slot -> (name, type suffix)
    ns: dict[str, Any] = {
        names.VARIABLES: machine.V,
        names.USER_FUNCTIONS: machine.FNS,
        names.CONTROL_STACK: machine.CS,
    }
    for bind in BINDERS.values():
        ns.update(bind(machine))
    return ns
