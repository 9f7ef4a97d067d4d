# A fit of two variables weighted by z's errors: using 1:2:3:4 zerror (gnuplot 5.4's keyword).
g(x,y) = a*x + b*y**2 + c
a = 1
b = 1
c = 1
set fit quiet
set fit limit 1e-12
fit g(x,y) "surface.dat" using 1:2:3:4 zerror via a, b, c
plot "surface.dat" using 1:3:4 with yerrorbars
