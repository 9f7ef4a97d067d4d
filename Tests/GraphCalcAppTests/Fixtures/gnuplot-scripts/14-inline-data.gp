# plot "-": the data lines follow the command, each block ends with a line "e".
plot "-" using 1:2 with lines title "first", "-" using 1:($2/2) with points title "second"
0 1
1 4
2 9

3 16
e
10 20
20 40
e
