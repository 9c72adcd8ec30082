#!/usr/bin/env python3
"""Frame time of the board (`/`) in headless Chromium while the demo market trades, against a running server.

Measures, in this order:
  1. `--loads` cold loads of `/`, each in a fresh browser (empty cache and profile): first paint and first
     contentful paint from `performance.getEntriesByType('paint')`, and when the board's rows appeared.
  2. A window of `--seconds` on one loaded board with the live socket open: the delta between successive
     `requestAnimationFrame` callbacks, `longtask` entries from a PerformanceObserver, and the WebSocket frames
     the page received (the board has no message counter, so the injected script counts frames on every
     socket the page opens; the board subscribes to tickers only, so each frame is one ticker).
  3. CPU over that same window, apart: the server's process and the sum over the browser's processes, from
     utime + stime in /proc/<pid>/stat, as a percentage of one core.

The probes are installed with CDP `Page.addScriptToEvaluateOnNewDocument`, so they run before the page's own
scripts and see everything. Prints a short report and one line `bench web-board: key=value …` like the other
benchmarks (`bourse bench …`). Needs selenium (the RealClients venv has it), /usr/bin/chromium and
/usr/bin/chromedriver. See README.md here.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

# The goals (item 3). rAF runs at the display rate, 60 Hz here, so the delta between callbacks is
# 16.67 ms when no frame is dropped and the p95 cannot be below it; vsync jitter puts single deltas a few
# tenths either side. The strict reading (p95 <= 16.7) is printed, and beside it the reading the goal
# means: the p95 frame is not a dropped one (under 1.5 periods, 25 ms).
GOAL_FRAME_P95_MS = 16.7
FRAME_PERIOD_MS = 1000 / 60
GOAL_LONG_TASK_MS = 50.0
GOAL_FIRST_PAINT_MS = 1000.0

# Without these, Chromium may slow timers and rAF of a page it thinks is in the background or hidden; a
# headless window counts as neither in Chromium 156, but the flags make the measurement not depend on it.
CHROMIUM_FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
    "--force-device-scale-factor=1",
    "--hide-scrollbars",
    "--lang=ko-KR",
)

PROBE = r"""
(() => {
  const bench = window.__bench = {
    frames: [], longTasks: [], longFrames: [], messages: 0, bytes: 0, rowsAt: null, started: null,
    running: false,
  };
  // Long tasks from the start of the document (buffered), kept with their start so a window can pick.
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) { bench.longTaskError = String(e); }
  // Long animation frames (over 50 ms from the task that started the frame to its paint), with how much
  // of that was script and style/layout: the frames a user would see stutter.
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const script = e.scripts.reduce((sum, s) => sum + s.duration, 0);
        const layout = e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0;
        bench.longFrames.push([e.startTime, e.duration, e.blockingDuration, script, layout]);
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch (e) { bench.longFrameError = String(e); }
  // Every WebSocket the page opens counts its frames (a subclass keeps WebSocket.OPEN and instanceof).
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (!bench.running) return;
        bench.messages += 1;
        bench.bytes += event.data.byteLength ?? event.data.length ?? 0;
      });
    }
  };
  // When the board first has rows (REST answered and rendered).
  const watch = new MutationObserver(() => {
    if (document.querySelector('#board-rows tr')) {
      bench.rowsAt = performance.now();
      watch.disconnect();
    }
  });
  watch.observe(document, { childList: true, subtree: true });
  // The frame clock, started on demand so that loading is not in the window.
  bench.start = () => {
    bench.frames = []; bench.messages = 0; bench.bytes = 0; bench.running = true;
    bench.started = performance.now();
    let last = null;
    const tick = (now) => {
      if (!bench.running) return;
      if (last !== null) bench.frames.push(now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  bench.stop = () => {
    bench.running = false;
    const ended = performance.now();
    return {
      frames: bench.frames, messages: bench.messages, bytes: bench.bytes,
      longTasks: bench.longTasks.filter(([start]) => start >= bench.started),
      longFrames: bench.longFrames.filter(([start]) => start >= bench.started),
      elapsedMs: ended - bench.started, longTaskError: bench.longTaskError || null,
      longFrameError: bench.longFrameError || null,
    };
  };
})();
"""


# MARK: - Processes and CPU


def cpu_ticks(pid: int) -> int:
    """utime + stime of `pid` in clock ticks, 0 if it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    # The command name (field 2) may contain spaces; the fields after its closing parenthesis do not.
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[11]) + int(fields[12])  # fields 14 and 15 of the whole line


