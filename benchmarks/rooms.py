"""Rooms: how fast a move reaches the other seats, and what a seat costs. `python benchmarks/rooms.py [--quick] [--pages]`

Store (always): a FOMO room with 1, 3 and 5 people's seats (the rest greedy bots), each seat watching from its own
process (`store.watch`, the way a seat's page learns of a move), while one more process plays moves for whoever is
to move (`seat.act`). A move's latency is the time from just before its `act` to the moment each watching process sees
the new version (one clock: the same machine). The peer, measured in the same run: the same processes around a bare
SQLite file in WAL mode — one inserts a row per move, the others poll it at the same interval: what any
store-backed table pays. Printed: the median and 95th percentile of each, `act` alone (the transaction, the rules and
the bots' answers), and the ratios.

Pages (`--pages`): `fortune-suite play` serving the lobby and the seats with standalone Voilà, a Chromium page per
seat (1, 3 and 5 seats); a move clicked at one page, the time until every other page shows it (target: median ≤
300 ms, 95th percentile ≤ 1 s); each seat's kernel memory (RSS); the tabs closed, how long until the kernels are gone
(target: within 2 minutes).

Numbers are printed, never asserted. The machine has 2 cores and is noisy: read medians and ratios.
"""
from __future__ import annotations
import argparse, json, os, statistics, subprocess, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WATCHER = r"""
import sys, os, time, json, sqlite3
kind, path, rid, poll, stop = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), sys.argv[5]
seen, v = [], 0
if kind == "rooms":
    from fortune_suite import rooms
    st = rooms.open(path); v = st.version(rid)
    read = lambda: st.watch(rid, after=v, timeout=poll * 5, poll=poll)
else:
    c = sqlite3.connect(path, isolation_level=None); c.execute("PRAGMA journal_mode=WAL")
    def read():
        got = c.execute("SELECT count(*) FROM moves").fetchone()[0]
        if got > v: return got
        time.sleep(poll); return None
print("ready", flush=True)
while not os.path.exists(stop):
    got = read()
    if got is not None and got > v:
        t = time.time(); seen += [(k, t) for k in range(v + 1, got + 1)]; v = got
print(json.dumps(seen), flush=True)
"""


def pct(xs, q):
    xs = sorted(xs); return xs[min(len(xs) - 1, int(q * len(xs)))]


