// The loops over glibc's libmvec AVX2 functions (see include/CVectorMathAVX2.h).
//
// The AVX2 variants (`_ZGVdN4v_sin` and so on: x86_64 Vector Function ABI, "d" = AVX2, N4 =
// four lanes unmasked, v = vector argument) take and return four doubles in ymm registers.
// This file is compiled with -mavx2 -mfma on x86_64 (Package.swift) so that the compiler
// passes __m256d in ymm registers in every build: with AVX enabled only by a function
// attribute, clang at -O0 passes them in memory and libmvec reads whatever the registers hold
// (seen: atan2's arguments swapped in a debug build).
//
// Every value goes through the same vector function, the last n % 4 in a padded vector, so
// a value does not depend on where it sits in the array.
#include "CVectorMathAVX2.h"

#if defined(__x86_64__) && defined(__AVX2__)
#include <immintrin.h>
#include <math.h>

#define GC_V1(name) __m256d _ZGVdN4v_##name(__m256d);
GC_V1(sin) GC_V1(cos) GC_V1(tan) GC_V1(asin) GC_V1(acos) GC_V1(atan)
GC_V1(sinh) GC_V1(cosh) GC_V1(tanh) GC_V1(asinh) GC_V1(acosh) GC_V1(atanh)
GC_V1(exp) GC_V1(log) GC_V1(log10) GC_V1(log2) GC_V1(cbrt)

/// The lanes (a 4-bit mask) whose vector value `r` at `x` is replaced by the scalar one:
/// `|x| < 2^-26`, where the correctly rounded values are round numbers (`x` itself, 1), and a
/// value within 4 ulps of an integer below 2^52 (an integer included): `cos` near 0 and
/// `sin` near pi/2 are 1, `log10(1e7)` is 7, `cbrt(1e6)` is 100, `tanh(20)` is 1. There the
/// scalar function gives the round number that a step or a comparison then sees, and libmvec
/// may miss it by an ulp or more (`floor(cbrt(x))` drew 99 at x = 1e6).
static inline int gc_fixups(__m256d x, __m256d r) {
  const __m256d sign = _mm256_set1_pd(-0.0);
  __m256d ax = _mm256_andnot_pd(sign, x);
  __m256d ar = _mm256_andnot_pd(sign, r);
  __m256d tiny = _mm256_cmp_pd(ax, _mm256_set1_pd(0x1p-26), _CMP_LT_OQ);
  __m256d k = _mm256_round_pd(r, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  __m256d gap = _mm256_andnot_pd(sign, _mm256_sub_pd(r, k));
  __m256d near = _mm256_and_pd(
    _mm256_cmp_pd(gap, _mm256_mul_pd(ar, _mm256_set1_pd(0x1p-50)), _CMP_LE_OQ),
    _mm256_cmp_pd(ar, _mm256_set1_pd(0x1p52), _CMP_LT_OQ));
  return _mm256_movemask_pd(_mm256_or_pd(tiny, near));
}

/// `d[0..<4] = r`, with the lanes of `mask` from the scalar function `f` at `x` (kept in a
/// register: `d` may be where `x` was read from).
static inline void gc_store(double *d, __m256d x, __m256d r, int mask, double (*f)(double)) {
  if (mask) {
    double in[4], out[4];
    _mm256_storeu_pd(in, x);
    _mm256_storeu_pd(out, r);
    for (int k = 0; k < 4; k++) {
      if (mask & (1 << k)) out[k] = f(in[k]);
    }
    r = _mm256_loadu_pd(out);
  }
  _mm256_storeu_pd(d, r);
}

/// No lanes beyond the round-value rule.
static inline int gc_none4(__m256d x) { (void)x; return 0; }

/// The loop of a vector function: `vector` over a block of 64 values into a buffer, then the
/// lanes that the round-value rule (`gc_fixups`) or `extra` give to the scalar function,
/// stored to `d` (which may be `a`): two passes over a block in L1, as CVectorMathAVX512's
/// loops (where the rule's test right after each call cost more than the call).
#define GC_BLOCK 64
#define GC_LOOP_OF(name, vector, extra, scalar)                                          \
  static void loop_##name(const double *a, double *d, long n) {                         \
    double r[GC_BLOCK] __attribute__((aligned(64)));                                     \
    long i = 0;                                                                          \
    while (i + 4 <= n) {                                                                 \
      long m = (n - i) & ~3L;                                                            \
      if (m > GC_BLOCK) m = GC_BLOCK;                                                    \
      for (long k = 0; k < m; k += 4) _mm256_storeu_pd(r + k, vector(_mm256_loadu_pd(a + i + k))); \
      for (long k = 0; k < m; k += 4) {                                                  \
        __m256d x = _mm256_loadu_pd(a + i + k), v = _mm256_loadu_pd(r + k);              \
        gc_store(d + i + k, x, v, gc_fixups(x, v) | extra(x), scalar);                   \
      }                                                                                  \
      i += m;                                                                            \
    }                                                                                    \
    if (i < n) {                                                                         \
      double in[4] = { 0.5, 0.5, 0.5, 0.5 }, out[4];                                     \
      for (long k = 0; k < n - i; k++) in[k] = a[i + k];                                 \
      __m256d x = _mm256_loadu_pd(in);                                                   \
      __m256d v = vector(x);                                                             \
      gc_store(out, x, v, gc_fixups(x, v) | extra(x), scalar);                           \
      for (long k = 0; k < n - i; k++) d[i + k] = out[k];                                \
    }                                                                                    \
  }