def descendants(root: int) -> set[int]:
    """Every process below `root` (not root itself), from the parent ids in /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            text = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(text[text.rindex(")") + 2 :].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    found: set[int] = set()
    stack = [root]
    while stack:
        for child in children.get(stack.pop(), []):
            if child not in found:
                found.add(child)
                stack.append(child)
    return found


def listening_pid(port: int) -> int | None:
    """The process listening on TCP `port`: `ss -ltnp` first, else the socket's inode in /proc/*/fd."""
    try:
        out = subprocess.run(["ss", "-ltnpH", f"sport = :{port}"], capture_output=True, text=True, timeout=5).stdout
        match = re.search(r"pid=(\d+)", out)
        if match:
            return int(match.group(1))
    except (OSError, subprocess.SubprocessError):
        pass
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            parts = line.split()
            if parts[3] == "0A" and int(parts[1].rsplit(":", 1)[1], 16) == port:  # 0A = LISTEN
                inodes.add(parts[9])
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            for fd in (entry / "fd").iterdir():
                target = os.readlink(fd)
                if target.startswith("socket:[") and target[8:-1] in inodes:
                    return int(entry.name)
        except OSError:
            continue
    return None


class CPUWindow:
    """CPU seconds of a set of processes between `start()` and `stop()`, as % of one core of wall time."""

    def __init__(self, pids):
        self.pids = pids  # a callable: the processes can change (chromium starts renderers lazily)

    def start(self):
        self.begin = {pid: cpu_ticks(pid) for pid in self.pids()}
        self.wall = time.monotonic()

    def stop(self) -> float:
        wall = time.monotonic() - self.wall
        ticks = 0
        for pid in self.pids():
            # A process that started inside the window counts from zero.
            ticks += max(cpu_ticks(pid) - self.begin.get(pid, 0), 0)
        return 100.0 * ticks / os.sysconf("SC_CLK_TCK") / wall


# MARK: - Browser


def make_driver(args) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for flag in CHROMIUM_FLAGS + (f"--window-size={args.width},{args.height}",) + tuple(args.chromium_flag):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": "ko-KR"})
    driver = webdriver.Chrome(service=Service(args.chromedriver), options=options)
    driver.set_page_load_timeout(60)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PROBE})
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": args.width, "height": args.height, "deviceScaleFactor": 1, "mobile": False},
    )
    return driver


def browser_pids(driver) -> set[int]:
    """Chromium's processes: everything under chromedriver (the browser, renderers, GPU, utility)."""
    return descendants(driver.service.process.pid)


def load_board(driver, url: str) -> dict:
    """Loads `/` and waits for both paint entries and the board's rows; returns their times (ms)."""
    driver.get(url.rstrip("/") + "/")
    return WebDriverWait(driver, 60, poll_frequency=0.05).until(
        lambda d: d.execute_script(
            """
            const paint = Object.fromEntries(performance.getEntriesByType('paint').map(e => [e.name, e.startTime]));
            const nav = performance.getEntriesByType('navigation')[0];
            if (!('first-paint' in paint) || !('first-contentful-paint' in paint) || window.__bench.rowsAt === null)
              return null;
            return { fp: paint['first-paint'], fcp: paint['first-contentful-paint'], rows: window.__bench.rowsAt,
                     dcl: nav ? nav.domContentLoadedEventEnd : null };
            """
        ),
        "first paint, first contentful paint and the board's rows",
    )


