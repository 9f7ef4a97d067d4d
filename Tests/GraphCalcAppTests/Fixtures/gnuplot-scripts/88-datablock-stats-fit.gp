# stats and fit read a data block as they read a file.
$PTS << END
0 1.1
1 2.9
2 5.2
3 7.1
4 8.8
5 11.2
END
stats $PTS using 1:2 nooutput
f(x) = a*x + b
a = 1; b = 0
fit f(x) $PTS using 1:2 via a, b
# compare: variables STATS_mean_y STATS_slope STATS_intercept STATS_records
plot $PTS using 1:(f($1) - $2) with points
