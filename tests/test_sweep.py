"""Sweeps survive a dead worker: a real LocalCluster of two worker processes (each under a nanny), one worker's process
killed with SIGKILL while it plays a batch; the study still ends with every game, and the table equals a serial run's.
How long a sweep takes is measured in benchmarks/sweep.py, not asserted here (only a generous guard against a hang)."""
import os, signal
import pandas as pd
import pytest
from hang import hang_guard

distributed = pytest.importorskip("distributed")
from distributed import Client
from fortune_suite.sweep import Study, sweep, local_cluster, SweepError

# SPCFKRS greedy games take 10–30 ms here: batches of 12 games keep a worker busy for a few tenths of a second,
# long enough to be killed in the middle of one.
STUDY = Study([{"game": "spcfkrs", "name": "greedy mirror"},
               {"game": "spcfkrs", "bots": ["greedy", "random"], "rotate": True, "name": "greedy vs random"}],
              games=48, seed=2026)


def test_a_killed_worker_costs_only_its_batch():
    serial = sweep(STUDY, workers=0, progress=False)
    assert len(serial) == 96 and serial.groupby("cond").size().tolist() == [48, 48]
    with local_cluster(2) as cluster, Client(cluster) as client:      # two worker processes, each under a nanny
        pids = client.run(os.getpid)                      # worker address → the worker process's pid
        assert len(pids) == 2 and os.getpid() not in pids.values()
        killed = {}

        def kill_one_mid_batch(done, total):
            if killed or done == total: return
            busy = {w: ks for w, ks in client.processing().items() if ks}
            if not busy: return
            victim = sorted(busy)[0]
            killed.update(addr=victim, pid=pids[victim], batch=sorted(busy[victim]), done=done)
            os.kill(pids[victim], signal.SIGKILL)

        with hang_guard(300, "the sweep that lost a worker"):           # about 10 s here: a hang, not slowness, fails it
            table = sweep(STUDY, client=client, batch=12, progress=kill_one_mid_batch)
        assert killed, "no worker was busy when a batch finished: nothing was killed"
        assert killed["done"] < 96 and killed["batch"], killed
        with pytest.raises(ProcessLookupError): os.kill(killed["pid"], 0)     # that process is gone
        client.wait_for_workers(2, timeout=30)                                # the nanny started a new one
        assert killed["pid"] not in client.run(os.getpid).values()
    pd.testing.assert_frame_equal(table, serial)                              # every game, exactly as undisturbed
    assert table.attrs["study"] == serial.attrs["study"]


def test_bad_study_raises_before_any_cluster_starts(monkeypatch):
    import fortune_suite.sweep as S
    def no_cluster(*a, **k): raise AssertionError("a cluster was started for a study with a mistake in it")
    monkeypatch.setattr(S, "local_cluster", no_cluster)
    with pytest.raises(SweepError, match="condition 1 \\(b\\): unknown option 'speed' for pig"):
        sweep([{"game": "pig", "name": "a"}, {"game": "pig", "name": "b", "options": {"speed": 1}}], workers=2)
    with pytest.raises(SweepError, match="MAX_GAMES"):                       # a study too large: refused at once
        sweep({"conditions": [{"game": "pig"}], "games": 1_000_000_000_000}, workers=2)
    with pytest.raises(SweepError, match="cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'"):
        sweep([{"game": "pig"}], scheduler="tcp://127.0.0.1:9", progress=False)
