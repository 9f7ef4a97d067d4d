# yerrors: x:y:σy with gnuplot 5.4's keyword (the same fit as gnuplot 4's using 1:2:3).
f(x) = m*x + q
m = 1
q = 1
set fit quiet
set fit limit 1e-12
fit f(x) "xyerr.dat" using 1:2:4 yerrors via m, q
plot "xyerr.dat" using 1:2:4 with yerrorbars
