"""``KeysFirst``: a game screen's side of ``arcade/attention.py``, a key's frame drawn first.

A key read parks the machines' jobs and holds their news until its frame is drawn
(``on_key``; ``key_acted`` for a key a widget took for itself); a frame that falls due while
a key read has not had its action waits for it (``_on_timer_update``, ``KEY_FIRST`` at most),
and the key's own frame is drawn as soon as its widgets have asked for it, not at the frame
timer's next tick (``_on_idle``).  ``_on_timer_update``, ``_on_idle`` and ``_update_timer`` are
Textual's private names (``Screen``); a test fails first if an upgrade renames them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.widget import Widget

if TYPE_CHECKING:
    from arcade.attention import Attention

KEY_FIRST = 0.006
"""Longest a game screen's frame waits for the action of a key already read (``_on_timer_update``)."""


class KeysFirst:
    """A mixin of ``GameScreen`` (a ``Screen`` with an ``attention``): see the module."""

    if TYPE_CHECKING:
        attention: Attention
        app: Any
        _update_timer: Any
        _message_queue: Any
        _dirty_widgets: Any
        _layout_required: bool
        _repaint_required: bool
        _scroll_required: bool

        def call_later(self, callback: Any, *args: Any, **kwargs: Any) -> bool: ...
        def walk_children(self, filter_type: Any) -> Any: ...

    def on_key(self, event: Any) -> None:
        """A key: a running job waits between slices until the key's frame is drawn (and, for a
        while after it, rests after each millisecond it runs), and a machine's news waits for
        that frame too (``arcade/attention.py``).

        The key is not consumed: it goes on to the app, whose bindings run its action.  A
        callback posted to this screen's queue now runs after the key has left for the app's
        queue; the one it posts to the app's queue runs after the key's action.
        """
        attention = self.attention
        attention.key_arrived(event.time)
        # the jobs go on after this key's frame only if nothing parked them since it came: a key
        # read while this one's action ran (the person's move starting the machine) holds them
        # until its own frame (traced: the next key's frame shared the interpreter with the machine)
        self.call_later(self.app.call_later, attention.release_after_frame, self, key=True, park=attention.parks,
                        key_at=event.time)

    def release_after_frame(self) -> None:
        """The jobs, parked, go on once what this handler changed is drawn (``arcade/attention.py``)."""
        self.attention.release_after_frame(self)

    def key_acted(self, key_at: float | None = None) -> None:
        """A key a widget took for itself (it never reached ``on_key``: typing on the CPC), read at
        ``key_at`` (its ``event.time``; the last key, by default), has had its action in this
        handler: frames are not held for it, and what waits for its frame follows it."""
        self.attention.release_after_frame(self, key=True, key_at=key_at)

    def _on_timer_update(self) -> None:
        """Textual's frame (a private method of ``Screen``): held while a key read is on its way to
        its action (``KEY_FIRST`` at most), so that one frame shows what came before and the key.

        A key read while a turn's end or Enter was handled waited for that handler's frame (3-5 ms)
        before its own action ran, then for its own frame: traced, half the slowest keys at instant
        speed.  Held, the frame comes a tick later (``TEXTUAL_FPS``) with both.

        Held too, once the key's action has run, while a widget it changed has not told the screen
        (``_repaints_untold``) or the screen has not read what it was told (its queue not empty),
        ``KEY_FIRST`` after the action at most: the screen's idle draws the key's frame as soon as
        it has (``_on_idle``).  Drawn at the tick, the frame showed what came before the key (the
        move's words) without the registers ``i`` had shown, and the key waited for a second frame:
        traced, 3-6 keys in 75 behind a duel's move, 2-5 ms each."""
        attention = self.attention
        if attention.key_unhandled(KEY_FIRST) or (attention.key_frame_due(KEY_FIRST) and (
                not self._message_queue.empty() or self._repaints_untold())):
            self._update_timer.resume()  # the next tick
            return
        super()._on_timer_update()

    def _on_idle(self, event: Any) -> None:
        """The screen's queue is empty: Textual's ``Screen._on_idle`` (next in the dispatch) resumes
        the frame timer if anything is to be drawn.  Waiting for its tick, a key's frame came 1-3 ms
        after its widgets had asked (traced); it is drawn here instead, once the key's action has run
        (``key_frame_due``) and every widget it changed has told the screen (each does at its own
        next idle: drawn before, the wolf's ``i`` took two frames, 83 bytes then the key log's rows)."""
        if self.attention.key_frame_due() and (self._dirty_widgets or self._layout_required
                                               or self._repaint_required or self._scroll_required):
            if not self._repaints_untold():
                self._on_timer_update()

    def _repaints_untold(self) -> bool:
        """A widget of this screen has asked to be repainted and not told the screen yet (Textual's
        ``Widget._check_refresh`` posts its ``Update`` at the widget's next idle)."""
        return any(widget._repaint_required for widget in self.walk_children(Widget) if widget.display)
