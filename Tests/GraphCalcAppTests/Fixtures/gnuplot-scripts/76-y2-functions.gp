# compare: on-curve
# Functions on y2 and x2 beside one on x1y1, each axis autoscaled on its own curve.
set y2tics
set x2tics
set x2range [0:100]
plot [0:10] sin(x), 100*cos(x) axes x1y2, x**2 axes x2y1
