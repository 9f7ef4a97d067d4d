# From gnuplot's simple.dem (its 1.dat, 2.dat): data in three styles over a fixed x range.
plot [-19:19] '1.dat' with impulses, '2.dat' with points, '1.dat' with lines
