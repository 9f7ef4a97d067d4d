# Two data sets (a blank line between them): each is smoothed on its own, a blank line
# between the sampled curves. (gnuplot's table writes the break of `smooth bezier`, which
# is not imploded, as a line "0 0 u" of its dummy point: graphcalc writes a blank line, so
# bezier of one set only is compared, in 81.)
set samples 25
plot "splines2.dat" smooth csplines, "splines2.dat" smooth acsplines, "splines2.dat" smooth sbezier
