"""``GameScreen``: the one base of every game screen (both Othellos, the duel, the wolf and the lambs).

A game screen draws a session that plays at its machine host's table (``games/host/``, one
child process per screen, through the screen's ``TableLink``, ``arcade/runtime/link.py``): it
sends requests and takes the answers.  The base owns what every game does alike; a game's
screen is composition, bindings and the rendering of the table's picture.

Interface (what a subclass uses or fills in)::

    GAME_ID, MACHINE, STEPS_PER_SECOND     class attributes: save name, the machine as the player
                                           reads it, the real machine's pace (sent to the table)
    REFUSED_BY                             exception types meaning "a refusal, say it"
    busy, paused, instant                  reactives (paused and instant are sent to the host)
    open_table(**options)                  the screen's table at its own host (in ``__init__``)
    run_request(kind, name, *args)         the request under way; its end comes back as
                                           ``job_done(kind, result)`` / ``job_stopped(kind)`` /
                                           ``job_failed(kind, error)``, on the event loop
    table_note(kind, payload) / picture_changed(picture) / asked(kind, answer)
                                           news before an end; every answer's picture; the answer
                                           of a question sent beside the request (``TableLink.ask``)
    stop_job() -> bool                     Esc: ask the request under way to stop
    job_kind / job_held                    what runs now ('' none); whether it holds for the pause
    host_gone(gone) / offer_again()        the host ended unasked: said, the last save offered
    show_progress(MachineProgress)         hook: the machine has run some more (throttled)
    new_generation() -> int                the request under way is forgotten (a new game)
    say(text, show=) / message / messages  the message area (``#message``) and a log of what was said
    footer_signature() / refresh_footer()  the footer is redrawn only when the signature changes
    parts                                  what else the screen holds that lives with it (``ScreenPart``:
                                           mounted and unmounted with it, told the host's news, its keys'
                                           state in the footer's signature): ``screen.net`` across two terminals
    VERTICAL_BREAKPOINTS                   from 38 rows the class ``-roomy`` (``arcade/screens/tall_terminal.py``)
    saves                                  the screen's ``GameSaves`` (``arcade/storage/game_saves.py``):
                                           ``saves.save()`` after every request that changes the game
                                           and on unmount (never before the resume question is
                                           answered: ``saves.ready``), ``saves.offer(question, dialog)``,
                                           ``saves.resume_failed(error)``, ``saves.export(text)``
    save_state() / save_summary() / save_held() / resume(state) -> bool / new_game()
                                           what only the game knows, asked by ``saves``
    after_first_frame(callback, *args)     run it once the screen is on the terminal (the resume question),
                                           on its own stack (a game left at once: when shown again)
    palette_commands()                     the command palette's entries for this screen
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable, ClassVar, Hashable

from textual.reactive import Reactive, reactive
from textual.screen import Screen
from textual.widgets import Static

from arcade.runtime.link import TableLink, TableNews
from arcade.screens.messages import MachineProgress
from arcade.screens.tall_terminal import ROOMY_BREAKPOINTS
from arcade.screens.screen_part import ScreenPart
from arcade.storage.game_saves import GameSaves
from arcade.widgets.words import Words
from games.host.news import Answer, HostGone, Note, Progress
from games.session import Refused

_NOT_YET: Hashable = object()
"""No footer signature taken yet: the first one is noted, the footer being new (recomposing it cost ~50 ms of the first frame)."""

MESSAGE_LOG = 50
"""Messages kept for the player to read again (a long message is never lost to a small area)."""


class MachineFault(Exception):
    """A fault in the machine host, as its answer named it (``kind``: the exception's type there)."""

    def __init__(self, kind: str, text: str, trace: str = "") -> None:
        super().__init__(text)
        self.kind = kind
        self.trace = trace


class GameScreen(Screen[None]):
    """The base of a game screen: its host's table, pace, pause, saves, messages and the footer's keys."""

    GAME_ID: ClassVar[str] = ""
    MACHINE: ClassVar[str] = "machine"
    STEPS_PER_SECOND: ClassVar[float] = 1000.0
    PROGRESS_PER_SECOND: ClassVar[float] = 12.0
    REFUSED_BY: ClassVar[tuple[type[BaseException], ...]] = (Refused,)
    PAUSE_HIDES: ClassVar[frozenset[str]] = frozenset()
    """Actions refused while the game is paused (and hidden by it): their keys stay in the footer, dimmed."""
    VERTICAL_BREAKPOINTS = ROOMY_BREAKPOINTS
    """From 38 rows the game is drawn in the middle, not pinned under the header (its height capped by ``GameScreen.-roomy #game``)."""

    DEFAULT_CSS = """
    GameScreen.-roomy { align-vertical: middle; }
    GameScreen.-roomy #game { max-height: 28; }
    """

    title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    sub_title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    """Textual's own repaint the whole screen when they change (the TI-57 games' sub-title says whose turn
    it is: a full repaint, ~40 ms, at every turn); the header follows them by its own watchers, and repaints only itself."""
    busy: reactive[bool] = reactive(False, repaint=False)
    paused: reactive[bool] = reactive(False, repaint=False)  # its class lays out what changes
    instant: reactive[bool] = reactive(True, repaint=False)  # the speed is said and shown by whoever shows it

    def __init__(self) -> None:
        super().__init__()
        self.generation = 0
        self.saves = GameSaves(self, self.GAME_ID)
        self._message = ""
        self.messages: deque[str] = deque(maxlen=MESSAGE_LOG)
        self._footer_signature: Hashable = _NOT_YET
        self.table: TableLink | None = None  # the machine host's table, for a screen whose game runs there
        self._held_for_return: list[Callable[[], None]] = []  # first-frame callbacks of a game left before they ran
        self.parts: list[ScreenPart] = []  # what else the screen holds that lives with it

    # -- jobs --------------------------------------------------------------------------

    def new_generation(self) -> int:
        """From now on, whatever an older job reports is ignored (and it is asked to stop)."""
        self.generation += 1
        if self.table is not None:
            self.table.forget()
        self.busy = False
        return self.generation

    @property
    def job_kind(self) -> str:
        """What the request under way at the host's table does ('' when none runs)."""
        if self.table is not None and self.table.running is not None:
            return self.table.running.kind
        return ""

    @property
    def job_held(self) -> bool:
        """The request under way holds because the game is paused (the host holds at once when told)."""
        return self.table is not None and self.table.running is not None and self.paused

    def stop_job(self) -> bool:
        """Ask the request under way to stop; its end (as stopped) comes through ``job_stopped``."""
        return self.table is not None and self.table.stop()

    def job_done(self, kind: str, result: Any) -> None:
        self.saves.save()  # the job ran to its end: the game is saved after every move

    def job_stopped(self, kind: str) -> None:
        """The player stopped the job; the session is as before it."""
        self.say("Stopped.")

    def job_failed(self, kind: str, error: BaseException) -> None:
        """A refusal (said as such) or a bug (named, never hidden)."""
        if isinstance(error, self.REFUSED_BY):
            self.app.bell()
            self.say(str(error))
        else:
            self.say(f"{getattr(error, 'kind', type(error).__name__)}: {error}")

    def show_progress(self, message: MachineProgress) -> None:
        """The machine has run some more of the job (at most ``PROGRESS_PER_SECOND`` a second)."""

    # -- the machine host ---------------------------------------------------------------------

    def open_table(self, **options: Any) -> None:
        """This screen's game runs at a table of its own machine host (``arcade/runtime/link.py``)."""
        self.table = TableLink(self, self.GAME_ID, **options)

    def run_request(self, kind: str, name: str, *args: Any, **kwargs: Any) -> None:
        """Run ``name`` at the host's table; its end comes back through ``job_done`` & co, as a job's."""
        assert self.table is not None
        self.busy = True
        self.table.request(kind, name, *args, **kwargs)

    def on_table_news(self, message: TableNews) -> None:
        """Everything the host says, on the event loop: progress, news before an end, the end."""
        for part in self.parts:
            part.table_news(message)
        table, news = self.table, message.news
        if table is None:
            return
        if isinstance(news, Answer):
            kind = table.running.kind if table.is_current(news) else message.kind
            current = table.ended(news)
            self.picture_changed(table.picture)
            if not current:
                self.asked(message.kind, news)
                return
            self.busy = False
            if news.outcome == "done":
                self.job_done(kind, news.result)
            elif news.outcome == "stopped":
                self.job_stopped(kind)
            else:
                self.job_failed(kind, self.fault_of(news))
        elif isinstance(news, Progress):
            if table.is_current(news) and self.busy:
                self.show_progress(MachineProgress(self.generation, news.steps, news.total, news.view))
        elif isinstance(news, Note):
            if table.is_current(news):
                self.table_note(table.running.kind if table.running else "", news.payload)
        elif isinstance(news, HostGone):
            self.host_gone(news)

    def fault_of(self, answer: Answer) -> BaseException:
        """The exception an answer reports, as the screen's hooks know it: a refusal, or a game's own
        error named in ``HOSTED_ERRORS``, or a ``MachineFault`` naming what the host raised."""
        if answer.outcome == "refused":
            return Refused(answer.text)
        known = self.HOSTED_ERRORS.get(answer.error)
        if known is not None:
            try:
                return known(answer.text)
            except Exception:  # noqa: BLE001 - an error type with other arguments: named as a fault
                pass
        return MachineFault(answer.error, answer.text, answer.trace)

    HOSTED_ERRORS: ClassVar[dict[str, Callable[[str], BaseException]]] = {}
    """A game's own errors by name, rebuilt from the host's answers (``MachineDisagrees``...)."""

    def asked(self, kind: str, answer: Answer) -> None:
        """The answer to a question sent beside the request under way (``TableLink.ask``), or to the
        opening of the table, or to a request replaced since."""
        if kind == "open" and answer.outcome == "failed":
            self.say(f"The {self.MACHINE} could not be set up ({answer.error}: {answer.text}).")

    def picture_changed(self, picture: Any) -> None:
        """The table's picture after a request (every answer brings one)."""

    def table_note(self, kind: str, payload: Any) -> None:
        """News the request under way told before its end."""

    def host_gone(self, gone: HostGone) -> None:
        """The host ended unasked: said in one sentence, and the game offered again from its last save."""
        status = f" (status {gone.exitcode})" if gone.exitcode is not None else ""
        assert self.table is not None
        self.table.close()
        self.busy = False
        self.new_generation()
        self.say(f"The {self.MACHINE} stopped working{status}: the game is offered again from its last save.")
        self.offer_again()

    def _instant_changed(self, instant: bool) -> None:
        if self.table is not None:
            self.table.pace(instant=instant)

    def offer_again(self) -> None:
        """After the host's end: offer the last save (a game screen says how)."""

    def on_unmount(self) -> None:
        for part in self.parts:
            part.unmounted()
        if self.table is not None:
            self.table.close()  # the save is the screen's (written from the last picture): nothing to wait for
        self.saves.close()

    # -- pause and speed -------------------------------------------------------------------

    def action_pause(self) -> None:
        self.paused = not self.paused
        if self.paused:
            self.app.clear_notifications()
            self.say(f"Paused: the {self.MACHINE} holds. p: go on.")
        else:
            self.say(f"The {self.MACHINE} goes on." if self.busy else "Go on.")

    def watch_paused(self, paused: bool) -> None:
        if self.table is not None:
            self.table.pace(paused=paused)
        self.set_class(paused, "-paused")
        self.refresh_footer()

    def action_toggle_speed(self) -> None:
        self.instant = not self.instant
        self.say(self.speed_text())

    def speed_text(self) -> str:
        return "Instant speed." if self.instant else f"Real {self.MACHINE} speed."

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.paused and action in self.PAUSE_HIDES:
            return None
        return True

    # -- messages and footer -------------------------------------------------------------

    @property
    def message(self) -> str:
        """What the screen last told the player."""
        return self._message

    def say(self, text: str, *, show: bool = True) -> None:
        """Tell the player ``text`` (the message area, the log ``L`` shows).  ``show=False``: the log and
        ``message`` only, a redraw follows (a turn's end says each move: each drawn was ~0.25 ms)."""
        self._message = text
        if text and (not self.messages or self.messages[-1] != text):
            self.messages.append(text)
        if show:
            self.show_message(text)

    def show_message(self, text: str) -> None:
        """Put ``text`` in the message area without a new layout (its size is fixed by the CSS)."""
        area = self.query_one_optional("#message")  # by id: Textual keeps it (a query walks the screen)
        if area is None:
            return
        if isinstance(area, Words):
            area.content = text
        elif isinstance(area, Static):
            area.update(text, layout=False)

    def footer_signature(self) -> Hashable:
        """What decides the keys on offer; the footer is redrawn only when it changes."""
        return (self.paused,)

    def refresh_footer(self) -> None:
        """The footer follows the keys on offer when they change (new keys are mounted and the screen
        laid out: not at every redraw)."""
        signature = (self.footer_signature(), *(part.footer_state() for part in self.parts))
        if self._footer_signature is _NOT_YET:
            self._footer_signature = signature  # the footer composed with the screen shows these keys already
        elif signature != self._footer_signature:
            self._footer_signature = signature
            self.refresh_bindings()

    # -- the first frame, saves ------------------------------------------------------------

    def on_mount(self) -> None:
        if self.table is not None:
            self.watch(self, "instant", self._instant_changed, init=True)
            self.table.pace(paused=self.paused)
            self.after_first_frame(self.table.start)  # the host starts while the player reads the first frame
        for part in self.parts:
            part.mounted()

    def after_first_frame(self, callback: Callable[..., Any], *args: Any) -> None:
        """Call ``callback(*args)`` once this screen's first frame is on the terminal.

        A screen the app opens on (``--game``) is composed inside Textual's start-up batch,
        which writes nothing until it ends; ``call_after_refresh`` runs its callback inside
        that batch, so a dialog pushed from it (the side question, the resume question) was
        composed before anything reached the terminal: the board showed ~0.4 s late.  The
        app's own message loop starts after the batch: from there the screen is repainted
        (what the batch drew was never written) and the callback follows that frame.

        The callback acts on this screen's own stack: a game left before it ran (Esc within the
        first frame) is not asked over another mode's screens; it runs when the game is shown again.
        """

        def on_its_stack() -> None:
            # Textual runs the callback after the refresh of whichever screen is current by then
            if self in self.app.screen_stack:
                callback(*args)
            elif self.is_attached:
                self._held_for_return.append(on_its_stack)

        def after_start_up() -> None:
            self.refresh()
            self.call_after_refresh(on_its_stack)

        self.app.call_next(after_start_up)

    def on_screen_resume(self) -> None:
        """The game is shown again: what its first frame left for this moment runs after this frame."""
        held, self._held_for_return = self._held_for_return, []
        for callback in held:
            self.call_after_refresh(callback)

    # -- what only the game knows, for its saves (``GameSaves``) ---------------------------------------

    def save_state(self) -> dict[str, Any] | None:
        """What the save holds now (None: nothing to keep, the save is discarded)."""
        return None

    def save_summary(self) -> str:
        """The launcher's line for the save: public only ("move N" = moves played)."""
        return ""

    def save_held(self) -> bool:
        """The last save stays as it is for now, neither written over nor discarded."""
        return False

    def resume(self, state: dict[str, Any], *args: Any) -> bool:
        """Go on with a saved game; False (after ``saves.resume_failed``) if it cannot be."""
        return False

    def new_game(self) -> None:
        """Start a new game the way the game starts one (a question, a limit...)."""

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        """Commands this screen adds to the command palette."""
        return [("Game: pause", f"Hide the game and hold the {self.MACHINE}", self.action_pause)]
