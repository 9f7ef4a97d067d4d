# The ternary 1/0 filter: points where the condition fails are undefined and left out.
plot "silver.dat" using 1:($2 > 100 ? $2 : 1/0) with points
