# A European CSV (';' and decimal commas) fitted as plot reads it.
set datafile separator ";"
set decimalsign locale "de_DE.UTF-8"
p(x) = a*x**2 + b*x + c
a = 1
b = 1
c = 1
set fit quiet
set fit limit 1e-12
fit p(x) "fit-comma.csv" using 1:2 via a, b, c
plot "fit-comma.csv" using 1:2 with points
