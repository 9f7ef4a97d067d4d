# Plot iteration over words: data blocks named in a string, and a numeric iteration with a
# step inside the same plot.
$A << EOD
1 2
2 3
3 5
EOD
$B << EOD
1 5
2 6
3 4
EOD
plot for [b in "$A $B"] b using 1:2 with lines, for [i = 1:5:2] 'steps.dat' using 1:($2 + i) with points
