# A data block ($NAME << EOD ... EOD) plotted as a file, with a blank line lifting the pen
# and a using expression.
$DATA << EOD
# x y
1 2
2 4.5
3 7

4 9
5 12.5
EOD
plot $DATA using 1:($2*2) with linespoints
