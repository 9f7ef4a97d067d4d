# strcol / stringcolumn compared with a text by eq and ne, as a filter.
plot "labels.dat" using 0:(strcol(1) eq "a" ? $2 : 1/0) with points, "labels.dat" using 0:("b" ne stringcolumn(1) ? $3 : 1/0) with points, "labels.dat" using ($2*(strcol(1) eq 'c')):2 with points
