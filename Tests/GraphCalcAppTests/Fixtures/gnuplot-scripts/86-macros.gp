# Macros: @NAME expands a string variable (gnuplot 5 needs no set macros; it is accepted).
set macros
file = "'silver.dat'"
cols = "using 1:($2/10)"
style = "with points"
plot @file @cols @style
