"""The keys of both Othello screens: the board's cursor, play and pass, the game's requests, the panels.

Arrows and h j k l move the cursor; Enter or Space plays, 0 passes.  A machine's screen adds
its own (the HP-67's speed, coordinates and inspector; typing on the CPC).  Every binding has
an id, so that a player can remap it (``arcade/shell/keymap.py``).
"""

from __future__ import annotations

from textual.binding import Binding, BindingType

OTHELLO_BINDINGS: list[BindingType] = [
    Binding("up,k", "cursor(-8)", "Up", show=False, id="othello.up"),
    Binding("down,j", "cursor(8)", "Down", show=False, id="othello.down"),
    Binding("left,h", "cursor(-1)", "Left", show=False, id="othello.left"),
    Binding("right,l", "cursor(1)", "Right", show=False, id="othello.right"),
    Binding("enter,space", "play", "Play", id="othello.play"),
    Binding("0", "pass_turn", "Pass", id="othello.pass"),
    Binding("n", "new_game", "New", id="othello.new-game"),
    Binding("m", "toggle_legal", "Hints", id="othello.toggle-legal"),
    # The footer has room for the keys above; these are listed by ? and the command palette.
    Binding("u,ctrl+z", "undo", "Undo your move", show=False, id="othello.undo"),
    Binding("U", "redo", "Redo", show=False, key_display="U", id="othello.redo"),
    Binding("p", "pause", "Pause", show=False, id="othello.pause"),
    Binding("H", "toggle_history", "Move history", show=False, key_display="H", id="othello.toggle-history"),
    Binding("x", "export_history", "Export the moves", show=False, id="othello.export-history"),
    Binding("g", "machine_go", "Let the machine think", show=False, id="othello.machine-go"),
    Binding("L", "message_log", "Messages again", show=False, key_display="L", id="othello.message-log"),
    Binding("escape,backspace", "back", "Back", tooltip="Esc stops the machine while it thinks", id="arcade.back"),
]

PAUSE_HIDES = frozenset(  # refused while the game is paused (their keys dimmed in the footer)
    {"cursor", "play", "pass_turn", "new_game", "toggle_legal", "undo", "redo", "machine_go", "toggle_history",
     "export_history"}
)

