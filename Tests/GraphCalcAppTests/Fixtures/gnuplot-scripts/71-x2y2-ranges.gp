# Both second axes with fixed ranges (set x2range, set y2range) and an item on x2y2; the
# i/o flags of each item are in its own axes' ranges.
set x2range [0:400]
set y2range [0:60]
set x2tics
set y2tics
plot "silver.dat" using 1:2 with points, "silver.dat" using ($1*1.5):($2/4) axes x2y2 with points
