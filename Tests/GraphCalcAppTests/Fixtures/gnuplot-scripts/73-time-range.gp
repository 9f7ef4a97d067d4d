# A time axis from gnuplot's timedat demo: set timefmt with a tab (the time takes two
# columns: using 1:3), set xdata time, a quoted time range, set yrange [0:] (its upper end
# autoscaled). The labels of set format x are checked in SecondAxesTests (gnuplot's table
# writes times in that format, which here has no year).
set timefmt "%d/%m/%y\t%H%M"
set xdata time
set xrange [ "1/6/93":"1/11/93" ]
set yrange [ 0 : ]
plot 'timedat.dat' using 1:3 t 'Total P' with points, 'timedat.dat' using 1:4 t 'PO4' with linespoints
