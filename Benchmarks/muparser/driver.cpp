// muparser peer for graphcalc-bench: evaluates each expression given on standard input
// (one a line) at N values of x spread over [-10, 10], the way an application calls it
// (set x, Eval()), and prints "ns_per_value checksum" a line.
// Built by graphcalc-bench with the system C++ compiler when libmuparser-dev is present:
//   g++ -O2 -o muparser-driver driver.cpp -lmuparser
#include <muParser.h>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

int main(int argc, char **argv) {
  long n = argc > 1 ? std::stol(argv[1]) : 1000000;
  int rounds = argc > 2 ? std::stoi(argv[2]) : 5;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    try {
      double x = 0;
      mu::Parser p;
      p.DefineVar("x", &x);
      p.DefineConst("pi", 3.141592653589793);
      p.SetExpr(line);
      double best = 1e30, sum = 0;
      for (int r = 0; r < rounds; r++) {
        sum = 0;
        auto t0 = std::chrono::steady_clock::now();
        for (long i = 0; i < n; i++) {
          x = -10.0 + 20.0 * (double)i / (double)n;
          sum += p.Eval();
        }
        auto t1 = std::chrono::steady_clock::now();
        double ns = std::chrono::duration<double, std::nano>(t1 - t0).count() / (double)n;
        if (ns < best) best = ns;
      }
      std::printf("%.3f %.17g\n", best, sum);
    } catch (mu::Parser::exception_type &e) {
      std::printf("error %s\n", e.GetMsg().c_str());
    }
    std::fflush(stdout);
  }
  return 0;
}
