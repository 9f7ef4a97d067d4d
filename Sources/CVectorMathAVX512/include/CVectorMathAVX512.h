// CVectorMathAVX512: the loops over glibc's AVX-512 vector math functions (libmvec, eight
// doubles a call) and the arithmetic of batch programs, eight lanes at a time, compiled with
// -mavx512f -mavx512dq -mavx512vl -mavx512bw. Call them only where the processor and the
// system have AVX-512 (F, DQ, VL, BW, and the zmm state saved): CVectorMath asks (CPUID,
// XGETBV) and is the interface to use.
#ifndef GRAPHCALC_CVECTORMATHAVX512_H
#define GRAPHCALC_CVECTORMATHAVX512_H

#ifdef __cplusplus
extern "C" {
#endif

/// `d[i] = f(a[i])` for `i` in `0..<n` with the AVX-512 variant of function `function` (a
/// `GCVectorFunction1` code of CVectorMath.h; out of range: `d` untouched).
void gc_avx512_apply1(int function, const double *a, double *d, long n);

/// The arithmetic step `op` (a `GCVectorArithmetic` code of CVectorMath.h) over `n` values,
/// eight at a time: the same values as the scalar step, bit for bit (IEEE 754 operations,
/// no fused multiply-add).
void gc_avx512_arithmetic(int op, double *d, const double *a, const double *b, double c, long n);

#ifdef __cplusplus
}
#endif

#endif
