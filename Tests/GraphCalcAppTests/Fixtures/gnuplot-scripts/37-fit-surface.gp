# A fit of two variables: g(x,y) with x, y and z from using 1:2:3 (gnuplot 5: unit weights).
g(x,y) = a*x + b*y**2 + c
a = 1
b = 1
c = 1
set fit quiet
set fit limit 1e-12
fit g(x,y) "surface.dat" using 1:2:3 via a, b, c
plot "surface.dat" using 1:($3 - g($1, $2)) with points
