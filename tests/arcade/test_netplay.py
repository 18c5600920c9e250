"""The TI-57 games across two terminals, through their screens: two arcades in one test, on loopback.

The hosting arcade opens the game at its machine host (in a thread here, as every Pilot test's) and
listens on 127.0.0.1; the joining arcade joins with the line the host's screen shows.  Whole games
are played by keys on both; every message each screen receives is kept, and what one player
receives must hold nothing of the other's squares before the end.  A dropped connection pauses the
game, saved, and the same line joins again.  The new-game dialogs offer the other terminal.  Every
wait is on a condition, bounded.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any, AsyncIterator

import pytest
from textual.widgets import Footer

from arcade.screens.netplay.duel import NetDuelScreen
from arcade.screens.netplay.open import JoiningScreen, hosting, joining, save_path
from arcade.screens.netplay.play import LeaveQuestion, NetPlay
from arcade.screens.netplay.wolf import NetWolfScreen
from arcade.screens.ti57_duel.screen import TI57DuelScreen
from arcade.screens.ti57_screen import TI57Screen
from arcade.screens.ti57_wolf.dialogs import NewWolfGame
from arcade.screens.ti57_wolf.screen import TI57WolfScreen
from arcade.shell.app import ArcadeApp
from games.net.server import read_save
from games.ti57_duel.session import Phase as DuelPhase
from games.ti57_wolf.referee import Side
from games.ti57_wolf.session import Phase as WolfPhase
from tests.arcade.helpers import screen_text, type_keys, wait_for_screen, wait_until
from tests.games.wolf_scripts import GAMES as WOLF_GAMES
from tests.games.wolf_scripts import moves as wolf_moves

SIZE = (100, 32)
WOLF_KEY_OF = {1: "1", 3: "7", 7: "3", 9: "9"}  # the wolf's SBR label -> the key (1 ↙, 7 ↖, 3 ↘, 9 ↗)
LAMB_KEY_OF = {4: "7", 6: "9"}  # a lamb's SBR label -> the key (7 ↖, 9 ↗)


@pytest.fixture
def received(monkeypatch: pytest.MonkeyPatch) -> dict[int, list[dict[str, Any]]]:
    """Every message each net screen receives, by screen (``id``), in order."""
    log: dict[int, list[dict[str, Any]]] = {}
    original = NetPlay.net_message

    def net_message(self: NetPlay, message: dict[str, Any]) -> None:
        if self._early is None:  # once mounted: each message once
            log.setdefault(id(self.screen), []).append(json.loads(json.dumps(message)))
        original(self, message)

    monkeypatch.setattr(NetPlay, "net_message", net_message)
    return log


@contextlib.asynccontextmanager
async def two_terminals(game: str, **options: Any) -> AsyncIterator[tuple[Any, Any, Any, Any]]:
    """The host's arcade and the joined one, both showing the game: (host pilot, its screen, guest pilot, its screen)."""
    host = ArcadeApp(game="net", screens={"net": hosting(game, **options)})
    async with host.run_test(size=SIZE) as hp:
        mine = host.screen
        assert isinstance(mine, (NetDuelScreen, NetWolfScreen))
        await wait_until(hp, lambda: mine.net.join_line is not None and mine.has_view(), what="the game listening")
        assert "127.0.0.1" in screen_text(host) and mine.net.join_line in screen_text(host).replace("\n", " ")
        _, _, address, code = mine.net.join_line.split()
        where, _, port = address.rpartition(":")
        guest = ArcadeApp(game="net", screens={"net": joining(where, int(port), code)})
        async with guest.run_test(size=SIZE) as gp:
            theirs = await wait_for_screen(gp, TI57Screen)  # the game's screen, once the joining one hands over
            await wait_until(gp, lambda: theirs.has_view() and mine.net.peer == "here", what="both at the game")
            yield hp, mine, gp, theirs


def footer_keys(screen: Any) -> dict[str, bool]:
    """Each key the screen's footer shows (Textual's ``FooterKey``): its description, and whether it is dimmed."""
    return {str(getattr(key, "description", "")): key.has_class("-disabled")
            for key in screen.query_one(Footer).query("FooterKey") if key.display}


