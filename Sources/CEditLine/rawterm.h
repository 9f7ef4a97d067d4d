// Raw terminal mode for the full-screen view, restorable from signal handlers: the saved
// settings live in C statics, and the restore touches only async-signal-safe calls
// (tcsetattr, write), so SIGTERM, SIGHUP, SIGQUIT and exit() all leave the terminal as it
// was (cooked mode, main screen, cursor shown). SIGINT (from outside: raw mode turns off the
// key's own) only sets a flag, and the view leaves as its q key does.
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static volatile sig_atomic_t gc_term_active = 0;
static volatile sig_atomic_t gc_term_winch = 0;
static volatile sig_atomic_t gc_term_interrupt = 0;
static int gc_term_atexit = 0;

/// The saved settings and signal actions. (Function-local statics: Swift's importer emits
/// plain static variables of struct type only when Swift itself uses them.)
struct gc_term_state {
  struct termios saved;
  struct sigaction old[4];
  struct sigaction old_winch;
};
static struct gc_term_state *gc_term_state(void) {
  static struct gc_term_state state;
  return &state;
}
static const int gc_term_signals[4] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

/// Reset colours, show the cursor, leave the alternate screen.
static const char gc_term_leave_bytes[] = "\033[0m\033[?25h\033[?1049l";
/// Enter the alternate screen, hide the cursor, clear.
static const char gc_term_enter_bytes[] = "\033[?1049h\033[?25l\033[H\033[2J";

/// Puts the terminal back (settings, main screen, cursor) if it is raw; async-signal-safe.
static void gc_term_restore(void) {
  if (!gc_term_active) return;
  gc_term_active = 0;
  (void)tcsetattr(STDIN_FILENO, TCSAFLUSH, &gc_term_state()->saved);
  ssize_t ignored = write(STDOUT_FILENO, gc_term_leave_bytes, sizeof gc_term_leave_bytes - 1);
  (void)ignored;
}

static void gc_term_on_fatal(int signo) {
  gc_term_restore();
  signal(signo, SIG_DFL);
  raise(signo);
}

static void gc_term_on_interrupt(int signo) {
  (void)signo;
  gc_term_interrupt = 1;
}

static void gc_term_on_winch(int signo) {
  (void)signo;
  gc_term_winch = 1;
}

/// Saves the terminal's settings, installs the restoring signal handlers (and an atexit
/// hook, once), switches standard input to raw mode (no echo, no line mode, no signals from
/// keys, no output processing) and standard output to the alternate screen with the cursor
/// hidden. Returns 0, or -1 when standard input is not a terminal.
static inline int gc_term_enter(void) {
  if (gc_term_active) return 0;
  if (tcgetattr(STDIN_FILENO, &gc_term_state()->saved) != 0) return -1;
  struct termios raw = gc_term_state()->saved;
  raw.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
  raw.c_oflag &= ~(tcflag_t)(OPOST);
  raw.c_cflag |= CS8;
  raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
  raw.c_cc[VMIN] = 1;
  raw.c_cc[VTIME] = 0;
  if (!gc_term_atexit) {
    atexit(gc_term_restore);
    gc_term_atexit = 1;
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sigemptyset(&sa.sa_mask);
  sa.sa_handler = gc_term_on_fatal;
  for (int i = 0; i < 4; i++) {
    sa.sa_handler = gc_term_signals[i] == SIGINT ? gc_term_on_interrupt : gc_term_on_fatal;
    sigaction(gc_term_signals[i], &sa, &gc_term_state()->old[i]);
  }
  gc_term_interrupt = 0;
  sa.sa_handler = gc_term_on_winch;
  sigaction(SIGWINCH, &sa, &gc_term_state()->old_winch);
  gc_term_winch = 0;
  gc_term_active = 1;
  if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) != 0) {
    gc_term_active = 0;
    for (int i = 0; i < 4; i++) sigaction(gc_term_signals[i], &gc_term_state()->old[i], NULL);
    sigaction(SIGWINCH, &gc_term_state()->old_winch, NULL);
    return -1;
  }
  ssize_t ignored = write(STDOUT_FILENO, gc_term_enter_bytes, sizeof gc_term_enter_bytes - 1);
  (void)ignored;
  return 0;
}

/// Restores the terminal (see gc_term_restore) and the signal handlers gc_term_enter found.
static inline void gc_term_leave(void) {
  if (!gc_term_active) return;
  gc_term_restore();
  for (int i = 0; i < 4; i++) sigaction(gc_term_signals[i], &gc_term_state()->old[i], NULL);
  sigaction(SIGWINCH, &gc_term_state()->old_winch, NULL);
}

/// Whether SIGINT arrived since the last call (or since gc_term_enter); clears the flag.
static inline int gc_term_take_interrupt(void) {
  int was = gc_term_interrupt != 0;
  gc_term_interrupt = 0;
  return was;
}

/// Whether SIGWINCH arrived since the last call; clears the flag.
static inline int gc_term_take_winch(void) {
  int was = gc_term_winch != 0;
  gc_term_winch = 0;
  return was;
}

/// Waits up to `timeout_ms` (negative: no limit) for standard input to be readable.
/// Returns 1 when it is (or has hung up), 0 on timeout or a signal, -1 on error.
static inline int gc_term_wait(int timeout_ms) {
  struct pollfd p;
  p.fd = STDIN_FILENO;
  p.events = POLLIN;
  p.revents = 0;
  int r = poll(&p, 1, timeout_ms);
  if (r < 0) return errno == EINTR ? 0 : -1;
  if (r == 0) return 0;
  return (p.revents & (POLLIN | POLLHUP | POLLERR)) ? 1 : 0;
}
