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
"""

from __future__ import annotations

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
    "board-cell": "#1d5e3b",
    "board-black": "#000000",
    "board-white": "#ffffff",
    "board-empty": "#5f9f7b",
    "board-legal": "#f0d264",
}
"""The green baize, used by every theme that does not say otherwise."""

ANSI_BOARD: dict[str, str] = {
    "board-cell": "ansi_green",
    "board-black": "ansi_black",
    "board-white": "ansi_bright_white",
    "board-empty": "ansi_bright_green",
    "board-legal": "ansi_yellow",
}
"""For the ANSI themes: the terminal's own green, black, white and yellow."""

OKABE_ITO_BOARD: dict[str, str] = {
    "board-cell": BLUE,
    "board-black": BLACK,
    "board-white": "#ffffff",
    "board-empty": SKY_BLUE,
    "board-legal": YELLOW,
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
    variables={**OKABE_ITO_BOARD, "board-empty": "#8fc8ec"},
)

ARCADE_THEMES = (OKABE_ITO, OKABE_ITO_LIGHT)


def board_variables(theme_name: str) -> dict[str, str]:
    """The board colours for a theme that does not define them itself."""
    return dict(ANSI_BOARD) if theme_name.startswith("ansi-") else dict(BOARD_DEFAULTS)


def theme_names() -> list[str]:
    """Every theme ``--theme`` accepts: Textual's and the arcade's."""
    return sorted({*BUILTIN_THEMES, *(t.name for t in ARCADE_THEMES)})
