#!/usr/bin/env python3
"""Wall time of the REPL's first screen against a one-shot conversion, in a pseudo-terminal.

    scripts/repl-first-screen.py BIN [--runs N] [--size 80x24]

Both run under the same pseudo-terminal harness, interleaved (one-shot, REPL, one-shot, REPL…),
each in a fresh temporary home (no favorites, no saved state, no history):

- one-shot: `BIN 5 mi km`, from fork to its exit (its output read to the end);
- REPL: `BIN`, from fork until the first full screen and the prompt are written (the prompt
  `conv> ` after the screen's last escape), then `quit` is typed and its exit awaited, untimed.

Prints the median, the quartiles and the ratio of the medians.
"""
import os
import pty
import select
import shutil
import statistics
import struct
import sys
import tempfile
import termios
import fcntl
import time


def run(argv, env, size, until=None):
    """Seconds from fork until `until` is seen in the output (or the child's end), then reaps it."""
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    seen = b""
    elapsed = None
    while True:
        ready, _, _ = select.select([fd], [], [], 10)
        if not ready:
            raise RuntimeError("no output for 10 s: " + repr(seen[-200:]))
        try:
            data = os.read(fd, 65536)
        except OSError:
            data = b""
        if not data:
            break
        seen += data
        if until is not None and elapsed is None and until in seen:
            elapsed = time.perf_counter() - start
            os.write(fd, b"quit\r")
    os.waitpid(pid, 0)
    if elapsed is None:
        elapsed = time.perf_counter() - start
    os.close(fd)
    return elapsed, seen


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    binary = os.path.abspath(args[0])
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 100
    size = tuple(int(x) for x in (args[args.index("--size") + 1] if "--size" in args else "80x24").split("x"))
    one_shot, repl = [], []
    for index in range(runs + 2):
        home = tempfile.mkdtemp(prefix="conv-first-screen-")
        env = {"HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state",
               "XDG_CACHE_HOME": home + "/cache", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
               "TERM": "xterm-256color"}
        try:
            a, out = run([binary, "5", "mi", "km"], env, size)
            if b"8.04672 km" not in out:
                raise RuntimeError("unexpected one-shot output: " + repr(out))
            b, screen = run([binary], env, size, until=b"conv> ")
            if b"Length" not in screen:
                raise RuntimeError("no first screen: " + repr(screen[:300]))
        finally:
            shutil.rmtree(home, ignore_errors=True)
        if index >= 2:  # two rounds to warm the page cache
            one_shot.append(a)
            repl.append(b)

    def describe(samples):
        q = statistics.quantiles(samples, n=4)
        return f"median {statistics.median(samples) * 1000:.2f} ms (quartiles {q[0] * 1000:.2f}–{q[2] * 1000:.2f})"

    print(f"{runs} interleaved runs at {size[0]}x{size[1]}")
    print(f"one-shot 5 mi km:   {describe(one_shot)}")
    print(f"REPL first screen:  {describe(repl)}")
    print(f"ratio of medians:   {statistics.median(repl) / statistics.median(one_shot):.2f}")


if __name__ == "__main__":
    main()
