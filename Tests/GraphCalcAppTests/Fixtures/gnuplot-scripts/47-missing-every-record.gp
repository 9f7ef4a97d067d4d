# After set datafile missing "?", a record with "?" is no point but still counts for every
# and for $0 (the record number), as in gnuplot (plot and fit read through one reader).
set datafile missing "?"
plot "every-missing.dat" every 2 using 1:2 with points, "every-missing.dat" using 0:2 with points
