// libedit for Swift: the headers, plus static inline wrappers for what Swift cannot call
// (the variadic `history()`) and for what must be plain C (a SIGINT handler).
#include <stdio.h>
#include <signal.h>
#include <string.h>
#include <stdlib.h>
#include <editline/readline.h>
#include <histedit.h>

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

/// Whether SIGINT arrived since the last gc_take_sigint, without clearing the flag (for
/// long commands that check it every so often).
static inline int gc_sigint_pending(void) { return gc_sigint_flag != 0; }

/// Whether SIGINT arrived since the last call; clears the flag.
static inline int gc_take_sigint(void) {
  int was = gc_sigint_flag != 0;
  gc_sigint_flag = 0;
  return was;
}

// MARK: Completion (the words come from Swift: the session's names)

static char **gc_completion_words = NULL;
static int gc_completion_count = 0;

/// Replaces the completion words with copies of `words[0..<count]`. Returns 0, or -1 when
/// out of memory (the list is then empty).
static inline int gc_set_completion_words(const char *const *words, int count) {
  for (int i = 0; i < gc_completion_count; i++) free(gc_completion_words[i]);
  free(gc_completion_words);
  gc_completion_words = NULL;
  gc_completion_count = 0;
  if (count <= 0) return 0;
  gc_completion_words = (char **)calloc((size_t)count, sizeof(char *));
  if (gc_completion_words == NULL) return -1;
  for (int i = 0; i < count; i++) {
    gc_completion_words[i] = strdup(words[i]);
    if (gc_completion_words[i] == NULL) return -1;
    gc_completion_count = i + 1;
  }
  return 0;
}

/// readline's completion generator: with `state` 0 starts a new search for `text`, then
/// answers the next word that starts with it (a malloc'd copy, freed by libedit), or NULL.
static char *gc_completion_generator(const char *text, int state) {
  static int next = 0;
  if (state == 0) next = 0;
  size_t length = strlen(text);
  while (next < gc_completion_count) {
    const char *word = gc_completion_words[next++];
    if (word != NULL && strncmp(word, text, length) == 0) return strdup(word);
  }
  return NULL;
}

/// Word breaks for completion: spaces, brackets, operators and commas, so `2*si<Tab>`
/// completes `si`.
static const char gc_word_breaks[] = " \t\n\"\\'`@$><=;|&{(+-*/,^!%?:[]";

/// Makes Tab complete from the words set with gc_set_completion_words.
static inline void gc_install_completion(void) {
  rl_completion_entry_function = gc_completion_generator;
  rl_basic_word_break_characters = gc_word_breaks;
}

// MARK: The explore key

static volatile sig_atomic_t gc_explore_flag = 0;

static int gc_explore_command(int count, int key) {
  (void)count;
  (void)key;
  gc_explore_flag = 1;
  rl_done = 1;  // readline() gives up the line (answers NULL, as at end of input)
  return 0;
}

/// Binds Ctrl-X to a command that ends the line and sets the explore flag (libedit's
/// rl_add_defun binds single characters only). Returns 0 on success, -1 on failure.
static inline int gc_bind_explore_key(void) {
  return rl_add_defun("graphcalc-explore", gc_explore_command, 24) == 0 ? 0 : -1;
}

/// Whether the explore key was pressed since the last call; clears the flag.
static inline int gc_take_explore(void) {
  int was = gc_explore_flag != 0;
  gc_explore_flag = 0;
  rl_done = 0;
  return was;
}

