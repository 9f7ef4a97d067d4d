// Start-up without two of the Swift runtime's constructors.
//
// 1. The argument vector. The runtime's Linux support for `CommandLine` (stdlib
//    CommandLine.cpp) finds argv in a static constructor that runs in every process: it
//    opens /proc/self/maps, `sscanf`s each line to find the stack, and walks back from
//    `environ` to argc (56 k instructions and four system calls, 11% of `graphcalc -e 1+1`).
//    glibc already hands every `.init_array` function `(argc, argv, envp)` (csu/libc-start.c,
//    `call_init`; ld.so's `_dl_init` alike), so a constructor here records them, and this
//    file defines the runtime's entry point `_swift_stdlib_getUnsafeArgvArgc`, which the
//    standard library's `CommandLine` calls once (its only caller, in libswiftCore's Swift.o).
// 2. The backtracer's helper. The runtime's backtracer set-up (Backtrace.cpp, also a
//    constructor) looks for the `swift-backtrace` program beside the executable
//    (`swift_copyAuxiliaryExecutablePath`, Paths.cpp: a readlink and eight `stat`s of
//    ../libexec/swift/linux and the like) and turns backtracing off when it is not there,
//    which is every install of graphcalc. Here the search answers "not found" at once. Crash
//    messages are unchanged (`Fatal error: ...` is the runtime's own report, not the
//    helper's); `SWIFT_BACKTRACE=enable=yes,swift-backtrace=PATH` still names a helper.
//
// Both definitions are compiled only into the release build (GRAPHCALC_STATIC_RUNTIME,
// Package.swift), where libswiftCore is a static archive: this object is linked before the
// archive, so its members CommandLine.cpp.o and Paths.cpp.o (no other symbol of theirs is
// referenced) are not linked at all, and the constructor of the first is gone. A toolchain
// whose archive needs another symbol of them fails the link with a duplicate definition,
// never silently. With the shared libswiftCore of debug and test builds the runtime keeps
// its own (there `swift_copyAuxiliaryExecutablePath` is exported and would be replaced, so
// it is left out). Measured in Docs/performance.md, "Start-up: faults and constructors".
#include "CStartup.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char **recorded_argv = NULL;
static int recorded_argc = 0;

/// Records the arguments glibc passes to the program's constructors. Priority 101, the
/// first a program may use: it runs before every other constructor of the binary.
__attribute__((constructor(101))) static void graphcalc_record_arguments(
    int argc, char **argv, char **envp) {
  (void)envp;
  if (argv != NULL && argc >= 0) {
    recorded_argv = argv;
    recorded_argc = argc;
  }
}

/// The arguments read from /proc/self/cmdline (each ends in a NUL), in one heap block that
/// is never freed; no arguments when it cannot be read.
static char **read_cmdline(int *count) {
  static char *none[] = {NULL};
  *count = 0;
  FILE *file = fopen("/proc/self/cmdline", "rb");
  if (file == NULL) return none;
  size_t size = 0, capacity = 4096;
  char *text = malloc(capacity);
  while (text != NULL) {
    size_t got = fread(text + size, 1, capacity - size, file);
    if (got == 0) break;
    size += got;
    if (size == capacity) {
      char *grown = realloc(text, capacity * 2);
      if (grown == NULL) free(text);
      text = grown;
      capacity *= 2;
    }
  }
  fclose(file);
  if (text == NULL) return none;
  int n = 0;
  for (size_t i = 0; i < size; i++) n += text[i] == 0;
  char **argv = malloc(sizeof(char *) * ((size_t)n + 1));
  if (argv == NULL) {
    free(text);
    return none;
  }
  char *p = text;
  for (int i = 0; i < n; i++) {
    argv[i] = p;
    p += strlen(p) + 1;
  }
  argv[n] = NULL;
  *count = n;
  return argv;
}

char **graphcalc_arguments(int *count) {
  if (recorded_argv != NULL) {
    *count = recorded_argc;
    return recorded_argv;
  }
  // Only without a constructor's record (never in graphcalc); the standard library asks
  // once, under its own lazy initialisation.
  static char **from_file = NULL;
  static int from_file_count = 0;
  if (from_file == NULL) from_file = read_cmdline(&from_file_count);
  *count = from_file_count;
  return from_file;
}

#if defined(GRAPHCALC_STATIC_RUNTIME)
/// The runtime's hook (swift/shims/RuntimeStubs.h: `SWIFT_CC(swift) char
/// **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen)`): `CommandLine.unsafeArgv` and
/// `CommandLine.argc` come from here, on first use.
__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  return graphcalc_arguments(outArgLen);
}

/// The runtime's search for a helper program installed with it (swift/Runtime/Paths.h:
/// answers a path the caller frees, or NULL): none is installed with graphcalc.
char *swift_copyAuxiliaryExecutablePath(const char *name) {
  (void)name;
  return NULL;
}
#endif