def never_said(messages: list[dict[str, Any]], squares: list[tuple[int, int]]) -> None:
    """None of ``squares`` in any message before the first view of the duel's end (as a pair, or as the
    TI-57 shows it: column.row)."""
    for message in messages:
        if message.get("type") == "view" and message["view"]["phase"] == "over":
            return
        text = json.dumps(message)
        for c, r in squares:
            assert f"[{c}, {r}]" not in text and f'"{c}.{r}' not in text, (c, r, text)


async def place(pilot: Any, screen: NetDuelScreen, square: tuple[int, int]) -> None:
    """Steer the cursor to ``square`` by keys, then Enter."""
    keys = ["right" if square[0] > screen.cursor[0] else "left"] * abs(square[0] - screen.cursor[0])
    keys += ["up" if square[1] > screen.cursor[1] else "down"] * abs(square[1] - screen.cursor[1])
    await type_keys(pilot, *keys)
    assert screen.cursor == square
    await type_keys(pilot, "enter")


async def test_a_whole_duel_across_two_terminals(received: dict[int, list[dict[str, Any]]], tmp_path: Path) -> None:
    async with two_terminals("ti57-duel", limit=4) as (hp, one, gp, two):
        assert isinstance(one, NetDuelScreen) and isinstance(two, NetDuelScreen)
        assert one.net.you == 1 and two.net.you == 2 and one.duel.phase is DuelPhase.SETUP
        await place(gp, two, (4, 3))  # not Player 2's turn yet: the cursor moves, Enter is refused
        await wait_until(gp, lambda: "Player 1 keys a start square first" in two.message)
        await place(hp, one, (2, 2))
        await wait_until(gp, lambda: two.duel.setup_player == 2)
        assert "2.2" not in screen_text(gp.app) and "Player 1 keys" not in two.message
        await type_keys(gp, "enter")
        await wait_until(hp, lambda: one.duel.phase is DuelPhase.TURN and two.duel.phase is DuelPhase.TURN)
        assert one.duel.me.square == (2, 2) and two.duel.me.square == (4, 3)
        assert "4.3" not in screen_text(hp.app) and "2.2" not in screen_text(gp.app)
        await type_keys(gp, "2")  # not Player 2's move
        await wait_until(gp, lambda: "Player 1's move" in two.message)
        await type_keys(hp, "6")  # 2.2 -> 3.2 (E)
        await wait_until(gp, lambda: two.duel.me.to_move and one.duel.moves_played == 1)
        assert two.duel.me.opponent_last_direction == 2 and "→ E" in screen_text(gp.app)
        assert one.check_action("undo", ()) and not two.check_action("undo", ())
        await type_keys(gp, "2")  # 4.3 -> 4.2 (S)
        await wait_until(hp, lambda: one.duel.me.to_move)
        await type_keys(hp, "6")  # 3.2 -> 4.2: the capture
        await wait_until(gp, lambda: one.over() and two.over())
        for screen in (one, two):
            assert screen.duel.winner == 1 and screen.duel.squares == ((4, 2), (4, 2))
            assert "Player 1 captured" in screen_text(screen.app)
        never_said(received[id(two)], [(2, 2), (3, 2)])  # Player 1's squares, before the end
        never_said(received[id(one)], [(4, 3)])  # Player 2's start square (4.2 is where 1 captured)
        assert all(m.get("you") in (None, 2) for m in received[id(two)])
        await type_keys(hp, "H")  # every move, on either terminal, once it is over
        await wait_until(hp, lambda: one.history_shown)  # (a Pilot waits on the app it entered last: the guest's)
        assert "Player 2" in screen_text(hp.app)
        await type_keys(gp, "g")  # either player starts the next duel, with the same limit
        await wait_until(hp, lambda: one.duel.phase is DuelPhase.SETUP and two.duel.phase is DuelPhase.SETUP)
        assert one.duel.limit == 4 and one.duel.me.square is None and not one.history_shown


