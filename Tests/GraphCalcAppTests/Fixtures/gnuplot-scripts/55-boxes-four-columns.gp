# with boxes of four columns: x:y:xlow:xhigh, as gnuplot 5.4 reads them (its table writes
# the third and fourth as the box's sides), from columns and from expressions.
plot "boxes4.dat" using 1:2:3:4 with boxes, "boxes4.dat" using 1:($2/2):($1-0.25):($1+0.1) with boxes
