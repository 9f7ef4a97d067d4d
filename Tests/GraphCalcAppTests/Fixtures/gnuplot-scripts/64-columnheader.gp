# Titles from a file's first row (help columnheader): title columnheader is the y column's
# header, columnhead(N) column N's, an expression's the first column it reads; the first row
# is the header, not data, even when it holds numbers (numhead.dat); notitle has none.
# compare: titles
plot "headers.dat" using 1:2 title columnheader, "headers.dat" using 1:3 title columnhead(1), "numhead.dat" using 1:3 title columnheader, "numhead.dat" using 1:($2*2) title columnheader, "numhead.dat" using 1:2 title columnheader(3), "numhead.dat" using 1:2 notitle
