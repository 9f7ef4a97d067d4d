# Ranges of both variables, the second one named (the model reads yy, not y).
a = 1
b = 1
c = 1
set fit quiet
set fit limit 1e-12
fit [0.4:2.1] [yy=0:2.5] a*x + b*yy**2 + c "surface.dat" using 1:2:3 via a, b, c
plot "surface.dat" using 1:(a*$1 + b*$2**2 + c) with points
