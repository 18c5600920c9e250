"""The Lazard Othello screen, on the real CPC emulator running the real listing, played by keys.

A game against Lazard's program is fast (about 4,200 BASIC statements a move), so
every test here plays the real thing; the costly part is drawing, so the game played
to its end by keys resumes a save made headless late in the game.
"""

from __future__ import annotations

import random

from arcade.shell.app import ArcadeApp
from arcade.widgets.dialogs import ResumeDialog
from arcade.screens.lazard_othello.screen import LazardOthelloScreen
from arcade.widgets.board import CELL_W, LABEL_W, OthelloBoard
from arcade.widgets.cpc_screen import CpcScreen
from arcade.widgets.dialogs import GameOverDialog, SideDialog
from games.othello.referee import Disc, Position, parse
from machines.cpc import PALETTE_RGB
from tests.arcade.helpers import click, flat, move_cursor_to, screen_text, settle, shown_board, type_keys, wait_until
from tests.arcade.othello_helpers import hosted, reload, CheckedTurns, save_near_the_end

BLUE, BRIGHT_YELLOW = PALETTE_RGB[1], PALETTE_RGB[24]  # the CPC at power-up: pen 1 on paper 0


async def open_game(pilot, side: str) -> LazardOthelloScreen:  # noqa: ANN001
    """From the launcher's Lazard card to the first position, the CPC playing the side ``side`` names."""
    app = pilot.app
    await type_keys(pilot, "j", "j", "j", "enter")  # the fourth card
    await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
    await type_keys(pilot, side)
    screen = app.screen
    assert isinstance(screen, LazardOthelloScreen)
    await settle(pilot, screen)
    return screen


def game_state(screen: LazardOthelloScreen) -> dict:
    """The driver's whole state but the CPC's clock (TIME runs on, as on the machine)."""
    state = hosted(screen).driver.snapshot()
    state["machine"].pop("time", None)
    return state


def cpc_text(screen: LazardOthelloScreen) -> str:
    return screen.query_one(CpcScreen).view.text


def printed_board(text: str) -> list[str]:
    """The last board the program printed on its screen, as referee rows (X black, O white)."""
    lines = text.splitlines()
    top = max(i for i, line in enumerate(lines) if line.strip() == "A B C D E F G H")
    return ["".join(line[3:19:2]) for line in lines[top + 1: top + 9]]


async def type_on_cpc(pilot, text: str) -> None:  # noqa: ANN001
    keys = ["enter" if ch == "\r" else ch for ch in text]
    for key in keys:  # each key is answered by the CPC at the table before the next
        await type_keys(pilot, key)
        await settle(pilot, pilot.app.screen)


class CheckedScreen(CheckedTurns, LazardOthelloScreen):
    """The real screen and driver, the board checked after every move (``CheckedTurns``)."""

    def __init__(self) -> None:
        super().__init__()
        self.checked: list[int] = []


