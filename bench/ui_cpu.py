"""How much of a core the arcade's own process takes while its machines compute flat out.

Prints figures, asserts nothing.  Run:

    .venv/bin/python bench/ui_cpu.py [--cases match,hp67-othello,lazard-othello] [--rounds 3]
                                     [--seconds 15] [--turns 20] [--against TREE] [--profile DIR]

Every case runs the arcade in a private tmux (100x32), a real terminal, with a recorder inside
its process (this file run with ``--inside``, the app built as the command line builds it):

- ``match``: ``arcade match --watch --instant --games 20``: the HP-67 and the CPC play each
  other at instant speed on the match screen.  Once the first move is on screen, ``--seconds``
  are measured: the moves a second, and the CPU time of the arcade's process (the UI) and of its
  machine host (its child, ``python -m games.host``, read from ``/proc``) as shares of a core.
- ``hp67-othello``, ``lazard-othello``: the game at instant speed, the machine White; a player
  plays the first legal square as soon as the turn's end is on the terminal, ``--turns`` turns.
- ``ti57-duel``, ``ti57-wolf``: the duel against the computer's hunter, the lambs against the
  computer's wolf, at instant speed; the person's move ``--turns`` times, each once the turn before
  is drawn and read; with ``--keys`` an ``i`` (the registers) right behind each move, as
  bench/busy_keys.py presses it.

- ``bare``: with ``--keys`` only, the yardstick: ``bench/bare_app.py`` (the bare Textual app
  echoing its keys), the same keys posted into it.

``--keys``: while the Othello turns run, a thread posts cursor keys (Left, Right) into the app
at random moments, each once the one before has been drawn, as a player typing on; each is
timed from its posting to the frame after its action (``call_after_refresh``), in the process's
CPU time (what the key waited for and cost, which a loaded machine does not stretch) and in
wall time.  Then as many keys with the game quiet.  Printed: the busy keys' p95 and the quiet
keys' median over the bare app's median key, in CPU time: the terminal and tmux (about 2 ms of
the bare app's 3 ms in bench/ui_latency.py) are left out, so these ratios are harsher than
ui_latency's.

The UI's figures are the process's CPU time (``time.process_time``: every thread of it -- the
event loop, the host's news, the saves' writer, the terminal's) over the wall time, as a share of
a core (and per turn), and each thread's share (``/proc/self/task``).  ``--profile DIR``: the
event loop's thread under cProfile, in its own CPU time, the top functions printed (the profiler
costs time of its own: read it as where the time goes, not as the figure).

``--against TREE`` measures another tree of the arcade (an export of main, say) in the same
run, the two interleaved round by round: the one comparison the shared machine's load does
not spoil.  Each is printed as the median of the ``--rounds`` rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SOCKET = f"arcade-ui-cpu-{os.getpid()}"
TICKS = os.sysconf("SC_CLK_TCK")
OTHELLOS = ("hp67-othello", "lazard-othello")
TI57S = ("ti57-duel", "ti57-wolf")
CASES = ("match", *OTHELLOS, *TI57S)
KEY_GAP = (0.002, 0.012)
"""Seconds between a key drawn and the next posted (uniform): keys land anywhere in a turn."""
READING = 0.05
"""With ``--keys``, seconds the player waits after a turn's end before the next move, as one who
reads the board: else the next move starts in the same breath, and a key sent as the machine's
answer came waited for the next turn's start too."""


CASE_LIMIT = 300.0
"""Seconds a case may take before its figures are given up (a case that ends without them is seen at once)."""

LOST_AFTER = 5.0
"""Seconds after which a key posted and never drawn is counted lost (a dialog took it)."""


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True, check=False).stdout


def cpu_seconds(pid: int, task: int | None = None) -> float:
    path = f"/proc/{pid}/stat" if task is None else f"/proc/{pid}/task/{task}/stat"
    fields = Path(path).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid:
                found.append(int(entry.name))
    return found


def tree_env(tree: Path, data: str) -> str:
    """The environment a case runs with: its tree first on the path (the host's process inherits it)."""
    return f"PYTHONPATH={shlex.quote(str(tree))} ARCADE_DATA_DIR={data} ARCADE_CONFIG_DIR={data}/config"


