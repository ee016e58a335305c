/* Linux's readiness and wake-up interfaces for the relay's HTTP server (glibc's headers, no
   library to link): epoll, eventfd, and accept4, which glibc declares only under _GNU_SOURCE. */
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

extern int accept4(int socket, struct sockaddr *address, socklen_t *length, int flags);
