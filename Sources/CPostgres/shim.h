#ifndef ORDERS_CPOSTGRES_SHIM_H
#define ORDERS_CPOSTGRES_SHIM_H

// Debian's libpq-dev installs its headers under /usr/include/postgresql, which is
// not on the default include path; libpq-fe.h finds its siblings relative to itself.
#include <postgresql/libpq-fe.h>

#endif
