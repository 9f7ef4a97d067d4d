# set key autotitle columnhead (help key autotitle): every data item without a title is
# titled by its y column's header, and its file's first row is the header; a given title
# wins (and the header row is still left out); set style increment user.
# compare: titles
set style line 2 lc rgb "orange" lw 2
set style increment user
set key autotitle columnhead
plot "numhead.dat" using 1:2, "numhead.dat" using 1:3 title "given", "headers.dat" using 1:2, "headers.dat" using 1:3 with points
