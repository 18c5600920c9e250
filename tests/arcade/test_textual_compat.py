"""Canaries for ``arcade/runtime/textual_compat.py``: each private thing of Textual 8.2.8 it leans on.

A Textual upgrade that renames, drops or changes one of them would break the arcade without
any error until the moment it matters (a terminal closed, a title changed mid-game, a quit
with two games open); these tests fail first, naming the private thing and what it serves.
"""

from __future__ import annotations

import asyncio
import io
import signal
import sys

import pytest
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Header, Static

from tests.arcade.helpers import frame_drawn, handled, wait_until

linux_only = pytest.mark.skipif(sys.platform == "win32", reason="the Linux driver")


def _gone(name: str, why: str) -> str:
    return f"Textual no longer has {name} as arcade/runtime/textual_compat.py uses it: {why}"


class _SignalsKept:
    """Textual's Linux driver installs SIGTSTP and SIGCONT handlers when made: put back after the test."""

    def __enter__(self) -> None:
        self.kept = {number: signal.getsignal(number) for number in (signal.SIGTSTP, signal.SIGCONT)}

    def __exit__(self, *_: object) -> None:
        for number, handler in self.kept.items():
            signal.signal(number, handler)


# -- LinuxDriverHooks -------------------------------------------------------------------------------


@linux_only
async def test_the_linux_driver_builds_its_output_thread_on_its_private_file() -> None:
    from textual.drivers.linux_driver import LinuxDriver

    from arcade.runtime.textual_compat import LinuxDriverHooks

    used = LinuxDriver.start_application_mode.__code__.co_names
    assert "_file" in used, _gone("LinuxDriver._file", "set_output_file would not choose the output thread's file")
    assert "_writer_thread" in used, _gone("LinuxDriver._writer_thread", "end_output_thread could not end it")
    assert "WriterThread" in used, _gone("linux_driver.WriterThread", "the output thread is built otherwise")
    with _SignalsKept():
        driver = LinuxDriverHooks(App())
        assert "_file" in vars(driver) and "_writer_thread" in vars(driver), _gone(
            "LinuxDriver._file and ._writer_thread", "LinuxDriver.__init__ no longer sets them")
        out = io.StringIO()
        driver.set_output_file(out)
        assert vars(driver)["_file"] is out


def test_the_writer_thread_takes_its_end_through_its_private_queue() -> None:
    from queue import Queue

    from textual.drivers._writer_thread import WriterThread

    thread = WriterThread(io.StringIO())
    assert isinstance(getattr(thread, "_queue", None), Queue), _gone("WriterThread._queue", "end_output_thread puts the end there")
    assert "_queue" in WriterThread.stop.__code__.co_names, _gone("WriterThread._queue", "stop() no longer ends the thread through it")


@linux_only
async def test_end_output_thread_ends_a_writer_thread_once_it_has_written_what_it_holds() -> None:
    from textual.drivers._writer_thread import WriterThread

    from arcade.runtime.textual_compat import LinuxDriverHooks

    with _SignalsKept():
        driver = LinuxDriverHooks(App())
        terminal = io.StringIO()
        writer = WriterThread(terminal)
        writer.start()
        driver._writer_thread = writer  # as start_application_mode sets it
        writer.write("abc")
        driver.end_output_thread(60)  # a bound on a wait that would never end on a loaded machine, not a measure
        writer.join(60)
        assert not writer.is_alive() and terminal.getvalue() == "abc"


@linux_only
def test_sigtstp_reaches_the_driver_through_a_private_handler_and_it_has_its_loop() -> None:
    """``LinuxDriverHooks._sigtstp_application`` overrides Textual's SIGTSTP handler (installed by
    ``LinuxDriver.__init__`` under that name) and hands the suspend to ``Driver._loop``: renamed,
    Textual's own would run inside the signal handler again (a suspend that can hang)."""
    from textual.driver import Driver
    from textual.drivers.linux_driver import LinuxDriver

    from arcade.runtime.textual_compat import LinuxDriverHooks

    assert "_sigtstp_application" in LinuxDriver.__dict__, _gone("LinuxDriver._sigtstp_application",
                                                                 "the suspend would run inside the signal handler")
    assert "_sigtstp_application" in LinuxDriver.__init__.__code__.co_names, _gone(
        "LinuxDriver._sigtstp_application", "it is no longer what SIGTSTP calls")
    assert "_loop" in Driver.__init__.__code__.co_names, _gone("Driver._loop", "the suspend has no loop to go to")

    async def installed() -> bool:
        with _SignalsKept():
            driver = LinuxDriverHooks(App())
            return signal.getsignal(signal.SIGTSTP) == driver._sigtstp_application and \
                driver._loop is asyncio.get_running_loop()

    assert asyncio.run(installed()), _gone("LinuxDriver._sigtstp_application", "SIGTSTP calls something else")


