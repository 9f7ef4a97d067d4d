# Without set datafile missing, a record whose plain column is not a number is left out of
# gnuplot's table (and of its line: the points around it join), but still counts for $0;
# an expression of such a cell is an undefined point (a u row); a nan cell is one too.
plot 'text-cells.dat' using 1:2 with lines, 'text-cells.dat' using 0:2 with points, 'text-cells.dat' using 1:($2*2) with lines
