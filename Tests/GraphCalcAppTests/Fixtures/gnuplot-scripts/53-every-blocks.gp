# every's block fields (point incr, block incr, start point, start block, end point, end
# block); every-blocks.dat has two data sets of three blocks (one blank line between blocks,
# two between data sets), whose blocks every counts from 0 in each data set.
plot "every-blocks.dat" every :::1::1 with points, "every-blocks.dat" every 2:2 with points, "every-blocks.dat" every 1:2:1:0:2:2 with points, "every-blocks.dat" every ::0:1::2 using 1:($2*10) with points
