# User functions and variables inside using expressions.
k = 2
g(v) = v*9/5 + 32
plot "silver.dat" using 1:(g($2)/k) with points
