# Errors in x and y: using 1:2:3:4 xyerrors, weighted by Orear's effective variance.
f(x) = m*x + q
m = 1
q = 1
set fit quiet
set fit limit 1e-12
fit f(x) "xyerr.dat" using 1:2:3:4 xyerrors via m, q
plot "xyerr.dat" using 1:2:3:4 with xyerrorbars
