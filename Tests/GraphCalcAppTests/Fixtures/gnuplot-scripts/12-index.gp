# index picks the data sets that two blank lines separate (../sets.dat).
plot "../sets.dat" index 1 with points, "../sets.dat" index 0:2:2 using 1:($2*10) with points
