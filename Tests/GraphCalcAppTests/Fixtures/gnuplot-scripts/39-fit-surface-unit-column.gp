# gnuplot 4's x:y:z:s form: using 1:2:3:(1), the fourth column read as z's error because the
# model does not read a third variable (gnuplot warns; graphcalc notes).
g(x,y) = a*x + b*y**2 + c
a = 1
b = 1
c = 1
set fit quiet
set fit limit 1e-12
fit g(x,y) "surface.dat" using 1:2:3:(1) via a, b, c
plot "surface.dat" using 2:3 with points
