# The pseudo-files '+' (set samples values over the x range) and '++' (u over urange, v over
# vrange), and filledcurves xy=X,Y, whose comma does not end the item (fillcrvs.dem).
set samples 11
set urange [0:1]
set vrange [0:2]
plot [0:2] '+' using 1:(sin($1)) with points, '+' using 1:($1**2) with lines, '++' using 1:2 with points, -2.5+cos(x) with filledcurve xy=-5,-4.
