# set autoscale fix: the ranges end at the data, not at whole ticks; set offsets widens
# them by axis units first (so the flags of the points are i).
set autoscale fix
set offsets 5, 10, 2, 1
plot "silver.dat" using 1:2 with points