#define GC_LOOP(name, scalar) GC_LOOP_OF(name, _ZGVdN4v_##name, gc_none4, scalar)
GC_LOOP(sin, sin) GC_LOOP(cos, cos) GC_LOOP(tan, tan) GC_LOOP(asin, asin) GC_LOOP(acos, acos)
GC_LOOP(atan, atan) GC_LOOP(sinh, sinh)
GC_LOOP(asinh, asinh) GC_LOOP(acosh, acosh) GC_LOOP(atanh, atanh) GC_LOOP(exp, exp)
GC_LOOP(log, log) GC_LOOP(log10, log10) GC_LOOP(log2, log2) GC_LOOP(cbrt, cbrt)

// cosh and tanh through libmvec's exp, whose four-lane values are its eight-lane ones bit
// for bit (CVectorMathAVX512 computes these two with the same operations in the same order,
// so both levels give the same values; libmvec's own cosh and tanh differ between its AVX2
// and AVX-512 variants in the last bits). Within 3 ulps of glibc's scalar functions over
// 4M x (Docs/performance.md, "Evaluation rows and the second core").

/// cosh x = (e^|x| + 1/e^|x|) / 2: two positive terms, so the error is exp's plus about an
/// ulp. Lanes with |x| > 709 (where e^|x| overflows before cosh does) take the scalar
/// function (`gc_cosh_scalar4`).
static inline __m256d gc_cosh4(__m256d x) {
  __m256d e = _ZGVdN4v_exp(_mm256_andnot_pd(_mm256_set1_pd(-0.0), x));
  return _mm256_mul_pd(_mm256_set1_pd(0.5), _mm256_add_pd(e, _mm256_div_pd(_mm256_set1_pd(1.0), e)));
}

/// The lanes of `gc_cosh4` that take the scalar cosh: |x| > 709.
static inline int gc_cosh_scalar4(__m256d x) {
  __m256d ax = _mm256_andnot_pd(_mm256_set1_pd(-0.0), x);
  return _mm256_movemask_pd(_mm256_cmp_pd(ax, _mm256_set1_pd(709.0), _CMP_GT_OQ));
}