async def test_a_drawn_duel_is_ended_or_extended_only_when_both_agree() -> None:
    async with two_terminals("ti57-duel", limit=1) as (hp, one, gp, two):
        await place(hp, one, (0, 0))
        await wait_until(gp, lambda: two.duel.setup_player == 2)
        await place(gp, two, (9, 9))
        await wait_until(hp, lambda: one.duel.phase is DuelPhase.TURN)
        await type_keys(hp, "9")  # NE: the only move of the limit
        await wait_until(gp, lambda: two.duel.phase is DuelPhase.DRAW and one.duel.phase is DuelPhase.DRAW)
        assert two.duel.squares is None and "1.1" not in screen_text(gp.app)
        await type_keys(gp, "x")
        await wait_until(hp, lambda: one.offer == ("end", 2))
        assert "Player 2 asks to end: x agrees" in screen_text(hp.app).replace("\n", " ")
        await type_keys(hp, "x")
        await wait_until(gp, lambda: two.over() and one.over())
        assert two.duel.squares == ((1, 1), (9, 9))


async def test_a_whole_game_of_wolf_and_lambs_across_two_terminals(received: dict[int, list[dict[str, Any]]]) -> None:
    script, first, reason = WOLF_GAMES["wolf blocked"]  # the lambs start
    async with two_terminals("ti57-wolf", first=first.value, host_side="wolf") as (hp, wolf, gp, lambs):
        assert isinstance(wolf, NetWolfScreen) and isinstance(lambs, NetWolfScreen)
        assert wolf.net.you is Side.WOLF and lambs.net.you is Side.LAMBS
        assert "You play the wolf, here" in screen_text(hp.app) and "You play the lambs" in screen_text(gp.app)
        await type_keys(hp, "1")  # the lambs' turn: the wolf waits
        await wait_until(hp, lambda: "the lambs' move" in wolf.message)
        for move in wolf_moves(script):
            if move.side is Side.WOLF:
                await type_keys(hp, WOLF_KEY_OF[move.key])
            else:
                await type_keys(gp, str(move.lamb), LAMB_KEY_OF[move.key])
            await wait_until(gp, lambda: not wolf.busy and not lambs.busy
                             and wolf.wolf.moves_played == lambs.wolf.moves_played)
        await wait_until(hp, lambda: wolf.over() and lambs.over())
        for screen in (wolf, lambs):
            assert screen.wolf.result.winner is Side.LAMBS and screen.wolf.result.reason == reason
            assert len(screen.history) == len(wolf_moves(script))
        assert all(m.get("you") in (None, "lambs") for m in received[id(lambs)])
        assert all(m.get("you") in (None, "wolf") for m in received[id(wolf)])
        await type_keys(hp, "g")  # a new game: the same sides, the same side to start
        await wait_until(gp, lambda: lambs.wolf.moves_played == 0 and lambs.wolf.phase is WolfPhase.TURN)
        assert lambs.wolf.to_move is Side.LAMBS and wolf.net.you is Side.WOLF


async def test_the_wolf_takes_back_its_own_move_until_the_lambs_answer() -> None:
    async with two_terminals("ti57-wolf", first="wolf") as (hp, wolf, gp, lambs):  # the host plays the side to start
        assert wolf.net.you is Side.WOLF
        await type_keys(hp, "1")  # ↙
        # both terminals have seen the move (each draws its own picture, in its own time)
        await wait_until(gp, lambda: lambs.wolf.moves_played == 1 and wolf.wolf.moves_played == 1)
        assert wolf.check_action("undo", ()) and not lambs.check_action("undo", ())
        await type_keys(hp, "z")
        await wait_until(gp, lambda: lambs.wolf.moves_played == 0)
        assert lambs.wolf.to_move is Side.WOLF


