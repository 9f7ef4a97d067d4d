# Second axes: a data item on y2 (axes x1y2), autoscaled on its own points, beside one on
# y1; the table writes each item in its own axes' values.
set y2tics
set ytics nomirror
plot "silver.dat" using 1:2 with points, "silver.dat" using 1:($3*100) axes x1y2 with linespoints