# -- an Othello game, measured from inside -------------------------------------------------------------


def case_in_tmux(tree: Path, case: str, args: argparse.Namespace) -> dict[str, float]:
    """One case in a tmux pane, the arcade of ``tree`` measured from inside (``inside``)."""
    data = tempfile.mkdtemp(prefix="arcade-ui-cpu-")
    out = Path(data) / "figures.json"
    command = (f"{tree_env(tree, data)} exec {shlex.quote(sys.executable)} {shlex.quote(str(Path(__file__).resolve()))}"
               f" --inside {case} --turns {args.turns} --seconds {args.seconds} --out {shlex.quote(str(out))}"
               + (f" --profile {shlex.quote(args.profile)}" if args.profile else "") + (" --keys" if args.keys else ""))
    tmux("new-session", "-d", "-s", "case", "-x", "100", "-y", "32", "-c", str(tree), command)
    tmux("set-option", "-t", "case", "remain-on-exit", "on")  # a case that dies leaves its last screen (a traceback)
    try:
        end = time.monotonic() + CASE_LIMIT
        while time.monotonic() < end and not out.exists() and tmux("display-message", "-p", "-t", "case",
                                                                   "#{pane_dead}").strip() != "1":
            time.sleep(0.2)
        if not out.exists():
            status = tmux("display-message", "-p", "-t", "case", "#{pane_dead} #{pane_dead_status}").split()
            print(tmux("capture-pane", "-t", "case", "-p", "-S", "-"), file=sys.stderr)
            ended = (f"it ended, status {status[1] if len(status) > 1 else '?'}" if status[:1] == ["1"]
                     else f"none in {CASE_LIMIT} s")
            sys.exit(f"{case} in {tree}: no figures ({ended}; its pane above)")
        time.sleep(0.1)
        return json.loads(out.read_text(encoding="utf-8"))
    finally:
        tmux("kill-session", "-t", "case")


class Recorder:
    """The figures of a measure taken inside the app's process, from ``begin`` to ``end``."""

    def __init__(self, profile: str, name: str) -> None:
        self.profile, self.name = profile, name
        self.profiler: Any = None
        if profile:
            import cProfile

            self.profiler = cProfile.Profile(time.thread_time)  # the event loop's own CPU, not its waits

    @staticmethod
    def threads() -> dict[str, float]:
        names = {t.native_id: t.name for t in threading.enumerate()}
        found: dict[str, float] = {}
        for task in os.listdir(f"/proc/{os.getpid()}/task"):
            name = names.get(int(task), "other")
            name = "main" if name == "MainThread" else name
            try:
                found[name] = found.get(name, 0.0) + cpu_seconds(os.getpid(), int(task))
            except OSError:
                pass
        return found

    @staticmethod
    def host() -> float:
        hosts = [p for p in children(os.getpid()) if b"games.host" in Path(f"/proc/{p}/cmdline").read_bytes()]
        return sum(cpu_seconds(p) for p in hosts)

    def begin(self) -> None:
        self.wall0, self.cpu0, self.threads0, self.host0 = time.perf_counter(), time.process_time(), self.threads(), self.host()
        if self.profiler is not None:
            self.profiler.enable()

    def end(self, out: Path, keys: dict[str, list[tuple[float, float]]] | None = None, **counts: float) -> None:
        wall, cpu = time.perf_counter() - self.wall0, time.process_time() - self.cpu0
        if self.profiler is not None:
            self.profiler.disable()
            self.profiler.dump_stats(str(Path(self.profile) / f"{self.name}-{os.getpid()}.prof"))
        after, host = self.threads(), self.host() - self.host0
        figures = {"ui %": 100 * cpu / wall, "host %": 100 * host / wall}
        for name, count in counts.items():
            if name == "lost":
                figures["lost keys"] = count
                continue
            figures[f"{name}/s"] = count / wall
            if count:
                figures[f"ui cpu ms/{name}"] = 1000 * cpu / count
        for name, seconds in after.items():
            seconds -= self.threads0.get(name, 0.0)
            if seconds > 0:
                figures[f"thread {name} %"] = 100 * seconds / wall
        for name, times in (keys or {}).items():
            figures[f"{name} keys"] = len(times)
            for i, way in enumerate(("cpu", "wall")):
                ordered = sorted(t[i] for t in times)
                if ordered:
                    figures[f"{name} key {way} p50 ms"] = 1000 * quantile(ordered, 0.5)
                    figures[f"{name} key {way} p95 ms"] = 1000 * quantile(ordered, 0.95)
        out.with_suffix(".tmp").write_text(json.dumps(figures), encoding="utf-8")
        out.with_suffix(".tmp").replace(out)


