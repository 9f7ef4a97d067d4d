# smooth acsplines weighted by a third using column (smooth_splines.dem's 1/relative
# error, and a heavier weight), with gnuplot's abbreviation `sm acs`.
S=1
plot "silver.dat" using 1:2:(S*$2/$3) smooth acsplines, "silver.dat" u 1:2:($2/($3*1.e3)) sm acs
