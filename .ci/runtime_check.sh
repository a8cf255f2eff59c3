#!/usr/bin/env bash
# Does the package run with its runtime dependencies alone? A fresh venv, `pip install .` (not editable, no extras),
# then: import every module, simulate two games of every game with a simulator, a small sweep on a local cluster
# (the console script starting Dask workers), `fortune-suite app --help`, build the quick documentation site (offline
# where possible), and execute the user-facing notebooks headless with the venv's own kernel.
# Every check runs even when an earlier one fails; the failures are listed at the end (exit 1 if any).
#
#   .ci/runtime_check.sh                 tour + tutorials + write-ups
#   .ci/runtime_check.sh --tour-only     the tour notebook only
#   KEEP_VENV=/path .ci/runtime_check.sh reuse (or keep) that venv instead of a throwaway one
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONUNBUFFERED=1
unset PYTHONPATH                     # the checkout must not leak in: only the installed copy counts
tour_only=0; [ "${1:-}" = "--tour-only" ] && tour_only=1

WORK=$(mktemp -d -t fortune-runtime.XXXXXX)
VENV=${KEEP_VENV:-$WORK/venv}
[ -n "${KEEP_VENV:-}" ] || trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/out" "$WORK/home" "$WORK/jupyter/config" "$WORK/jupyter/data" "$WORK/jupyter/runtime"
# a clean Jupyter world: no user kernelspecs or config can stand in for the venv's
export HOME="$WORK/home" JUPYTER_CONFIG_DIR="$WORK/jupyter/config" JUPYTER_DATA_DIR="$WORK/jupyter/data" \
       JUPYTER_RUNTIME_DIR="$WORK/jupyter/runtime" JUPYTER_PLATFORM_DIRS=1 MPLBACKEND=Agg

failures=()
timings=()
step() {  # step NAME CMD...: run it, time it, remember a failure
  local name=$1; shift
  local t0=$SECONDS
  local log="$WORK/step-${#timings[@]}.log"
  echo "-- $name"
  "$@" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  if [ "$rc" = 0 ]; then timings+=("$(printf '%5ss  ok    %s' $((SECONDS - t0)) "$name")")
  else
    timings+=("$(printf '%5ss  FAIL  %s (exit %s)' $((SECONDS - t0)) "$name" "$rc")")
    # the last error line it printed (ANSI colours stripped), to say why in the summary
    local why; why=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ *(cannot import|[A-Za-z_.]*(Error|Exception)\b)' | tail -1)
    failures+=("$name (exit $rc)${why:+: ${why# *}}")
  fi
}

if [ ! -x "$VENV/bin/python" ]; then
  step "create venv" python -m venv "$VENV"
fi
PY=$VENV/bin/python
# install from a copy of the checkout's files (tracked + new, not ignored): no build/ left behind, no stale build/ used
mkdir -p "$WORK/src"
git ls-files -z -co --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$WORK/src"
step "pip install . (no extras, not editable)" "$PY" -m pip install -q "$WORK/src"
if [ ! -x "$VENV/bin/fortune-suite" ]; then
  echo "the install failed: nothing more to check"; printf '  %s\n' "${failures[@]}"; exit 1
fi
export PATH="$VENV/bin:$PATH"        # jupyter, fortune-suite and the kernel's python are the venv's

