# smooth bezier (the points in file order as control points) and mcsplines (the monotone
# spline of Fritsch and Carlson, sampled at the points and at max(samples, 2N) x).
set samples 37
plot "splines.dat" smooth bezier, "splines.dat" smooth mcsplines
