// The loops over glibc's libmvec AVX-512 functions and the batch arithmetic, eight lanes at a
// time (see include/CVectorMathAVX512.h).
//
// The AVX-512 variants (`_ZGVeN8v_sin` and so on: x86_64 Vector Function ABI, "e" = AVX-512,
// N8 = eight lanes unmasked, v = vector argument) take and return eight doubles in a zmm
// register. glibc 2.36 ships them for every function of CVectorMath.h but the exact ones
// (measured on an AMD EPYC with AVX-512 here: 0.66-0.85x the time of the AVX2 variants, and
// within 3 ulps of the scalar functions; their values differ from the AVX2 ones in the last
// bits for tan, cosh, tanh, the inverse functions, log, log10, log2 and cbrt, so CVectorMath
// calls only sin, cos, sinh, exp and the exact ones here: `gc_avx512_same_as_avx2`). This file is compiled with the AVX-512 flags (Package.swift) so
// that __m512d travels in zmm registers in every build, as CVectorMathAVX2 does for ymm.
//
// Every value goes through the same vector function, the last n % 8 in a masked, padded
// vector, so a value does not depend on where it sits in the array.
#include "CVectorMathAVX512.h"

#if defined(__x86_64__) && defined(__AVX512F__) && defined(__AVX512DQ__)
#include <immintrin.h>
#include <math.h>

#define GC_V1(name) __m512d _ZGVeN8v_##name(__m512d);
GC_V1(sin) GC_V1(cos) GC_V1(tan) GC_V1(asin) GC_V1(acos) GC_V1(atan)
GC_V1(sinh) GC_V1(cosh) GC_V1(tanh) GC_V1(asinh) GC_V1(acosh) GC_V1(atanh)
GC_V1(exp) GC_V1(log) GC_V1(log10) GC_V1(log2) GC_V1(cbrt)

/// The lanes whose vector value `r` at `x` is replaced by the scalar one, by the rule of
/// CVectorMathAVX2's `gc_fixups`: `|x| < 2^-26`, or a value within 4 ulps of an integer
/// below 2^52 (an integer included), where the scalar function gives the round number.
static inline __mmask8 gc_fixups8(__m512d x, __m512d r) {
  __m512d ax = _mm512_abs_pd(x);
  __m512d ar = _mm512_abs_pd(r);
  __mmask8 tiny = _mm512_cmp_pd_mask(ax, _mm512_set1_pd(0x1p-26), _CMP_LT_OQ);
  __m512d k = _mm512_roundscale_pd(r, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  __m512d gap = _mm512_abs_pd(_mm512_sub_pd(r, k));
  __mmask8 near = _mm512_cmp_pd_mask(gap, _mm512_mul_pd(ar, _mm512_set1_pd(0x1p-50)), _CMP_LE_OQ)
    & _mm512_cmp_pd_mask(ar, _mm512_set1_pd(0x1p52), _CMP_LT_OQ);
  return tiny | near;
}

/// `r` with the lanes of `mask` from the scalar function `f` at `x`.
static inline __m512d gc_patch8(__m512d x, __m512d r, __mmask8 mask, double (*f)(double)) {
  if (!mask) return r;
  double in[8], out[8];
  _mm512_storeu_pd(in, x);
  _mm512_storeu_pd(out, r);
  for (int k = 0; k < 8; k++) {
    if (mask & (1 << k)) out[k] = f(in[k]);
  }
  return _mm512_loadu_pd(out);
}

/// No lanes beyond the round-value rule.
static inline __mmask8 gc_none8(__m512d x) { (void)x; return 0; }

/// The loop of a vector function: `vector` over a block of 64 values into a buffer, then the
/// lanes that the round-value rule (`gc_fixups8`) or `extra` give to the scalar function,
/// stored to `d` (which may be `a`). Two passes over a block in L1 rather than the rule's
/// test right after each call: that test waited on the call's result and cost more than the
/// call (exp 0.57 ns a value alone, 1.24 with the test after each call, 0.71 in two passes;
/// our cosh 0.63, 1.78 and 0.81: best of 40 over 1M values, load 20).
#define GC_BLOCK 64
#define GC_LOOP_OF(name, vector, extra, scalar)                                          \
  static void loop_##name(const double *a, double *d, long n) {                         \
    double r[GC_BLOCK] __attribute__((aligned(64)));                                     \
    long i = 0;                                                                          \
    while (i + 8 <= n) {                                                                 \
      long m = (n - i) & ~7L;                                                            \
      if (m > GC_BLOCK) m = GC_BLOCK;                                                    \
      for (long k = 0; k < m; k += 8) _mm512_storeu_pd(r + k, vector(_mm512_loadu_pd(a + i + k))); \
      for (long k = 0; k < m; k += 8) {                                                  \
        __m512d x = _mm512_loadu_pd(a + i + k), v = _mm512_loadu_pd(r + k);              \
        _mm512_storeu_pd(d + i + k, gc_patch8(x, v, gc_fixups8(x, v) | extra(x), scalar)); \
      }                                                                                  \
      i += m;                                                                            \
    }                                                                                    \
    if (i < n) {                                                                         \
      __mmask8 live = (__mmask8)((1u << (n - i)) - 1);                                   \
      __m512d x = _mm512_mask_loadu_pd(_mm512_set1_pd(0.5), live, a + i);                \
      __m512d v = vector(x);                                                             \
      __m512d w = gc_patch8(x, v, (gc_fixups8(x, v) | extra(x)) & live, scalar);         \
      _mm512_mask_storeu_pd(d + i, live, w);                                             \
    }                                                                                    \
  }
