# do for, while, if / else nested, break and continue, with the loop's values kept in
# variables; the last plot uses them.
s = 0; p = 1; m = 0
do for [i = 1:10] {
  if (i % 3 == 0) {
    s = s + i
  } else {
    if (i % 3 == 1) {
      p = p * i
    } else {
      m = m + 1
    }
  }
}
k = 0
while (k < 100) {
  k = k + 7
  if (k > 50) { break }
}
c = 0
do for [j = 10:1:-2] { if (j == 6) { continue }; c = c + j }
n = 0
do for [w in "alpha beta gamma"] { n = n + strlen(w) }
# compare: variables s p m k c n
plot 'steps.dat' using 1:($2 + s + k/10.0) with points
