"""What the runtime uses of the machine it is bound to: ``Host`` (``machine.CPC`` is the one).

Named here, below both, so that the runtime's modules need not import the machine that
imports them (``CPC`` builds its namespace with ``build_namespace(self)``, where mypy checks
it against this Protocol).  Adding a use of the machine to the runtime means naming it here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

from machines.cpc.screen import Screen

if TYPE_CHECKING:
    # a type only: the compiler imports the runtime's names, whose package imports this module
    from machines.cpc.compiler import CompiledProgram


class Host(Protocol):
    """The machine as the runtime sees it: its screen, the program's state, a few of its steps."""

    screen: Screen
    # the program's variables, arrays, DEF FNs and control stack (the lists build_namespace lays out)
    V: list[Any]
    ARRS: list[Any]
    FNS: list[Any]
    CS: list[Any]
    _array_types: dict[int, tuple[str, str]]  # array slot -> (name, type suffix)
    _compiled: CompiledProgram | None
    _data_ptr: int
    _mem_arrays: int
    _mem_strings: int
    # modes, keyboard, clock
    _deg: bool
    _zone: int
    _keys: list[str]
    _idle: int
    _rnd_state: int
    _clock: Callable[[], float]
    _t0: float
    # events and error trapping
    _timers: list[list[Any] | None]
    _calls: list[int]
    _timers_active: bool
    _call_targets: list[int]
    _events_on: bool
    _event_level: int
    _in_handler: bool
    _on_error: int
    _on_break: int
    _err: int
    _erl: int
    _err_pc: int

    def free_bytes(self) -> int: ...
    def fre(self, x: Any) -> float: ...
    def _ticks(self) -> int: ...
    def _count_calls(self, now: int) -> None: ...
    def _reset_run_state(self) -> None: ...
    def _forget_variables(self) -> None: ...
    @staticmethod
    def _undefined_fn(*args: Any) -> Any: ...
    def _print(self, text: str) -> None: ...
    def _print_item(self, text: str) -> None: ...
    def _newline(self) -> None: ...
    def _new_line_if_needed(self) -> None: ...
    def _read_line(self, prompt: str, keep_line: bool) -> str: ...
    def _input(self, prompt: str, keep_line: bool, targets: list[Any]) -> None: ...
    def _line_input(self, prompt: str, keep_line: bool, setter: Callable[[str], None]) -> None: ...
    def _inkey(self) -> str: ...
    def _inkey_n(self, n: Any) -> int: ...
