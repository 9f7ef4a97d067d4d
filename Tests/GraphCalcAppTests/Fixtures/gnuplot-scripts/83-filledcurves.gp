# with filledcurves: closed (the default of two columns), x1, y=V with above, and between
# two curves (three columns, gnuplot's default then); its table writes x y1 y2.
set style fill solid 0.5
plot "silver.dat" using 1:2 with filledcurves, "silver.dat" using 1:2 with filledcurves x1, "silver.dat" using 1:2 with filledcurves above y=150 fs transparent solid 0.3, "silver.dat" using 1:($2-$3):($2+$3) with filledcurves fill solid 0.4 noborder
