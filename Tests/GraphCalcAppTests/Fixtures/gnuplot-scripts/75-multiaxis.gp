# compare: on-curve
# gnuplot's multiaxis demo (the electronics demo's amplitude and phase on four axes), its
# complex A(jw) written with real functions: |A(x)| on x1y1 (log x, log y) and the phase
# arg A(x) in degrees on x2y2 (log x2, linear y2, autoscaled on its own curve).
p1 = 10
p2 = 10000
set logscale xy
set log x2
unset log y2
set xrange [1.1 : 90000.0]
set x2range [1.1 : 90000.0]
set ytics nomirror
set y2tics
set autoscale y
set autoscale y2
plot x/sqrt(x**2+p1**2)/sqrt(1+(x/p2)**2) axes x1y1, 180./pi*(pi/2-atan(x/p1)-atan(x/p2)) axes x2y2
