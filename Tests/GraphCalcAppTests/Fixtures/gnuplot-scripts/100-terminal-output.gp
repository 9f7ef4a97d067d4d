# The lines gnuplot scripts begin with: set terminal, set output, and settings that change
# nothing graphcalc draws. The plots go to /dev/null (so neither program leaves a file);
# the table is the last plot's, after set term push/pop and a refresh.
set terminal pngcairo size 800,600 enhanced font "Arial,10" background rgb "white"
set output "/dev/null"
set encoding utf8
set termoption noenhanced
set clip two
set title "terminal"
plot [0:3] x**2 with points title "square"
set terminal push
set terminal svg size 600,400 dynamic
set output "/dev/null"
replot
set terminal pop
set title "refreshed"
refresh
set output
