# fit ... via "FILE": the start values from a parameter file, c fixed there (# FIXED) and
# set as a variable, not fitted; save fit writes gnuplot 5.4's parameter file.
f(x) = a*exp(-b*x) + c
set fit quiet
set fit limit 1e-12
fit f(x) "fitblocks.dat" index 0 using 1:2 via "fit-start.par"
plot "fitblocks.dat" index 0 using 1:(f($1)) with points
save fit "fitted.par"
