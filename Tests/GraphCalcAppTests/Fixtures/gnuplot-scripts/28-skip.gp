# skip N: metadata lines before the data are left out.
plot "meta.dat" skip 3 using 1:2 with points
