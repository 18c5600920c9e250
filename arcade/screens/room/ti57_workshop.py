"""What the two TI-57 games share in the workshop: change the program in the TI-57 room,
choose which program plays a new game, name a variant that breaks the game.

Deconchat's programs leave steps to spare; the player changes one in the TI-57 room
(``W`` from the game), copies it into the arcade's notebook by name (the TI-57 had no
card reader), and a new game then asks which program plays.  A variant that breaks the
protocol is named with what it did; the session has already put the game back.
"""

from __future__ import annotations

from typing import Any, Callable

from textual.binding import Binding

from arcade.widgets.dialogs import Question
from arcade.widgets.plain import visible
from games.session import Refused

WORKSHOP_BINDING_HELP = "W: change the program (opens it in the TI-57 room)"


def workshop_binding(prefix: str) -> Binding:
    """``W`` (``w`` was taken in both games): hidden from the footer, in the palette and help."""
    return Binding("W", "change_program", "Change the program", show=False, key_display="W",
                   id=f"{prefix}.change-program")


class ProgramChoice(Question):
    """New game: Deconchat's program (0) or a listing from the arcade's notebook (1-9)."""

    FIRST_OF_A_GAME = True

    BINDINGS = [Binding(str(i), f"answer('{i}')", f"Program {i}", show=False, id=f"ti57.program-{i}") for i in range(10)]

    def __init__(self, names: list[str], left_out: list[str] = ()) -> None:  # type: ignore[assignment]
        not_offered = f"\nNot offered, they cannot play this game: {'; '.join(left_out)}." if left_out else ""
        super().__init__("New game: which program plays on the TI-57? Deconchat's, or a listing "
                         f"from the arcade's notebook.{not_offered}")
        self.ANSWERS = [("0", "Deconchat's (0)")] + [(str(i), f"{n} ({i})") for i, n in enumerate(names[:9], 1)]


class TI57Workshop:
    """Mixed into a TI-57 game screen (first base); ``GAME_INDEX``: its listing in the room."""

    GAME_INDEX = 0
    WORKSHOP_PREFIX = ""  # a game's mixin names its binding's id; the screen built on it gets ``W``
    variant: str | None = None  # the name of the player's variant playing, if any
    program: Any = None  # its machines.ti57 Program (None: Deconchat's)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The screen (a class on top of a game's mixin and its core; a plain mixin so that
        # Textual's CSS follows the core) keeps the core's BINDINGS table, ``W`` added.
        if "BINDINGS" not in cls.__dict__ and "WORKSHOP_PREFIX" not in cls.__dict__ and cls.WORKSHOP_PREFIX:
            core = next(b for b in cls.__mro__[1:] if not issubclass(b, TI57Workshop) and "BINDINGS" in b.__dict__)
            cls.BINDINGS = [*core.BINDINGS, workshop_binding(cls.WORKSHOP_PREFIX)]
        super().__init_subclass__(**kwargs)

    def action_change_program(self) -> None:
        if self.wait_if_running():  # type: ignore[attr-defined]
            return
        self.app.start_game("ti57-room")  # type: ignore[attr-defined]
        open_program = getattr(self.app.screen, "open_program", None)  # type: ignore[attr-defined]
        if callable(open_program):
            open_program(self.variant, back_to=self.GAME_ID, game=self.GAME_INDEX)  # type: ignore[attr-defined]

    def choose_program(self, then: Callable[[str | None, Any], None]) -> None:
        """Ask which program plays when the notebook holds listings; ``then(name, program)``."""
        from arcade.screens.room.ti57 import notebook_dir
        from games.workshop.ti57_variants import playable_variants

        def listed() -> None:  # the notebook's pages are files: looked at in a thread, never on the event loop
            found, left_out = playable_variants(notebook_dir(), self.GAME_INDEX)  # what cannot play is not offered
            self.app.call_from_thread(self.offer_programs, found, left_out, then)  # type: ignore[attr-defined]

        self.run_worker(listed, thread=True, group="ti57-variants", exit_on_error=False)  # type: ignore[attr-defined]

    def offer_programs(self, found: list[Any], left_out: list[str], then: Callable[[str | None, Any], None]) -> None:
        """Which program plays the new game (``found``: none, no question)."""
        from games.workshop.ti57_variants import read_program

        if not found:
            then(None, None)
            return

        def picked(answer: str | None) -> None:
            if answer is None or not answer.isdigit() or int(answer) > len(found):
                self.say("No new game: this one goes on.")  # type: ignore[attr-defined]
                return
            if answer == "0":
                then(None, None)
                return
            variant = found[int(answer) - 1]

            def read() -> None:  # a notebook page is a file: read in a thread, never on the event loop
                try:
                    program = read_program(variant)
                except Refused as error:
                    self.app.call_from_thread(self.say, str(error))  # type: ignore[attr-defined]
                    return
                self.app.call_from_thread(then, variant.name, program)  # type: ignore[attr-defined]

            self.run_worker(read, thread=True, group="ti57-variant", exit_on_error=False)  # type: ignore[attr-defined]

        self.app.push_screen(ProgramChoice([v.name for v in found], left_out), picked)  # type: ignore[attr-defined]

    def use_program(self, name: str | None, program: Any) -> None:
        self.variant, self.program = name, program

    def titled(self) -> None:
        """The sub-title the game drew, and the variant playing."""
        if self.variant and "your variant" not in str(self.sub_title):
            self.sub_title = f"{self.sub_title} - your variant {visible(self.variant)}"

    def save_state(self) -> dict[str, Any] | None:
        """The game's save, and the name of the variant playing (resumed with its program)."""
        state = super().save_state()  # type: ignore[misc]
        if state is not None and self.variant:
            state["settings"] = {**state.get("settings", {}), "variant": self.variant}
        return state

    def saved_variant(self, state: dict[str, Any]) -> tuple[str | None, Any]:
        """The variant a save was played with, by its name in the settings, and its program
        (None when the notebook no longer holds it: said, and Deconchat's is for the next game)."""
        from arcade.screens.room.ti57 import notebook_dir
        from games.workshop.ti57_variants import Variant, check_name, read_program

        settings = state.get("settings") if isinstance(state.get("settings"), dict) else {}
        name = settings.get("variant") if isinstance(settings, dict) else None
        if not isinstance(name, str) or not name:
            return None, None
        try:
            # a save's name is checked as the notebook checks names: never a path out of the notebook
            return name, read_program(Variant(name, notebook_dir() / f"{check_name(name)}.txt"))
        except Refused as error:
            self.say(str(error))  # type: ignore[attr-defined]
            return name, None

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        return [*super().palette_commands(),  # type: ignore[misc]
                ("TI-57: change the program", "Open it in the TI-57 room (W)", self.action_change_program)]

    def program_text(self) -> str:
        return f"your variant {self.variant}" if self.variant else "Deconchat's program"

    def job_failed(self, kind: str, error: BaseException) -> None:
        super().job_failed(kind, error)  # type: ignore[misc]
        if self.variant is not None and isinstance(error, RuntimeError):  # the machine disagreed
            from games.workshop.ti57_variants import broke

            self.say(broke(self.variant, error))  # type: ignore[attr-defined]
