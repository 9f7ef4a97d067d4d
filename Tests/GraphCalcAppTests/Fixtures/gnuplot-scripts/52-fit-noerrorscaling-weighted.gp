# set fit noerrorscaling: a weighted fit's errors (and FIT_COV_) are sqrt(C_ii), unscaled.
l(x) = y0 + m*x
y0 = 1.1
m = -0.1
set fit quiet
set fit noerrorscaling
set fit covariancevariables
set fit limit 1e-12
fit l(x) 'lcdemo.dat' using 1:2:5 yerrors via y0, m
plot 'lcdemo.dat' using 1:2:5 with yerrorbars
