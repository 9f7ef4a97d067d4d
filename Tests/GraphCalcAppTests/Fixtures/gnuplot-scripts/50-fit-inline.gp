# fit reads inline data as plot does: fit ... "-", the data lines, e.
set fit quiet
set fit limit 1e-12
fit a*x + b "-" using 1:2 via a, b
1 2.1
2 3.9
3 6.2
4 7.8
5 10.1
e
plot "-" using 1:($2 - (a*$1 + b)) with points
1 2.1
2 3.9
3 6.2
4 7.8
5 10.1
e
