"""``arcade/compositor.py``: a partial frame asks only the widgets it can show, and shows the same cells."""

from __future__ import annotations

import random

from textual._compositor import Compositor
from textual.geometry import Region

from arcade.compositor import NearCompositor
from tests.arcade.duel_helpers import against_the_computer, duel_app
from tests.arcade.helpers import settle


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
        for x, strip in chops[y].items():
            if strip is None:
                continue
            at = x
            for segment in strip:
                for char in segment.text:  # one cell each: the duel's screen has no wide characters
                    if crop.x <= at < crop.right:
                        out[at, y] = (char, segment.style)
                    at += 1
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
        asked_by_textual = {id(strips) for *_, strips in Compositor._get_renders(compositor, top)}
        asked = list(NearCompositor._get_renders(compositor, top))
        assert len(asked) < len(asked_by_textual)
        footer = screen.query_one("KeysFooter")
        assert all(region != visible[footer][0] for region, _, _ in asked)
        assert compositor.visible_widgets is visible  # the compositor's own map, as it was
