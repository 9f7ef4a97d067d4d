# Log y axis over data: gnuplot's big_peak.dat (values <= 0 would be left out).
set logscale y
plot "big_peak.dat" using 1:2 with points
