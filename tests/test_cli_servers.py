"""`fortune-suite lab` and `fortune-suite app` really start servers on loopback, guarded by their token."""
import json, os, signal, socket, subprocess, sys, tempfile, time, urllib.request, urllib.error
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parent.parent


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0)); return s.getsockname()[1]


def get(url, timeout=2):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, ""
    except (urllib.error.URLError, ConnectionError, TimeoutError, socket.timeout):
        return None, ""


@pytest.fixture
def jupyter_env(tmp_path):
    "Our environment with Jupyter's config and runtime dirs, and HOME (so the play folder ~/fortune-suite), in tmp_path."
    env = dict(os.environ)
    for k in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR"):
        d = tmp_path / k.lower(); d.mkdir(); env[k] = str(d)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["HOME"] = str(tmp_path / "home"); (tmp_path / "home").mkdir()
    for k in ("FORTUNE_SUITE_PLAY_DIR", "JUPYTER_TOKEN", "JUPYTER_TOKEN_FILE"): env.pop(k, None)
    return env


def serve(argv, env, url, ready_text, timeout=90):
    p = subprocess.Popen([sys.executable, "-c", "from fortune_suite.cli import main; raise SystemExit(main())", *argv], cwd=ROOT, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        t0 = time.time()
        while time.time() - t0 < timeout:
            status, body = get(url)
            if status == 200 and ready_text in body:
                return p, body
            if p.poll() is not None:
                raise AssertionError(f"server exited early: {p.stdout.read().decode()[-2000:]}")
            time.sleep(0.5)
        raise AssertionError(f"{url} not ready after {timeout}s")
    except BaseException:
        stop(p); raise


def stop(p):
    if p.poll() is None:
        os.killpg(p.pid, signal.SIGTERM)
        try: p.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL); p.wait(5)


def test_lab_serves_front_door_with_token(jupyter_env):
    port, token = free_port(), "labtoken123"
    p, body = serve(["lab", "--port", str(port), "--token", token], jupyter_env,
                    f"http://127.0.0.1:{port}/api/contents/welcome.ipynb?token={token}", '"name": "welcome.ipynb"')
    try:
        assert get(f"http://127.0.0.1:{port}/api/contents/welcome.ipynb")[0] == 403     # no token, no notebook
        status, page = get(f"http://127.0.0.1:{port}/lab/tree/welcome.ipynb?token={token}")
        assert status == 200 and "JupyterLab" in page
    finally:
        stop(p)


def test_app_serves_notebook_with_voila(jupyter_env, tmp_path):
    import nbformat
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print('fortune' + '_suite ok')")])
    path = tmp_path / "app.ipynb"; nbformat.write(nb, path)
    port, token = free_port(), "apptoken456"
    p, body = serve(["app", str(path), "--port", str(port), "--token", token], jupyter_env,
                    f"http://127.0.0.1:{port}/?token={token}", "fortune_suite ok", timeout=120)
    stop(p)


# ---- the command owns its server: SIGTERM ends it, the URL is printed only once served, a taken port is refused

def descendants(pid):
    "Pids of every live descendant of `pid` (psutil if installed, else /proc)."
    try:
        import psutil
        try: return {c.pid for c in psutil.Process(pid).children(recursive=True)}
        except psutil.NoSuchProcess: return set()
    except ImportError: pass
    kids = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit(): continue
        try: stat = (d / "stat").read_text()
        except OSError: continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        kids.setdefault(ppid, []).append(int(d.name))
    out, todo = set(), [pid]
    while todo:
        for c in kids.get(todo.pop(), []):
            if c not in out: out.add(c); todo.append(c)
    return out


def alive(pid):
    "True while `pid` exists and is not a zombie."
    try: state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError: return False
    return state != "Z"


def port_taken(port):
    "True when something accepts connections on 127.0.0.1:port."
    with socket.socket() as s:
        s.settimeout(1)
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture
def home_env(jupyter_env):
    return jupyter_env


def start(argv, env):
    "Start `fortune-suite ARGV` in its own session (so the test can clean up); stdout lines arrive on a queue."
    import queue, threading
    p = subprocess.Popen([sys.executable, "-c", "from fortune_suite.cli import main; raise SystemExit(main())", *argv],
                         cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(l) for l in p.stdout], daemon=True).start()
    return p, lines


def wait_for_url(p, lines, timeout=120):
    "The URL of the `serving at URL` line; fail if the command exits or stays silent."
    import queue
    t0 = time.time()
    while time.time() - t0 < timeout:
        try: line = lines.get(timeout=0.5)
        except queue.Empty:
            if p.poll() is not None: raise AssertionError(f"exited {p.returncode} before serving: {p.stderr.read()[-2000:]}")
            continue
        if line.startswith("serving at "): return line.split(" ", 2)[2].strip()
    raise AssertionError(f"no 'serving at' line after {timeout}s")


