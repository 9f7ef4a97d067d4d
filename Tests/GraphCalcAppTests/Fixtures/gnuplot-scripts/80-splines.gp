# smooth csplines, acsplines and sbezier of unsorted points with a repeated x (gnuplot's
# sort_points and cp_implode average it), at the default 100 samples.
plot "splines.dat" smooth csplines, "splines.dat" using 1:2 smooth acsplines, "splines.dat" smooth sbezier
