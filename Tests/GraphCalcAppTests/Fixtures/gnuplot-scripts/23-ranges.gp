# set xrange and set yrange: points outside the view are written with type o.
set xrange [10:40]
set yrange [0.04:0.08]
plot "battery.dat" using 1:2 with points
