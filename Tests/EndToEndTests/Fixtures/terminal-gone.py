"""Runs `graphcalc stream cmd` on a pseudo-terminal, then makes the terminal go away
without a SIGHUP reaching graphcalc (the signal is blocked, as it is for a process that
inherits a blocked mask), and says whether graphcalc and its command ended.

Usage: terminal-gone.py GRAPHCALC PIDFILE
Prints one line: `ended SECONDS child-gone|child-alive` or `running child-...` (still
running 10 s after the terminal closed; then it is killed), or `no frame ...`.
"""
import os
import pty
import signal
import sys
import time

binary, pidfile = sys.argv[1], sys.argv[2]
pid, fd = pty.fork()
if pid == 0:
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})
    os.environ.update(TERM="xterm", COLUMNS="80", LINES="24", LANG="C.UTF-8")
    # The command is silent after two numbers: it would never meet a broken pipe.
    os.execv(binary, [binary, "stream", "cmd",
                      "echo $$ > %s; echo 1; echo 2; exec sleep 60" % pidfile])
seen = b""
deadline = time.time() + 60
while b"samples" not in seen and time.time() < deadline:
    try:
        seen += os.read(fd, 4096)
    except OSError:
        break
if b"samples" not in seen:
    os.kill(pid, signal.SIGKILL)
    print("no frame", seen[-200:])
    sys.exit(0)
time.sleep(0.3)
os.close(fd)
start = time.time()
state = "running"
while time.time() - start < 10:
    done, _ = os.waitpid(pid, os.WNOHANG)
    if done == pid:
        state = "ended %.2f" % (time.time() - start)
        break
    time.sleep(0.02)
if state == "running":
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
time.sleep(0.2)
child = int(open(pidfile).read())
try:
    os.kill(child, 0)
    alive = True
    os.kill(child, signal.SIGKILL)
except ProcessLookupError:
    alive = False
print(state, "child-alive" if alive else "child-gone")
