# xyerrorbars from gnuplot's errorbars.dem: battery.dat's four columns (x y dx dy).
set title "error represented by xyerrorbars"
plot [0:50] "battery.dat" t "Power" with xyerrorbars
