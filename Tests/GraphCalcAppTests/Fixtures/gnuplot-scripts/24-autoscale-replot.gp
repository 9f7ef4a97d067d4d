# set autoscale after fixed ranges, then replot adding a curve.
set xrange [0:5]
set yrange [0:5]
plot "steps.dat" with points
set autoscale
replot "steps.dat" using 1:($2/2) with points
