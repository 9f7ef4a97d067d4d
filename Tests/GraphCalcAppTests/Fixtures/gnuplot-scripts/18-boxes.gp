# boxes: the widths by default (half way to the neighbours) and from a third column.
plot "steps.dat" with boxes, "steps.dat" using 1:($2*2):(0.5) with boxes
