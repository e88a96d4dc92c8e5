#ifndef ORDERS_CSQLITE_SHIM_H
#define ORDERS_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro Swift cannot import: it tells SQLite to copy bound text.
static inline sqlite3_destructor_type orders_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
