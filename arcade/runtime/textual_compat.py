"""What the arcade needs of Textual 8.2.8 that Textual offers no public way for: all of it here.

Everywhere else the arcade uses Textual and Rich through their documented public API
(``tests/arcade/test_public_api.py`` walks the source for it).  Each item below reads, writes
or overrides a private name of Textual's, says why no public way does the job, and has a
canary in ``tests/arcade/test_textual_compat.py`` that fails, naming the private thing, when
a Textual upgrade removes or changes it -- before a player meets the silent breakage.

- ``LinuxDriverHooks``: the Linux driver's output file, its output thread's end, and its
  SIGTSTP handler (the hang-up handling of ``arcade/runtime/terminal.py``, issue 16);
- ``fixed_header_title``: the header's title row, repainted without a layout of the screen;
- ``retitle``: a border title changed with a repaint of its row alone;
- ``screens_of_every_mode``: every open screen of every mode (the saves on quit and hang-up);
- ``key_name``: the name Textual gives the key that types a character (the keymap's check);
- ``composed_rows``: a screen's rows as the terminal shows them (the tests read the screen so);
- ``after_each_frame``: a call after every frame the app draws (the duel tests look at each one);
- ``notifications``: the toasts an app shows now (the tests read what the player was told);
- ``release_styles_caches``: the drawn lines of widgets that are gone, let go (a long session's
  memory and the collector's walks);
- ``release_gone_watchers``: the headers of screens that are gone and the footer's keys composed
  before, let go (the same).

Looked at and not needed here: the footer is Textual's ``Footer`` (a screen's ``check_action``
says which keys are on offer, None dims one and False hides it; ``arcade/widgets/footer.py``
only skips a compose that would show the same keys, by the public ``Footer.bindings_changed``
and ``Screen.active_bindings``), where the footer it replaces changed Textual's ``FooterKey``
widgets in place (their private ``_disabled``); the app's ASCII line filter goes through the
public ``App.get_line_filters``; a resize of the size the screens already have is told by the
sizes the app passed on itself; the text widgets draw through the line API (``KeptRows``), where
they wrote ``Static``'s name-mangled content.
"""

from __future__ import annotations

import queue
import sys
from typing import Any, Callable, Iterator, TextIO

from textual._styles_cache import StylesCache
from textual.geometry import Region
from textual.keys import _character_to_key
from textual.notifications import Notification
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets._header import HeaderTitle


# -- the Linux driver (arcade/runtime/terminal.py) ---------------------------------------------

if sys.platform != "win32":  # the Linux driver needs termios; the arcade's own driver is for Linux and macOS
    from textual.drivers.linux_driver import LinuxDriver

    class LinuxDriverHooks(LinuxDriver):
        """Textual's Linux driver with the three hooks the arcade's driver needs and Textual does not offer.

        - **The output's file** (``set_output_file``): the driver writes through an output thread
          built, in ``start_application_mode``, on ``LinuxDriver._file`` (``sys.__stderr__``), which
          no argument or method lets one choose.  A write to a terminal that hung up raises ``EIO``
          there and kills the thread, after which the event loop blocks for ever on the thread's
          full queue (issue 16); the arcade gives the thread a file that drops such writes.
        - **The output thread's end** (``end_output_thread``): ``LinuxDriver.close`` stops it with
          ``WriterThread.stop``, an unbounded ``put`` of its end on its queue and an unbounded
          ``join``: with a terminal nobody reads (its window closed) both wait for ever.  The end is
          put on ``WriterThread._queue`` with a time limit and the join bounded.
        - **SIGTSTP** (``_sigtstp_application``, installed by ``LinuxDriver.__init__`` under that
          name): Textual suspends inside the signal handler, wherever the event loop's thread was
          interrupted; inside a write to the output thread's queue, the suspend's own writes waited
          for that queue's lock for ever (a test on a pseudo-terminal: about one run in ten under
          load).  The suspend becomes the loop's next callback (``Driver._loop``).
        """

        def set_output_file(self, file: TextIO | Any) -> None:
            """The output thread writes to ``file`` (set before ``start_application_mode`` builds it)."""
            self._file = file

        def end_output_thread(self, limit: float) -> None:
            """End the output thread once it has written what it holds, waiting ``limit`` seconds at most
            to hand it its end and as long again for it to finish (a daemon thread: it may be left)."""
            writer = self._writer_thread
            if writer is None:
                return
            try:
                writer._queue.put(None, timeout=limit)
            except queue.Full:
                return
            writer.join(limit)

        def _sigtstp_application(self, *args: Any) -> None:
            try:
                self._loop.call_soon_threadsafe(super()._sigtstp_application, *args)
            except RuntimeError:  # the loop is closed: the app is ending
                pass


