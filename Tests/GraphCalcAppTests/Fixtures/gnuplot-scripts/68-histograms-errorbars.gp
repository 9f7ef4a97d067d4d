# gnuplot's histograms (histograms.dem's style): the table of errorbars histograms writes
# x = the record number, y and the bar's ylow and yhigh (from y ± dy, or the two columns).
set style data histograms
set style histogram errorbars gap 1 lw 2
set style fill solid border -1
plot "../histogram-clusters.dat" using 2:(0.5):xtic(1), '' using 3:2:4
