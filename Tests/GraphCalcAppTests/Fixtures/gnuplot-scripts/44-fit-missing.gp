# set datafile missing "?": a record with "?" in a column read is left out of the fit, and
# a blank line inside a data set changes nothing.
set datafile missing "?"
f(x) = a*exp(-b*x) + c
a = 4
b = 0.7
c = 0.5
set fit quiet
set fit limit 1e-12
fit f(x) "fitblocks.dat" index 1 using 1:2:3 via a, b, c
plot "fitblocks.dat" index 1 using 1:2:3 with yerrorbars