def sigterm_ends_everything(p, port):
    "SIGTERM to the command's pid alone ends the command, its server and every process under it; the port is free."
    kids = descendants(p.pid)
    assert kids, "the command runs its server as a child"
    os.kill(p.pid, signal.SIGTERM)
    p.wait(30)
    t0 = time.time()
    while time.time() - t0 < 10 and (any(alive(k) for k in kids) or port_taken(port)): time.sleep(0.2)
    assert not [k for k in kids if alive(k)], f"children left running after SIGTERM: {[k for k in kids if alive(k)]}"
    assert not port_taken(port), f"port {port} still answers after SIGTERM"


def test_lab_sigterm_ends_server_and_url_is_served(home_env):
    port, token = free_port(), "sigterm789"
    p, lines = start(["lab", "--port", str(port), "--token", token], home_env)
    try:
        url = wait_for_url(p, lines)
        assert url == f"http://127.0.0.1:{port}/lab/tree/welcome.ipynb?token={token}", url
        status, page = get(url, timeout=10)                      # served the moment it is printed, no retry
        assert status == 200 and "JupyterLab" in page, status
        sigterm_ends_everything(p, port)
        assert p.returncode == 0, p.returncode
    finally:
        stop(p)


def test_lab_refuses_a_port_in_use(home_env):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0)); s.listen(); port = s.getsockname()[1]
        p, lines = start(["lab", "--port", str(port)], home_env)
        try:
            p.wait(30)
            err = p.stderr.read()
            assert p.returncode == 2, (p.returncode, err)
            assert f"port {port} on 127.0.0.1 is already in use" in err, err
            assert "--port " in err, err                              # it suggests another port
            out = "".join(lines.get() for _ in range(lines.qsize()))
            assert "serving at" not in out, out
            assert not descendants(p.pid)
        finally:
            stop(p)


def test_app_sigterm_ends_voila(home_env, tmp_path):
    import nbformat
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print('fortune' + '_suite app')")])
    path = tmp_path / "app.ipynb"; nbformat.write(nb, path)
    port, token = free_port(), "appsig"
    p, lines = start(["app", str(path), "--port", str(port), "--token", token], home_env)
    try:
        url = wait_for_url(p, lines)
        assert url == f"http://127.0.0.1:{port}/?token={token}", url
        status, page = get(url, timeout=60)
        assert status == 200 and "fortune_suite app" in page, status
        sigterm_ends_everything(p, port)                          # Voilà's kernel included
        assert p.returncode == 0, p.returncode
    finally:
        stop(p)


# ---- the server never outlives the command, even one killed with SIGKILL (no handler runs): the kernel sends it
# SIGTERM (PR_SET_PDEATHSIG, set by the wrapper it starts through)

def sigkill_leaves_nothing(p, port, within=10):
    "SIGKILL to the command's pid alone: within `within` seconds its server and every process under it are gone, the port free."
    kids = descendants(p.pid)
    assert kids, "the command runs its server as a child"
    os.kill(p.pid, signal.SIGKILL)
    p.wait(30)
    t0 = time.time()
    while time.time() - t0 < within and (any(alive(k) for k in kids) or port_taken(port)): time.sleep(0.2)
    left = [k for k in kids if alive(k)]
    for k in left: os.kill(k, signal.SIGKILL)                     # do not leave them to the next test
    assert not left, f"left running {within} s after the command was killed with SIGKILL: {left}"
    assert not port_taken(port), f"port {port} still answers after SIGKILL"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_app_server_dies_with_a_killed_command(home_env, tmp_path):
    import nbformat
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print('fortune' + '_suite app')")])
    path = tmp_path / "app.ipynb"; nbformat.write(nb, path)
    port, token = free_port(), "appkill"
    p, lines = start(["app", str(path), "--port", str(port), "--token", token], home_env)
    try:
        url = wait_for_url(p, lines)
        status, page = get(url, timeout=60)
        assert status == 200 and "fortune_suite app" in page, status    # serving, a kernel running
        sigkill_leaves_nothing(p, port)
    finally:
        stop(p)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_lab_server_dies_with_a_killed_command(home_env):
    port = free_port()
    p, lines = start(["lab", "--port", str(port), "--token", "labkill"], home_env)
    try:
        wait_for_url(p, lines)
        sigkill_leaves_nothing(p, port)
    finally:
        stop(p)


# ---- the token never on a command line (issue 29): any local user can read /proc/PID/cmdline (ps); the server gets it
# from a 0600 file named by JUPYTER_TOKEN_FILE, deleted once it answered. `lab` opens the play folder and serves BokehJS.

def cmdlines(pids):
    "{pid: its command line} of the live processes among `pids`."
    out = {}
    for pid in pids:
        try: out[pid] = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError: pass
    return out