async def play_game_to_the_end(seed: int, resume_at: int) -> LazardOthelloScreen:
    """The CPC plays White.  The player's first ``resume_at`` turns (random legal moves from
    ``seed``) are played headless and saved; the game is resumed from the launcher and ended by
    cursor and Enter/Space, clicks, and typing on the CPC, in turn, the same random player going on."""
    rng = random.Random(seed)
    start = save_near_the_end("lazard-othello", Disc.WHITE, lambda pos: rng.choice(pos.legal_moves()), resume_at)
    app = ArcadeApp(screens={"lazard-othello": CheckedScreen})
    async with app.run_test(size=(80, 24)) as pilot:
        await type_keys(pilot, "j", "j", "j", "enter")  # the fourth card
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeDialog))
        await type_keys(pilot, "r")
        await wait_until(pilot, lambda: isinstance(app.screen, CheckedScreen))
        screen = app.screen
        await settle(pilot, screen)
        assert type(hosted(screen).driver).__name__ == "LazardOthelloDriver"
        assert len(hosted(screen).driver.history) == len(start["history"])
        board = screen.query_one(OthelloBoard)
        checked = screen.checked
        turns, passes, typed, clicked = resume_at, 0, 0, 0
        while not hosted(screen).driver.is_over:
            pos = hosted(screen).driver.position
            assert shown_board(app) == pos.rows()
            assert printed_board(cpc_text(screen)) == pos.rows()  # the CPC's own board agrees
            assert "Colonne?" in cpc_text(screen).splitlines()[-1]
            if pos.must_pass:
                if screen.typing:  # O RETURN O RETURN, as the article says
                    await type_on_cpc(pilot, "o\ro\r")
                else:
                    await type_keys(pilot, "0")
                passes += 1
            else:
                target = rng.choice(pos.legal_moves())
                if turns % 4 == 1:  # on the CPC's keyboard (which keeps the keys until Escape)
                    if not screen.typing:
                        await type_keys(pilot, "t")
                    await type_on_cpc(pilot, f"{'abcdefgh'[target % 8]}\r{target // 8 + 1}\r")
                    typed += 1
                elif turns % 4 == 3:  # by mouse
                    if screen.typing:
                        await type_keys(pilot, "escape")
                    row, col = divmod(target, 8)
                    await click(pilot, OthelloBoard, offset=(LABEL_W + 1 + CELL_W * col + 1, 2 + 2 * row))
                    clicked += 1
                else:
                    if screen.typing:
                        await type_keys(pilot, "tab")
                    await move_cursor_to(pilot, board, target)
                    await type_keys(pilot, "enter" if turns % 2 else "space")
            await settle(pilot, screen)
            turns += 1
            assert turns < 70
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverDialog))
        history = hosted(screen).driver.history
        assert checked == list(range(checked[0], len(history) + 1)) and checked[0] <= len(start["history"]) + 2
        assert typed and clicked and any(r.by_machine for r in history)
        final = hosted(screen).driver.position
        black, white = final.score()
        assert isinstance(app.screen, GameOverDialog)
        assert f"X (Black) {black}, O (White) {white}" in flat(app)
        # the program's own verdict, on its screen
        human, machine = (black, white) if hosted(screen).driver.machine_color is Disc.WHITE else (white, black)
        assert f"Fin de partie.  Vous: {human}  Moi: {machine}" in cpc_text(screen)
        await type_keys(pilot, "escape")  # look at the board
        await wait_until(pilot, lambda: app.screen is screen)
        assert shown_board(app) == final.rows()
        screen.passes = passes  # type: ignore[attr-defined]
        return screen


async def test_the_end_of_a_game_by_keys_with_passes() -> None:
    """Whole games (passes, game over, the program's verdict) are played headless in
    tests/games/lazard_othello; here the last seven turns go through the screen."""
    screen = await play_game_to_the_end(seed=12, resume_at=24)  # with this seed each side passes once, late
    assert screen.passes == 1  # type: ignore[attr-defined]
    history = hosted(screen).driver.history
    assert any(r.square is None and not r.by_machine for r in history)
    assert any(r.square is None and r.by_machine for r in history)