def quantile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


class KeyClock:
    """Keys posted into an app by a thread, each timed to the frame after its action, in the process's
    CPU time and in wall time; ``drawn`` is called (on the event loop) by the key's action."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.times: dict[str, list[tuple[float, float]]] = {}
        self.posted: tuple[float, float] | None = None
        self.label = ""
        self.done = threading.Event()
        self.done.set()
        self.lost = 0

    def post(self, label: str, key: str) -> None:
        """From the thread: post ``key`` once the last one is drawn (or given up as lost)."""
        from textual import events

        if not self.done.wait(5.0):
            self.lost += 1  # never drawn (a dialog took it): the next goes on
        self.done.clear()
        self.label = label
        self.posted = (time.process_time(), time.perf_counter())
        self.app.post_message(events.Key(key, None))

    def drawn(self) -> None:
        """The key's action ran: timed once its frame is out."""

        def out() -> None:
            if self.posted is not None:
                cpu, wall = self.posted
                self.times.setdefault(self.label, []).append((time.process_time() - cpu, time.perf_counter() - wall))
                self.posted = None
            self.done.set()

        self.app.screen.call_after_refresh(out)

    def typist(self, label: Callable[[], str | None], until: threading.Event) -> None:
        """A thread's loop: a key, alternately Left and Right, whenever ``label()`` names what it measures."""
        import random

        right = True
        while not until.is_set():
            time.sleep(random.uniform(*KEY_GAP))
            what = label()
            if what is not None:
                self.post(what, "right" if right else "left")
                right = not right


def inside(args: argparse.Namespace) -> None:
    """In the tmux pane: the arcade's app, a recorder, and a player for the Othello games."""
    sys.path.insert(0, os.getcwd())  # the tree under test, not this file's
    try:  # the garbage collector as the tree's command line leaves it (arcade/__main__.py)
        from arcade.runtime import collector
    except ImportError:  # a tree from before it
        pass
    else:
        if args.inside != "bare":  # the bare app never lets it go
            collector.hold()
    if args.inside == "match":
        inside_match(args)
    elif args.inside == "bare":
        inside_bare(args)
    elif args.inside in TI57S:
        inside_ti57(args)
    else:
        inside_othello(args)


def inside_bare(args: argparse.Namespace) -> None:
    """The bare Textual app of bench/ui_latency.py, the keys posted into it: the yardstick."""
    sys.path.insert(0, str(Path(os.getcwd()) / "bench"))
    from bare_app import BareApp

    class Timed(BareApp):
        def on_key(self, event: Any) -> None:
            super().on_key(event)
            clock.drawn()

    app = Timed()
    clock = KeyClock(app)
    recorder = Recorder("", "bare")
    stop = threading.Event()
    count = {"n": 0}

    def label() -> str | None:
        count["n"] += 1
        if count["n"] > 2 * args.turns:
            stop.set()
            app.call_from_thread(lambda: (recorder.end(args.out, keys=clock.times), app.exit()))
            return None
        return "bare"

    def begin() -> None:
        recorder.begin()
        threading.Thread(target=clock.typist, args=(label, stop), daemon=True).start()

    app.call_later(lambda: app.set_timer(0.5, begin))
    app.run()