def no_token_anywhere(p, token):
    """No process of the command's tree (the command, its server, the kernels) has `token` on its command line, and
    neither the command nor its server has it in its environment. (A Voilà kernel has it there: Voilà hands its kernels
    the page's request URL as VOILA_REQUEST_URL; a process's environment, unlike its command line, only its user reads.)"""
    procs = cmdlines({p.pid} | descendants(p.pid))
    assert len(procs) >= 2, procs
    leaks = {pid: line for pid, line in procs.items() if token in line}
    assert not leaks, f"the token is on a command line: {leaks}"
    for pid in procs:
        if "ipykernel" in procs[pid]: continue
        try: environ = Path(f"/proc/{pid}/environ").read_bytes()
        except OSError: continue
        assert token.encode() not in environ, f"the token is in the environment of {procs[pid]}"
    return procs


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_lab_token_off_the_command_line_play_folder_and_bokehjs(home_env, tmp_path):
    import bokeh
    token = "tok-from-a-file-" + os.urandom(6).hex()
    (tmp_path / "token").write_text(token + "\n")
    port = free_port()
    p, lines = start(["lab", "--port", str(port), "--token-file", str(tmp_path / "token")], home_env)
    try:
        url = wait_for_url(p, lines)
        assert url == f"http://127.0.0.1:{port}/lab/tree/welcome.ipynb?token={token}", url
        status, page = get(url, timeout=10)
        assert status == 200 and "JupyterLab" in page, status                     # the printed URL works
        api = f"http://127.0.0.1:{port}/api/contents"
        assert get(api)[0] == 403 and get(api + "?token=wrong")[0] == 403          # the token guards it
        status, body = get(f"{api}?token={token}")
        names = {c["name"] for c in json.loads(body)["content"]}
        assert {"welcome.ipynb", "tutorials", "writeups"} <= names and "05_cli.ipynb" not in names, names   # the play folder, not nbs/
        status, body = get(f"{api}/tutorials?token={token}")
        assert "spcfkrs.ipynb" in body
        play = Path(home_env["HOME"]) / "fortune-suite"
        assert (play / "welcome.ipynb").read_bytes() == (ROOT / "nbs" / "welcome.ipynb").read_bytes()
        status, js = get(f"http://127.0.0.1:{port}/fortune-suite/bokeh/static/js/bokeh.min.js?v={bokeh.__version__}")
        assert status == 200 and len(js) > 500_000                               # BokehJS, served by the extension
        no_token_anywhere(p, token)
        assert not [f for f in Path(tempfile.gettempdir()).glob("fortune-suite-token-*") if token in f.read_text()]
    finally:
        stop(p)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_app_token_off_the_command_line(home_env, tmp_path):
    import nbformat
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print('fortune' + '_suite app')")])
    path = tmp_path / "app.ipynb"; nbformat.write(nb, path)
    port = free_port()
    p, lines = start(["app", str(path), "--port", str(port)], home_env)         # a random token, printed in the URL
    try:
        url = wait_for_url(p, lines)
        token = url.split("?token=")[1]
        assert len(token) == 32, url
        status, page = get(url, timeout=60)
        assert status == 200 and "fortune_suite app" in page, status             # the printed URL works (a kernel ran)
        status, page = get(f"http://127.0.0.1:{port}/", timeout=60)
        assert "fortune_suite app" not in page                                   # no token: the login page
        procs = no_token_anywhere(p, token)
        assert any("voila" in line for line in procs.values()), procs
    finally:
        stop(p)


def test_lab_play_folder_by_option(home_env, tmp_path):
    "`--play-dir` chooses the play folder; a copy the player changed is kept, the shipped version put beside it."
    play = tmp_path / "my-games"
    (play / "tutorials").mkdir(parents=True)
    (play / "tutorials" / "fomo.ipynb").write_text('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
    port = free_port()
    p, lines = start(["lab", "--port", str(port), "--play-dir", str(play)], home_env)
    try:
        url = wait_for_url(p, lines)
        assert url.startswith(f"http://127.0.0.1:{port}/lab/tree/welcome.ipynb?token=")
        assert (play / "welcome.ipynb").exists() and (play / "writeups" / "spcfkrs.ipynb").exists()
        assert (play / "tutorials" / "fomo.ipynb").read_text().startswith('{"cells": []')     # kept as it was
        assert (play / "tutorials" / "fomo.new.ipynb").read_bytes() == (ROOT / "nbs" / "tutorials" / "fomo.ipynb").read_bytes()
        assert not (Path(home_env["HOME"]) / "fortune-suite").exists()
    finally:
        stop(p)
    err = p.stderr.read()
    assert f"play folder: {play}" in err and "tutorials/fomo.ipynb: the newer shipped version is beside it: tutorials/fomo.new.ipynb" in err, err
