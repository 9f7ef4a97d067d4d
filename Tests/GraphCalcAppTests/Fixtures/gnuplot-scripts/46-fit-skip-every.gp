# every ::A::B picks points of each block (a blank line inside data set 1 starts a new one),
# a range of x; set datafile missing "?": a missing record is no point but counts for every,
# as in gnuplot.
set datafile missing "?"
f(x) = a*exp(-b*x) + c
a = 3
b = 0.5
c = 0.5
set fit quiet
set fit limit 1e-12
fit [0.3:] f(x) "fitblocks.dat" index 1 every ::1::8 using 1:2 via a, b, c
plot "fitblocks.dat" index 1 every ::1::8 using 1:2 with points
