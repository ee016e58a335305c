#include <microhttpd.h>
#include <sys/socket.h>
#include <arpa/inet.h>
#include <netinet/in.h>

/* MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call: these fix
   the options the relay uses. The daemon polls with its own threads (epoll where available),
   a pool of `threads`, allows suspending connections (for event streams), closes connections
   idle for `timeout` seconds, accepts at most `connections` at once and `perAddress` from one
   IP address, and tells `notify` when a connection opens and closes. */
static inline struct MHD_Daemon *hc_mhd_start(const struct sockaddr *address, unsigned int threads, unsigned int timeout,
                                              unsigned int connections, unsigned int perAddress, MHD_AccessHandlerCallback handler,
                                              MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback notify,
                                              void *context) {
    return MHD_start_daemon(MHD_USE_AUTO_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_TURBO, 0, NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_THREAD_POOL_SIZE, threads,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout,
                            MHD_OPTION_CONNECTION_LIMIT, connections,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, perAddress,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, context,
                            MHD_OPTION_END);
}

/* The socket of a connection, or -1. */
static inline int hc_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/* The peer's IP address as text into `buffer` (empty when unknown). */
static inline void hc_mhd_client_address(struct MHD_Connection *connection, char *buffer, socklen_t size) {
    buffer[0] = 0;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr) return;
    const struct sockaddr *peer = info->client_addr;
    if (peer->sa_family == AF_INET) inet_ntop(AF_INET, &((const struct sockaddr_in *)peer)->sin_addr, buffer, size);
    else if (peer->sa_family == AF_INET6) inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)peer)->sin6_addr, buffer, size);
}

/* The port the daemon listens on (useful after binding port 0). */
static inline unsigned short hc_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/* What the connection-notification callback stored for a connection (NULL if none). */
static inline void *hc_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}
