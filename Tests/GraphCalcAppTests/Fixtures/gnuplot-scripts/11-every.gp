# every N and every ::A::B (point increment, first and last point).
plot "silver.dat" using 1:2 every 5 with points, "silver.dat" using 1:2 every ::10::20 with points
