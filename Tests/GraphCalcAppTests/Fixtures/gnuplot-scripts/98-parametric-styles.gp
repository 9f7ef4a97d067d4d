# set parametric (param.dem, airfoil.dem, spline.dem, fillcrvs.dem): styled pairs are
# sampled at set samples values of the parameter, as gnuplot samples them; [u=A:B] names
# the parameter for the plot (gnuplot 5.4 keeps t in parametric mode after set dummy u).
# compare: titles
set parametric
set samples 20
plot [u=0:1] sin(u),cos(u) with points title "c", u,u**2 with linespoints lw 2 lc rgb "red" title "p", u/2,1-u with filledcurves xy=0,0 title "f"
