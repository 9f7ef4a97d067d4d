# $0 and column 0: the record number within the data set (gnuplot's pseudo-column).
plot "1.dat" using 0:2 with points, "2.dat" using ($0*2):($2 + $0) with points
