"""Amstrad CPC 6128 with Locomotive BASIC 1.1, as far as a 1980s type-in needs.

Public API (other packages rely on these names)::

    from machines.cpc import CPC, RunState
    cpc = CPC()                       # just switched on: BASIC 1.1, MODE 1, Ready
    problems = cpc.load_basic(text)   # enter a listing as if typed after NEW;
                                      # returns [Problem(line, message)], never raises
    state = cpc.run(max_statements=None)
        # starts the program (first time, or after it ended or failed: RUN) or
        # continues it (after input, a spent budget, STOP or ESC ESC: CONT) and
        # returns a RunState (a str Enum):
        #   ENDED          END or past the last line ("Ready")
        #   STOPPED        STOP or ESC ESC ("Break in N"); run() continues
        #   ERROR          a BASIC error stopped it ("Type mismatch in 30")
        #   WAITING_INPUT  INPUT / LINE INPUT waits for a line ending in RETURN
        #   WAITING_KEY    CALL &BB18 waits for a key, INKEY$ was polled 1000
        #                  times in a row with no key typed, or one ESC paused
        #                  the program (any key resumes, ESC again breaks)
        #   BUDGET         max_statements were run; run() continues
        # (cpc.state holds the last one; READY before the first run)
    cpc.type("E\\r")                   # keys; '\\r' RETURN, '\\x7f' DEL, '\\x1b' ESC,
                                      # '\\xf0'-'\\xf3' cursor up/down/left/right
    cpc.transcript                    # what was written since power-on (banner
                                      # excluded, new lines as '\\n'): the latest
                                      # 256K characters (TRANSCRIPT_KEPT) are kept
    mark = cpc.printed; cpc.transcript_since(mark)   # output after a mark
    cpc.reset()                       # Ctrl+Shift+Esc: as just switched on
    cpc.screen_text()                 # 25 rows of text (MODE 0/1/2: 20/40/80 columns)
    cpc.screen                        # the model: chars, pens, papers, inks, windows
    cpc.pen, cpc.paper                # per cell hardware colour 0..26 (PALETTE_RGB)
    cpc.border                        # border colour
    cpc.cursor                        # (row, column) of the text cursor, 0-based
    cpc.variable("M"), cpc.array("B") # program variables / arrays (nested lists)
    cpc.statements                    # statements executed so far
    cpc.error                         # (error number, line) of the last failure
    cpc.free_bytes()                  # FRE(0): what is left of a 6128's 42249 bytes
                                      # (program, variables, arrays, strings: memory.py)
    snap = cpc.snapshot(); cpc.restore(snap)   # JSON-able state; restore checks every
                                      # field first: ValueError("snapshot field '<path>':
                                      # ...") and the machine unchanged (snapshot.py)

The Ready prompt (typing lines, LIST, RUN, EDIT, AUTO, RENUM, SAVE/LOAD on a folder...)
is ``machines.cpc.ready.ReadyPrompt``, driven key by key around one CPC.

A CPC object is not thread-safe: a UI running ``run()`` in a worker should call
``type()`` between slices (``run(max_statements=...)``), not during one.

See ``machines/cpc/compiler.py`` for how a program is compiled, ``runtime/`` for what the
compiled code calls (``runtime/names.py`` is the contract between the two), ``numbers.py`` for the
5-byte real / 16-bit integer model and number printing, ``screen.py`` for the text
screen, ``memory.py`` for what a program takes of the CPC's memory (and what that model
simplifies), and docs/machines.md for what differs from the real machine.
"""

from __future__ import annotations

from machines.cpc.compiler import Problem
from machines.cpc.errors import ERROR_MESSAGES, BasicError
from machines.cpc.machine import CPC, RunState
from machines.cpc.ready import ReadyPrompt
from machines.cpc.screen import PALETTE_RGB

__all__ = ["CPC", "RunState", "Problem", "BasicError", "ERROR_MESSAGES", "PALETTE_RGB", "ReadyPrompt"]
