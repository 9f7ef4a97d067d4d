// GMP (the GNU Multiple Precision Arithmetic Library, libgmp-dev) for Swift: gmp.h names its
// functions through macros (`#define mpz_add __gmpz_add`) and defines a few as macros or
// inline functions (`mpz_sgn`, `mpz_neg`), which Swift cannot call; these static inline
// wrappers give each call graphcalc makes a plain C name. Only Sources/Integers uses them.
#ifndef GRAPHCALC_CGMP_SHIM_H
#define GRAPHCALC_CGMP_SHIM_H
#include <gmp.h>
#include <stddef.h>

static inline void gc_init(mpz_ptr r) { mpz_init(r); }
static inline void gc_clear(mpz_ptr r) { mpz_clear(r); }
static inline void gc_set_si(mpz_ptr r, long v) { mpz_set_si(r, v); }
static inline void gc_set(mpz_ptr r, mpz_srcptr a) { mpz_set(r, a); }
static inline int gc_set_str(mpz_ptr r, const char *text, int base) {
  return mpz_set_str(r, text, base);
}
static inline void gc_set_d(mpz_ptr r, double v) { mpz_set_d(r, v); }
static inline int gc_fits_slong(mpz_srcptr a) { return mpz_fits_slong_p(a); }
static inline long gc_get_si(mpz_srcptr a) { return mpz_get_si(a); }
static inline double gc_get_d(mpz_srcptr a) { return mpz_get_d(a); }
static inline double gc_get_d_2exp(long *exp, mpz_srcptr a) { return mpz_get_d_2exp(exp, a); }
static inline int gc_sgn(mpz_srcptr a) { return mpz_sgn(a); }
static inline int gc_cmp(mpz_srcptr a, mpz_srcptr b) { return mpz_cmp(a, b); }
static inline int gc_cmp_si(mpz_srcptr a, long b) { return mpz_cmp_si(a, b); }
static inline size_t gc_sizeinbase(mpz_srcptr a, int base) { return mpz_sizeinbase(a, base); }
static inline char *gc_get_str(char *buffer, int base, mpz_srcptr a) {
  return mpz_get_str(buffer, base, a);
}
static inline void gc_add(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_add(r, a, b); }
static inline void gc_sub(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_sub(r, a, b); }
static inline void gc_mul(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_mul(r, a, b); }
static inline void gc_neg(mpz_ptr r, mpz_srcptr a) { mpz_neg(r, a); }
static inline void gc_abs(mpz_ptr r, mpz_srcptr a) { mpz_abs(r, a); }
static inline void gc_fdiv_q(mpz_ptr q, mpz_srcptr n, mpz_srcptr d) { mpz_fdiv_q(q, n, d); }
static inline void gc_fdiv_r(mpz_ptr r, mpz_srcptr n, mpz_srcptr d) { mpz_fdiv_r(r, n, d); }
static inline int gc_divisible(mpz_srcptr n, mpz_srcptr d) { return mpz_divisible_p(n, d); }
static inline void gc_divexact(mpz_ptr q, mpz_srcptr n, mpz_srcptr d) { mpz_divexact(q, n, d); }
static inline void gc_pow_ui(mpz_ptr r, mpz_srcptr a, unsigned long e) { mpz_pow_ui(r, a, e); }
static inline void gc_fac_ui(mpz_ptr r, unsigned long n) { mpz_fac_ui(r, n); }
static inline void gc_bin_ui(mpz_ptr r, mpz_srcptr n, unsigned long k) { mpz_bin_ui(r, n, k); }
static inline void gc_gcd(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_gcd(r, a, b); }
static inline void gc_lcm(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_lcm(r, a, b); }
static inline void gc_and(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_and(r, a, b); }
static inline void gc_ior(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_ior(r, a, b); }
static inline void gc_xor(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_xor(r, a, b); }
static inline void gc_com(mpz_ptr r, mpz_srcptr a) { mpz_com(r, a); }
static inline void gc_mul_2exp(mpz_ptr r, mpz_srcptr a, unsigned long n) { mpz_mul_2exp(r, a, n); }
static inline void gc_fdiv_q_2exp(mpz_ptr r, mpz_srcptr a, unsigned long n) {
  mpz_fdiv_q_2exp(r, a, n);
}
static inline unsigned long gc_scan1(mpz_srcptr a, unsigned long start) {
  return mpz_scan1(a, start);
}
static inline unsigned long gc_get_ui(mpz_srcptr a) { return mpz_get_ui(a); }
static inline int gc_probab_prime(mpz_srcptr a, int reps) { return mpz_probab_prime_p(a, reps); }

#endif
