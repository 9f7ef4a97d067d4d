# Nested loops, gnuplot 4's one-line if, and a string loop variable's value.
total = 0
do for [a = 1:4] {
  do for [b = a:4] {
    if (b == 3) { continue }
    total = total + a * b
  }
}
odd = 0
do for [q = 1:9] { if (q % 2) { odd = odd + q } else { odd = odd - 1 } }
if (odd > 20) odd = odd * 2; else odd = 0
last = 0
do for [x in "3 1 4 1 5"] { last = last * 10 + x }
# compare: variables total odd last
plot 'steps.dat' using 1:($2 * total / 100.0) with lines
