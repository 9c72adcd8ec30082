// libgd, the system's (Debian: libgd-dev), for the auction's photo renditions. Nothing of it is vendored.
#ifndef BOURSE_CGD_SHIM_H
#define BOURSE_CGD_SHIM_H
#include <gd.h>
#endif
