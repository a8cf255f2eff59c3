"""`fortune-suite lab` and `fortune-suite app` really start servers on loopback, guarded by their token."""
import os, signal, socket, subprocess, sys, tempfile, time, urllib.request, urllib.error
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
    env = dict(os.environ)
    for k in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR"):
        d = tmp_path / k.lower(); d.mkdir(); env[k] = str(d)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
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
