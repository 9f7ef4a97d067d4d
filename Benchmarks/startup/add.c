/* The start-up peer of graphcalc-bench: the least a program can do for `-e 1+1`. Linked
   statically (cc -O2 -static), as graphcalc's release binary is: it reads its one argument
   "A+B" with strtod, adds and prints the sum with printf, so it runs C's start-up, stdio and
   number formatting and nothing more. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  char *end;
  double a = strtod(argv[2], &end);
  if (*end != '+') return 2;
  double b = strtod(end + 1, NULL);
  printf("%.15g\n", a + b);
  return 0;
}
