# fit reads through plot's reader: using expressions, a ternary filter (1/0 leaves a point
# out), the record number $0, index and every.
f(x) = a*exp(-b*x) + c
a = 5000
b = 0.8
c = 500
set fit quiet
set fit limit 1e-12
fit f(x) "fitblocks.dat" index 2 every 2 using ($0*0.8):($1 < 3.5 ? $2*1000 : 1/0) via a, b, c
plot "fitblocks.dat" index 2 every 2 using ($0*0.8):($1 < 3.5 ? $2*1000 : 1/0) with points
