// libedit for Swift: the headers, plus static inline wrappers for what Swift cannot call
// (the variadic `history()`) and for what must be plain C (a SIGINT handler).
#include <stdio.h>
#include <signal.h>
#include <string.h>
#include <editline/readline.h>
#include <histedit.h>

/// Appends `line` to the history file open in `fp` (opened for appending) through a
/// one-entry scratch history, so exactly one entry is written, in libedit's own encoding,
/// with the file header when the file is empty. libedit makes the file mode 0600.
/// (`append_history(n, ...)` writes n + 1 entries in libedit 3.1-20221030, hence this.)
/// Returns 0 on success, -1 on failure.
static inline int gc_history_append_line(FILE *fp, const char *line) {
  HistEvent ev;
  History *h = history_init();
  if (h == NULL) return -1;
  int ok = history(h, &ev, H_SETSIZE, 1) != -1 && history(h, &ev, H_ENTER, line) != -1 &&
           history(h, &ev, H_SAVE_FP, fp) != -1;
  history_end(h);
  return ok ? 0 : -1;
}

/// The flag the SIGINT handler sets. Only the wrappers below touch it.
static volatile sig_atomic_t gc_sigint_flag = 0;

static void gc_sigint_handler(int signo) {
  (void)signo;
  gc_sigint_flag = 1;
}

/// Installs a SIGINT handler that only sets a flag, without SA_RESTART so that a blocked
/// read() returns and readline() gives up the line (it returns NULL, as at end of input).
/// Returns 0 on success, -1 on failure.
static inline int gc_install_sigint_handler(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = gc_sigint_handler;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;
  return sigaction(SIGINT, &sa, NULL);
}

/// Whether SIGINT arrived since the last call; clears the flag.
static inline int gc_take_sigint(void) {
  int was = gc_sigint_flag != 0;
  gc_sigint_flag = 0;
  return was;
}
