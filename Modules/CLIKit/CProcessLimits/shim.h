#include <sys/prctl.h>
#include <sys/resource.h>

/// No core file and no ptrace by other processes of the same user: prctl is variadic, which
/// Swift cannot call. 0 on success.
static inline int hc_forbid_core_dumps(void) {
    struct rlimit none = { 0, 0 };
    if (setrlimit(RLIMIT_CORE, &none) != 0) return -1;
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}

/// Whether the process may dump core (prctl's PR_GET_DUMPABLE).
static inline int hc_is_dumpable(void) {
    return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0);
}
