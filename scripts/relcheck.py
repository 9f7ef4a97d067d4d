#!/usr/bin/env python3
"""relcheck: score graphcalc's pixel grids of relations in x and y against numpy.

For each relation of RELATIONS, a dense reference of the W x H pixel grid of the view
[x0,x1] x [y0,y1]: every pixel is sampled on an (S+1) x (S+1) sub-grid (its edges
included) and is true in the reference when
  equation f = 0:  two neighbouring samples of the sub-grid, both finite (and both
                   inside the mask, if the relation has one), have opposite signs, or
                   a sample is exactly 0 (the reference's function is chosen without
                   poles: tan(35.6x) = 0 is checked against sin(35.6x) = 0);
  region:          some sample satisfies it.
graphcalc's table (`export table FILE W H`, the block `# relation 1 of 1: TEXT`,
lines `x y v`, v in {0, 0.5, 1}) is compared with a 1-pixel tolerance:
  soundness fault:     v = 1 and no reference-true pixel within 1 pixel
  completeness fault:  reference-true and no v in {1, 0.5} within 1 pixel
and with the relation's expectations (`none`: no v = 1 at all; `undecided`: at least one
v = 0.5; `empty`: every v = 0; `full`: every v = 1). A relation passes with no fault; the
score is the share of relations that pass.

Usage:
  relcheck.py --fixture Tests/GraphCalcAppTests/Fixtures/relations.txt   (rewrite it)
  relcheck.py --graphcalc .build/debug/graphcalc [--width 400 --height 300] [--only NAME]
A reference function is chosen with the same zero set but without poles or domain edges,
where sampling would miss solutions (sqrt(x) = y^2 is checked as x = y^4).
The fixture holds each relation's reference grid (64 x 48, top row first) so the Swift
suite (RelationReferenceTests) checks graphcalc against it without numpy.
numpy 2.x (pip, pinned in scripts/install-deps).
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

S = 8  # sub-samples along each side of a pixel


def eq(f, mask=None):
    return ("eq", f, mask)


def region(g):
    return ("region", g, None)


def empty():  # no solution at all
    return ("empty", None, None)


np.seterr(all="ignore")
sq = np.sqrt
# name, graphcalc text, reference, x range, y range, expectations
RELATIONS = [
    ("circle", "x^2 + y^2 = 25", eq(lambda x, y: x**2 + y**2 - 25), (-10, 10), (-10, 10), ""),
    ("below sine", "y < sin(x)", region(lambda x, y: y < np.sin(x)), (-10, 10), (-10, 10), ""),
    ("ellipse", "x^2/16 + y^2/4 = 1", eq(lambda x, y: x**2 / 16 + y**2 / 4 - 1), (-5, 5), (-5, 5), ""),
    ("hyperbola", "x^2 - y^2 = 4", eq(lambda x, y: x**2 - y**2 - 4), (-6, 6), (-6, 6), ""),
    ("rotated conic", "x^2 + x*y + y^2 = 9", eq(lambda x, y: x**2 + x * y + y**2 - 9), (-5, 5), (-5, 5), ""),
    ("empty pair", "y = x && y = x + 1e-5", empty(), (-2, 2), (-2, 2), "empty"),
    ("circle meets line", "x^2 + y^2 = 1 && y = x", ("both", (lambda x, y: x**2 + y**2 - 1, lambda x, y: y - x), None), (-2, 2), (-2, 2), "undecided,none"),
    ("parallel pair", "y = 2x + 1 && 2y = 4x + 2.001", empty(), (-3, 3), (-3, 3), "empty"),
    ("whole plane", "0*x = 0", region(lambda x, y: np.ones_like(x, bool)), (-3, 3), (-3, 3), "full"),
    ("point", "x^2 + y^2 = 0", eq(lambda x, y: x**2 + y**2), (-1.1, 0.9), (-1.1, 0.9), "undecided,none"),
    ("double line", "(y - x - 0.5)^2 = 0", eq(lambda x, y: y - x - 0.5), (-2, 2), (-2.01, 1.99), "undecided"),
    ("four lines", "x^2 + y^2 - x^2*y^2 = 1", eq(lambda x, y: x**2 + y**2 - x**2 * y**2 - 1), (-3, 3), (-3, 3), ""),
    ("heart", "(x^2+y^2-1)^3 = x^2*y^3", eq(lambda x, y: (x**2 + y**2 - 1) ** 3 - x**2 * y**3), (-1.5, 1.5), (-1.5, 1.5), ""),
    ("tan zeros", "tan(35.6x) = 0", eq(lambda x, y: np.sin(35.6 * x)), (-1, 1), (-1, 1), ""),
    ("half disc", "x^2 + y^2 <= 1 && y > 0", region(lambda x, y: (x**2 + y**2 <= 1) & (y > 0)), (-2, 2), (-2, 2), ""),
    ("chained band", "0 < x < 2", region(lambda x, y: (0 < x) & (x < 2)), (-3, 3), (-3, 3), ""),
    ("graphest rings", "abs(sin(sqrt(x^2+y^2))) = abs(cos(x))", eq(lambda x, y: np.abs(np.sin(sq(x**2 + y**2))) - np.abs(np.cos(x))), (-10, 10), (-10, 10), ""),
    ("sin max", "sin(abs(x+y)) > max(cos(x^2), sin(y^2))", region(lambda x, y: np.sin(np.abs(x + y)) > np.maximum(np.cos(x**2), np.sin(y**2))), (-4, 4), (-4, 4), ""),
    ("xy hyperbola", "x*y = 1", eq(lambda x, y: x * y - 1), (-4, 4), (-4, 4), ""),
    ("xy region", "x*y > 1", region(lambda x, y: x * y > 1), (-4, 4), (-4, 4), ""),
    ("sin cos", "sin(x) = cos(y)", eq(lambda x, y: np.sin(x) - np.cos(y)), (-6, 6), (-6, 6), ""),
    ("sin xy", "sin(x*y) = 0.5", eq(lambda x, y: np.sin(x * y) - 0.5), (-4, 4), (-4, 4), ""),
    ("not circle", "x^2 + y^2 != 25", region(lambda x, y: x**2 + y**2 != 25), (-10, 10), (-10, 10), ""),
    ("floor diagonal", "floor(x) = floor(y)", region(lambda x, y: np.floor(x) == np.floor(y)), (-3, 3), (-3, 3), ""),
    ("below cubic", "y < x^3 - x", region(lambda x, y: y < x**3 - x), (-2, 2), (-2, 2), ""),
    ("square", "max(abs(x), abs(y)) = 2", eq(lambda x, y: np.maximum(np.abs(x), np.abs(y)) - 2), (-3, 3), (-3, 3), ""),
    ("diamond", "abs(x) + abs(y) <= 2", region(lambda x, y: np.abs(x) + np.abs(y) <= 2), (-3, 3), (-3, 3), ""),
    ("cross", "y = x || y = -x", eq(lambda x, y: (y - x) * (y + x)), (-2, 2), (-2, 2), ""),
    ("elliptic curve", "y^2 = x^3 - x", eq(lambda x, y: y**2 - x**3 + x), (-2, 3), (-3, 3), ""),
    ("nodal cubic", "y^2 = x^2*(x + 1)", eq(lambda x, y: y**2 - x**2 * (x + 1)), (-2, 2), (-2, 2), ""),
    ("folium", "x^3 + y^3 = 3*x*y", eq(lambda x, y: x**3 + y**3 - 3 * x * y), (-3, 3), (-3, 3), ""),
    ("lemniscate", "(x^2 + y^2)^2 = 2*(x^2 - y^2)", eq(lambda x, y: (x**2 + y**2) ** 2 - 2 * (x**2 - y**2)), (-2, 2), (-2, 2), ""),
    ("rings", "sin(x^2 + y^2) = 0", eq(lambda x, y: np.sin(x**2 + y**2)), (-4, 4), (-4, 4), ""),
    ("exp curve", "y*exp(x) = 1", eq(lambda x, y: y * np.exp(x) - 1), (-3, 3), (-1, 4), ""),
    ("sqrt parabola", "sqrt(x) = y^2", eq(lambda x, y: x - y**4), (-2, 4), (-2, 2), ""),
    ("log hyperbola", "ln(x*y) = 0", eq(lambda x, y: np.log(x * y)), (-4, 4), (-4, 4), ""),
    ("stripes", "x % 2 < 1", region(lambda x, y: np.mod(x, 2) < 1), (-5, 5), (-5, 5), ""),
    ("outside band", "y > 2 || y < -2", region(lambda x, y: (y > 2) | (y < -2)), (-4, 4), (-4, 4), ""),
    ("not disc", "!(x^2 + y^2 < 4)", region(lambda x, y: ~(x**2 + y**2 < 4)), (-3, 3), (-3, 3), ""),
    ("half circle", "x^2 + y^2 = 4 && x > 0", eq(lambda x, y: x**2 + y**2 - 4, mask=lambda x, y: x > 0), (-3, 3), (-3, 3), ""),
    ("pole", "1/x = 0", empty(), (-2, 2), (-2, 2), "none"),
    ("below pole", "y < 1/x", region(lambda x, y: y < 1 / x), (-2, 2), (-2, 2), ""),
    ("no region", "x^2 + y^2 < 0", empty(), (-2, 2), (-2, 2), "empty"),
    ("thin band", "abs(x - 0.3) < 1e-3", region(lambda x, y: np.abs(x - 0.3) < 1e-3), (-1, 1), (-1, 1), ""),
    ("ring band", "1 <= x^2 + y^2 <= 4", region(lambda x, y: (1 <= x**2 + y**2) & (x**2 + y**2 <= 4)), (-3, 3), (-3, 3), ""),
    ("unicode", "x ≤ y ∧ ¬(y ≥ 2)", region(lambda x, y: (x <= y) & ~(y >= 2)), (-3, 3), (-3, 3), ""),
    # Poles and steps, decided by the two-piece enclosures (each reference without the pole).
    ("tan graph", "tan(x) - y = 0", eq(lambda x, y: y * np.cos(x) - np.sin(x)), (-5, 5), (-5, 5), ""),
    ("cot curve", "y*tan(x) = 1", eq(lambda x, y: y * np.sin(x) - np.cos(x)), (-5, 5), (-5, 5), ""),
    ("cosecant", "1/sin(x) - y = 0", eq(lambda x, y: 1 - y * np.sin(x)), (-7, 7), (-4, 4), ""),
    ("tan rings", "tan(x^2 + y^2) = 1", eq(lambda x, y: np.sin(x**2 + y**2) - np.cos(x**2 + y**2)), (-3, 3), (-3, 3), ""),
    ("reciprocal sum", "1/x + 1/y = 1", eq(lambda x, y: x + y - x * y), (-4, 4), (-4, 4), ""),
    ("floor steps", "floor(x) + floor(y) = 0", region(lambda x, y: np.floor(x) + np.floor(y) == 0), (-3, 3), (-3, 3), ""),
    ("sign quadrants", "sign(x) = sign(y)", region(lambda x, y: np.sign(x) == np.sign(y)), (-2, 2), (-2, 2), ""),
]


def reference(kind, f, mask, xr, yr, w, h):
    """The reference grid: h rows (top first) of w booleans."""
    if kind == "empty":
        return np.zeros((h, w), bool)
    if kind == "both":  # two equations: pixels where both change sign
        return reference("eq", f[0], None, xr, yr, w, h) & reference("eq", f[1], None, xr, yr, w, h)
    xs = np.linspace(xr[0], xr[1], w * S + 1)
    ys = np.linspace(yr[1], yr[0], h * S + 1)  # top first
    X, Y = np.meshgrid(xs, ys)
    out = np.zeros((h, w), bool)
    if kind == "region":
        v = np.asarray(f(X, Y), bool)
        for j in range(h):
            for i in range(w):
                out[j, i] = v[j * S : j * S + S + 1, i * S : i * S + S + 1].any()
        return out
    v = np.asarray(f(X, Y), float)
    ok = np.isfinite(v)
    if mask is not None:
        ok &= np.asarray(mask(X, Y), bool)
    zero = ok & (v == 0)
    horizontal = ok[:, :-1] & ok[:, 1:] & (np.sign(v[:, :-1]) * np.sign(v[:, 1:]) < 0)
    vertical = ok[:-1, :] & ok[1:, :] & (np.sign(v[:-1, :]) * np.sign(v[1:, :]) < 0)
    for j in range(h):
        for i in range(w):
            rows = slice(j * S, j * S + S + 1)
            cols = slice(i * S, i * S + S + 1)
            out[j, i] = (
                zero[rows, cols].any()
                or horizontal[j * S : j * S + S + 1, i * S : i * S + S].any()
                or vertical[j * S : j * S + S, i * S : i * S + S + 1].any()
            )
    return out


def near(grid):
    """Pixels within 1 pixel (Chebyshev) of a true pixel."""
    h, w = grid.shape
    padded = np.zeros((h + 2, w + 2), bool)
    padded[1:-1, 1:-1] = grid
    out = np.zeros_like(grid)
    for dj in (0, 1, 2):
        for di in (0, 1, 2):
            out |= padded[dj : dj + h, di : di + w]
    return out


def score(values, ref, expect):
    """Faults of graphcalc's grid `values` (0, 0.5, 1; top row first) against `ref`."""
    faults = []
    sound = (values == 1) & ~near(ref)
    if sound.any():
        faults.append(f"{int(sound.sum())} pixels 1 with no solution within 1 px")
    complete = ref & ~near(values > 0)
    if complete.any():
        faults.append(f"{int(complete.sum())} solution pixels 0 with nothing drawn within 1 px")
    for e in filter(None, expect.split(",")):
        if e == "none" and (values == 1).any():
            faults.append("expected no proven pixel")
        if e == "undecided" and not (values == 0.5).any():
            faults.append("expected an undecided pixel")
        if e == "empty" and (values != 0).any():
            faults.append("expected every pixel 0")
        if e == "full" and (values != 1).any():
            faults.append("expected every pixel 1")
    return faults


