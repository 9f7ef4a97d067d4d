#!/usr/bin/env python3
"""graphcalc-bench's numpy and numexpr peers for the eval section.

Reads one expression a line on standard input (numpy syntax: `np.sin(x)*x`; the numexpr
form follows a tab, or `-` when numexpr cannot write it), evaluates each over the same
x as graphcalc-bench (COUNT values in [-10, 10): -10 + 20*i/COUNT), best of ROUNDS, and
prints one line per expression: `NUMPY_NS NUMEXPR_NS` (nanoseconds per value, `-` when a
package or form is missing). numpy runs float64 vectorised (one thread, as numpy does);
numexpr runs with 2 threads (`numexpr.set_num_threads(2)`).

  driver.py COUNT ROUNDS < expressions
The first output line is `versions NUMPY NUMEXPR` (`-` for a package not installed).
"""
import sys
import time

count = int(sys.argv[1])
rounds = int(sys.argv[2])
try:
    import numpy as np
except ImportError:
    np = None
try:
    import numexpr as ne
    ne.set_num_threads(2)
except ImportError:
    ne = None

print("versions", np.__version__ if np else "-", ne.__version__ if ne else "-", flush=True)
lines = [l.rstrip("\n") for l in sys.stdin if l.strip()]
if np is None:
    for _ in lines:
        print("- -")
    sys.exit(0)
x = -10.0 + 20.0 * np.arange(count, dtype=np.float64) / count


def best(f):
    t = float("inf")
    f()  # warm up (numexpr compiles and caches the expression)
    for _ in range(rounds):
        t0 = time.perf_counter()
        f()
        t = min(t, time.perf_counter() - t0)
    return t / count * 1e9


env = {"np": np, "x": x}
for line in lines:
    numpy_form, _, numexpr_form = line.partition("\t")
    code = compile(numpy_form, "<expr>", "eval")
    with np.errstate(all="ignore"):
        a = best(lambda: eval(code, env))
    b = "-"
    if ne is not None and numexpr_form and numexpr_form != "-":
        b = "%.3f" % best(lambda: ne.evaluate(numexpr_form, local_dict={"x": x}))
    print("%.3f %s" % (a, b), flush=True)
