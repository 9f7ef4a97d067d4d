// GSL (the GNU Scientific Library, libgsl-dev) for Swift: the nonlinear least-squares solver
// (gsl_multifit_nlinear), its covariance, and the chi-square distribution's tail. GSL names
// its solver types and trust-region methods through global pointers (`GSL_VAR const
// gsl_multifit_nlinear_type *gsl_multifit_nlinear_trust`), which Swift 6 imports as mutable
// globals it will not read from concurrent code; these static inline functions hand them out.
// Only Sources/Fitting uses them.
#ifndef GRAPHCALC_CGSL_SHIM_H
#define GRAPHCALC_CGSL_SHIM_H
#include <gsl/gsl_errno.h>
#include <gsl/gsl_vector.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_multifit_nlinear.h>
#include <gsl/gsl_cdf.h>

/// The trust-region solver of gsl_multifit_nlinear.
static inline const gsl_multifit_nlinear_type *gc_gsl_trust(void) {
  return gsl_multifit_nlinear_trust;
}
/// Levenberg-Marquardt as the trust-region subproblem.
static inline const gsl_multifit_nlinear_trs *gc_gsl_trs_lm(void) {
  return gsl_multifit_nlinear_trs_lm;
}
/// Moré's scaling of the parameters (invariant to their units).
static inline const gsl_multifit_nlinear_scale *gc_gsl_scale_more(void) {
  return gsl_multifit_nlinear_scale_more;
}
/// The QR factorisation for the linear systems of each step.
static inline const gsl_multifit_nlinear_solver *gc_gsl_solver_qr(void) {
  return gsl_multifit_nlinear_solver_qr;
}

#endif
