// graphcalc's own start-up (see Startup.c): the process's argument vector, recorded by a
// constructor before any Swift code runs. In the release build (the Swift runtime linked
// statically) the standard library's `CommandLine` reads it, and the runtime neither reads
// /proc/self/maps for it nor searches the file system for its `swift-backtrace` helper.
#ifndef GRAPHCALC_CSTARTUP_H
#define GRAPHCALC_CSTARTUP_H

/// The program's arguments, NULL terminated, as glibc handed them to its constructors
/// (`argc`, `argv`); when no constructor recorded them, the ones read from
/// /proc/self/cmdline (none if it cannot be read). Sets `*count` to their number. The
/// array and its strings live as long as the process; the caller must not change them.
char **graphcalc_arguments(int *count);

#endif
