"""`hang_guard(seconds, what)`: a guard against a hang for tests — generous, never a speed claim (speed is measured in
benchmarks/, never asserted in tests). Unix only (SIGALRM); elsewhere it guards nothing."""
import contextlib, signal


@contextlib.contextmanager
def hang_guard(seconds, what="the test"):
    "Fail with `TimeoutError` if the block is still running after `seconds` (main thread only)."
    if not hasattr(signal, "setitimer"):
        yield; return

    def fire(signum, frame):
        raise TimeoutError(f"{what} still running after {seconds:g} s: it hangs")
    old = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try: yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
