# with fillsteps (filled, and without a fill its steps line, as gnuplot draws it), boxerrorbars (x:y:ydelta and x:y:ydelta:width) and boxxyerror
# (x:y:xlow:xhigh:ylow:yhigh and x:y:xdelta:ydelta).
plot "steps.dat" using 1:2 with fillsteps fs solid 0.5, "steps.dat" using 1:2 with fillsteps, "steps.dat" using 1:2:(0.5) with boxerrorbars, "steps.dat" using 1:2:(0.5):(0.3) with boxerrorbars, "steps.dat" using 1:2:($1-0.5):($1+0.5):($2-1):($2+1) with boxxyerror, "steps.dat" using 1:2:(0.2):(0.4) with boxxyerror
