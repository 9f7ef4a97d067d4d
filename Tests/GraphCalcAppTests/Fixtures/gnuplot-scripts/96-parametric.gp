# set parametric: two function items X(t), Y(t) are one curve, t over set trange.
# graphcalc samples the curve adaptively along t, not at set samples points, so the test
# checks that every gnuplot point lies on graphcalc's polyline and the ends are the same.
# compare: on-path
set parametric
set trange [-pi:pi]
plot 3*cos(t), 2*sin(t), t/2, sin(2*t)
