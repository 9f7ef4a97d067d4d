# impulses, after gnuplot's simple.dem (whose besj0(x)*0.12e1: graphcalc has no Bessel
# functions, so a damped cosine here). A function with impulses is sampled as gnuplot's
# set samples says: the default 100 points.
plot [-30:20] cos(x)*exp(-x*x/200)*0.12e1 with impulses
