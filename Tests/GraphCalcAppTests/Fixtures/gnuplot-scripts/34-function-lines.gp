# Functions with lines. graphcalc samples a function per pixel column, not at set samples
# points (deliberately: no aliasing, poles found): so its table has other x values, and
# the test checks that every gnuplot point lies on graphcalc's polyline.
# compare: on-curve
plot [-10:10] sin(x), atan(x), cos(atan(x))