# -- the header's title (arcade/widgets/header.py) ------------------------------------------------


class _FixedTitle(HeaderTitle):
    """The title row: new text repaints it, never lays out the screen once it has its size."""

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        super().update(content, layout=layout and not self.size)


def fixed_header_title(widget: Widget) -> Widget:
    """A ``Header``'s child as its ``compose`` gives it, its title row replaced by one that repaints alone.

    ``Header`` shows its title in a ``HeaderTitle`` (``textual.widgets._header``, not exported),
    a ``Static`` that ``Header`` updates, on every new title or sub-title, with ``Static.update``'s
    default ``layout=True``: the whole screen laid out again (~4-13 ms of the event loop) at
    every turn of the games whose sub-title says whose turn it is.  The title's box is the
    header's width whatever it says (``width: 100%``, one row), so a repaint is enough; Textual
    lets one neither reach the title widget's class publicly nor choose how ``Header`` updates it."""
    return _FixedTitle() if type(widget) is HeaderTitle else widget


# -- a border title's row (arcade/widgets/ti57.py) --------------------------------------------------


def retitle(widget: Widget, title: str) -> None:
    """``widget.border_title = title``, repainting only the row the title is on once mounted.

    Textual's ``border_title`` setter repaints the whole widget (``Widget.refresh()``): the
    TI-57 key log's box, showing the registers under 34 rows, sent its twenty rows (4 KB, the
    blank ones too) to the terminal at every ``i`` for a title and a few cells.  The title is
    stored as Textual's setter stores it (``Widget._border_title``) and only its row refreshed."""
    if not widget.is_mounted:
        widget.border_title = title
        return
    widget._border_title = widget.render_str(title).expand_tabs(4).split()[0]
    widget.refresh(Region(-widget.content_offset.x, -widget.styles.gutter.top, widget.outer_size.width, 1))


# -- the app (arcade/shell/app.py) -----------------------------------------------------------------


def screens_of_every_mode(app: Any) -> Iterator[Screen[Any]]:
    """Every screen on every mode's stack (``App._screen_stacks``), the current mode's and the others'.

    ``App.screen_stack`` is the current mode's alone, and Textual names no other mode's stack
    publicly; the arcade keeps a mode per open game, and a quit or a hang-up saves them all."""
    for stack in list(app._screen_stacks.values()):
        yield from list(stack)


# -- key names (arcade/shell/keymap.py) --------------------------------------------------------------


def key_name(character: str) -> str:
    """The name of the key Textual reports for ``character`` (``?``: ``question_mark``).

    A keymap names keys as Textual does; the names of the printable characters are made by
    ``textual.keys._character_to_key``, which the drivers use to name a key pressed, and Textual
    has no public table of them (``textual.keys.Keys`` holds only the named keys)."""
    return _character_to_key(character)


# -- the composed screen (the tests' ``screen_text`` and pictures) ------------------------------------