def read_table(path, w, h):
    """The first relation block of an `export table` file, as h rows (top first)."""
    rows = []
    inside = False
    with open(path) as fh:
        for line in fh:
            if line.startswith("# relation"):
                inside = True
                continue
            if not inside or line.startswith("#") or not line.strip():
                continue
            rows.append(float(line.split()[2]))
    v = np.array(rows).reshape(h, w)  # bottom row first
    return v[::-1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fixture")
    ap.add_argument("--graphcalc")
    ap.add_argument("--width", type=int, default=64)
    ap.add_argument("--height", type=int, default=48)
    ap.add_argument("--only")
    a = ap.parse_args()
    chosen = [r for r in RELATIONS if not a.only or r[0] == a.only]
    w, h = a.width, a.height
    if a.fixture:
        lines = [
            "# Reference grids of relations in x and y, written by scripts/relcheck.py --fixture",
            "# (numpy, S = 8 sub-samples a pixel side). One block a relation: a line",
            "# NAME<TAB>TEXT<TAB>X0:X1<TAB>Y0:Y1<TAB>W<TAB>H<TAB>EXPECT, then H rows of W",
            "# characters, the top row first: 1 where the reference finds a solution, else 0.",
        ]
        for name, text, (kind, f, mask), xr, yr, expect in chosen:
            ref = reference(kind, f, mask, xr, yr, w, h)
            lines.append(f"{name}\t{text}\t{xr[0]}:{xr[1]}\t{yr[0]}:{yr[1]}\t{w}\t{h}\t{expect or '-'}")
            lines += ["".join("1" if c else "0" for c in row) for row in ref]
        with open(a.fixture, "w") as fh:
            fh.write("\n".join(lines) + "\n")
        print(f"wrote {a.fixture}: {len(chosen)} relations")
        return 0
    if not a.graphcalc:
        ap.error("--fixture or --graphcalc")
    passed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, text, (kind, f, mask), xr, yr, expect in chosen:
            path = os.path.join(tmp, "t.dat")
            cmd = [a.graphcalc, "-e", f"plot [{xr[0]}:{xr[1]}] [{yr[0]}:{yr[1]}] {text}",
                   "-e", f"export table {path} {w} {h}"]
            subprocess.run(cmd, check=True, capture_output=True)
            values = read_table(path, w, h)
            ref = reference(kind, f, mask, xr, yr, w, h)
            faults = score(values, ref, expect)
            undecided = int((values == 0.5).sum())
            status = "ok  " if not faults else "FAIL"
            passed += not faults
            print(f"{status} {name:16} {text:42} undecided {undecided:6}  {'; '.join(faults)}")
    print(f"score {passed / len(chosen):.3f} ({passed} of {len(chosen)}) at {w}x{h}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