def measure_store(people: int, moves: int, poll: float, tmp: Path) -> dict:
    """A FOMO room with `people` people's seats, each watched from its own process; `moves` moves played (the bots'
    answers ride along). The same with a bare SQLite table. {kind: (latencies in ms, act times in ms)}."""
    from fortune_suite import rooms
    import sqlite3
    players = max(2, people)
    st = rooms.open(tmp / f"rooms-{people}.sqlite")
    room = st.create("fomo", {"players": players}, seed=people, bots={p: "greedy" for p in range(people, players)})
    seats = {p: st.join(room.id, k) for p, k in room.keys.items()}
    raw = tmp / f"raw-{people}.sqlite"
    c = sqlite3.connect(raw, isolation_level=None); c.execute("PRAGMA journal_mode=WAL"); c.execute("PRAGMA synchronous=FULL")
    c.execute("CREATE TABLE moves(n INTEGER PRIMARY KEY, at REAL)")
    res = {}
    for kind in ("rooms", "raw"):
        stop = tmp / f"stop-{kind}-{people}"
        procs = [subprocess.Popen([sys.executable, "-c", WATCHER, kind, str(st.path if kind == "rooms" else raw), room.id,
                                   str(poll), str(stop)], stdout=subprocess.PIPE, text=True) for _ in range(max(1, people))]
        for p in procs: assert p.stdout.readline().strip() == "ready"
        time.sleep(0.3)
        sent, acts = {}, []
        for i in range(moves):
            if kind == "rooms":
                s = st.state(room.id)
                if s.is_over: break
                p = next(q for q in s.to_move() if q in seats)
                before = st.version(room.id)
                legal = seats[p].legal()
                t0 = time.time(); v = seats[p].act(legal[i % len(legal)], at=before); acts.append((time.time() - t0) * 1e3)
                for k in range(before + 1, v + 1): sent[k] = t0
            else:
                t0 = time.time(); c.execute("INSERT INTO moves(at) VALUES (?)", (t0,)); sent[len(sent) + 1] = t0
            time.sleep(0.05)
        time.sleep(max(0.3, 10 * poll))
        stop.touch()
        lats = []
        for p in procs:
            for k, t in json.loads(p.communicate(timeout=60)[0]):
                if k in sent: lats.append((t - sent[k]) * 1e3)
        res[kind] = (lats, acts)
    return res


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="a few moves, seats 1 and 3 (the CI smoke)")
    ap.add_argument("--moves", type=int, default=60, help="moves played per seat count")
    ap.add_argument("--poll", type=float, default=0.02, help="seconds between a watcher's reads (rooms.watch's default)")
    ap.add_argument("--pages", action="store_true", help="also seat pages served by fortune-suite play, in Chromium (slow)")
    ap.add_argument("--page-moves", type=int, default=20, help="moves clicked per seat count (--pages)")
    ap.add_argument("--cull", type=int, default=60, help="seconds an idle kernel lives on after its page closed (--pages)")
    a = ap.parse_args(argv)
    print(__doc__.split("\n\n")[0])
    print(f"load average {os.getloadavg()[0]:.2f}; poll every {a.poll * 1e3:.0f} ms\n")
    tmp = Path(tempfile.mkdtemp())
    counts, moves = ((1, 3), 12) if a.quick else ((1, 3, 5), a.moves)
    medians = []
    print(f"{'seats':>5}  {'rooms: median':>13} {'p95':>7}   {'bare SQLite: median':>19} {'p95':>7}   {'× bare':>6}   {'act median':>10}")
    for n in counts:
        r = measure_store(n, moves, a.poll, tmp)
        (rl, acts), (bl, _) = r["rooms"], r["raw"]
        if not rl or not bl: print(f"{n:>5}  (no moves seen)"); continue
        medians.append(statistics.median(rl))
        print(f"{n:>5}  {statistics.median(rl):>10.1f} ms {pct(rl, .95):>5.1f} ms   {statistics.median(bl):>16.1f} ms "
              f"{pct(bl, .95):>5.1f} ms   {statistics.median(rl) / max(statistics.median(bl), 1e-9):>6.2f}   "
              f"{statistics.median(acts):>7.1f} ms")
    print(f"\nload average {os.getloadavg()[0]:.2f}")
    if a.pages: pages(a, statistics.median(medians) if medians else None)