/// tanh x with the sign of x: for |x| < 0.625 the rational approximation of Cephes' tanh.c
/// (S. L. Moshier, "Methods and Programs for Mathematical Functions", 1989; the same
/// coefficients as Go's math.Tanh), |x| + |x|^3 P(x^2)/Q(x^2); above, 1 - 2/(e^(2|x|) + 1)
/// (no cancellation there: the result is at least 0.55; an infinite e^(2|x|) gives 1). Each
/// part runs only when a lane needs it.
static inline __m256d gc_tanh4(__m256d x) {
  const __m256d sign = _mm256_set1_pd(-0.0);
  __m256d ax = _mm256_andnot_pd(sign, x);
  __m256d small = _mm256_cmp_pd(ax, _mm256_set1_pd(0.625), _CMP_LT_OQ);
  int m = _mm256_movemask_pd(small);
  __m256d r = ax;
  if (m != 0xF) {
    __m256d e = _ZGVdN4v_exp(_mm256_add_pd(ax, ax));
    r = _mm256_sub_pd(_mm256_set1_pd(1.0),
                      _mm256_div_pd(_mm256_set1_pd(2.0), _mm256_add_pd(e, _mm256_set1_pd(1.0))));
  }
  if (m != 0) {
    __m256d s = _mm256_mul_pd(ax, ax);
    __m256d p = _mm256_add_pd(
      _mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(-9.64399179425052238628E-1), s),
                                  _mm256_set1_pd(-9.92877231001918586564E1)), s),
      _mm256_set1_pd(-1.61468768441708447952E3));
    __m256d q = _mm256_add_pd(
      _mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_add_pd(s, _mm256_set1_pd(1.12811678491632931402E2)), s),
                                  _mm256_set1_pd(2.23548839060100448583E3)), s),
      _mm256_set1_pd(4.84406305325125486048E3));
    __m256d t = _mm256_add_pd(ax, _mm256_mul_pd(_mm256_mul_pd(ax, s), _mm256_div_pd(p, q)));
    r = _mm256_blendv_pd(r, t, small);
  }
  return _mm256_or_pd(r, _mm256_and_pd(sign, x));
}

/// The lanes of `gc_tanh4` that take the scalar tanh: none beyond the round-value rule.
static inline int gc_tanh_scalar4(__m256d x) { return gc_none4(x); }

#define GC_KERNEL(name, scalar) GC_LOOP_OF(name, gc_##name##4, gc_##name##_scalar4, scalar)
GC_KERNEL(cosh, cosh) GC_KERNEL(tanh, tanh)

// Exact operations (single AVX instructions, the same values as the scalar ones).
static inline __m256d gc_sqrt(__m256d x) { return _mm256_sqrt_pd(x); }
static inline __m256d gc_floor(__m256d x) { return _mm256_round_pd(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }
static inline __m256d gc_ceil(__m256d x) { return _mm256_round_pd(x, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC); }
static inline __m256d gc_trunc(__m256d x) { return _mm256_round_pd(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }
#define GC_EXACT(name)                                                                   \
  static void loop_##name(const double *a, double *d, long n) {                         \
    long i = 0;                                                                          \
    for (; i + 4 <= n; i += 4) _mm256_storeu_pd(d + i, name(_mm256_loadu_pd(a + i)));    \
    if (i < n) {                                                                         \
      double in[4] = { 0.5, 0.5, 0.5, 0.5 }, out[4];                                     \
      for (long k = 0; k < n - i; k++) in[k] = a[i + k];                                 \
      _mm256_storeu_pd(out, name(_mm256_loadu_pd(in)));                                  \
      for (long k = 0; k < n - i; k++) d[i + k] = out[k];                                \
    }                                                                                    \
  }
GC_EXACT(gc_sqrt) GC_EXACT(gc_floor) GC_EXACT(gc_ceil) GC_EXACT(gc_trunc)

typedef void (*gc_loop)(const double *, double *, long);

/// In the order of CVectorMath.h's GCVectorFunction1.
static const gc_loop loops[] = {
  loop_sin, loop_cos, loop_tan, loop_asin, loop_acos, loop_atan, loop_sinh, loop_cosh, loop_tanh,
  loop_asinh, loop_acosh, loop_atanh, loop_exp, loop_log, loop_log10, loop_log2, loop_cbrt,
  loop_gc_sqrt, loop_gc_floor, loop_gc_ceil, loop_gc_trunc,
};

void gc_avx2_apply1(int function, const double *a, double *d, long n) {
  if (function >= 0 && function < (int)(sizeof loops / sizeof loops[0])) loops[function](a, d, n);
}

// The arithmetic: one loop per step, four lanes and a scalar tail. `A` and `B` are the
// operands' vectors, `C` the constant's (`a`, `b`, `c` in the tail); the steps are IEEE 754
// operations in the scalar order (no contraction: -ffp-contract=off), so every lane equals
// the scalar value.
#define GC_ARITH(name, expr, scalar)                                                     \
  static void arith_##name(double *d, const double *a, const double *b, double c, long n) { \
    const __m256d C = _mm256_set1_pd(c);                                                 \
    (void)C;                                                                             \
    long i = 0;                                                                          \
    for (; i + 4 <= n; i += 4) {                                                         \
      __m256d A = a ? _mm256_loadu_pd(a + i) : C, B = b ? _mm256_loadu_pd(b + i) : C;    \
      (void)A; (void)B;                                                                  \
      _mm256_storeu_pd(d + i, (expr));                                                   \
    }                                                                                    \
    for (; i < n; i++) d[i] = (scalar);                                                  \
  }
