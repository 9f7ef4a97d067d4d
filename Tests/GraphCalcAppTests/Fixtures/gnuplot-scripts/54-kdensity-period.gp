# smooth kdensity with gnuplot's period (angles: each point counts at its nearest copy
# x + k*2pi) and bandwidth, in either order.
plot "angles.dat" using 1:(1.0) smooth kdensity bandwidth 0.3 period 2*pi, "angles.dat" using 1:(1.0) smooth kdensity period 2*pi bandwidth 0.5, "angles.dat" using 1:(1.0) smooth kdensity period 2*pi
