# set style function: a function item without `with` takes the style (simple.dem writes
# set style data points); drawn with points a function is set samples' points, as gnuplot's.
set style function points
set samples 21
plot [0:2] x**2, 2*x with impulses
