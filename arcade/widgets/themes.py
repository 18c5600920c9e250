"""The arcade's themes: a colour-blind-safe pair, and board colours for every theme.

``okabe-ito`` (dark) and ``okabe-ito-light`` use only the eight colours of Okabe and
Ito's palette ("Color Universal Design", 2008), chosen so that people with any of
the common colour-vision deficiencies (protan, deutan, tritan) still tell them
apart.  Textual's own themes stay available (``textual-light`` for a light
background; ``ansi-dark``/``ansi-light`` for the terminal's own sixteen colours,
which is where a user's colour-blind terminal palette applies).

The Othello board's colours are theme variables (``$board-cell``...): the arcade
defaults keep the green baize; a theme can give its own, and the ANSI themes get
ANSI colours so the board follows the terminal's palette too.  Colour is never the
only clue: discs are ``●``/``○`` (``X``/``O`` with ``--ascii``), legal moves ``+``,
the cursor reverse video, the last move bracketed.

The Othello board has a colour of its own, whatever the theme's background, and
everything drawn on it stands out from it at 3:1 at least (WCAG 2.x, 1.4.11: the parts
of a graphic): the board is of a middle lightness (relative luminance 0.10-0.30) so
that both black and white discs do; hints and the empty squares' colour (the cursor's
reverse video on an empty square) are light; in the ANSI themes it is white paper with
everything in black ink.  The TI-57 boards are drawn on the theme's background: their
pieces take the theme's error and success colours, moved toward its text colour as far
as needed to stand out (``grid_variables``).  ``tests/arcade/test_board_contrast.py``
measures it all on the rendered boards in every theme.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.color import Color
from textual.theme import BUILTIN_THEMES, Theme

# Okabe & Ito (2008), "Color Universal Design": the eight colours and their names.
BLACK = "#000000"
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
REDDISH_PURPLE = "#CC79A7"

DEFAULT_THEME = "textual-dark"
COLOUR_BLIND_THEMES = ("okabe-ito", "okabe-ito-light")

BOARD_DEFAULTS: dict[str, str] = {
    "board-cell": "#2e7d4f",  # black discs 4.2:1 on it, white ones 5.1:1
    "board-black": "#000000",
    "board-white": "#ffffff",
    "board-empty": "#c8ebd2",  # 3.9:1: the cursor on an empty square, the compact board's dots
    "board-legal": "#ffe680",  # 4.1:1
}
"""The green baize, used by every theme that does not say otherwise."""

ANSI_BOARD: dict[str, str] = {
    "board-cell": "ansi_bright_white",
    "board-black": "ansi_black",
    "board-white": "ansi_black",
    "board-empty": "ansi_black",
    "board-legal": "ansi_black",
}
"""For the ANSI themes: a printed diagram, black ink on white paper (``●`` black, ``○`` white).

The terminal's palette decides what its sixteen colours look like and its background is its
own (dark or light): only its black and its bright white are far apart in every palette, so
the board is the white, its own background whatever the terminal's, and everything on it is
drawn in the black (the glyphs tell the discs apart, as on paper)."""

OKABE_ITO_BOARD: dict[str, str] = {
    "board-cell": BLUE,  # black discs 4.0:1 on it, white ones 5.2:1
    "board-black": BLACK,
    "board-white": "#ffffff",
    "board-empty": "#cce7f8",  # a tint of the sky blue: 4.0:1
    "board-legal": YELLOW,  # 3.9:1
}
"""Blue board: black and white discs and yellow hints all differ from it in lightness too."""

OKABE_ITO = Theme(
    name="okabe-ito",
    primary=SKY_BLUE,
    secondary=ORANGE,
    accent=YELLOW,
    warning=ORANGE,
    error=VERMILLION,
    success=BLUISH_GREEN,
    foreground="#f2f2f2",
    background="#111418",
    surface="#1b2026",
    panel="#232a33",
    dark=True,
    variables=dict(OKABE_ITO_BOARD),
)

OKABE_ITO_LIGHT = Theme(
    name="okabe-ito-light",
    primary=BLUE,
    secondary=VERMILLION,
    accent=REDDISH_PURPLE,
    warning=VERMILLION,
    error=VERMILLION,
    success=BLUISH_GREEN,
    foreground="#111111",
    background="#fafafa",
    surface="#ececec",
    panel="#dcdcdc",
    dark=False,
    variables=dict(OKABE_ITO_BOARD),
)

ARCADE_THEMES = (OKABE_ITO, OKABE_ITO_LIGHT)


STAND_OUT = 3.5
"""What a piece's colour is made to reach on the squares: WCAG's 3:1 for graphics, and a margin."""


def relative_luminance(colour: Color) -> float:
    """WCAG 2.x relative luminance of an opaque sRGB colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b)


def contrast_ratio(a: Color, b: Color) -> float:
    """WCAG 2.x contrast ratio of two opaque colours, 1 to 21."""
    high, low = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def standing_out(colour: Color, squares: Sequence[Color], towards: Color, ratio: float = STAND_OUT) -> Color:
    """``colour`` moved the least toward ``towards`` (the theme's text) that makes it stand out from
    every colour of ``squares`` at ``ratio``: the hue kept where the theme's own colour is too faint."""
    for step in range(21):
        candidate = colour.blend(towards, step / 20)
        if all(contrast_ratio(candidate, square) >= ratio for square in squares):
            return candidate
    return towards


def grid_variables(theme: Theme, variables: dict[str, str]) -> dict[str, str]:
    """The TI-57 boards' piece colours (``$grid-error``: the wolf, a capture; ``$grid-success``: the
    lambs), the theme's error and success colours made to stand out from its squares (the
    background, and the background under ``$boost`` for the shaded ones).

    In an ANSI theme the palette and the background are the terminal's: the pieces are drawn in its
    own text colour (their letters and reverse video tell them apart), which stands out from its
    own background whatever they are."""
    if theme.ansi or variables["background"].startswith("ansi"):
        return {"grid-error": "ansi_default", "grid-success": "ansi_default"}
    background = Color.parse(variables["background"])
    squares = [background, background + Color.parse(variables["boost"])]
    towards = Color.parse(variables["foreground"])
    return {f"grid-{name}": standing_out(Color.parse(variables[name]), squares, towards).hex
            for name in ("error", "success")}


def board_variables(theme_name: str) -> dict[str, str]:
    """The board colours for a theme that does not define them itself."""
    return dict(ANSI_BOARD) if theme_name.startswith("ansi-") else dict(BOARD_DEFAULTS)


def theme_names() -> list[str]:
    """Every theme ``--theme`` accepts: Textual's and the arcade's."""
    return sorted({*BUILTIN_THEMES, *(t.name for t in ARCADE_THEMES)})
