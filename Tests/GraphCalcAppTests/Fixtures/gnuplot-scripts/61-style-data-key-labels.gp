# set style data, and the key, label, arrow, zero axis and tick settings of gnuplot's demos
# (key.dem, textrotate.dem, simple.dem): all run unchanged and change no plotted point.
set key box title "Steps" at 2, 5 right Left reverse samplen 2 spacing 1.2
set key opaque invert
set label 1 "start" at 1, 1 left front
set label 2 "turned" at graph 0.5, 0.5 rotate by 45 point pt 7 offset 1, 0
set arrow 1 from 1,1 to 2,2 nohead lt -1
set arrow 2 from graph 0, 0 rto graph 0.5, 0.5 heads lw 2
set xzeroaxis lt 0
set mxtics 2
set xtics rotate by 45 offset 0,-1 out
set bars small
set pointsize 1.5
set style data linespoints
plot "steps.dat" using 1:2, "steps.dat" using 1:($2+1) with impulses
