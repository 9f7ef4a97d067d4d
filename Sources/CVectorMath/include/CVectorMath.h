// CVectorMath: whole arrays of double through glibc's vector math library (libmvec).
//
// libmvec (glibc 2.22+, x86_64) evaluates four doubles at once with AVX2 and FMA under the
// x86_64 Vector Function ABI (`_ZGVdN4v_sin` and so on). Its results are within 4 ulps of
// the scalar libm functions (measured: Tests/CalculatorBrainTests/VectorMathTests.swift);
// NaN, infinities and the sign of zero agree with them, and where the scalar value is a round
// number (an integer, or x itself for tiny x) the scalar value is taken, so steps and
// comparisons see what the point evaluator sees. Square root and the roundings are single
// AVX instructions, exact like the scalar ones. On a processor without AVX2 and FMA
// every function here falls back to the scalar libm loop, so the results are then exactly
// the scalar ones.
#ifndef GRAPHCALC_CVECTORMATH_H
#define GRAPHCALC_CVECTORMATH_H

#ifdef __cplusplus
extern "C" {
#endif

/// The functions of one argument (codes for `gc_vector_apply1`).
typedef enum GCVectorFunction1 {
  GCVectorSin = 0,
  GCVectorCos,
  GCVectorTan,
  GCVectorAsin,
  GCVectorAcos,
  GCVectorAtan,
  GCVectorSinh,
  GCVectorCosh,
  GCVectorTanh,
  GCVectorAsinh,
  GCVectorAcosh,
  GCVectorAtanh,
  GCVectorExp,
  GCVectorLog,
  GCVectorLog10,
  GCVectorLog2,
  GCVectorCbrt,
  // Exact (the same values as the scalar functions): AVX instructions, not libmvec.
  GCVectorSqrt,
  GCVectorFloor,
  GCVectorCeil,
  GCVectorTrunc,
  GCVectorFunction1Count
} GCVectorFunction1;

/// 1 when the vector functions run (AVX2 and FMA present), 0 when the scalar fallback does.
int gc_vector_math_available(void);

/// `d[i] = f(a[i])` for `i` in `0..<n`; `a` and `d` may be the same array, and need no
/// alignment. A code out of range leaves `d` untouched.
void gc_vector_apply1(int function, const double *a, double *d, long n);

/// `d[i] = f(a[i])` through the scalar libm function (the reference for the vector one).
void gc_scalar_apply1(int function, const double *a, double *d, long n);

#ifdef __cplusplus
}
#endif

#endif
