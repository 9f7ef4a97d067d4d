#!/usr/bin/env python3
"""curvecheck: check graphcalc's parametric and polar polylines against numpy.

For each curve of CURVES, numpy samples x(t), y(t) densely (N parameter values, spaced
well under a hundredth of a pixel along the curve in the view) and marks the pixels of the
W x H grid of the view [x0,x1] x [y0,y1] that the curve passes through: the reference.
graphcalc's `export table FILE W H` (curve 0's polylines, a blank line where the pen
lifts) is rasterized by walking every chord in steps of at most 1/4 pixel, and compared
with a 1-pixel (Chebyshev) tolerance:
  soundness fault:     a point of a chord (a table point or between two) in the view with
                       no reference pixel within 1 pixel (a false chord across a pole, a
                       chord cutting a corner)
  completeness fault:  a reference pixel with no chord point within 1 pixel (aliasing)
Pixel column i holds x0 + (x1 - x0) * [i, i + 1) / W, row j (top first)
y1 - (y1 - y0) * [j, j + 1) / H.

Usage:
  curvecheck.py --fixture Tests/GraphCalcAppTests/Fixtures/curves.txt   (rewrite it)
  curvecheck.py --graphcalc .build/debug/graphcalc [--width 800 --height 600]
The fixture holds each curve's plot item, view, grid size and reference grid (top row
first, '1' where the curve passes); the Swift suite (ParametricReferenceTests) checks
graphcalc against it without numpy. numpy 2.x (pip, pinned in scripts/install-deps).
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

W, H = 200, 150
N = 4_000_001
TAU = 2 * np.pi

# name, plot item, view (x0, x1, y0, y1), t range, x(t), y(t)
CURVES = [
    ("circle", "(cos(t), sin(t))", (-1.5, 1.5, -1.2, 1.2), (0, TAU),
     np.cos, np.sin),
    ("spiral", "[t=0:6pi] (t*cos(t), t*sin(t))", (-20, 20, -20, 20), (0, 3 * TAU),
     lambda t: t * np.cos(t), lambda t: t * np.sin(t)),
    ("hyperbola", "r = 1/(1 + 1.5cos(θ))", (-3, 3, -3, 3), (0, TAU),
     lambda t: np.cos(t) / (1 + 1.5 * np.cos(t)), lambda t: np.sin(t) / (1 + 1.5 * np.cos(t))),
    ("fast", "(sin(99t), cos(100t))", (-1.2, 1.2, -1.2, 1.2), (0, TAU),
     lambda t: np.sin(99 * t), lambda t: np.cos(100 * t)),
    ("cardioid", "r = 1 + cos(theta)", (-1, 2.5, -1.5, 1.5), (0, TAU),
     lambda t: (1 + np.cos(t)) * np.cos(t), lambda t: (1 + np.cos(t)) * np.sin(t)),
    ("rose", "[theta=0:6pi] r = cos(θ/3)^3", (-1.2, 1.2, -1, 1), (0, 3 * TAU),
     lambda t: np.cos(t / 3) ** 3 * np.cos(t), lambda t: np.cos(t / 3) ** 3 * np.sin(t)),
]


def pixels(xs, ys, view):
    x0, x1, y0, y1 = view
    i = np.floor((xs - x0) / (x1 - x0) * W)
    j = np.floor((y1 - ys) / (y1 - y0) * H)
    ok = np.isfinite(i) & np.isfinite(j) & (i >= 0) & (i < W) & (j >= 0) & (j < H)
    return i[ok].astype(int), j[ok].astype(int)


def reference(curve):
    _, _, view, (t0, t1), fx, fy = curve
    t = np.linspace(t0, t1, N)
    with np.errstate(all="ignore"):
        i, j = pixels(fx(t), fy(t), view)
    grid = np.zeros((H, W), dtype=bool)
    grid[j, i] = True
    return grid


def dilate(grid):
    out = grid.copy()
    for dj in (-1, 0, 1):
        for di in (-1, 0, 1):
            s = np.roll(np.roll(grid, dj, axis=0), di, axis=1)
            if dj == 1: s[0, :] = False
            if dj == -1: s[-1, :] = False
            if di == 1: s[:, 0] = False
            if di == -1: s[:, -1] = False
            out |= s
    return out


def polylines(table):
    lines, out, cur = table.split("\n"), [], []
    started = False
    for line in lines:
        if line.startswith("# Curve 1"):
            break
        if line.startswith("#"):
            started = True
            continue
        if not started:
            continue
        if not line.strip():
            if cur: out.append(cur)
            cur = []
            continue
        x, y, _ = line.split()
        cur.append((float(x), float(y)))
    if cur: out.append(cur)
    return out


def raster(segments, view):
    x0, x1, y0, y1 = view
    grid = np.zeros((H, W), dtype=bool)
    for seg in segments:
        p = np.array(seg)
        px = (p[:, 0] - x0) / (x1 - x0) * W
        py = (y1 - p[:, 1]) / (y1 - y0) * H
        for k in range(len(p) - 1):
            n = int(np.ceil(max(abs(px[k + 1] - px[k]), abs(py[k + 1] - py[k])) * 4)) + 1
            n = min(n, 100_000)
            s = np.linspace(0, 1, n + 1)
            xs = x0 + (px[k] + (px[k + 1] - px[k]) * s) / W * (x1 - x0)
            ys = y1 - (py[k] + (py[k + 1] - py[k]) * s) / H * (y1 - y0)
            i, j = pixels(xs, ys, view)
            grid[j, i] = True
    return grid


def check(graphcalc, curve, ref):
    name, item, view, *_ = curve
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "t.txt")
        subprocess.run([graphcalc, "-e", f"plot [{view[0]}:{view[1]}] [{view[2]}:{view[3]}] {item}",
                        "-e", f"export table {path} {W} {H}"], check=True, capture_output=True)
        table = open(path, encoding="utf-8").read()
    drawn = raster(polylines(table), view)
    unsound = int((drawn & ~dilate(ref)).sum())
    incomplete = int((ref & ~dilate(drawn)).sum())
    print(f"{name:10s} soundness faults {unsound:5d}  completeness faults {incomplete:5d}")
    return unsound == 0 and incomplete == 0


def main():
    global W, H
    ap = argparse.ArgumentParser()
    ap.add_argument("--fixture")
    ap.add_argument("--graphcalc")
    ap.add_argument("--width", type=int, default=W)
    ap.add_argument("--height", type=int, default=H)
    a = ap.parse_args()
    W, H = a.width, a.height
    refs = [reference(c) for c in CURVES]
    if a.fixture:
        with open(a.fixture, "w", encoding="utf-8") as f:
            f.write("# written by scripts/curvecheck.py --fixture (numpy); do not edit\n")
            f.write("# name\titem\tx0:x1\ty0:y1\tW\tH, then H rows, top first\n")
            for c, g in zip(CURVES, refs):
                v = c[2]
                f.write(f"{c[0]}\t{c[1]}\t{v[0]}:{v[1]}\t{v[2]}:{v[3]}\t{W}\t{H}\n")
                for row in g:
                    f.write("".join("1" if b else "0" for b in row) + "\n")
    if a.graphcalc:
        ok = all([check(a.graphcalc, c, g) for c, g in zip(CURVES, refs)])
        sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
