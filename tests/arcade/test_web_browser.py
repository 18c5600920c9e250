"""A real browser plays the arcade served by `arcade web` (issue 42): ``pytest -m browser``.

Headless Chromium from the system (Debian's ``chromium-headless-shell`` or ``chromium``), driven
by Playwright's Python package through ``executable_path`` (never a browser Playwright downloads),
with a fresh profile and everything that would reach the internet turned off.  The screen is
read from what the page receives on its websocket (xterm.js draws on a canvas); every request
the page makes must go to the server on 127.0.0.1.  Every wait is on a condition with a bound.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="the web extra is not installed (pip install -e '.[web]')")
playwright_api = pytest.importorskip("playwright.async_api", reason="playwright is not installed (pip install -e '.[browser]')")

from tests.arcade.pty_arcade import WAIT  # noqa: E402
from tests.arcade.test_web_server import ESCAPES, alive, children, serve, until  # noqa: E402,F401

BROWSERS = ("chromium-headless-shell", "chromium")
BROWSER = next((path for path in map(shutil.which, BROWSERS) if path), None)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VIEWPORT = {"width": 1100, "height": 700}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(BROWSER is None, reason="no headless Chromium (apt-get install chromium-headless-shell)"),
]


class Page:
    """A tab on the arcade: what its websocket received (the screen) and sent (keys, mouse, sizes)."""

    def __init__(self, page: object, origin: str) -> None:
        self.page = page
        self.origin = origin
        self.requests: list[str] = []
        self.received = b""
        self.sent: list[str] = []
        self.closed = False
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("websocket", self._websocket)

    def _websocket(self, websocket: object) -> None:
        self.requests.append(websocket.url)
        websocket.on("framereceived", self._received)
        websocket.on("framesent", lambda payload: self.sent.append(payload if isinstance(payload, str) else ""))
        websocket.on("close", lambda _: setattr(self, "closed", True))

    def _received(self, payload: bytes | str) -> None:
        if isinstance(payload, bytes):
            self.received += payload

    @property
    def text(self) -> str:
        return ESCAPES.sub(b"", self.received).decode("utf-8", "replace").replace(" ", "")

    async def wait_for_text(self, words: str, after: int = 0) -> None:
        squeezed = words.replace(" ", "")
        await until(lambda: squeezed in ESCAPES.sub(b"", self.received[after:]).decode("utf-8", "replace")
                    .replace(" ", ""), repr(words))

    def stdin(self) -> str:
        """Everything the page sent to the arcade as keys or mouse (``["stdin", ...]`` messages)."""
        sent = [json.loads(message) for message in self.sent if message.startswith('["stdin"')]
        return "".join(data for _, data in sent)


@pytest.fixture
async def browser() -> AsyncIterator[object]:
    async with playwright_api.async_playwright() as playwright:
        with tempfile.TemporaryDirectory(prefix="arcade-chromium-") as profile:
            context = await playwright.chromium.launch_persistent_context(
                profile, executable_path=BROWSER, args=ARGS, headless=True, viewport=VIEWPORT,
                accept_downloads=True)
            try:
                yield context
            finally:
                await context.close()


async def open_arcade(context: object, url: str) -> Page:
    tab = Page(await context.new_page(), url.rstrip("/"))
    await tab.page.goto(url)
    await tab.wait_for_text("Choose a game")
    await tab.page.focus(".xterm-helper-textarea")  # the keyboard goes to the terminal, as after a click
    return tab


CURSOR_MOVE = re.compile(rb"\x1b\[(\d+);(\d+)H")


def where_drawn(stream: bytes, words: str) -> tuple[int, int]:
    """The cell (row, column, from 0) where Textual last drew a line holding ``words``: it moves the
    cursor (``ESC [ row ; column H``) before each run of a line it draws."""
    found = None
    parts = CURSOR_MOVE.split(stream)
    for index in range(1, len(parts) - 2, 3):
        text = ESCAPES.sub(b"", parts[index + 2]).decode("utf-8", "replace")
        if words in text:
            found = int(parts[index]) - 1, int(parts[index + 1]) - 1 + text.index(words)
    assert found is not None, f"{words!r} was never drawn"
    return found


def cell_centre(box: dict[str, float], size: tuple[int, int], column: int, row: int) -> tuple[float, float]:
    width, height = box["width"] / size[0], box["height"] / size[1]
    return box["x"] + (column + 0.5) * width, box["y"] + (row + 0.5) * height


def last_size(tab: Page) -> tuple[int, int]:
    sizes = [json.loads(m)[1] for m in tab.sent if m.startswith('["resize"')]
    assert sizes, "the page never told the arcade its size"
    return sizes[-1]["width"], sizes[-1]["height"]


async def test_keys_help_mouse_and_resize_work_in_a_browser_with_no_other_host(serve, browser) -> None:
    served = await serve()
    tab = await open_arcade(browser, served.url)

    mark = len(tab.received)
    await tab.page.keyboard.press("F1")  # help, as in a terminal
    await tab.wait_for_text("Every game here is a real program", after=mark)
    mark = len(tab.received)
    await tab.page.keyboard.press("Escape")
    await tab.wait_for_text("Choose a game", after=mark)  # the help gone, the launcher drawn again

    # The mouse: a click chooses a card, a second starts its game (launcher.md); the first card is
    # HP-67 Othello, whose screen opens with "you start".
    size = last_size(tab)
    box = await tab.page.locator(".xterm-screen").bounding_box()
    row, column = where_drawn(tab.received, "Othello - HP-67")
    x, y = cell_centre(box, size, column + 2, row)
    mark = len(tab.received)
    await tab.page.mouse.click(x, y)
    await tab.page.mouse.click(x, y)
    assert "\x1b[<0;" in tab.stdin(), "the page sent no mouse button to the arcade"
    await tab.wait_for_text("you start", after=mark)

    # A smaller window: the page tells the arcade, which says it is too small (at the size the page
    # gave); the window made large again, the game comes back.
    mark = len(tab.received)
    await tab.page.set_viewport_size({"width": 700, "height": 500})
    await until(lambda: last_size(tab)[0] < size[0], "the page's resize message")
    await tab.wait_for_text("Make the terminal at least", after=mark)
    width, height = last_size(tab)
    await tab.wait_for_text(f"(now {width}x{height})", after=mark)
    mark = len(tab.received)
    await tab.page.set_viewport_size(VIEWPORT)
    await tab.wait_for_text("you start", after=mark)

    origin = re.escape(served.url.split("://", 1)[1].rstrip("/"))
    strangers = [url for url in tab.requests if not re.match(rf"(https?|wss?)://{origin}/", url)]
    assert not strangers, f"the page asked another host: {strangers}"

    arcades = children(served.proc.pid)
    assert arcades
    await tab.page.close()  # the tab closed: its arcade saves and ends
    await until(lambda: not any(alive(pid) for pid in arcades), "the closed tab's arcade ended")
    await served.stop()


async def test_a_screenshot_from_the_palette_is_kept_and_sent_to_the_browser(serve, browser) -> None:
    served = await serve()
    tab = await open_arcade(browser, served.url)
    mark = len(tab.received)
    await tab.page.keyboard.press("Control+p")
    await tab.wait_for_text("Search", after=mark)
    await tab.page.keyboard.type("screenshot")
    async with browser.expect_page(timeout=WAIT * 1000) as popup:
        await tab.page.keyboard.press("Enter")
    shown = await popup.value
    await shown.wait_for_load_state()
    assert "/download/" in shown.url and "<svg" in await shown.content()
    folder = served.data_dir / "screenshots"
    saved = list(folder.glob("*.svg"))
    assert len(saved) == 1, f"the screenshot was not kept in {folder}"
    await tab.wait_for_text(saved[0].name)  # the toast says where it is
    await tab.wait_for_text("new tab")
    await served.stop()


async def test_quitting_in_the_browser_ends_the_session_and_its_arcade(serve, browser) -> None:
    """Ctrl+Q reaches the arcade through the browser: it quits, the page says the session ended."""
    served = await serve()
    tab = await open_arcade(browser, served.url)
    arcades = children(served.proc.pid)
    await tab.page.keyboard.press("Control+q")
    await until(lambda: tab.closed, "the session's websocket closed")
    await tab.page.locator("body.-closed").wait_for(timeout=WAIT * 1000)
    assert await tab.page.locator(".closed-dialog .message").inner_text() == "Session ended (its games are saved)."
    await until(lambda: not any(alive(pid) for pid in arcades), "the arcade's end")
    await served.stop()
