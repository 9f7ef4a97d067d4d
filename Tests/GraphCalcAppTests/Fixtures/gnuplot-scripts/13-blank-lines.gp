# One blank line in a .dat file lifts the pen (a gap in the table), two end a data set.
plot "../blocks.dat" using 1:2 with lines
