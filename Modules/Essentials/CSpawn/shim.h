#include <fcntl.h>
#include <spawn.h>

/// glibc 2.34's "close every descriptor from this one up" spawn action, declared only under
/// _GNU_SOURCE, which the Glibc module is not built with: a child inherits no socket or file of
/// the companion's but the three it is given.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/// pipe(2) with flags (O_CLOEXEC: no window in which another thread's child inherits the pipe),
/// also declared only under _GNU_SOURCE.
extern int pipe2(int pipefd[2], int flags);
