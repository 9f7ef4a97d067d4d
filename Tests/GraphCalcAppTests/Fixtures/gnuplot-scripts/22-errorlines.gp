# The errorlines styles: yerrorlines, xerrorlines and xyerrorlines.
plot "battery.dat" using 1:2:4 with yerrorlines, "battery.dat" using 1:($2+0.1):3 with xerrorlines, "battery.dat" using 1:($2+0.2):3:4 with xyerrorlines
