# One range more than the variables limits z, the data's values: [x] [y] [z].
g(x,y) = a*x + b*y**2 + c
a = 1
b = 1
c = 1
set fit quiet
set fit limit 1e-12
fit [*:*] [0:*] [1:6] g(x,y) "surface.dat" using 1:2:3:4 zerror via a, b, c
plot "surface.dat" using 1:($3 >= 1 && $3 <= 6 ? $3 : 1/0) with points
