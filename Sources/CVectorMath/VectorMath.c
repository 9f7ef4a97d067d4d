// Whole arrays through glibc's libmvec where the processor has AVX-512 (eight lanes) or AVX2
// and FMA (four), through the scalar libm functions elsewhere (see include/CVectorMath.h).
// This file is compiled for the baseline x86_64: it asks the processor before calling into
// CVectorMathAVX512 or CVectorMathAVX2.
#include "CVectorMath.h"
#include "CVectorMathAVX2.h"
#include "CVectorMathAVX512.h"

#include <math.h>

#if defined(__x86_64__)
#include <cpuid.h>

/// Asks the processor (CPUID) and the system (XGETBV: which register state it saves) for the
/// widest vector math this machine runs: 2 with AVX-512 F, DQ, VL and BW and the opmask and
/// zmm state saved; 1 with AVX2 and FMA and the ymm state saved; 0 otherwise. The answer is
/// kept (-1: not asked yet; read and written atomically, so threads asking at once agree).
static int detected = -1;

static int gc_detect(void) {
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  int fma = (c >> 12) & 1, osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
  if (!(fma && osxsave && avx)) return 0;
  unsigned lo, hi;
  __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  if ((lo & 6) != 6 || !__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
  if (!((b >> 5) & 1)) return 0;  // AVX2
  // AVX-512: F (bit 16), DQ (17), BW (30), VL (31) of leaf 7's EBX; the system saves the
  // opmask, the upper halves of zmm0-15 and zmm16-31 (XCR0 bits 5, 6, 7).
  unsigned avx512 = (1u << 16) | (1u << 17) | (1u << 30) | (1u << 31);
  if ((b & avx512) == avx512 && (lo & 0xe0) == 0xe0) return 2;
  return 1;
}

int gc_vector_math_level(void) {
  int answer = __atomic_load_n(&detected, __ATOMIC_RELAXED);
  if (answer >= 0) return answer;
  answer = gc_detect();
  __atomic_store_n(&detected, answer, __ATOMIC_RELAXED);
  return answer;
}
#else
int gc_vector_math_level(void) { return 0; }
#endif

int gc_vector_math_available(void) { return gc_vector_math_level() > 0; }

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

/// Whether AVX-512's variant of `function` gives the AVX2 variant's values bit for bit, so
/// that choosing the wider one changes no output (goldens, exported tables print 17
/// digits). Measured over 2,097,152 x (every exponent, [-50, 50], [-750, 750]): sin, cos,
/// sinh and exp agree everywhere, and the exact operations are exact in both; cosh and tanh
/// are our kernels over exp (the same operations at both levels); tan, the inverse
/// functions, log, log10, log2 and cbrt differ in the last bits of up to half their values
/// (within 4 ulps of libm either way), so they keep the AVX2 variant.
static int gc_avx512_same_as_avx2(int function) {
  switch (function) {
  case GCVectorSin: case GCVectorCos: case GCVectorSinh: case GCVectorExp: case GCVectorSqrt:
  case GCVectorFloor: case GCVectorCeil: case GCVectorTrunc: case GCVectorCosh: case GCVectorTanh:
    return 1;
  default:
    return 0;
  }
}

void gc_vector_apply1_at(int level, int function, const double *a, double *d, long n) {
  if (function < 0 || function >= GCVectorFunction1Count) return;
  int best = gc_vector_math_level();
  if (level > best) level = best;
  if (level >= 2 && !gc_avx512_same_as_avx2(function)) level = 1;
  if (level >= 2) {
    gc_avx512_apply1(function, a, d, n);
  } else if (level == 1) {
    gc_avx2_apply1(function, a, d, n);
  } else {
    gc_scalar_apply1(function, a, d, n);
  }
}

void gc_vector_apply1(int function, const double *a, double *d, long n) {
  gc_vector_apply1_at(gc_vector_math_level(), function, a, d, n);
}

void gc_scalar_arithmetic(int op, double *d, const double *a, const double *b, double c, long n) {
  long i = 0;
  switch (op) {
  case GCArithmeticCopy: for (; i < n; i++) d[i] = a[i]; break;
  case GCArithmeticFill: for (; i < n; i++) d[i] = c; break;
  case GCArithmeticNegate: for (; i < n; i++) d[i] = -a[i]; break;
  case GCArithmeticSquare: for (; i < n; i++) d[i] = a[i] * a[i]; break;
  case GCArithmeticCube: for (; i < n; i++) d[i] = a[i] * a[i] * a[i]; break;
  case GCArithmeticAdd: for (; i < n; i++) d[i] = a[i] + b[i]; break;
  case GCArithmeticAddC: for (; i < n; i++) d[i] = a[i] + c; break;
  case GCArithmeticSubtract: for (; i < n; i++) d[i] = a[i] - b[i]; break;
  case GCArithmeticSubtractCR: for (; i < n; i++) d[i] = c - a[i]; break;
  case GCArithmeticMultiply: for (; i < n; i++) d[i] = a[i] * b[i]; break;
  case GCArithmeticMultiplyC: for (; i < n; i++) d[i] = a[i] * c; break;
  case GCArithmeticMultiplyAddC: for (; i < n; i++) d[i] = a[i] * b[i] + c; break;
  case GCArithmeticDivide: for (; i < n; i++) d[i] = a[i] / b[i]; break;
  case GCArithmeticDivideC: for (; i < n; i++) d[i] = a[i] / c; break;
  case GCArithmeticDivideCR: for (; i < n; i++) d[i] = c / a[i]; break;
  default: break;
  }
}

void gc_vector_arithmetic_at(int level, int op, double *d, const double *a, const double *b,
                             double c, long n) {
  if (op < 0 || op >= GCArithmeticCount) return;
  int best = gc_vector_math_level();
  if (level > best) level = best;
  if (level >= 2) {
    gc_avx512_arithmetic(op, d, a, b, c, n);
  } else if (level == 1) {
    gc_avx2_arithmetic(op, d, a, b, c, n);
  } else {
    gc_scalar_arithmetic(op, d, a, b, c, n);
  }
}

int gc_any_nan(const double *a, long n) {
  // x != x only for NaN; the loop has no early exit so the compiler may vectorise it.
  int any = 0;
  for (long i = 0; i < n; i++) any |= a[i] != a[i];
  return any;
}
