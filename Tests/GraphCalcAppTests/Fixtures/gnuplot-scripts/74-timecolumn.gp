# timecolumn(N, FMT) in using, and set xrange [A:*] (that end autoscaled).
set xdata time
set timefmt "%d/%m/%y"
plot 'timedat.dat' using (timecolumn(1, "%d/%m/%y")):3 with points
