# From gnuplot's steps.dem: steps, fsteps and histeps of steps.dat, with the points.
set title "Compare steps, fsteps and histeps"
plot [0:12][0:13] "steps.dat" notitle with points, "steps.dat" title 'steps' with steps, 'steps.dat' title 'fsteps' with fsteps, 'steps.dat' title 'histeps' with histeps
