# using expressions: a column scaled, and a function of two columns ($2*1000, log($3)).
plot "battery.dat" using 1:($2*1000) with points, "battery.dat" using ($1/10):(log($4)) with points
