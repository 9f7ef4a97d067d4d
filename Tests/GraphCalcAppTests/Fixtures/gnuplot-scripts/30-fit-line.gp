# From gnuplot's fit.dem: a straight line fitted to lcdemo.dat, then drawn over the data.
l(x) = y0 + m*x
y0 = 1.1
m = -0.1
set fit quiet
set fit limit 1e-12
fit l(x) 'lcdemo.dat' via y0, m
plot 'lcdemo.dat' with points