async def test_illegal_move_changes_nothing_but_the_message() -> None:
    app = ArcadeApp(game="lazard-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        screen = app.screen
        await settle(pilot, screen)
        board = screen.query_one(OthelloBoard)
        machine = hosted(screen).driver.machine
        before = (game_state(screen), shown_board(app), board.view, cpc_text(screen), len(machine.transcript))
        for target in ("a1", "d4", "e5", "f3"):  # no flip, taken, taken, no flip
            await move_cursor_to(pilot, board, parse(target))
            await type_keys(pilot, "enter")
            await settle(pilot, screen)
            now = (game_state(screen), shown_board(app), board.view, cpc_text(screen), len(machine.transcript))
            assert now == before  # not a key reached the CPC
            assert screen.message.startswith(f"Illegal: {target.upper()} ") and screen.message[:60] in flat(app)
        await type_keys(pilot, "0")  # no pass while a move exists: the key is not even offered
        await settle(pilot, screen)
        assert game_state(screen) == before[0]
        assert "Pass" not in screen_text(app).splitlines()[-1]


async def test_typing_on_the_cpc_is_refereed() -> None:
    app = ArcadeApp(game="lazard-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        screen = app.screen
        await settle(pilot, screen)
        start = game_state(screen)
        await type_keys(pilot, "t")
        assert screen.query_one(CpcScreen).has_focus
        # Z at Colonne? redraws the board, as the article says
        await type_on_cpc(pilot, "z\r")
        assert [line.strip() for line in cpc_text(screen).splitlines()[:2]] == ["", "A B C D E F G H"]  # CLS, then the board
        assert hosted(screen).driver.history == []
        # a malformed entry: the program answers it
        await type_on_cpc(pilot, "k\r9\r")
        assert "Colonne A-H, rangee 1-8, passe: O O" in cpc_text(screen)
        # an illegal square: the program says so, the referee too, the board is unchanged
        await type_on_cpc(pilot, "a\r1\r")
        assert "Coup impossible." in cpc_text(screen)
        assert screen.message.startswith("Illegal: A1 turns no disc over")
        assert hosted(screen).driver.position == Position.initial()
        # a pass with moves left, which the program would trust: refused before the RETURN
        await type_on_cpc(pilot, "o\ro\r")
        assert screen.message.startswith("Illegal pass: Black may not pass with a legal move")
        assert hosted(screen).driver.position == Position.initial() and hosted(screen).driver.history == []
        assert cpc_text(screen).splitlines()[-1].startswith("Colonne?")
        # DEL corrects a typing slip, then a legal move is played and the CPC answers
        await type_on_cpc(pilot, "x")
        await type_keys(pilot, "backspace")
        await type_on_cpc(pilot, "d\r3\r")
        await settle(pilot, screen)
        history = hosted(screen).driver.history
        assert [r.standard_notation for r in history][:1] == ["d3"] and history[1].by_machine
        assert history[0].keys == ["D\r", "3\r"]
        assert printed_board(cpc_text(screen)) == hosted(screen).driver.position.rows() == shown_board(app)
        assert game_state(screen) != start
        # Escape gives the keys back to the board
        await type_keys(pilot, "escape")
        assert not screen.typing and not screen.query_one(CpcScreen).has_focus
        assert app.screen is screen


async def test_cpc_screen_in_its_colours_fits_80x24() -> None:
    app = ArcadeApp(game="lazard-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "b")  # the CPC plays Black and opens
        screen = app.screen
        await settle(pilot, screen)
        cpc = screen.query_one(CpcScreen)
        for widget in (cpc, screen.query_one(OthelloBoard), screen.query_one("#status"), screen.query_one("#message")):
            r = widget.region
            assert r.x >= 0 and r.y >= 1 and r.right <= 80 and r.bottom <= 23, (widget, r)
        assert cpc.region.width == 42  # the 40 columns and the border on each side
        rendered = cpc.render()
        styles = {(str(span.style.color.triplet.hex), str(span.style.bgcolor.triplet.hex))
                  for span in rendered.spans if span.style.color is not None}
        assert (BRIGHT_YELLOW.lower(), BLUE.lower()) in {(c.lower(), b.lower()) for c, b in styles}
        # the rows shown are the ones around the program's question, and all 40 columns
        text = screen_text(app)
        assert "Colonne?" in text and "Je joue en" in text
        last = hosted(screen).driver.machine.screen_text()
        assert any(row.rstrip() and row.rstrip() in text for row in last[-5:])


async def test_real_cpc_speed_then_instant_finishes_at_once() -> None:
    app = ArcadeApp(game="lazard-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        screen = app.screen
        await settle(pilot, screen)
        await type_keys(pilot, "s")
        assert not screen.instant and "730 BASIC statements a second" in flat(app)
        await type_keys(pilot, "enter")  # d3, then the CPC thinks at its real pace (some 6 s)
        await wait_until(pilot, lambda: "of a real CPC" in flat(app), what="the CPC's progress")
        assert screen.busy and "statements" in flat(app)
        await type_keys(pilot, "s")  # instant: the move finishes at once
        await settle(pilot, screen)
        assert len(hosted(screen).driver.history) == 2 and hosted(screen).driver.human_to_move
        assert "The CPC plays" in flat(app)


async def test_new_game_asks_the_side_and_legal_moves_toggle() -> None:
    app = ArcadeApp(game="lazard-othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "w")
        screen = app.screen
        await settle(pilot, screen)
        board = screen.query_one(OthelloBoard)
        assert board.view.legal == frozenset(hosted(screen).driver.position.legal_moves()) and "+" in screen_text(app)
        await type_keys(pilot, "m")
        assert "+" not in "".join(shown_line for shown_line in screen_text(app).splitlines() if "│" in shown_line)
        await type_keys(pilot, "n")
        await wait_until(pilot, lambda: isinstance(app.screen, SideDialog))
        await type_keys(pilot, "b")
        await settle(pilot, screen)
        assert hosted(screen).driver.machine_color is Disc.BLACK and hosted(screen).driver.history[0].by_machine
        assert shown_board(app) == hosted(screen).driver.position.rows()


def test_every_binding_has_a_description_and_an_id() -> None:
    from arcade.screens.match.screen import MatchScreen, ResultsDialog

    for cls in (LazardOthelloScreen, MatchScreen, ResultsDialog):
        for binding in cls.BINDINGS:
            assert binding.description and binding.id, (cls, binding)