def composed_rows(screen: Screen[Any], *, with_screens_below: bool = False) -> list[Strip]:
    """``screen``'s rows as the terminal shows them: one strip a row, each cell with its final style.

    Without ``with_screens_below``, the rows are composited as the app's last frame did (a dialog over
    the screens drawn under it then), with no side effect on what the app draws next; with it
    (``screen`` the top one), the screens a dialog leaves visible are composited under it now, as
    ``App.export_screenshot`` does, which also marks the screen as wholly drawn.  Textual draws a
    screen through its compositor (``Screen._compositor``, its ``render_strips`` and ``render_update``
    with ``App._background_screens``) and offers no public read of the result but the SVG of
    ``export_screenshot``, which keeps neither rows nor styles in a form one can compare."""
    if not with_screens_below:
        return screen._compositor.render_strips()
    update = screen._compositor.render_update(full=True, screen_stack=screen.app._background_screens)
    return [Strip.join(line) for line in update.strips]  # type: ignore[attr-defined]


def after_each_frame(app: Any, callback: Callable[[], None]) -> None:
    """Call ``callback`` after every frame ``app`` draws (headless too), with the frame's screen composed.

    The duel's tests look at every frame for the other player's secret square, transitional ones
    too; Textual gives no event, message or hook when a frame is drawn.  Every frame of the top
    screen goes through ``App._display`` (called by ``Screen._compositor_refresh``, with None when
    nothing changed), which this wraps on the one app."""
    display = app._display

    def displayed(screen: Screen[Any], renderable: Any) -> None:
        display(screen, renderable)
        if renderable is not None:
            callback()

    app._display = displayed


def notifications(app: Any) -> list[Notification]:
    """The notifications ``app`` shows now (those not timed out nor cleared), oldest first.

    ``App.notify`` shows a toast and Textual keeps it in ``App._notifications`` until it times out;
    nothing public reads them back (the toasts on screen are ``Toast`` widgets of the private
    ``textual.widgets._toast``, redrawn on each screen the app shows)."""
    return list(app._notifications)


def release_styles_caches() -> None:
    """Let go of the styles caches of widgets that are gone (call it when widgets go in numbers).

    Every widget draws through a ``StylesCache`` of Textual's (private ``textual._styles_cache``),
    which keeps the widget's drawn lines.  In Textual 8.2.8 its method ``get_inner_outer`` is under
    ``functools.lru_cache(1024)``, a cache keyed by the instance: it keeps the last 1,024
    ``StylesCache`` objects alive, with their lines, long after their widgets are gone.  In the
    arcade every Help page, room, dialog and footer composed again leaves one per widget, and a
    collection of the oldest generation walks them all: a long session's pauses grew with each
    screen opened (``python bench/long_session.py``, docs/performance.md).  Clearing that cache
    lets them go; it only holds two styles for each pair of colours, made again when next asked
    for.  Nothing public reaches it.  Upstream: the method would be a ``staticmethod`` (it does
    not use its instance).  Canary: ``tests/arcade/test_textual_compat.py``."""
    StylesCache.get_inner_outer.cache_clear()


def release_gone_watchers(watched: Any) -> None:
    """Let go of the watchers ``watched`` (the app) keeps for widgets that are gone.

    ``DOMNode.watch(obj, name, callback)`` puts ``(node, callback)`` in a list on ``obj`` (its
    private ``__watchers``), and Textual 8.2.8 takes out the entries of nodes that closed only when
    ``obj.name`` next changes.  Textual's ``Header`` watches the app's ``title`` and ``sub_title``,
    which the arcade never changes (each screen has its own): every Help page, room and game screen
    left one ``Header`` behind, its children and their drawn lines with it.  Each ``FooterKey``
    watches its footer's ``compact`` (``data_bind``), which never changes either: every compose of
    the footer's keys (a phase of the duel, a pause) left the keys before behind.  This takes them
    out as Textual would, by its own test (the node's private ``_closing``); nothing public does."""
    for entries in getattr(watched, "__watchers", {}).values():
        entries[:] = [(node, callback) for node, callback in entries if not getattr(node, "_closing", False)]
