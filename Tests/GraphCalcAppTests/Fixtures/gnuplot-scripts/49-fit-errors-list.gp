# gnuplot 5.4's errors list: errors x, z reads x:z:σx:σz, the same as xyerrors.
f(x) = m*x + q
m = 1
q = 1
set fit quiet
set fit limit 1e-12
fit f(x) "xyerr.dat" using 1:2:3:4 errors x, z via m, q
plot "xyerr.dat" using 1:2:3 with xerrorbars
