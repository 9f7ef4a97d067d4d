# set xdata time with set timefmt: dates are read to seconds (since 1970 in both).
set xdata time
set timefmt "%Y-%m-%d"
plot "dates.dat" using 1:2 with points
