# fit reads the data file as plot does: skip N leaves out metadata lines; the parameters
# and gnuplot's FIT_ variables (FIT_WSSR, FIT_NDF, FIT_STDFIT, FIT_P, FIT_CONVERGED).
a = 1
b = 1
set fit quiet
set fit limit 1e-12
fit a*x + b "meta.dat" skip 3 using 1:2 via a, b
plot "meta.dat" skip 3 using 1:(a*$1 + b) with points
