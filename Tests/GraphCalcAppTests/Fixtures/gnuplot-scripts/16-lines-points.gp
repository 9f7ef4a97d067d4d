# lines, points and linespoints with their options (lw, lc, pt, ps, dt) of one file.
plot "steps.dat" with lines lw 2 lc rgb "#ff0000", "steps.dat" using 1:($2+1) with points pt 7 ps 1.5, "steps.dat" using 1:($2+2) with linespoints dt 2
