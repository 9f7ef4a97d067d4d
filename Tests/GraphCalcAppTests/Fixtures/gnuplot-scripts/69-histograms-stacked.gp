# gnuplot's rowstacked histograms with newhistogram items (histograms.dem's last plot): the
# table writes x = the record number and y, whatever the stacking and the histogram's start.
set style data histograms
set style histogram rowstacked
set boxwidth 0.8
plot newhistogram "A", "../histogram-clusters.dat" using 2:xtic(1), '' using 3, newhistogram "B" lt 4, '' using 4
