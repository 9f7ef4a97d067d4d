# A nonlinear fit: exponential decay of battery.dat's power, weighted by column 4.
f(x) = a*exp(-x/b) + c
a = 0.05
b = 20
c = 0.03
set fit quiet
set fit limit 1e-12
fit [2:50] f(x) "battery.dat" using 1:2:4 via a, b, c
plot [2:50] "battery.dat" using 1:2 with points
