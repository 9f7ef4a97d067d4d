// CRecordScan: the common record of a delimited data file (CSV, TSV, semicolons) split in
// one pass of 16-byte compares (SSE2 on x86_64, a byte loop elsewhere and for tests).
//
// The common record is one that the general scanner (Sources/DataFiles/RecordReader.swift,
// `RecordScanner`) would split only at the delimiter and end at a line feed: it has no quote,
// no blank (space, and tab unless tab is the delimiter), no carriage return, does not start
// with the comment byte or a line feed, and ends at a line feed before `to`. For such a record
// the fields are exactly the runs between delimiters, the same spans the general scanner
// finds. Any other record is left to the general scanner (the functions return -1).
#ifndef GRAPHCALC_CRECORDSCAN_H
#define GRAPHCALC_CRECORDSCAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The bytes past `to` that `gc_scan_record` may read (never use): the reader's buffer is
/// allocated this much larger than its capacity.
#define GC_SCAN_PADDING 16

/// Splits the record at `p[from]` when it is a common one (see above).
///
/// - p: the buffer; `p[from..<to]` are the bytes read, and `GC_SCAN_PADDING` bytes after
///   `p + to` must be readable (their values do not matter).
/// - delimiter: the field separator (not a space, quote, CR or LF).
/// - comment: the comment byte, 0 for none.
/// - bounds: room for `2 * max_fields` offsets; field k is `bounds[2k] ..< bounds[2k + 1]`.
/// - fields: set to the number of fields on success.
/// Returns the offset after the record's line feed, or -1 (the general scanner takes over:
/// not a common record, no line feed before `to`, or more than `max_fields` fields).
/// SSE2 on x86_64 (part of the architecture's baseline), `gc_scan_record_scalar` elsewhere.
long gc_scan_record(const uint8_t *p, long from, long to, uint8_t delimiter, uint8_t comment,
                    long *bounds, long max_fields, long *fields);

/// `gc_scan_record` one byte at a time (the portable version; the tests compare the two).
long gc_scan_record_scalar(const uint8_t *p, long from, long to, uint8_t delimiter,
                           uint8_t comment, long *bounds, long max_fields, long *fields);

/// Whether `gc_scan_record` uses 16-byte compares on this machine (1) or the byte loop (0).
int gc_scan_record_is_vectorized(void);

#ifdef __cplusplus
}
#endif

#endif
