# column("name") reads the header row of ../using.dat (t temp rain). gnuplot needs
# set datafile columnheaders for that; graphcalc detects the header itself, and takes the
# setting too.
set datafile columnheaders
plot "../using.dat" using (column("t")/3600):(column("temp")) with points
