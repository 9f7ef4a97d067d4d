// Whole arrays through glibc's libmvec where the processor has AVX2 and FMA, through the
// scalar libm functions elsewhere (see include/CVectorMath.h). This file is compiled for
// the baseline x86_64: it asks the processor before calling into CVectorMathAVX2.
#include "CVectorMath.h"
#include "CVectorMathAVX2.h"

#include <math.h>

#if defined(__x86_64__)
#include <cpuid.h>

/// Asks the processor (CPUID) for AVX2 and FMA, and the system (XGETBV) whether it saves the
/// ymm registers; the answer is kept (0 no, 1 yes, -1 not asked yet; read and written
/// atomically, so threads asking at once agree).
static int available = -1;

int gc_vector_math_available(void) {
  int answer = __atomic_load_n(&available, __ATOMIC_RELAXED);
  if (answer >= 0) return answer;
  unsigned a = 0, b = 0, c = 0, d = 0;
  answer = 0;
  if (__get_cpuid(1, &a, &b, &c, &d)) {
    int fma = (c >> 12) & 1, osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    if (fma && osxsave && avx) {
      unsigned lo, hi;
      __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
      if ((lo & 6) == 6 && __get_cpuid_count(7, 0, &a, &b, &c, &d)) answer = (b >> 5) & 1;
    }
  }
  __atomic_store_n(&available, answer, __ATOMIC_RELAXED);
  return answer;
}
#else
int gc_vector_math_available(void) { return 0; }
#endif

typedef double (*gc_s1)(double);
static const gc_s1 scalar1[GCVectorFunction1Count] = {
  sin, cos, tan, asin, acos, atan, sinh, cosh, tanh, asinh, acosh, atanh, exp, log, log10, log2, cbrt,
  sqrt, floor, ceil, trunc,
};

void gc_scalar_apply1(int function, const double *a, double *d, long n) {
  if (function < 0 || function >= GCVectorFunction1Count) return;
  gc_s1 f = scalar1[function];
  for (long i = 0; i < n; i++) d[i] = f(a[i]);
}

void gc_vector_apply1(int function, const double *a, double *d, long n) {
  if (function < 0 || function >= GCVectorFunction1Count) return;
  if (gc_vector_math_available()) {
    gc_avx2_apply1(function, a, d, n);
  } else {
    gc_scalar_apply1(function, a, d, n);
  }
}
