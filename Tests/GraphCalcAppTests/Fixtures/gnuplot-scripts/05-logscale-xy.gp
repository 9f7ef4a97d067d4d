# Log x and y, base 10, from gnuplot's errorbars.dem: battery.dat with yerrorbars on log axes.
# Its record at x = 0 cannot be shown on the log x axis: graphcalc's table writes it as u
# (DECISIONS.md), gnuplot's as o (outside [1:50]); the test takes one for the other there.
set logscale xy
plot [1:50] "battery.dat" u 1:2:4 t "Power" w yerr
