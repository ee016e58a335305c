#include <microhttpd.h>
#include <sys/socket.h>

/* MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call: these fix
   the options the relay uses. The daemon polls with its own threads (epoll where available),
   a pool of `threads`, allows suspending connections (for event streams), closes connections
   idle for `timeout` seconds, and accepts at most `connections` at once. */
static inline struct MHD_Daemon *hc_mhd_start(const struct sockaddr *address, unsigned int threads, unsigned int timeout,
                                              unsigned int connections, MHD_AccessHandlerCallback handler,
                                              MHD_RequestCompletedCallback completed, void *context) {
    return MHD_start_daemon(MHD_USE_AUTO_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_TURBO, 0, NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_THREAD_POOL_SIZE, threads,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout,
                            MHD_OPTION_CONNECTION_LIMIT, connections,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_END);
}

/* The port the daemon listens on (useful after binding port 0). */
static inline unsigned short hc_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}