#define GC_LOOP(name) GC_LOOP_OF(name, _ZGVeN8v_##name, gc_none8, name)
GC_LOOP(sin) GC_LOOP(cos) GC_LOOP(tan) GC_LOOP(asin) GC_LOOP(acos) GC_LOOP(atan)
GC_LOOP(sinh) GC_LOOP(asinh) GC_LOOP(acosh) GC_LOOP(atanh)
GC_LOOP(exp) GC_LOOP(log) GC_LOOP(log10) GC_LOOP(log2) GC_LOOP(cbrt)

// cosh and tanh through libmvec's exp: CVectorMathAVX2's `gc_cosh4` and `gc_tanh4` eight
// lanes at a time, the same operations in the same order (and exp's eight-lane values are
// its four-lane ones), so both levels give the same values bit for bit.

/// cosh x = (e^|x| + 1/e^|x|) / 2 (see CVectorMathAVX2's `gc_cosh4`).
static inline __m512d gc_cosh8(__m512d x) {
  __m512d e = _ZGVeN8v_exp(_mm512_abs_pd(x));
  return _mm512_mul_pd(_mm512_set1_pd(0.5), _mm512_add_pd(e, _mm512_div_pd(_mm512_set1_pd(1.0), e)));
}

/// The lanes of `gc_cosh8` that take the scalar cosh: |x| > 709.
static inline __mmask8 gc_cosh_scalar8(__m512d x) {
  return _mm512_cmp_pd_mask(_mm512_abs_pd(x), _mm512_set1_pd(709.0), _CMP_GT_OQ);
}

/// tanh x (see CVectorMathAVX2's `gc_tanh4`: Cephes' rational below 0.625, else
/// 1 - 2/(e^(2|x|) + 1)).
static inline __m512d gc_tanh8(__m512d x) {
  __m512d ax = _mm512_abs_pd(x);
  __mmask8 small = _mm512_cmp_pd_mask(ax, _mm512_set1_pd(0.625), _CMP_LT_OQ);
  __m512d r = ax;
  if (small != 0xFF) {
    __m512d e = _ZGVeN8v_exp(_mm512_add_pd(ax, ax));
    r = _mm512_sub_pd(_mm512_set1_pd(1.0),
                      _mm512_div_pd(_mm512_set1_pd(2.0), _mm512_add_pd(e, _mm512_set1_pd(1.0))));
  }
  if (small != 0) {
    __m512d s = _mm512_mul_pd(ax, ax);
    __m512d p = _mm512_add_pd(
      _mm512_mul_pd(_mm512_add_pd(_mm512_mul_pd(_mm512_set1_pd(-9.64399179425052238628E-1), s),
                                  _mm512_set1_pd(-9.92877231001918586564E1)), s),
      _mm512_set1_pd(-1.61468768441708447952E3));
    __m512d q = _mm512_add_pd(
      _mm512_mul_pd(_mm512_add_pd(_mm512_mul_pd(_mm512_add_pd(s, _mm512_set1_pd(1.12811678491632931402E2)), s),
                                  _mm512_set1_pd(2.23548839060100448583E3)), s),
      _mm512_set1_pd(4.84406305325125486048E3));
    __m512d t = _mm512_add_pd(ax, _mm512_mul_pd(_mm512_mul_pd(ax, s), _mm512_div_pd(p, q)));
    r = _mm512_mask_blend_pd(small, r, t);
  }
  __m512d sign = _mm512_castsi512_pd(
    _mm512_and_si512(_mm512_castpd_si512(x), _mm512_set1_epi64((long long)0x8000000000000000ULL)));
  return _mm512_or_pd(r, sign);
}

/// The lanes of `gc_tanh8` that take the scalar tanh: none beyond the round-value rule.
static inline __mmask8 gc_tanh_scalar8(__m512d x) { return gc_none8(x); }

#define GC_KERNEL(name) GC_LOOP_OF(name, gc_##name##8, gc_##name##_scalar8, name)
GC_KERNEL(cosh) GC_KERNEL(tanh)

