# set polar with set angles degrees and set rrange (poldat.dem's habits): a function with
# points (sampled at set samples angles, r - rmin from the centre) and a data file read as
# angle:r, with linespoints. Every r is above rmin and below rmax (gnuplot marks r > rmax `o`).
set polar
set angles degrees
set samples 25
set trange [0:360]
set rrange [1:4]
plot 2.5+cos(3*t) with points, "polar-angles.dat" using 1:2 with linespoints
