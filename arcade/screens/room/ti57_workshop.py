"""What the two TI-57 games share in the workshop: change the program in the TI-57 room,
choose which program plays a new game, name the variant playing.

Deconchat's programs leave steps to spare; the player changes one in the TI-57 room
(``W`` from the game), copies it into the arcade's notebook by name (the TI-57 had no
card reader), and a new game then asks which program plays.  A variant that breaks the
protocol is named with what it did by the game's table; the session has already put the
game back.  A game played with a variant is saved with its name: the resume sends that
name to the table, which reads the page there (``page``), never on the event loop.
"""

from __future__ import annotations

from typing import Any, Callable

from textual.binding import Binding

from arcade.screens.ti57_screen import TI57Screen
from arcade.widgets.dialogs import Question
from arcade.widgets.plain import visible
from games.session import Refused
from games.workshop.ti57_variants import NotebookPage, Variant

WORKSHOP_BINDING_HELP = "W: change the program (opens it in the TI-57 room)"

ProgramChosen = Callable[[str | None, str | None], None]
"""What follows the program's choice: ``then(name, listing)`` (None, None: Deconchat's)."""


def workshop_binding(prefix: str) -> Binding:
    """``W`` (``w`` was taken in both games): hidden from the footer, in the palette and help."""
    return Binding("W", "change_program", "Change the program", show=False, key_display="W",
                   id=f"{prefix}.change-program")


class ProgramChoice(Question):
    """New game: Deconchat's program (0) or a listing from the arcade's notebook (1-9)."""

    FIRST_OF_A_GAME = True

    BINDINGS = [Binding(str(i), f"answer('{i}')", f"Program {i}", show=False, id=f"ti57.program-{i}") for i in range(10)]

    def __init__(self, names: list[str], left_out: list[str] | tuple[str, ...] = ()) -> None:
        not_offered = f"\nNot offered, they cannot play this game: {'; '.join(left_out)}." if left_out else ""
        super().__init__("New game: which program plays on the TI-57? Deconchat's, or a listing "
                         f"from the arcade's notebook.{not_offered}")
        self.ANSWERS = [("0", "Deconchat's (0)")] + [(str(i), f"{n} ({i})") for i, n in enumerate(names[:9], 1)]


class TI57Workshop:
    """A TI-57 game screen's workshop (``screen.workshop``): ``game_index`` is its listing in the room
    (0 the duel, 1 the wolf); it knows the variant playing and its listing, sent with a new game."""

    def __init__(self, screen: TI57Screen, game_index: int) -> None:
        self.screen = screen
        self.game_index = game_index
        self.variant: str | None = None  # the name of the player's variant playing, if any
        self.listing: str | None = None  # its listing's text, for the next game's table (None: Deconchat's)

    def change_program(self) -> None:
        """``W``: the program playing, in the TI-57 room (the game is left as it is)."""
        screen = self.screen
        if screen.wait_if_running():
            return
        start_game = getattr(screen.app, "start_game", None)  # the arcade's app (a test's own app has none)
        if not callable(start_game):
            return
        start_game("ti57-room")
        open_program = getattr(screen.app.screen, "open_program", None)
        if callable(open_program):
            open_program(self.variant, back_to=screen.GAME_ID, game=self.game_index)

    def choose_program(self, then: ProgramChosen) -> None:
        """Ask which program plays when the notebook holds listings; ``then(name, listing)``."""
        from arcade.screens.room.ti57 import notebook_dir
        from games.workshop.ti57_variants import playable_variants

        screen = self.screen

        def listed() -> None:  # the notebook's pages are files: looked at in a thread, never on the event loop
            found, left_out = playable_variants(notebook_dir(), self.game_index)  # what cannot play is not offered
            screen.app.call_from_thread(self._offer, found, left_out, then)

        screen.run_worker(listed, thread=True, group="ti57-variants", exit_on_error=False)

    def _offer(self, found: list[Variant], left_out: list[str], then: ProgramChosen) -> None:
        """Which program plays the new game (``found``: none, no question)."""
        from games.workshop.ti57_variants import listing_text, read_program

        screen = self.screen
        if not found:
            then(None, None)
            return

        def picked(answer: str | None) -> None:
            if answer is None or not answer.isdigit() or int(answer) > len(found):
                screen.say("No new game: this one goes on.")
                return
            if answer == "0":
                then(None, None)
                return
            variant = found[int(answer) - 1]

            def read() -> None:  # a notebook page is a file: read in a thread, never on the event loop
                try:
                    listing = listing_text(read_program(variant), variant.name)
                except Refused as error:
                    screen.app.call_from_thread(screen.say, str(error))
                    return
                screen.app.call_from_thread(then, variant.name, listing)

            screen.run_worker(read, thread=True, group="ti57-variant", exit_on_error=False)

        screen.app.push_screen(ProgramChoice([v.name for v in found], left_out), picked)

    def use(self, name: str | None, listing: str | None) -> None:
        """The program of the next game (None, None: Deconchat's)."""
        self.variant, self.listing = name, listing

    def table_program(self) -> dict[str, Any]:
        """What a new game's request says of its program: the listing's text and name; {}: Deconchat's."""
        if self.listing is None:
            return {}
        return {"listing": self.listing, "variant": self.variant or "your variant"}

    def titled(self, sub_title: str) -> str:
        """The sub-title the game drew, and the variant playing."""
        if self.variant and "your variant" not in str(sub_title):
            return f"{sub_title} - your variant {visible(self.variant)}"
        return sub_title

    def program_text(self) -> str:
        return f"your variant {self.variant}" if self.variant else "Deconchat's program"

    # -- saves -----------------------------------------------------------------------------

    def noted(self, state: dict[str, Any] | None) -> dict[str, Any] | None:
        """A game's save, and the name of the variant playing (resumed with its program)."""
        if state is not None and self.variant:
            state["settings"] = {**state.get("settings", {}), "variant": self.variant}
        return state

    @staticmethod
    def saved_page(state: dict[str, Any]) -> dict[str, str]:
        """What a resume request says of the save's variant: the name of its page in the notebook,
        which the table reads ({}: Deconchat's program).  Nothing is read here: the event loop's."""
        settings = state.get("settings")
        name = settings.get("variant") if isinstance(settings, dict) else None
        return {"page": name} if isinstance(name, str) and name else {}

    def page_read(self, page: Any) -> None:
        """The page the table read for a resumed game: its program plays the next game; one that could
        not be read is said (the duel goes on: its TI-57 holds the program; Deconchat's is for the next)."""
        if not isinstance(page, NotebookPage):
            return
        if page.listing is None:
            self.screen.say(page.refusal)
        self.use(page.name, page.listing)

    def palette_command(self) -> tuple[str, str, Callable[[], Any]]:
        return ("TI-57: change the program", "Open it in the TI-57 room (W)", self.change_program)
