// CVectorMathAVX2: the loops over glibc's AVX2 vector math functions (libmvec), compiled
// with -mavx2 -mfma. Call them only where the processor has AVX2 and FMA: CVectorMath asks
// it (CPUID) and is the interface to use.
#ifndef GRAPHCALC_CVECTORMATHAVX2_H
#define GRAPHCALC_CVECTORMATHAVX2_H

#ifdef __cplusplus
extern "C" {
#endif

/// `d[i] = f(a[i])` for `i` in `0..<n` with the AVX2 variant of function `function` (a
/// `GCVectorFunction1` code of CVectorMath.h; out of range: `d` untouched).
void gc_avx2_apply1(int function, const double *a, double *d, long n);

/// The arithmetic step `op` (a `GCVectorArithmetic` code of CVectorMath.h) over `n` values,
/// four at a time: the same values as the scalar step, bit for bit (IEEE 754 operations, no
/// fused multiply-add).
void gc_avx2_arithmetic(int op, double *d, const double *a, const double *b, double c, long n);

#ifdef __cplusplus
}
#endif

#endif