async def test_a_dropped_connection_pauses_the_game_saved_and_the_same_line_joins_again() -> None:
    host = ArcadeApp(game="net", screens={"net": hosting("ti57-duel", limit=6)})
    async with host.run_test(size=SIZE) as hp:
        one = host.screen
        await wait_until(hp, lambda: one.net.join_line is not None)
        _, _, address, code = one.net.join_line.split()
        where, _, port = address.rpartition(":")
        guest = ArcadeApp(game="net", screens={"net": joining(where, int(port), code)})
        async with guest.run_test(size=SIZE) as gp:
            two = await wait_for_screen(gp, NetDuelScreen)
            await wait_until(gp, lambda: two.has_view() and one.net.peer == "here")
            await place(hp, one, (1, 1))
            await wait_until(gp, lambda: two.duel.setup_player == 2)
            await place(gp, two, (8, 8))
            await wait_until(hp, lambda: one.duel.phase is DuelPhase.TURN)
            await type_keys(hp, "6")
            await wait_until(gp, lambda: two.duel.me.to_move)
        # the joined arcade is gone (its terminal closed): the host is told in one sentence, the game waits saved
        await wait_until(hp, lambda: one.net.peer == "away")
        assert one.message == ("Player 2's connection dropped: the game waits for them, saved; they join again "
                               "with the same line.")
        assert read_save(save_path("ti57-duel"), "ti57-duel") is not None
        await type_keys(hp, "6")  # it waits: Player 2 is to move, and away
        assert one.duel.moves_played == 1
        again = ArcadeApp(game="net", screens={"net": joining(where, int(port), code)})
        async with again.run_test(size=SIZE) as gp:
            two = await wait_for_screen(gp, NetDuelScreen)
            await wait_until(gp, lambda: two.has_view() and one.net.peer == "here")
            assert one.message == "Player 2 is back: the game goes on."
            assert two.duel.me.square == (8, 8) and two.duel.me.to_move and two.duel.moves_played == 1
            await type_keys(gp, "4")  # W: the duel goes on
            await wait_until(hp, lambda: one.duel.me.to_move and one.duel.moves_played == 2)


async def test_a_connection_lost_on_the_joined_side_is_said_and_r_joins_again() -> None:
    async with two_terminals("ti57-wolf", first="wolf") as (hp, wolf, gp, lambs):
        connected = footer_keys(lambs)
        assert connected["Join again"] is True and "Join again" not in footer_keys(wolf)  # dimmed; the host's has none
        table = wolf.net.seat.link.client.host.table  # the host's game, in the host's thread
        table._loop.call_soon_threadsafe(table.server.remote.drop)  # the network drops the line
        await wait_until(gp, lambda: lambs.net.gone is not None and wolf.net.peer == "away")
        assert lambs.message.startswith("The connection to the host at 127.0.0.1:") and "r joins again" in lambs.message
        assert lambs.check_action("net", ("rejoin",))
        await wait_until(gp, lambda: footer_keys(lambs).get("Join again") is False, what="r on offer")
        assert footer_keys(lambs).keys() == connected.keys()  # the same keys: r no longer dimmed
        await type_keys(gp, "r")
        await wait_until(gp, lambda: lambs.net.gone is None and lambs.net.peer == "here" and wolf.net.peer == "here")
        await type_keys(hp, "9")  # off the board: refused at the host, with the referee's words
        await wait_until(hp, lambda: not wolf.busy)
        assert wolf.message == "Refused: SBR 9 would take the wolf off the board to 5.9."
        await type_keys(hp, "1")
        await wait_until(gp, lambda: lambs.wolf.moves_played == 1)


async def test_the_host_leaving_ends_the_game_for_both_saved() -> None:
    async with two_terminals("ti57-duel", limit=5) as (hp, one, gp, two):
        await place(hp, one, (3, 3))
        await wait_until(gp, lambda: two.duel.setup_player == 2)
        await type_keys(hp, "escape")
        question = await wait_for_screen(hp, LeaveQuestion)
        assert "saved on this terminal" in str(question.question)
        await type_keys(hp, "enter")
        await wait_until(gp, lambda: two.net.ended is not None and hp.app.current_mode == "launcher")
        assert two.message == "The game has ended: Player 1 ended the game."
        assert read_save(save_path("ti57-duel"), "ti57-duel") is not None
        await type_keys(gp, "escape")  # over: back to the launcher at once
        await wait_until(gp, lambda: gp.app.current_mode == "launcher")


