# From gnuplot's fit.dem: the line weighted by column 5 (errors), gnuplot's using 1:2:5.
l(x) = y0 + m*x
y0 = 1.1
m = -0.1
set fit quiet
set fit covariancevariables
set fit limit 1e-12
fit l(x) 'lcdemo.dat' using 1:2:5 via y0, m
plot 'lcdemo.dat' using 1:2:5 with yerrorbars
