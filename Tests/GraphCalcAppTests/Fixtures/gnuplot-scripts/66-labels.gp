# with labels (help labels, labelplot.dem's form): the table writes x y "label" a record, as
# gnuplot 5.4's does (no type column); the label is a column's text, strcol(N) or a name;
# offset, justification, point and textcolor change no row. Inline data takes labels too.
plot "labels.dat" using 0:2:1 with labels, "labels.dat" using 2:3:(strcol(1)) with labels offset 1,1 left point pt 7 tc rgb "red" notitle, "labels.dat" using 3:2:1 with labels right rotate by 45 font ",8", '-' using 1:2:3 with labels
1 2 one
2 4 two
e
