# set datafile missing "?": a missing cell leaves its record out (../missing.dat).
set datafile missing "?"
plot "../missing.dat" using 1:2 with linespoints