def pages(a, store_median=None):
    """Seat pages served by `fortune-suite play`, each in its own Chromium context, plus a spectator's page: for 1, 3
    and 5 people's seats (FOMO; greedy bots in the other seats), moves clicked at the page whose seat is to move, and
    the time until every other page shows the new position (its `data-version`); each page's kernel memory; the tabs
    closed, the time until the server has culled every kernel."""
    import psutil, re, signal as sig
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from conftest import free_port, launch_chromium, make_jupyter_env
    from playwright.sync_api import sync_playwright
    from fortune_suite import rooms
    from test_rooms import hand, lit
    tmp = Path(tempfile.mkdtemp())
    env, _ = make_jupyter_env(tmp / "jupyter")
    token = tmp / "token"; token.write_text("bench" + os.urandom(6).hex()); token.chmod(0o600)
    counts = (1, 3) if a.quick else (1, 3, 5)
    print(f"\nPages: Voilà seat pages in Chromium (a spectator's page too), FOMO; cull after {a.cull} s idle")
    print(f"{'seats':>5}  {'to every other page: median':>27} {'p95':>8}  {'× store':>7}   {'kernel RSS a page':>17}   {'culled after tabs closed':>24}")
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        for n in counts:
            players = max(2, n)
            store = tmp / f"pages-{n}.sqlite"
            port = free_port()
            cmd = [sys.executable, "-c", "import sys; from fortune_suite.cli import main; sys.exit(main())", "play", "fomo",
                   "--players", str(players), "--seed", str(n), "--rooms", str(store), "--port", str(port), "--token-file", str(token),
                   "--cull", str(a.cull)] + [x for q in range(n, players) for x in ("--bot", f"{q}=greedy")]
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
            out = ""
            while "The rooms live in" not in out: out += proc.stdout.readline()
            links = dict(re.findall(r"^  (Player \d|spectators): (http\S+)$", out, re.M))
            rid = re.search(r"room=([0-9a-f]+)", out).group(1)
            ctxs = {k: browser.new_context(viewport={"width": 1280, "height": 900}) for k in links}
            pgs = {k: c.new_page() for k, c in ctxs.items()}
            for k, pg in pgs.items(): pg.goto(links[k])
            for k, pg in pgs.items(): pg.locator("[data-version]").first.wait_for(state="attached", timeout=120_000)
            st = rooms.open(store)
            shown = lambda pg: int(pg.locator("[data-version]").first.get_attribute("data-version") or -1)
            lat = []
            for _ in range(a.page_moves):
                s = st.state(rid)
                if s.is_over: break
                q = s.to_move()[0]
                if q >= n: time.sleep(0.1); continue
                pg, v0 = pgs[f"Player {q}"], st.version(rid)
                t_end = time.time() + 30
                while shown(pg) < v0 and time.time() < t_end: time.sleep(0.02)
                panel = pg.locator(".fs-fomo-app").first
                text = panel.locator(".fs-app-status").inner_text()
                if "click a stack" in text: panel.locator("button.fs-fomo-stack-A").click()
                elif "lie on top" in text: panel.locator("button.fs-fomo-pile-card:enabled").first.click()
                else:
                    h = [x for x in hand(panel) if x != 4] or hand(panel)
                    panel.locator(f"button.fs-fomo-card-{h[0]}").click(); pg.wait_for_timeout(150)
                    green = lit(panel)
                    (panel.locator(f"button.fs-fomo-stack-{green[0]}") if green else panel.locator("button.fs-fomo-discard")).click()
                t_end = time.time() + 30
                while st.version(rid) == v0 and time.time() < t_end: time.sleep(0.005)
                t0, v1 = time.time(), st.version(rid)
                others = [p2 for k, p2 in pgs.items() if k != f"Player {q}"]
                waiting = set(range(len(others)))
                while waiting and time.time() - t0 < 30:
                    for i in list(waiting):
                        if shown(others[i]) >= v1: lat.append((time.time() - t0) * 1e3); waiting.discard(i)
                    time.sleep(0.01)
            def kernels_of(pid):
                out = []
                for c in psutil.Process(pid).children(recursive=True):
                    try:
                        if c.status() != psutil.STATUS_ZOMBIE and "ipykernel" in " ".join(c.cmdline()): out.append(c)
                    except psutil.Error: pass
                return out
            kernels = kernels_of(proc.pid)
            rss = statistics.mean(k.memory_info().rss for k in kernels) / 2**20 if kernels else float("nan")
            for c in ctxs.values(): c.close()
            t0 = time.time()
            while time.time() - t0 < 300:
                alive = kernels_of(proc.pid)
                if not alive: break
                time.sleep(2)
            culled = time.time() - t0 if not alive else float("inf")
            proc.send_signal(sig.SIGTERM); proc.wait(30)
            ratio = statistics.median(lat) / store_median if lat and store_median else float("nan")
            print(f"{n:>5}  {statistics.median(lat) if lat else float('nan'):>24.0f} ms {pct(lat, .95) if lat else float('nan'):>5.0f} ms  "
                  f"{ratio:>7.1f}   {rss:>14.0f} MB   {culled:>21.0f} s  ({len(kernels)} kernels, {len(lat)} page updates)")
        browser.close()


if __name__ == "__main__":
    main()