nbs=(nbs/welcome.ipynb)
[ $tour_only = 1 ] || nbs+=(nbs/tutorials/*.ipynb nbs/writeups/*.ipynb)
cd "$WORK"                           # away from the checkout: `import fortune_suite` must find the installed copy
step "fortune_suite is the installed copy" "$PY" -c '
import sys, fortune_suite
f = fortune_suite.__file__
assert f.startswith(sys.prefix), f"imported {f}, not the copy installed in {sys.prefix}"
print("  ", f)'

step "import every module" "$PY" -c '
import importlib, pkgutil, sys, traceback, fortune_suite
bad, n = [], 0
def onerror(name): bad.append((name, "".join(traceback.format_exception_only(*sys.exc_info()[:2])).strip()))
for m in pkgutil.walk_packages(fortune_suite.__path__, "fortune_suite.", onerror=onerror):
    n += 1
    try: importlib.import_module(m.name)
    except ModuleNotFoundError as e:          # fortune_suite.interop needs the `interop` extra, not installed here
        if m.name.startswith("fortune_suite.interop.") and e.name.split(".")[0] in ("pyspiel", "open_spiel", "pettingzoo", "gymnasium"): n -= 1; continue
        bad.append((m.name, f"{type(e).__name__}: {e}"))
    except BaseException as e: bad.append((m.name, f"{type(e).__name__}: {e}"))
seen = set()
for name, why in bad:
    if name not in seen: seen.add(name); print(f"   cannot import {name}: {why}")
import pathlib
root = pathlib.Path(fortune_suite.__file__).parent
on_disk = {".".join(("fortune_suite",) + f.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
           for f in root.rglob("*.py")}
missed = sorted(on_disk - {m.name for m in pkgutil.walk_packages(fortune_suite.__path__, "fortune_suite.", onerror=lambda n: 0)}
                - {"fortune_suite"})
print(f"   {n - len(seen)} of {n} modules import" + (f"; {len(missed)} more not reached under a package that failed: "
      + ", ".join(m.rsplit(".", 1)[1] for m in missed) if missed else ""))
sys.exit(1 if bad else 0)'

step "no development tool imported when the package is imported" "$PY" -c '
import ast, pathlib, sys, fortune_suite
DEV = {"fastcore", "nbdev", "execnb", "pytest", "hypothesis", "icepool", "playwright"}    # the [dev] extra
root = pathlib.Path(fortune_suite.__file__).parent
def at_import(tree):   # the statements that run when the module is imported (function bodies do not)
    todo = list(tree.body)
    while todo:
        node = todo.pop(); yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))
bad = []
for f in sorted(root.rglob("*.py")):
    for node in at_import(ast.parse(f.read_text(), str(f))):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level else []
        for n in names:
            if n.split(".")[0] in DEV: bad.append(f"{f.relative_to(root.parent)}:{node.lineno} imports {n}")
for b in bad: print("  ", b)
if bad: print(f"ImportError: {len(bad)} import(s) of development tools in the package"); sys.exit(1)'

# every registered game, through the one simulator (the list comes from the registry itself)
step "simulate --list" fortune-suite simulate --list
for g in $("$PY" -c 'from fortune_suite.engine import known_games; print(" ".join(known_games()))' 2>/dev/null || echo pig spcfkrs fomo fortune_fodder); do
  step "simulate $g" fortune-suite simulate "$g" --games 2 --seed 1 --no-progress
done
step "fortune-suite sweep on a 2-worker local cluster" fortune-suite sweep pig --option target=20,30 --games 20 --seed 1 --workers 2 --no-progress --out "$WORK/out/sweep.json"
step "fortune-suite app --help" fortune-suite app --help
step "fortune-suite lab --help" fortune-suite lab --help

# the install enables the Jupyter server extension that serves BokehJS (etc/jupyter/jupyter_server_config.d in the venv)
step "the server extension fortune_suite.serve_bokeh is enabled" sh -c '
out=$(jupyter server extension list 2>&1 | sed "s/\x1b\[[0-9;]*m//g")
echo "$out" | grep -E "fortune_suite|Config dir"
echo "$out" | grep -q "fortune_suite.serve_bokeh enabled" && echo "$out" | grep -q "fortune_suite.serve_bokeh *OK"'

# `fortune-suite lab` from the installed copy alone: the play folder made in $HOME from the notebooks the install
# shipped, BokehJS served by the server, the token given by file and on no command line; then SIGTERM ends it all
step "fortune-suite lab: play folder, BokehJS served, token off the command line" "$PY" - <<'EOF'
import json, os, pathlib, signal, socket, subprocess, sys, time, urllib.request
home = pathlib.Path(os.environ["HOME"])
with socket.socket() as s: s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]
token = os.urandom(12).hex(); (home / "token").write_text(token)
p = subprocess.Popen(["fortune-suite", "lab", "--port", str(port), "--token-file", str(home / "token")],
                     stdout=subprocess.PIPE, text=True, start_new_session=True)
try:
    line = ""
    for line in p.stdout:
        if line.startswith("serving at "): break
    assert line.startswith("serving at "), f"no URL; exit code {p.poll()}"
    def get(path):
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as r: return r.read()
    names = {c["name"] for c in json.loads(get(f"/api/contents?token={token}"))["content"]}
    assert {"welcome.ipynb", "tutorials", "writeups"} <= names, names
    assert (home / "fortune-suite" / "tutorials" / "spcfkrs.ipynb").is_file()
    import bokeh
    assert len(get(f"/fortune-suite/bokeh/static/js/bokeh.min.js?v={bokeh.__version__}")) > 500_000
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try: cmd = pathlib.Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError: continue
            assert token.encode() not in cmd, cmd
    print(f"   served {sorted(names)} from {home / 'fortune-suite'}; BokehJS {bokeh.__version__} from the server")
finally:
    os.kill(p.pid, signal.SIGTERM); p.wait(60)
EOF

step "the kernel is the venv's python" "$PY" - "$WORK" <<'EOF'
import subprocess, sys, nbformat
work = sys.argv[1]
nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
    f"import sys; assert sys.prefix == {sys.prefix!r}, sys.prefix; print(sys.executable)")])
nbformat.write(nb, f"{work}/kernel_probe.ipynb")
subprocess.run(["jupyter", "nbconvert", "--to", "notebook", "--execute", f"{work}/kernel_probe.ipynb",
                "--output", f"{work}/out/kernel_probe.ipynb", "--ExecutePreprocessor.kernel_name=python3",
                "--log-level=WARN"], check=True)
EOF

# the documentation site builds from the installed package alone: its widget scripts are package data, BokehJS comes
# from the installed bokeh. Where a private network namespace can be had (unshare -n), with no network at all.
# Without the dev extra the reference page is shown as written, not run.
offline() { if unshare -n true 2>/dev/null && command -v ip >/dev/null; then
              unshare -n sh -c 'ip link set lo up && exec "$@"' sh "$@"; else "$@"; fi; }
step "fortune-suite docs --quick (offline)" offline fortune-suite docs "$WORK/site" --quick --nbs "$ROOT/nbs"
step "the site has its pages and its scripts" "$PY" - "$WORK/site" <<'EOF'
import pathlib, sys
site = pathlib.Path(sys.argv[1])
pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
assert pages == ["11_ui_readout.html", "index.html", "tutorials/spcfkrs.html", "welcome.html"], pages
for f in ["_static/widgets/embed-amd.js", "_static/widgets/require.js", "_static/widgets/jupyter_bokeh.js",
          "_static/bokeh/bokeh.min.js"]:
    assert (site / f).stat().st_size > 50_000, f
w = (site / "welcome.html").read_text()
assert "_static/widgets/require.js" in w and "application/vnd.jupyter.widget-state+json" in w
assert "https://" not in w.split("</head>")[0], "the page head loads something from the internet"
assert "was not run in this build" in (site / "11_ui_readout.html").read_text()
print(f"   {len(pages)} pages, {sum(f.stat().st_size for f in site.rglob('*') if f.is_file()) / 1e6:.1f} MB")
EOF

run_nb() {  # execute one notebook headless, in its own folder (as a reader would open it); write-ups in their quick mode
  FORTUNE_SUITE_QUICK=1 jupyter nbconvert --to notebook --execute "$1" --output "$WORK/out/$(echo "$1" | tr / _)" \
    --ExecutePreprocessor.kernel_name=python3 --ExecutePreprocessor.timeout=1800 --log-level=WARN
}
for nb in "${nbs[@]}"; do step "execute $nb" run_nb "$ROOT/$nb"; done

echo
echo "== runtime check: seconds per step"
printf '%s\n' "${timings[@]}"
if [ ${#failures[@]} -gt 0 ]; then
  echo "== runtime check FAILED (${#failures[@]}):"
  printf '  %s\n' "${failures[@]}"
  exit 1
fi
echo "== runtime check passed"
