# gnuplot's silver.dat (x, y, error; comment lines), from the issue: using 1:2:3 with yerrorbars.
set title "silver.dat"
plot "silver.dat" using 1:2:3 with yerrorbars
