"""``arcade/compositor.py``: a partial frame asks only the widgets it can show, and shows the same cells."""

from __future__ import annotations

import random

from textual._compositor import Compositor
from textual.geometry import Region

from arcade.compositor import NearCompositor
from tests.arcade.duel_helpers import against_the_computer, duel_app
from tests.arcade.helpers import settle


def line_cells(out: dict[tuple[int, int], object], chops: object, y: int, x1: int, x2: int) -> None:
    """Into ``out``: what line ``y`` of a frame's chops shows in each cell of ``[x1, x2)``."""
    for x, strip in chops[y].items():  # type: ignore[index]
        if strip is None:
            continue
        at = x
        for segment in strip:
            for char in segment.text:  # one cell each: the duel's screen has no wide characters
                if x1 <= at < x2:
                    out[at, y] = (char, segment.style)
                at += 1


def cells(compositor: Compositor, crop: Region, renders: object) -> dict[tuple[int, int], object]:
    """What each cell of ``crop`` shows in a frame drawn over it (``renders``: whose ``_get_renders``)."""
    original = compositor._get_renders
    compositor._get_renders = renders.__get__(compositor)  # type: ignore[method-assign, attr-defined]
    try:
        chops = compositor._render_chops(crop, lambda y: True)
    finally:
        compositor._get_renders = original  # type: ignore[method-assign]
    out: dict[tuple[int, int], object] = {}
    for y in crop.line_range:
        line_cells(out, chops, y, crop.x, crop.right)
    return out


async def test_a_frame_asks_only_the_widgets_it_can_show_and_shows_what_textual_would() -> None:
    """Over each widget's visible region and over boxes drawn at random, the frame shows every cell
    as Textual's own compositor draws it, and asks fewer widgets: the footer at the bottom is not
    asked for a change at the top of the screen, where Textual asks it (its container is the screen)."""
    app = duel_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await against_the_computer(pilot, app, instant=True)  # the board, the TI-57, the footer
        await settle(pilot, screen)
        compositor = screen._compositor
        assert isinstance(compositor, NearCompositor)
        visible = compositor.visible_widgets
        crops = [region.intersection(clip) for region, clip in visible.values()]
        rng = random.Random(11)
        for _ in range(40):
            x, y = rng.randrange(100), rng.randrange(32)
            crops.append(Region(x, y, rng.randint(1, 100 - x), rng.randint(1, 32 - y)))
        for crop in crops:
            if not crop:
                continue
            textual = cells(compositor, crop, Compositor._get_renders)
            near = cells(compositor, crop, NearCompositor._get_renders)
            assert near == textual, crop
            assert len(textual) == crop.area, crop  # every cell of the box drawn
        top = Region(40, 2, 20, 1)  # the TI-57's display
        asked_by_textual = list(Compositor._get_renders(compositor, top))  # kept: an id of a list freed may come again
        asked = list(NearCompositor._get_renders(compositor, top))
        assert len(asked) < len(asked_by_textual)
        footer = screen.query_one("KeysFooter")
        assert all(region != visible[footer][0] for region, _, _ in asked)
        assert compositor.visible_widgets is visible  # the compositor's own map, as it was


def span_cells(update: object) -> dict[tuple[int, int], object]:
    """What a partial frame draws in each cell it changes (its spans)."""
    out: dict[tuple[int, int], object] = {}
    for y, x1, x2 in update.spans:  # type: ignore[attr-defined]
        line_cells(out, update.chops, y, x1, x2)  # type: ignore[attr-defined]
    return out


def partial_frame(compositor: NearCompositor, changes: list[Region], textual: bool) -> object:
    """The partial frame for ``changes``, drawn by this compositor or as Textual's own would draw it."""
    compositor._dirty_regions = set(changes)
    if not textual:
        return compositor.render_partial_update()
    compositor._get_renders = Compositor._get_renders.__get__(compositor)  # type: ignore[method-assign]
    try:
        return Compositor.render_partial_update(compositor)
    finally:
        del compositor._get_renders


async def test_a_partial_frame_draws_every_changed_cell_as_textual_would_asking_only_what_has_one() -> None:
    """Changes drawn at random, one to four boxes at a time: every changed cell shows what Textual's
    compositor draws there.  A widget with no changed cell is not asked for its rows, and a container
    is asked only for the rows of the changes' box (Textual asks it for all of them)."""
    app = duel_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await against_the_computer(pilot, app, instant=True)
        await settle(pilot, screen)
        compositor = screen._compositor
        assert isinstance(compositor, NearCompositor)
        rng = random.Random(17)
        for _ in range(60):
            changes = []
            for _ in range(rng.randint(1, 4)):
                x, y = rng.randrange(100), rng.randrange(32)
                changes.append(Region(x, y, rng.randint(1, min(30, 100 - x)), rng.randint(1, min(4, 32 - y))))
            textual = partial_frame(compositor, changes, textual=True)
            near = partial_frame(compositor, changes, textual=False)
            expected = span_cells(textual)
            assert span_cells(near) == expected, changes
            assert len(expected) == len({(x, y) for c in changes for x in range(c.x, c.right) for y in c.line_range})

        game = screen.query_one("#game")  # the row that holds the board and the TI-57: 30 rows high
        asked: list[Region] = []
        render_lines = game.render_lines
        game.render_lines = lambda crop: asked.append(crop) or render_lines(crop)  # type: ignore[method-assign]
        footer = screen.query_one("KeysFooter")
        footer_asked: list[Region] = []
        footer_lines = footer.render_lines
        footer.render_lines = lambda crop: footer_asked.append(crop) or footer_lines(crop)  # type: ignore[method-assign]
        try:
            partial_frame(compositor, [Region(40, 3, 20, 2)], textual=False)  # two rows of the TI-57's side
        finally:
            del game.render_lines, footer.render_lines
        assert asked and all(crop.height <= 2 for crop in asked), asked
        assert not footer_asked