GC_ARITH(copy, A, a[i])
GC_ARITH(fill, C, c)
GC_ARITH(negate, _mm256_xor_pd(A, _mm256_set1_pd(-0.0)), -a[i])
GC_ARITH(square, _mm256_mul_pd(A, A), a[i] * a[i])
GC_ARITH(cube, _mm256_mul_pd(_mm256_mul_pd(A, A), A), a[i] * a[i] * a[i])
GC_ARITH(add, _mm256_add_pd(A, B), a[i] + b[i])
GC_ARITH(addC, _mm256_add_pd(A, C), a[i] + c)
GC_ARITH(subtract, _mm256_sub_pd(A, B), a[i] - b[i])
GC_ARITH(subtractCR, _mm256_sub_pd(C, A), c - a[i])
GC_ARITH(multiply, _mm256_mul_pd(A, B), a[i] * b[i])
GC_ARITH(multiplyC, _mm256_mul_pd(A, C), a[i] * c)
GC_ARITH(multiplyAddC, _mm256_add_pd(_mm256_mul_pd(A, B), C), a[i] * b[i] + c)
GC_ARITH(divide, _mm256_div_pd(A, B), a[i] / b[i])
GC_ARITH(divideC, _mm256_div_pd(A, C), a[i] / c)
GC_ARITH(divideCR, _mm256_div_pd(C, A), c / a[i])

typedef void (*gc_arith)(double *, const double *, const double *, double, long);

/// In the order of CVectorMath.h's GCVectorArithmetic.
static const gc_arith ariths[] = {
  arith_copy, arith_fill, arith_negate, arith_square, arith_cube, arith_add, arith_addC,
  arith_subtract, arith_subtractCR, arith_multiply, arith_multiplyC, arith_multiplyAddC,
  arith_divide, arith_divideC, arith_divideCR,
};

void gc_avx2_arithmetic(int op, double *d, const double *a, const double *b, double c, long n) {
  if (op >= 0 && op < (int)(sizeof ariths / sizeof ariths[0])) ariths[op](d, a, b, c, n);
}
#else
// Not x86_64 (or built without AVX2): never called, since CVectorMath finds no AVX2.
void gc_avx2_apply1(int function, const double *a, double *d, long n) {
  (void)function; (void)a; (void)d; (void)n;
}
void gc_avx2_arithmetic(int op, double *d, const double *a, const double *b, double c, long n) {
  (void)op; (void)d; (void)a; (void)b; (void)c; (void)n;
}
#endif
