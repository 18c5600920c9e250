"""``GameSaves``, a game screen's saves: when they are written, kept or discarded, and a save that
cannot be read on opening (the resume question itself is played through in each game's tests)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arcade.storage.game_saves import GameSaves
from arcade.storage.saves import SaveStore, flush
from tests.arcade.helpers import PlainScreen


class Game(PlainScreen):
    """A screen whose game may hold its last save, and that notes each new game it starts."""

    def __init__(self) -> None:
        super().__init__([])
        self.held = False
        self.new_games = 0

    def save_held(self) -> bool:
        return self.held

    def save_summary(self) -> str:
        return f"move {len((self.state or {}).get('moves', []))}"

    def new_game(self) -> None:
        self.new_games += 1


def test_nothing_is_written_before_the_game_is_ready_nor_while_its_save_is_held() -> None:
    store = SaveStore()
    game = Game()
    saves = GameSaves(game, "ti57-wolf")
    game.state = {"moves": [1]}
    assert saves.save() is None  # the resume question is not answered yet
    flush()
    assert store.load("ti57-wolf") is None
    saves.ready = True
    assert saves.save() == store.path_for("ti57-wolf")
    assert store.load("ti57-wolf") == {"moves": [1]}
    info = store.info("ti57-wolf")
    assert info is not None and info.summary == "move 1"
    game.held, game.state = True, None  # a locked save waits for its PINs: neither discarded...
    saves.save()
    game.state = {"moves": [1, 2]}  # ...nor written over
    saves.close()
    assert store.load("ti57-wolf") == {"moves": [1]}
    game.held = False
    saves.close()  # the screen closes: written, and on the disk
    assert store.load("ti57-wolf") == {"moves": [1, 2]}
    game.state = None  # a finished game is not kept
    saves.save()
    assert not store.exists("ti57-wolf")
    assert game.told == []


def test_a_save_that_cannot_be_read_is_kept_aside_and_a_new_game_begins(arcade_data_dir: Path) -> None:
    store = SaveStore()
    store.directory.mkdir(parents=True)
    store.path_for("ti57-wolf").write_text("{not json", encoding="utf-8")
    game = Game()
    saves = GameSaves(game, "ti57-wolf")
    saves.offer(lambda state: "Resume?")  # no dialog: there is nothing to resume
    assert saves.ready and game.new_games == 1
    assert len(game.told) == 1 and "ti57-wolf.json" in game.told[0] and "kept as" in game.told[0]
    assert [p.name for p in store.directory.glob("ti57-wolf.corrupt-*.json")] == ["ti57-wolf.corrupt-1.json"]


def test_a_save_the_question_cannot_describe_is_kept_aside_as_unusable() -> None:
    store = SaveStore()
    store.save("ti57-wolf", {"moves": 5}, saved_at="then")
    game = Game()
    saves = GameSaves(game, "ti57-wolf")

    def question(state: dict[str, Any]) -> str:
        return f"move {len(state['moves']) + 1}"

    saves.offer(question)
    assert saves.ready and game.new_games == 1
    assert "could not be restored (a fault: TypeError" in game.told[0]
    assert game.said == ["The saved game could not be resumed (see the note); a new game instead."]
    assert store.load("ti57-wolf") is None and list(store.directory.glob("ti57-wolf.unusable-*.json"))
