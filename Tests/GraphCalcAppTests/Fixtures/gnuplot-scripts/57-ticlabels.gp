# Tick labels from a column: xticlabels(1), xtic(1), ytic(1); the table holds the points
# (the labels are drawn on the axes, checked in UsingLeftoversTests).
plot "labels.dat" using 0:2:xticlabels(1) with linespoints, "labels.dat" using 3:xtic(1) with points, "labels.dat" using 2:3:ytic(strcol(1)) with points
