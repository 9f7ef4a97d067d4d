// CVectorMath: whole arrays of double through glibc's vector math library (libmvec).
//
// libmvec (glibc 2.22+, x86_64) evaluates eight doubles at once with AVX-512 or four with
// AVX2 and FMA under the x86_64 Vector Function ABI (`_ZGVeN8v_sin`, `_ZGVdN4v_sin` and so
// on), chosen at run time (CPUID); cosh and tanh are our kernels over its exp (Cephes'
// rational for tanh below 0.625), the same values at both widths. Its results are within 4 ulps of
// the scalar libm functions (measured: Tests/CalculatorBrainTests/VectorMathTests.swift);
// NaN, infinities and the sign of zero agree with them, and where the scalar value is a round
// number (an integer, or x itself for tiny x) the scalar value is taken, so steps and
// comparisons see what the point evaluator sees. Square root and the roundings are single
// AVX instructions, exact like the scalar ones, and so is the arithmetic of batch programs
// (`gc_vector_arithmetic_at`). On a processor without AVX2 and FMA
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

/// The arithmetic steps of a batch program (codes for `gc_vector_arithmetic_at`): `d[i] =`
/// `a[i]`, `c`, `-a[i]`, `a[i]*a[i]`, `a[i]*a[i]*a[i]`, `a[i]+b[i]`, `a[i]+c`, `a[i]-b[i]`,
/// `c-a[i]`, `a[i]*b[i]`, `a[i]*c`, `a[i]*b[i]+c` (two roundings), `a[i]/b[i]`, `a[i]/c`,
/// `c/a[i]`.
typedef enum GCVectorArithmetic {
  GCArithmeticCopy = 0,
  GCArithmeticFill,
  GCArithmeticNegate,
  GCArithmeticSquare,
  GCArithmeticCube,
  GCArithmeticAdd,
  GCArithmeticAddC,
  GCArithmeticSubtract,
  GCArithmeticSubtractCR,
  GCArithmeticMultiply,
  GCArithmeticMultiplyC,
  GCArithmeticMultiplyAddC,
  GCArithmeticDivide,
  GCArithmeticDivideC,
  GCArithmeticDivideCR,
  GCArithmeticCount
} GCVectorArithmetic;

/// The widest vector math the processor and system run (CPUID, XGETBV; asked once): 2 for
/// AVX-512 (F, DQ, VL, BW: glibc's eight-lane `_ZGVeN8v_` functions), 1 for AVX2 and FMA
/// (the four-lane `_ZGVdN4v_` ones), 0 for the scalar libm functions.
int gc_vector_math_level(void);

/// 1 when the vector functions run (level 1 or 2), 0 when the scalar fallback does.
int gc_vector_math_available(void);

/// `gc_vector_apply1` at the given level (0 scalar, 1 AVX2, 2 AVX-512), or at the machine's
/// level when that is lower: for tests that compare the paths.
void gc_vector_apply1_at(int level, int function, const double *a, double *d, long n);

/// The arithmetic step `op` (a `GCVectorArithmetic`) over `n` values at the given level (as
/// `gc_vector_apply1_at`): the same values at every level, bit for bit (IEEE 754 operations
/// in the written order, no fused multiply-add). `d` may be `a` or `b`; operands a step does
/// not read may be anything. A code out of range leaves `d` untouched.
void gc_vector_arithmetic_at(int level, int op, double *d, const double *a, const double *b,
                             double c, long n);

/// The arithmetic step `op` by the scalar loops (the reference for the vector ones).
void gc_scalar_arithmetic(int op, double *d, const double *a, const double *b, double c, long n);

/// 1 when one of `a[0..<n]` is NaN.
int gc_any_nan(const double *a, long n);

/// `d[i] = f(a[i])` for `i` in `0..<n`; `a` and `d` may be the same array, and need no
/// alignment. A code out of range leaves `d` untouched.
void gc_vector_apply1(int function, const double *a, double *d, long n);

/// `d[i] = f(a[i])` through the scalar libm function (the reference for the vector one).
void gc_scalar_apply1(int function, const double *a, double *d, long n);

#ifdef __cplusplus
}
#endif

#endif