def inside_match(args: argparse.Namespace) -> None:
    from arcade.screens.match.app import MatchApp
    from arcade.screens.match.screen import MatchScreen

    app = MatchApp(games=20, instant=True)
    recorder = Recorder(args.profile, "match")
    state: dict[str, Any] = {"moves0": 0, "screen": None}

    def finish() -> None:
        recorder.end(args.out, moves=len(state["screen"].moves) - state["moves0"])
        app.exit()

    def setting_up() -> None:
        screen = app.screen
        if isinstance(screen, MatchScreen) and screen.moves:
            state["screen"], state["moves0"] = screen, len(screen.moves)
            recorder.begin()
            app.set_timer(args.seconds, finish)
            return
        app.set_timer(0.05, setting_up)

    app.call_later(setting_up)
    app.run()


def inside_othello(args: argparse.Namespace) -> None:
    from arcade.shell import catalog
    from arcade.shell.app import ArcadeApp
    from arcade.storage.settings import config_dir
    from arcade.widgets.dialogs import GameOverDialog, SideDialog

    class Timed(catalog.load(catalog.get(args.inside).screen)):  # type: ignore[misc]
        def action_cursor(self, delta: int) -> None:
            super().action_cursor(delta)
            if clock is not None:
                clock.drawn()

    app = ArcadeApp(game=args.inside, screens={args.inside: Timed}, config_dir=config_dir())
    clock = KeyClock(app) if args.keys else None
    recorder = Recorder(args.profile, args.inside)
    state: dict[str, Any] = {"played": 0, "screen": None, "turn": False, "quiet": 0}
    stop = threading.Event()

    def label() -> str | None:
        """What a key now measures: a key while the machine answers, or a quiet one after the turns."""
        if state["turn"]:
            return "busy"
        if state["played"] > args.turns and app.screen is state["screen"]:
            state["quiet"] += 1
            if state["quiet"] > args.turns:
                stop.set()
                app.call_from_thread(finished)
                return None
            return "quiet"
        return None

    def finished() -> None:
        assert clock is not None
        recorder.end(args.out, keys=clock.times, turn=state["turns"], lost=clock.lost)
        app.exit()

    def finish() -> None:
        state["turns"] = state["played"]
        if clock is None:
            recorder.end(args.out, turn=state["played"])
            app.exit()
        else:
            state["played"] = args.turns + 1  # the quiet keys now

    def next_move() -> None:
        screen = state["screen"]
        if screen.busy or app.screen is not screen or not screen.view.person_to_move:
            return
        state["turn"] = False
        if state["played"] == 0:
            recorder.begin()
            if clock is not None:
                threading.Thread(target=clock.typist, args=(label, stop), daemon=True).start()
        elif state["played"] >= args.turns:
            finish()
            return
        view = screen.view
        state["played"] += 1
        state["turn"] = True
        screen.turns.person_plays(min(view.legal) if view.legal else None)

    def turn_drawn() -> None:
        state["turn"] = False
        if clock is None:
            next_move()  # as fast as it goes: the CPU a turn costs
        else:
            app.set_timer(READING, next_move)  # the keys while the machine answers are the turn's, not the next's

    def busy_changed(busy: bool) -> None:
        if not busy:
            state["screen"].call_after_refresh(turn_drawn)  # once the turn's end is drawn

    def setting_up() -> None:
        screen = app.screen
        if isinstance(screen, SideDialog):
            screen.dismiss("white")
        elif isinstance(screen, GameOverDialog):
            state["turn"] = False
            screen.dismiss("board")  # a short game: the turns so far
            finish()
            if clock is None:
                return
        elif state["screen"] is None and hasattr(screen, "turns"):
            state["screen"] = screen
            screen.instant = True
            screen.watch(screen, "busy", busy_changed, init=False)
        if state["screen"] is not None and state["played"] == 0:
            next_move()
        app.set_timer(0.1, setting_up)

    app.call_later(setting_up)
    app.run()