async def test_joining_with_a_wrong_code_is_refused_in_one_sentence() -> None:
    host = ArcadeApp(game="net", screens={"net": hosting("ti57-wolf")})
    async with host.run_test(size=SIZE) as hp:
        one = host.screen
        await wait_until(hp, lambda: one.net.join_line is not None)
        _, _, address, _ = one.net.join_line.split()
        where, _, port = address.rpartition(":")
        guest = ArcadeApp(game="net", screens={"net": joining(where, int(port), "abcdefghjkmn")})
        async with guest.run_test(size=SIZE) as gp:
            joining_screen = await wait_for_screen(gp, JoiningScreen)
            await wait_until(gp, lambda: joining_screen.gone is not None, timeout=120)
            assert joining_screen.gone == "The host said no: that is not this game's code."
            assert not joining_screen.can_rejoin and one.net.peer != "here"


async def test_nothing_answers_at_the_address_and_r_tries_again() -> None:
    import socket

    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]  # a port nobody listens on (bound, not listening)
        guest = ArcadeApp(game="net", screens={"net": joining("127.0.0.1", port, "abcdefghjkmn")})
        async with guest.run_test(size=SIZE) as gp:
            screen = await wait_for_screen(gp, JoiningScreen)
            await wait_until(gp, lambda: screen.gone is not None)
            assert screen.gone.startswith("Nothing answers at 127.0.0.1:") and screen.can_rejoin
            await type_keys(gp, "r")
            await wait_until(gp, lambda: screen.gone is not None)
            await type_keys(gp, "escape")
            await wait_until(gp, lambda: gp.app.current_mode == "launcher")


# ---------------------------------------------------------------- the new-game dialogs


async def test_the_duel_offers_player_2_on_another_terminal() -> None:
    app = ArcadeApp(game="ti57-duel")
    async with app.run_test(size=SIZE) as pilot:
        duel = await wait_for_screen(pilot, TI57DuelScreen)
        await wait_until(pilot, lambda: duel.seen.picture is not None and not duel.busy)
        await type_keys(pilot, "plus")
        await wait_until(pilot, lambda: not duel.busy and duel.seen.view.limit == 21)
        for n in range(1, 7):  # the seats at one keyboard, then the other terminal
            await type_keys(pilot, "c")
            await wait_until(pilot, lambda: not duel.busy and duel.seat_choice == n)
        assert "Player 2: on another terminal" in screen_text(app)
        await type_keys(pilot, "enter")
        hosted = await wait_for_screen(pilot, NetDuelScreen)
        await wait_until(pilot, lambda: hosted.net.join_line is not None and hosted.has_view())
        assert app.current_mode == "net" and hosted.net.you == 1 and hosted.duel.limit == 21
        assert "← Player 2 types this" in screen_text(app) and hosted.net.join_line.startswith("arcade join 127.0.0.1:")
        await type_keys(pilot, "c")  # back on the duel at one keyboard, nothing changed there
        await type_keys(pilot, "escape", "enter")
        await wait_until(pilot, lambda: app.current_mode == "launcher")


async def test_wolf_and_lambs_offer_player_2_on_another_terminal() -> None:
    app = ArcadeApp(game="ti57-wolf")
    async with app.run_test(size=SIZE) as pilot:
        wolf = await wait_for_screen(pilot, TI57WolfScreen)
        await wait_until(pilot, lambda: wolf.picture is not None and not wolf.busy)
        await type_keys(pilot, "g")
        dialog = await wait_for_screen(pilot, NewWolfGame)
        await type_keys(pilot, "o")
        assert "Player 2: on another terminal" in screen_text(app) and dialog.elsewhere is Side.LAMBS
        await type_keys(pilot, "o")
        assert dialog.elsewhere is Side.WOLF
        await type_keys(pilot, "enter")
        hosted = await wait_for_screen(pilot, NetWolfScreen)
        await wait_until(pilot, lambda: hosted.net.join_line is not None and hosted.has_view())
        assert hosted.net.you is Side.LAMBS and "← The wolf types this" in screen_text(app)


async def test_a_game_open_beyond_this_machine_says_so_plainly() -> None:
    app = ArcadeApp(game="net", screens={"net": hosting("ti57-wolf", bind="0.0.0.0")})
    async with app.run_test(size=SIZE) as pilot:
        hosted = app.screen
        await wait_until(pilot, lambda: hosted.net.join_line is not None and hosted.has_view())
        assert hosted.message.startswith("Open on every address of this machine, port ")
        assert "whoever can reach it may try the code, and nothing is encrypted" in hosted.message
