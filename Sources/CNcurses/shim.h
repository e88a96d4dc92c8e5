#ifndef ORDERS_CNCURSES_SHIM_H
#define ORDERS_CNCURSES_SHIM_H

// Wide-character ncurses without pkg-config flags (SwiftPM drops them with a warning):
// defining these here makes cchar_t, get_wch and friends visible.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncurses.h>

// Macros Swift cannot import are exposed as inline accessors.
static inline WINDOW *orders_stdscr(void) { return stdscr; }
static inline int orders_lines(void) { return LINES; }
static inline int orders_cols(void) { return COLS; }

static inline attr_t orders_a_normal(void) { return A_NORMAL; }
static inline attr_t orders_a_bold(void) { return A_BOLD; }
static inline attr_t orders_a_dim(void) { return A_DIM; }
static inline attr_t orders_a_italic(void) { return A_ITALIC; }
static inline attr_t orders_a_underline(void) { return A_UNDERLINE; }
static inline attr_t orders_a_reverse(void) { return A_REVERSE; }

static inline int orders_key_f(int n) { return KEY_F(n); }

static inline mmask_t orders_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }

// stdio's streams are mutable globals that Swift 6 refuses to touch directly.
static inline FILE *orders_stdout(void) { return stdout; }
static inline FILE *orders_stdin(void) { return stdin; }

// The physical screen, for clearok(curscr, TRUE) after a suspend or resize.
static inline WINDOW *orders_curscr(void) { return curscr; }
static inline int orders_color_count(void) { return COLORS; }
static inline int orders_color_pair_count(void) { return COLOR_PAIRS; }

// glibc's wcwidth is not exported through Swift's Glibc module.
extern int wcwidth(wchar_t c);

// Pseudo-terminal functions, for tests and benchmarks that drive the backend
// on a pty of their own; Swift's Glibc module hides them (they need _XOPEN_SOURCE 600).
extern int posix_openpt(int flags);
extern int grantpt(int fd);
extern int unlockpt(int fd);
extern char *ptsname(int fd);

#endif