def inside_ti57(args: argparse.Namespace) -> None:
    """The duel (the person Player 1, the computer's hunter Player 2) or the wolf (the computer's wolf,
    a person's lambs) at instant speed.  With ``--keys``, each person's move is followed at once by
    ``i`` (the registers shown or hidden), as ``bench/busy_keys.py`` presses it: that key is timed
    while the reply runs; then as many ``i`` with the game quiet."""
    from textual import events

    from arcade.shell import catalog
    from arcade.shell.app import ArcadeApp
    from arcade.storage.settings import config_dir

    duel = args.inside == "ti57-duel"

    class Timed(catalog.load(catalog.get(args.inside).screen)):  # type: ignore[misc]
        def action_toggle_registers(self) -> None:
            super().action_toggle_registers()
            if clock is not None:
                clock.drawn()

    app = ArcadeApp(game=args.inside, screens={args.inside: Timed}, config_dir=config_dir())
    clock = KeyClock(app) if args.keys else None
    recorder = Recorder(args.profile, args.inside)
    state: dict[str, Any] = {"played": 0, "screen": None, "quiet": 0, "moving": False}

    def post_i(label: str) -> None:
        assert clock is not None
        clock.done.clear()
        clock.label = label
        clock.posted = (time.process_time(), time.perf_counter())
        app.post_message(events.Key("i", "i"))

    def finish() -> None:
        if clock is None:
            recorder.end(args.out, turn=state["played"])
        else:
            recorder.end(args.out, keys=clock.times, turn=state["played"], lost=clock.lost)
        app.exit()

    def person_moves(screen: Any) -> bool:
        """The person's move, if it is theirs now (True: sent)."""
        if duel:
            from games.ti57_duel.session import Phase

            seen = screen.seen
            if seen.phase is not Phase.TURN or screen.viewer != 1 or seen.view.to_move != 1:
                return False
            code = next((c for c in (2, 6, 4, 8, 1, 3, 5, 7) if seen.refusal(c) is None), None)
            if code is None:
                return False
            screen.keys.direction(code)
        else:
            from games.ti57_wolf.session import Phase, WolfMove

            view = screen.shown_view
            if view.phase is not Phase.TURN or view.computer_to_move or not view.legal_lamb_moves:
                return False
            screen.play(WolfMove.of_lamb(*view.legal_lamb_moves[0]), "Lamb")
        return screen.busy

    def step() -> None:
        """Every 10 ms: set the game up, play the person's move once the last turn is drawn and read."""
        screen = app.screen
        if state["screen"] is None:
            state["screen"] = next((s for s in app.screen_stack if isinstance(s, Timed)), None)
            if state["screen"] is not None:
                state["screen"].instant = True
        game = state["screen"]
        if game is not None and screen is not game:  # a dialog: the wolf's seats (the computer's wolf), a game's end
            name = type(screen).__name__
            if clock is not None and not clock.done.is_set() and clock.posted is not None:
                clock.lost += 1  # the i pressed behind the game's last move went to the dialog: lost now, not in 5 s
                clock.posted = None
                clock.done.set()
            if name == "NewWolfGame":
                if screen.seats[next(s for s in screen.seats if s.value == "wolf")].kind != "computer":
                    screen.action_next_seat("wolf")
                screen.action_start()
            elif name == "WolfGameOver":
                screen.dismiss("new")
            app.set_timer(0.05, step)
            return
        if game is None or (not duel and game.picture is None):
            app.set_timer(0.01, step)
            return
        if state["moving"]:
            return  # the turn's end, drawn and read, steps again (``turn_read``)
        if clock is not None and not clock.done.is_set() and clock.posted is not None \
                and time.perf_counter() - clock.posted[1] > LOST_AFTER:
            clock.lost += 1  # never drawn (a dialog took it): the next goes on
            clock.posted = None
            clock.done.set()
        if game.busy or (clock is not None and not clock.done.is_set()):
            app.set_timer(0.01, step)
            return
        if state["played"] >= args.turns:
            if clock is None or state["quiet"] >= args.turns:
                finish()
                return
            state["quiet"] += 1
            post_i("quiet")
            app.set_timer(READING, step)
            return
        if duel:
            from games.ti57_duel.session import Phase

            phase = game.seen.phase
            if phase is Phase.LIMIT and game.seen.picture is not None:
                if game.seen.hot_seat:
                    game.action_seats()  # the next seats: Player 2 the computer (the hunter) first
                else:
                    game.action_confirm()
            elif phase is Phase.SETUP and game.viewer == 1:
                game.action_confirm()  # the start square at the cursor
            elif phase is Phase.DRAW:
                game.action_extend()
            elif phase is Phase.OVER:
                game.new_game()
        if person_moves(game):
            if state["played"] == 0:
                recorder.begin()
            state["played"] += 1
            state["moving"] = True
            if clock is not None:
                post_i("busy")  # right behind the move, as a person typing on
        if not state["moving"]:
            app.set_timer(0.01, step)

    def busy_changed(busy: bool) -> None:
        if not busy and state["moving"]:
            state["screen"].call_after_refresh(lambda: app.set_timer(READING, turn_read))

    def turn_read() -> None:
        state["moving"] = False
        step()

    def watch_busy() -> None:
        if state["screen"] is None:
            app.set_timer(0.01, watch_busy)
            return
        state["screen"].watch(state["screen"], "busy", busy_changed, init=False)

    app.call_later(step)
    app.call_later(watch_busy)
    app.run()


