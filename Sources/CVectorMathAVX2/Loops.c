// The loops over glibc's libmvec AVX2 functions (see include/CVectorMathAVX2.h).
//
// The AVX2 variants (`_ZGVdN4v_sin` and so on: x86_64 Vector Function ABI, "d" = AVX2, N4 =
// four lanes unmasked, v = vector argument) take and return four doubles in ymm registers.
// This file is compiled with -mavx2 -mfma (Package.swift) so that the compiler passes
// __m256d in ymm registers in every build: with AVX enabled only by a function attribute,
// clang at -O0 passes them in memory and libmvec reads whatever the registers hold (seen:
// atan2's arguments swapped in a debug build).
//
// Every value goes through the same vector function, the last n % 4 in a padded vector, so
// a value does not depend on where it sits in the array.
#include "CVectorMathAVX2.h"

#if defined(__x86_64__) && defined(__AVX2__)
#include <immintrin.h>

#define GC_V1(name) __m256d _ZGVdN4v_##name(__m256d);
#define GC_V2(name) __m256d _ZGVdN4vv_##name(__m256d, __m256d);
GC_V1(sin) GC_V1(cos) GC_V1(tan) GC_V1(asin) GC_V1(acos) GC_V1(atan)
GC_V1(sinh) GC_V1(cosh) GC_V1(tanh) GC_V1(asinh) GC_V1(acosh) GC_V1(atanh)
GC_V1(exp) GC_V1(log) GC_V1(log10) GC_V1(log2) GC_V1(cbrt)
GC_V2(atan2) GC_V2(hypot)

// Exact operations under the same names, so the same loop macro serves them.
static inline __m256d gc_sqrt(__m256d x) { return _mm256_sqrt_pd(x); }
static inline __m256d gc_floor(__m256d x) { return _mm256_round_pd(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }
static inline __m256d gc_ceil(__m256d x) { return _mm256_round_pd(x, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC); }
static inline __m256d gc_trunc(__m256d x) { return _mm256_round_pd(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }
#define _ZGVdN4v_gc_sqrt gc_sqrt
#define _ZGVdN4v_gc_floor gc_floor
#define _ZGVdN4v_gc_ceil gc_ceil
#define _ZGVdN4v_gc_trunc gc_trunc

/// NaN where x or y is NaN, else r (C's hypot(inf, NaN) is inf; the plot programs' NaN).
static inline __m256d gc_strict(__m256d r, __m256d x, __m256d y) {
  return _mm256_blendv_pd(r, _mm256_set1_pd(__builtin_nan("")), _mm256_cmp_pd(x, y, _CMP_UNORD_Q));
}

#define GC_LOOP1(name)                                                                   \
  static void loop_##name(const double *a, double *d, long n) {                         \
    long i = 0;                                                                          \
    for (; i + 4 <= n; i += 4) _mm256_storeu_pd(d + i, _ZGVdN4v_##name(_mm256_loadu_pd(a + i))); \
    if (i < n) {                                                                         \
      double in[4] = { 0.5, 0.5, 0.5, 0.5 }, out[4];                                     \
      for (long k = 0; k < n - i; k++) in[k] = a[i + k];                                 \
      _mm256_storeu_pd(out, _ZGVdN4v_##name(_mm256_loadu_pd(in)));                       \
      for (long k = 0; k < n - i; k++) d[i + k] = out[k];                                \
    }                                                                                    \
  }
#define GC_LOOP2(name)                                                                   \
  static void loop_##name(const double *a, const double *b, double *d, long n) {        \
    long i = 0;                                                                          \
    for (; i + 4 <= n; i += 4) {                                                         \
      __m256d x = _mm256_loadu_pd(a + i), y = _mm256_loadu_pd(b + i);                    \
      _mm256_storeu_pd(d + i, gc_strict(_ZGVdN4vv_##name(x, y), x, y));                  \
    }                                                                                    \
    if (i < n) {                                                                         \
      double xs[4] = { 0.5, 0.5, 0.5, 0.5 }, ys[4] = { 0.5, 0.5, 0.5, 0.5 }, out[4];     \
      for (long k = 0; k < n - i; k++) { xs[k] = a[i + k]; ys[k] = b[i + k]; }           \
      __m256d x = _mm256_loadu_pd(xs), y = _mm256_loadu_pd(ys);                          \
      _mm256_storeu_pd(out, gc_strict(_ZGVdN4vv_##name(x, y), x, y));                    \
      for (long k = 0; k < n - i; k++) d[i + k] = out[k];                                \
    }                                                                                    \
  }
GC_LOOP1(sin) GC_LOOP1(cos) GC_LOOP1(tan) GC_LOOP1(asin) GC_LOOP1(acos) GC_LOOP1(atan)
GC_LOOP1(sinh) GC_LOOP1(cosh) GC_LOOP1(tanh) GC_LOOP1(asinh) GC_LOOP1(acosh) GC_LOOP1(atanh)
GC_LOOP1(exp) GC_LOOP1(log) GC_LOOP1(log10) GC_LOOP1(log2) GC_LOOP1(cbrt)
GC_LOOP1(gc_sqrt) GC_LOOP1(gc_floor) GC_LOOP1(gc_ceil) GC_LOOP1(gc_trunc)
GC_LOOP2(atan2) GC_LOOP2(hypot)

typedef void (*gc_loop1)(const double *, double *, long);
typedef void (*gc_loop2)(const double *, const double *, double *, long);

/// In the order of CVectorMath.h's GCVectorFunction1 and GCVectorFunction2.
static const gc_loop1 loops1[] = {
  loop_sin, loop_cos, loop_tan, loop_asin, loop_acos, loop_atan, loop_sinh, loop_cosh, loop_tanh,
  loop_asinh, loop_acosh, loop_atanh, loop_exp, loop_log, loop_log10, loop_log2, loop_cbrt,
  loop_gc_sqrt, loop_gc_floor, loop_gc_ceil, loop_gc_trunc,
};
static const gc_loop2 loops2[] = { loop_atan2, loop_hypot };

void gc_avx2_apply1(int function, const double *a, double *d, long n) {
  if (function >= 0 && function < (int)(sizeof loops1 / sizeof loops1[0])) loops1[function](a, d, n);
}

void gc_avx2_apply2(int function, const double *a, const double *b, double *d, long n) {
  if (function >= 0 && function < (int)(sizeof loops2 / sizeof loops2[0])) loops2[function](a, b, d, n);
}
#else
// Not x86_64 (or built without AVX2): never called, since CVectorMath finds no AVX2.
void gc_avx2_apply1(int function, const double *a, double *d, long n) {
  (void)function; (void)a; (void)d; (void)n;
}
void gc_avx2_apply2(int function, const double *a, const double *b, double *d, long n) {
  (void)function; (void)a; (void)b; (void)d; (void)n;
}
#endif
