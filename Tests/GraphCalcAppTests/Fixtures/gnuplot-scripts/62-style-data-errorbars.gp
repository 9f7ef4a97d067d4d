# set style data yerrorbars: data items without `with` read a third column as gnuplot's do,
# and the table writes its low and high columns; set bars only changes the caps' size.
set bars large
set style data yerrorbars
set key bottom right box
plot "silver.dat" using 1:2:3
