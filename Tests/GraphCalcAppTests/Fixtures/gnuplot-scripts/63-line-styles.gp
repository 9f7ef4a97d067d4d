# gnuplot's line styles and line types (help set style line, help set linetype): set style
# line, ls per item with options over it, set linetype, lt per item, set linetype cycle, ls
# and lt on an arrow, the border and a zero axis: they change looks only, the table's points
# are gnuplot's (the SVG's colours and widths: LineStyleTests).
set style line 1 lc rgb "#ff0000" lw 2 pt 7 ps 1.5
set style line 2 lt 3 dt 2
set linetype 4 lc rgb "web-green" lw 3
set linetype cycle 8
set arrow 1 from 1,1 to 2,2 ls 1
set border lt 4
set xzeroaxis ls 2
plot "steps.dat" using 1:2 ls 1 with linespoints, "steps.dat" using 1:($2+1) ls 2 lw 3, "steps.dat" using 1:($2+2) lt 4 with points, "steps.dat" using 1:($2+3) linestyle 1 lc rgb "blue"