# MARK: - Numbers


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile (the value below which `fraction` of the values lie)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-fraction * len(ordered) // 1))))
    return ordered[rank - 1]


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=os.environ.get("BOURSE_URL", "http://127.0.0.1:8080"))
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the measured window")
    parser.add_argument("--loads", type=int, default=3, help="cold loads for first paint")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds between load and window")
    parser.add_argument("--server-pid", type=int, help="default: the process listening on the URL's port")
    parser.add_argument("--width", type=int, default=1440)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--chromium", default=os.environ.get("BOURSE_CHROMIUM", "/usr/bin/chromium"))
    parser.add_argument("--chromedriver", default=os.environ.get("BOURSE_CHROMEDRIVER", "/usr/bin/chromedriver"))
    parser.add_argument("--chromium-flag", action="append", default=[], help="an extra browser flag (repeatable)")
    args = parser.parse_args()

    parsed = urlparse(args.url)
    port = parsed.port or (443 if parsed.scheme == "https" else 80)
    server_pid = args.server_pid or listening_pid(port)
    version = subprocess.run([args.chromium, "--version"], capture_output=True, text=True).stdout.strip()

    print(f"web board frame benchmark: {args.url.rstrip('/')}/ in {version} headless, {args.width}x{args.height}")
    print(f"  flags: {' '.join(CHROMIUM_FLAGS + tuple(args.chromium_flag))}")
    print(f"  goals: frame p95 <= {GOAL_FRAME_P95_MS} ms (60 Hz rAF), long tasks < {GOAL_LONG_TASK_MS:.0f} ms, "
          f"first paint < {GOAL_FIRST_PAINT_MS:.0f} ms on loopback")
    print(f"  server pid: {server_pid if server_pid else 'not found (server CPU not measured)'}; "
          f"{os.cpu_count()} cores; CPU is % of one core")

    loads = []
    for index in range(args.loads):
        driver = make_driver(args)
        try:
            times = load_board(driver, args.url)
        finally:
            driver.quit()
        loads.append(times)
        print(f"  cold load {index + 1}: first_paint {times['fp']:.0f} ms, fcp {times['fcp']:.0f} ms, "
              f"rows {times['rows']:.0f} ms, DOMContentLoaded {times['dcl']:.0f} ms")

    driver = make_driver(args)
    try:
        load_board(driver, args.url)
        WebDriverWait(driver, 30).until(
            lambda d: d.execute_script("return document.querySelector('#top .conn')?.dataset.status === 'open'"),
            "the board's live socket to open",
        )
        time.sleep(args.settle)
        server_cpu = CPUWindow(lambda: {server_pid} if server_pid else set())
        browser_cpu = CPUWindow(lambda: browser_pids(driver))
        load_before = Path("/proc/loadavg").read_text().split()[0]
        server_cpu.start()
        browser_cpu.start()
        driver.execute_script("window.__bench.start()")
        time.sleep(args.seconds)
        result = driver.execute_script("return window.__bench.stop()")
        server_pct = server_cpu.stop() if server_pid else float("nan")
        browser_pct = browser_cpu.stop()
        load_after = Path("/proc/loadavg").read_text().split()[0]
        rows = driver.execute_script("return document.querySelectorAll('#board-rows tr').length")
    finally:
        driver.quit()

    frames = result["frames"]
    seconds = result["elapsedMs"] / 1000
    long_tasks = [duration for _, duration in result["longTasks"]]
    p50, p95, p99 = (percentile(frames, f) for f in (0.50, 0.95, 0.99))
    dropped = sum(1 for delta in frames if delta > 1.5 * FRAME_PERIOD_MS)
    long_frames = result["longFrames"]
    first_paint = statistics.median(load["fp"] for load in loads) if loads else float("nan")
    fcp = statistics.median(load["fcp"] for load in loads) if loads else float("nan")
    long_max = max(long_tasks, default=0.0)
    messages_per_s = result["messages"] / seconds

    for name in ("longTaskError", "longFrameError"):
        if result.get(name):
            print(f"  {name}: {result[name]}")
    print(f"  window: {seconds:.1f} s on {rows} rows: {len(frames)} frames ({len(frames) / seconds:.1f}/s), "
          f"delta p50 {p50:.1f} / p95 {p95:.1f} / p99 {p99:.1f} / max {max(frames, default=0):.1f} ms, "
          f"{dropped} over 25 ms")
    print(f"  long tasks: {len(long_tasks)}, max {long_max:.0f} ms, total {sum(long_tasks):.0f} ms")
    if long_frames:
        worst = max(long_frames, key=lambda entry: entry[1])
        print(f"  long animation frames: {len(long_frames)}; the longest {worst[1]:.0f} ms of which script "
              f"{worst[3]:.0f} ms, style+layout+paint {worst[4]:.0f} ms, blocking {worst[2]:.0f} ms")
    print(f"  socket: {result['messages']} frames ({messages_per_s:.1f}/s), {result['bytes'] / seconds / 1024:.1f} KiB/s")
    print(f"  cpu: server {server_pct:.1f} %, browser {browser_pct:.1f} % (all chromium processes); "
          f"machine load average {load_before} before, {load_after} after (other work skews frame times)")
    print(f"  verdict: frame p95 strictly <= {GOAL_FRAME_P95_MS} ms {verdict(round(p95, 1) <= GOAL_FRAME_P95_MS)}, "
          f"p95 frame not dropped {verdict(p95 < 1.5 * FRAME_PERIOD_MS)}, long tasks "
          f"{verdict(long_max < GOAL_LONG_TASK_MS)}, first paint {verdict(first_paint < GOAL_FIRST_PAINT_MS)} "
          f"(median of {len(loads)})")
    fields = {
        "first_paint_ms": ",".join(f"{load['fp']:.0f}" for load in loads),
        "fcp_ms": ",".join(f"{load['fcp']:.0f}" for load in loads),
        "rows_ms": ",".join(f"{load['rows']:.0f}" for load in loads),
        "frames": len(frames),
        "frame_p50_ms": f"{p50:.1f}",
        "frame_p95_ms": f"{p95:.1f}",
        "frame_p99_ms": f"{p99:.1f}",
        "frame_max_ms": f"{max(frames, default=0):.1f}",
        "dropped_frames": dropped,
        "long_tasks": len(long_tasks),
        "long_task_max_ms": f"{long_max:.0f}",
        "long_frames": len(long_frames),
        "ticker_msgs_per_s": f"{messages_per_s:.1f}",
        "server_cpu_pct": f"{server_pct:.1f}",
        "browser_cpu_pct": f"{browser_pct:.1f}",
    }
    print("bench web-board: " + " ".join(f"{key}={value}" for key, value in fields.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