# -- the report ----------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default=",".join(CASES), help=f"comma-separated: {', '.join(CASES)}")
    parser.add_argument("--seconds", type=float, default=15.0, help="the match case's measure (default 15)")
    parser.add_argument("--turns", type=int, default=20, help="the person's turns in an Othello case (default 20)")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--against", type=Path, help="another tree, measured in the same run, interleaved")
    parser.add_argument("--profile", default="", help="a folder for the Othello cases' cProfile of the event loop")
    parser.add_argument("--keys", action="store_true", help="time keys posted while the Othello turns run (and the bare app's)")
    parser.add_argument("--inside", help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inside:
        inside(args)
        return
    trees = {"this tree": ROOT}
    if args.against is not None:
        trees["against"] = args.against.resolve()
    cases = [c.strip() for c in args.cases.split(",") if c.strip()]
    if args.keys and "bare" not in cases:
        cases.insert(0, "bare")
    figures: dict[tuple[str, str], list[dict[str, float]]] = {}
    tmux("new-session", "-d", "-s", "keeper", "-x", "100", "-y", "32", "sleep 86400")
    try:
        for _ in range(args.rounds):
            for case in cases:
                for name, tree in trees.items():  # interleaved: the load hits both alike
                    figures.setdefault((case, name), []).append(case_in_tmux(tree, case, args))
    finally:
        tmux("kill-server")
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}; {args.rounds} round(s), medians")
    for (case, name), runs in figures.items():
        keys = sorted({k for run in runs for k in run}, key=lambda k: (k.startswith("thread"), k))
        said = "  ".join(f"{k} {statistics.median(run.get(k, 0.0) for run in runs):.1f}" for k in keys)
        where = f" ({trees[name]})" if name == "against" else ""
        print(f"{case:<15} {name}{where}: {said}")
    if args.keys:
        for name in trees:
            bare = [run["bare key cpu p50 ms"] for run in figures.get(("bare", name), []) if "bare key cpu p50 ms" in run]
            if not bare:
                continue
            yardstick = statistics.median(bare)
            for case in cases:
                runs = [run for run in figures.get((case, name), []) if "busy key cpu p95 ms" in run]
                if runs:
                    busy = statistics.median(run["busy key cpu p95 ms"] for run in runs)
                    quiet = statistics.median(run.get("quiet key cpu p50 ms", float("nan")) for run in runs)
                    print(f"{case:<15} {name}: keys in CPU time, the bare app's median {yardstick:.2f} ms: a key while the"
                          f" machine answers p95 {busy:.2f} ms = {busy / yardstick:.1f}x, a quiet key's median"
                          f" {quiet:.2f} ms = {quiet / yardstick:.1f}x")
    if args.profile:
        import pstats

        for path in sorted(Path(args.profile).glob("*.prof")):
            print(f"--- {path.name}")
            pstats.Stats(str(path)).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
