# set fit noerrorscaling leaves an unweighted fit's errors scaled, as gnuplot does (its
# FIT_COV_ variables show it); only a weighted fit's errors are unscaled.
l(x) = y0 + m*x
y0 = 1.1
m = -0.1
set fit quiet
set fit noerrorscaling
set fit covariancevariables
set fit limit 1e-12
fit l(x) 'lcdemo.dat' via y0, m
plot 'lcdemo.dat' with points
