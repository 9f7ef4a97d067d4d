# dots of silver.dat.
plot "silver.dat" using 1:2 with dots
