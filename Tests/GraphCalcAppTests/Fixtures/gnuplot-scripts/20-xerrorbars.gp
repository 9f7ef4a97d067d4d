# xerrorbars from gnuplot's errorbars.dem: battery.dat u 1:2:3, and low/high columns.
plot [0:50] "battery.dat" u 1:2:3 t "Power" w xerr, "battery.dat" u 1:2:($1-$3):($1+2*$3) w xerrorbars
