# Titles, axis labels, the key and notitle: none of them changes the table's points.
set title "Battery power"
set xlabel "Resistance [Ohm]"
set ylabel "Power [W]"
set key top left
plot "battery.dat" using 1:2 title "Power" with points, "battery.dat" using 1:($2/2) notitle with points
unset key
replot
