// The common record of a delimited file, split at its delimiters (see CRecordScan.h).
#include "CRecordScan.h"

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

/// Whether byte `b` makes a record not a common one: a quote, a carriage return, a space,
/// or a tab unless tab is the delimiter.
static inline int gc_is_uncommon(uint8_t b, uint8_t delimiter) {
  return b == '"' || b == '\r' || b == ' ' || (b == '\t' && delimiter != '\t');
}

long gc_scan_record_scalar(const uint8_t *p, long from, long to, uint8_t delimiter,
                           uint8_t comment, long *bounds, long max_fields, long *fields) {
  if (from >= to) return -1;
  if (p[from] == '\n' || (comment != 0 && p[from] == comment)) return -1;
  long count = 0;
  long start = from;
  for (long i = from; i < to; i++) {
    uint8_t b = p[i];
    if (b == delimiter || b == '\n') {
      if (count >= max_fields) return -1;
      bounds[2 * count] = start;
      bounds[2 * count + 1] = i;
      count++;
      start = i + 1;
      if (b == '\n') {
        *fields = count;
        return i + 1;
      }
    } else if (gc_is_uncommon(b, delimiter)) {
      return -1;
    }
  }
  return -1;
}

#if defined(__x86_64__)

long gc_scan_record(const uint8_t *p, long from, long to, uint8_t delimiter, uint8_t comment,
                    long *bounds, long max_fields, long *fields) {
  if (from >= to) return -1;
  if (p[from] == '\n' || (comment != 0 && p[from] == comment)) return -1;
  const __m128i vdelimiter = _mm_set1_epi8((char)delimiter);
  const __m128i vlf = _mm_set1_epi8('\n');
  const __m128i vcr = _mm_set1_epi8('\r');
  const __m128i vquote = _mm_set1_epi8('"');
  const __m128i vspace = _mm_set1_epi8(' ');
  // A tab is uncommon unless it is the delimiter; then compare with CR twice instead.
  const __m128i vtab = _mm_set1_epi8(delimiter == '\t' ? '\r' : '\t');
  long count = 0;
  long start = from;
  for (long i = from; i < to; i += 16) {
    __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
    unsigned separators = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, vdelimiter));
    unsigned ends = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, vlf));
    unsigned uncommon = (unsigned)_mm_movemask_epi8(
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, vcr), _mm_cmpeq_epi8(v, vquote)),
                     _mm_or_si128(_mm_cmpeq_epi8(v, vspace), _mm_cmpeq_epi8(v, vtab))));
    long left = to - i;
    if (left < 16) {
      unsigned inside = (1u << left) - 1;  // the bytes before `to`
      separators &= inside;
      ends &= inside;
      uncommon &= inside;
    }
    // The bytes before the first line feed (all 16 when there is none here).
    unsigned before = ends ? (ends & (0u - ends)) - 1 : 0xFFFFu;
    if (uncommon & before) return -1;
    separators &= before;
    while (separators) {
      long k = __builtin_ctz(separators);
      if (count >= max_fields) return -1;
      bounds[2 * count] = start;
      bounds[2 * count + 1] = i + k;
      count++;
      start = i + k + 1;
      separators &= separators - 1;
    }
    if (ends) {
      long k = __builtin_ctz(ends);
      if (count >= max_fields) return -1;
      bounds[2 * count] = start;
      bounds[2 * count + 1] = i + k;
      *fields = count + 1;
      return i + k + 1;
    }
  }
  return -1;
}

int gc_scan_record_is_vectorized(void) { return 1; }

#else

long gc_scan_record(const uint8_t *p, long from, long to, uint8_t delimiter, uint8_t comment,
                    long *bounds, long max_fields, long *fields) {
  return gc_scan_record_scalar(p, from, to, delimiter, comment, bounds, max_fields, fields);
}

int gc_scan_record_is_vectorized(void) { return 0; }

#endif