// Exact operations (single AVX-512 instructions, the same values as the scalar ones).
static inline __m512d gc_sqrt(__m512d x) { return _mm512_sqrt_pd(x); }
static inline __m512d gc_floor(__m512d x) { return _mm512_roundscale_pd(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }
static inline __m512d gc_ceil(__m512d x) { return _mm512_roundscale_pd(x, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC); }
static inline __m512d gc_trunc(__m512d x) { return _mm512_roundscale_pd(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }
#define GC_EXACT(name)                                                                   \
  static void loop_##name(const double *a, double *d, long n) {                         \
    long i = 0;                                                                          \
    for (; i + 8 <= n; i += 8) _mm512_storeu_pd(d + i, name(_mm512_loadu_pd(a + i)));    \
    if (i < n) {                                                                         \
      __mmask8 live = (__mmask8)((1u << (n - i)) - 1);                                   \
      __m512d x = _mm512_mask_loadu_pd(_mm512_set1_pd(0.5), live, a + i);                \
      _mm512_mask_storeu_pd(d + i, live, name(x));                                       \
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

void gc_avx512_apply1(int function, const double *a, double *d, long n) {
  if (function >= 0 && function < (int)(sizeof loops / sizeof loops[0])) loops[function](a, d, n);
}

// The arithmetic: one loop per step, eight lanes and a masked tail. `A` and `B` are the
// operands' vectors, `C` the constant's; the steps are IEEE 754 operations in the scalar
// order (no contraction: -ffp-contract=off), so every lane equals the scalar value.
#define GC_ARITH(name, expr)                                                             \
  static void arith_##name(double *d, const double *a, const double *b, double c, long n) { \
    (void)a; (void)b; (void)c;                                                           \
    const __m512d C = _mm512_set1_pd(c);                                                 \
    (void)C;                                                                             \
    long i = 0;                                                                          \
    for (; i + 8 <= n; i += 8) {                                                         \
      __m512d A = a ? _mm512_loadu_pd(a + i) : C, B = b ? _mm512_loadu_pd(b + i) : C;    \
      (void)A; (void)B;                                                                  \
      _mm512_storeu_pd(d + i, (expr));                                                   \
    }                                                                                    \
    if (i < n) {                                                                         \
      __mmask8 live = (__mmask8)((1u << (n - i)) - 1);                                   \
      __m512d A = a ? _mm512_mask_loadu_pd(C, live, a + i) : C;                          \
      __m512d B = b ? _mm512_mask_loadu_pd(C, live, b + i) : C;                          \
      (void)A; (void)B;                                                                  \
      _mm512_mask_storeu_pd(d + i, live, (expr));                                        \
    }                                                                                    \
  }
GC_ARITH(copy, A)
GC_ARITH(fill, C)
GC_ARITH(negate, _mm512_xor_pd(A, _mm512_set1_pd(-0.0)))
GC_ARITH(square, _mm512_mul_pd(A, A))
GC_ARITH(cube, _mm512_mul_pd(_mm512_mul_pd(A, A), A))
GC_ARITH(add, _mm512_add_pd(A, B))
GC_ARITH(addC, _mm512_add_pd(A, C))
GC_ARITH(subtract, _mm512_sub_pd(A, B))
GC_ARITH(subtractCR, _mm512_sub_pd(C, A))
GC_ARITH(multiply, _mm512_mul_pd(A, B))
GC_ARITH(multiplyC, _mm512_mul_pd(A, C))
GC_ARITH(multiplyAddC, _mm512_add_pd(_mm512_mul_pd(A, B), C))
GC_ARITH(divide, _mm512_div_pd(A, B))
GC_ARITH(divideC, _mm512_div_pd(A, C))
GC_ARITH(divideCR, _mm512_div_pd(C, A))

typedef void (*gc_arith)(double *, const double *, const double *, double, long);

/// In the order of CVectorMath.h's GCVectorArithmetic.
static const gc_arith ariths[] = {
  arith_copy, arith_fill, arith_negate, arith_square, arith_cube, arith_add, arith_addC,
  arith_subtract, arith_subtractCR, arith_multiply, arith_multiplyC, arith_multiplyAddC,
  arith_divide, arith_divideC, arith_divideCR,
};

void gc_avx512_arithmetic(int op, double *d, const double *a, const double *b, double c, long n) {
  if (op >= 0 && op < (int)(sizeof ariths / sizeof ariths[0])) ariths[op](d, a, b, c, n);
}
#else
// Not x86_64 (or built without AVX-512): never called, since CVectorMath finds no AVX-512.
void gc_avx512_apply1(int function, const double *a, double *d, long n) {
  (void)function; (void)a; (void)d; (void)n;
}
void gc_avx512_arithmetic(int op, double *d, const double *a, const double *b, double c, long n) {
  (void)op; (void)d; (void)a; (void)b; (void)c; (void)n;
}
#endif