# -- fixed_header_title -------------------------------------------------------------------------------


def test_the_header_shows_its_title_in_a_private_static_it_finds_by_its_class() -> None:
    """``Header.compose`` yields one ``HeaderTitle`` (``textual.widgets._header``), a ``Static``, which
    ``Header`` updates by ``query_one(HeaderTitle)`` with ``Static.update``'s ``layout``."""
    import inspect

    from textual.widgets._header import HeaderTitle

    assert issubclass(HeaderTitle, Static), _gone("HeaderTitle as a Static", "its update could not skip the layout")
    assert "layout" in inspect.signature(Static.update).parameters, _gone("Static.update(layout=)", "the title row lays out")
    assert inspect.getsource(Header.compose).count("HeaderTitle()") == 1, _gone(
        "Header's HeaderTitle", "fixed_header_title would replace nothing")
    source = inspect.getsource(Header)
    assert "query_one(HeaderTitle)" in source and ".update(" in source, _gone(
        "Header's query_one(HeaderTitle).update", "the header would not update the title row given to it")


async def test_a_new_sub_title_reaches_the_fixed_title_row_without_a_layout() -> None:
    from arcade.widgets.header import TitleHeader

    class Titled(App[None]):
        def compose(self) -> ComposeResult:
            yield TitleHeader()

    app = Titled()
    async with app.run_test(size=(60, 3)) as pilot:
        title = app.screen.query_one("HeaderTitle")
        await wait_until(pilot, lambda: bool(title.size), what="the title row laid out")
        app.screen.title, app.screen.sub_title = "Wolf", "the lambs to move"
        await wait_until(pilot, lambda: "the lambs to move" in str(title.render()), what="the new sub-title")
        assert title is app.screen.query_one("HeaderTitle")  # the same row, updated in place


# -- retitle ---------------------------------------------------------------------------------------------


async def test_retitle_stores_a_border_title_where_textual_draws_it_from() -> None:
    """``Widget.border_title``'s setter stores the title as ``Widget._border_title`` (a ``Content``, made
    by ``render_str``) and the widget's box is drawn from there."""
    from textual.content import Content
    from textual.geometry import Region

    from arcade.runtime.textual_compat import retitle

    class Boxed(App[None]):
        CSS = "Static { border: round white; height: 5; width: 30; }"

        def compose(self) -> ComposeResult:
            yield Static("inside")

    app = Boxed()
    async with app.run_test(size=(40, 8)) as pilot:
        box = app.query_one(Static)
        box.border_title = "Keys typed"
        assert isinstance(getattr(box, "_border_title", None), Content), _gone(
            "Widget._border_title", "retitle would store the title where nothing reads it")
        await handled(pilot)
        retitle(box, "Registers R0-R7")
        assert box.border_title == "Registers R0-R7", _gone("Widget._border_title", "the title set is not the title read")
        await handled(pilot)
        top = box.render_lines(Region(0, 0, box.outer_size.width, 1))[0].text
        assert "Registers R0-R7" in top, _gone("Widget._border_title", f"the box is drawn from elsewhere: {top!r}")


# -- screens_of_every_mode --------------------------------------------------------------------------


async def test_every_mode_s_screens_are_on_the_app_s_private_stacks() -> None:
    from arcade.runtime.textual_compat import screens_of_every_mode

    class Named(Screen[None]):
        def __init__(self, name: str) -> None:
            super().__init__(name=name)

        def compose(self) -> ComposeResult:
            yield Static(str(self.name))

    class Modes(App[None]):
        def on_mount(self) -> None:
            self.add_mode("one", lambda: Named("one"))
            self.add_mode("two", lambda: Named("two"))
            self.switch_mode("one")

    app = Modes()
    async with app.run_test(size=(30, 5)) as pilot:
        await wait_until(pilot, lambda: app.current_mode == "one", what="mode one")
        app.switch_mode("two")
        await wait_until(pilot, lambda: app.current_mode == "two", what="mode two")
        names = {screen.name for screen in screens_of_every_mode(app)}
        assert {"one", "two"} <= names, _gone("App._screen_stacks", f"a quit would save the current mode's games only: {names}")


# -- key_name -------------------------------------------------------------------------------------------


