# Log x in base 2 over inline data; the table holds values, not logarithms.
set logscale x 2
plot "-" using 1:2 with linespoints
1 1
2 3
4 2
8 5
16 4
e
