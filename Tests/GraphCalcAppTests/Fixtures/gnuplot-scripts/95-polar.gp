# set polar (polar.dem's plots): each function item is r(t), t the angle over set trange.
# graphcalc samples the curve adaptively along t, not at set samples points, so the test
# checks that every gnuplot point lies on graphcalc's polyline and the ends are the same.
# compare: on-path
set polar
set trange [0:2*pi]
plot cos(2*t), 1-sin(t), .5