def test_a_key_typed_is_named_as_key_name_names_it() -> None:
    """The terminal's keys are named by ``textual.keys._character_to_key`` (``XTermParser``)."""
    from textual import events
    from textual._xterm_parser import XTermParser

    from arcade.runtime.textual_compat import key_name

    typed = "?!/a-+ "
    keys = [event.key for event in XTermParser().feed(typed) if isinstance(event, events.Key)]
    assert keys == [key_name(character) for character in typed], _gone(
        "textual.keys._character_to_key", f"a keymap's key names are not the keys' names: {keys}")
    assert key_name("?") == "question_mark"


# -- composed_rows ----------------------------------------------------------------------------------


async def test_a_screen_s_rows_are_read_from_its_private_compositor_with_the_screens_below() -> None:
    from textual.screen import ModalScreen

    from arcade.runtime.textual_compat import composed_rows

    class Dialog(ModalScreen[None]):
        DEFAULT_CSS = "Dialog { align: center middle; } Dialog > Static { width: 12; height: 1; }"

        def compose(self) -> ComposeResult:
            yield Static("[bold]a dialog[/]")

    class Words(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("under the dialog")

    app = Words()
    async with app.run_test(size=(40, 8)) as pilot:
        assert hasattr(app.screen, "_compositor"), _gone("Screen._compositor", "composed_rows reads the screen there")
        rows = composed_rows(app.screen)
        assert len(rows) == 8 and rows[0].text.startswith("under the dialog")
        app.push_screen(Dialog())
        await wait_until(pilot, lambda: isinstance(app.screen, Dialog) and app.screen.is_mounted, what="the dialog")
        await frame_drawn(pilot)
        assert isinstance(getattr(app, "_background_screens", None), list), _gone(
            "App._background_screens", "composed_rows would not composite the screens under a dialog")
        assert any("a dialog" in row.text for row in composed_rows(app.screen))
        below = composed_rows(app.screen, with_screens_below=True)
        assert below[0].text.startswith("under the dialog") and len(below) == 8
        bold = [segment.text for row in below for segment in row if segment.style and segment.style.bold]
        assert "".join(bold).strip() == "a dialog"  # each cell with its final style


# -- after_each_frame --------------------------------------------------------------------------------


async def test_every_frame_goes_through_the_app_s_private_display() -> None:
    from arcade.runtime.textual_compat import after_each_frame

    assert "_display" in Screen._compositor_refresh.__code__.co_names, _gone(
        "App._display, called by Screen._compositor_refresh", "after_each_frame would see no frame")

    class Words(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("first", id="words")

    app = Words()
    seen: list[str] = []
    async with app.run_test(size=(30, 4)) as pilot:
        after_each_frame(app, lambda: seen.append(str(app.query_one("#words", Static).content)))
        app.query_one("#words", Static).update("second")
        await wait_until(pilot, lambda: "second" in seen, what="a frame after the update")


# -- notifications ------------------------------------------------------------------------------------


async def test_the_toasts_shown_are_kept_in_the_app_s_private_notifications() -> None:
    from textual.notifications import Notification, Notifications

    from arcade.runtime.textual_compat import notifications

    app = App()
    assert isinstance(getattr(app, "_notifications", None), Notifications), _gone(
        "App._notifications", "notifications() would not find the toasts shown")
    async with app.run_test(size=(40, 8), notifications=True) as pilot:
        app.notify("first", title="One")
        app.notify("second", timeout=60)
        await wait_until(pilot, lambda: len(notifications(app)) == 2, what="two toasts")
        shown = notifications(app)
        assert all(isinstance(n, Notification) for n in shown)
        assert [(n.title, n.message) for n in shown] == [("One", "first"), ("", "second")]
        app.clear_notifications()
        assert notifications(app) == []


# -- release_styles_caches ----------------------------------------------------------------------------


def _alive(kind: type) -> int:
    """How many ``kind`` objects the process holds once its garbage is collected."""
    import gc

    gc.collect()
    return sum(1 for thing in gc.get_objects() if isinstance(thing, kind))


def _styles_caches_alive() -> int:
    from textual._styles_cache import StylesCache

    return _alive(StylesCache)


def _widgets_alive() -> int:
    from textual.widget import Widget

    return _alive(Widget)


class _Page(Screen[None]):
    """A screen pushed and popped, as the Help page is: twenty lines of words and a header."""

    def compose(self) -> ComposeResult:
        yield Header()
        for n in range(20):
            yield Static(f"line {n}")


async def _page_shown_and_gone(app: App[None], pilot) -> None:  # noqa: ANN001
    page = _Page()
    await app.push_screen(page)
    await frame_drawn(pilot)
    app.pop_screen()
    await wait_until(pilot, lambda: app.screen is not page and not page.is_attached, what="the page gone")
    await frame_drawn(pilot)


async def test_a_gone_widget_s_styles_cache_is_kept_by_a_private_lru_cache_until_released() -> None:
    """The cache ``release_styles_caches`` clears still keeps what it keeps: a Textual that no longer
    does (the method made static, or not cached) makes the compatibility item needless."""
    from textual._styles_cache import StylesCache

    from arcade.runtime.textual_compat import release_gone_watchers, release_styles_caches

    assert hasattr(getattr(StylesCache, "get_inner_outer", None), "cache_clear"), _gone(
        "StylesCache.get_inner_outer under an lru_cache", "release_styles_caches() would have nothing to clear")
    release_styles_caches()
    app = App()
    async with app.run_test(size=(40, 30)) as pilot:
        await frame_drawn(pilot)
        release_gone_watchers(app)
        before = _styles_caches_alive()
        await _page_shown_and_gone(app, pilot)
        release_gone_watchers(app)  # the page's Header: the other item
        assert _styles_caches_alive() >= before + 20, \
            "Textual lets gone widgets' styles caches go by itself: drop release_styles_caches"
        release_styles_caches()
        assert _styles_caches_alive() <= before + 1


async def test_a_gone_header_is_kept_by_the_app_s_private_watchers_until_released() -> None:
    """The watchers ``release_gone_watchers`` prunes still keep a gone screen's ``Header`` (it watches
    the app's titles): a Textual that lets it go by itself makes the compatibility item needless."""
    from arcade.runtime.textual_compat import release_gone_watchers, release_styles_caches

    app = App()
    async with app.run_test(size=(40, 30)) as pilot:
        await frame_drawn(pilot)
        before = _widgets_alive()
        await _page_shown_and_gone(app, pilot)
        release_styles_caches()
        assert any(isinstance(node, Header) for entries in getattr(app, "__watchers", {}).values() for node, _ in entries), \
            _gone("App.__watchers", "release_gone_watchers() would find no watcher to take out")
        assert _widgets_alive() >= before + 4, "Textual lets a gone Header go by itself: drop release_gone_watchers"
        release_gone_watchers(app)
        assert _widgets_alive() <= before + 1


async def test_round_trips_through_help_and_the_rooms_leave_nothing_behind() -> None:
    """A long session: each screen left, its widgets go, their drawn lines with them (the app
    releases what Textual keeps of them at each change of screen, the footer when it composes its
    keys again), so the process does not grow and the collector does not walk ever more."""
    from arcade.shell.app import ArcadeApp

    app = ArcadeApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await frame_drawn(pilot)

        async def round_trip() -> None:
            for key in ("question_mark", "escape", "r", "escape"):
                screen = app.screen
                await pilot.press(key)
                await wait_until(pilot, lambda: app.screen is not screen, what=f"{key} changes the screen")
                await frame_drawn(pilot)

        await round_trip()
        after_one = _styles_caches_alive(), _widgets_alive()
        for _ in range(6):
            await round_trip()
        assert (_styles_caches_alive(), _widgets_alive()) <= (after_one[0] + 8, after_one[1] + 8)


async def test_a_footer_composed_again_and_again_keeps_none_of_its_old_keys() -> None:
    """Each ``FooterKey`` watches its footer's ``compact`` (``data_bind``): the arcade's footer takes
    the keys it composed before out of its watchers as it composes new ones, or every change of
    the keys on offer (a phase of the duel, a pause) would leave its keys behind."""
    from textual.binding import Binding

    from arcade.widgets.footer import KeysFooter

    class Keys(Screen[None]):
        BINDINGS = [Binding("a", "one", "One"), Binding("b", "two", "Two"), Binding("c", "three", "Three")]
        dimmed = False

        def compose(self) -> ComposeResult:
            yield KeysFooter(compact=True)

        def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
            return None if self.dimmed and action == "two" else True

    app = App()
    async with app.run_test(size=(60, 6)) as pilot:
        screen = Keys()
        await app.push_screen(screen)
        await frame_drawn(pilot)
        footer = screen.query_one(KeysFooter)

        async def dim_or_light() -> None:
            shown = footer.keys_shown
            screen.dimmed = not screen.dimmed
            screen.refresh_bindings()
            await wait_until(pilot, lambda: footer.keys_shown != shown, what="the footer composed again")
            await frame_drawn(pilot)

        await dim_or_light()
        await dim_or_light()
        after_two = _widgets_alive()
        for _ in range(10):
            await dim_or_light()
        assert _widgets_alive() <= after_two + 2
