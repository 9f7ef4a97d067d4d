# A European CSV: ';' separators and decimal commas. gnuplot reads the commas through the
# locale (set decimalsign locale); graphcalc detects them where the separator is ';'.
set datafile separator ";"
set decimalsign locale "de_DE.UTF-8"
plot "comma.csv" using 1:2 with points, "comma.csv" using 1:($3*10) with points
