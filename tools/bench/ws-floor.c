/*
 * The floor of the entities benchmark: reads the replayed stream's frames over a plain socket
 * and decodes no JSON (compressed frames are not even inflated). Sends auth and
 * subscribe_entities, then reads until FRAMES frames have arrived.
 *
 *   ws-floor PORT FRAMES deflate|plain    prints: c-floor-<mode> <cpu seconds> <peak RSS MiB> ok
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

static int sock;
static unsigned char buffer[1 << 20];
static size_t used, start;

static void fill(size_t need) {
    if (start > 0 && used - start < need) {
        memmove(buffer, buffer + start, used - start);
        used -= start;
        start = 0;
    }
    while (used - start < need) {
        ssize_t got = recv(sock, buffer + used, sizeof buffer - used, 0);
        if (got <= 0) { fprintf(stderr, "ws-floor: connection ended\n"); exit(1); }
        used += (size_t)got;
    }
}

static void send_text(const char *text) {
    size_t length = strlen(text);
    unsigned char header[8] = {0x81, 0x80, 0, 0, 0, 0};
    size_t header_length = 6;
    if (length < 126) {
        header[1] |= (unsigned char)length;
    } else {
        header[1] |= 126;
        header[2] = (unsigned char)(length >> 8);
        header[3] = (unsigned char)length;
        header_length = 8;
    }
    /* The mask key is zero, so the payload goes out as it is. */
    send(sock, header, header_length, 0);
    send(sock, text, length, 0);
}

/* Skips one frame. */
static void skip_frame(void) {
    fill(2);
    uint64_t length = buffer[start + 1] & 0x7F;
    size_t header = 2;
    if (length == 126) { fill(4); length = (uint64_t)buffer[start + 2] << 8 | buffer[start + 3]; header = 4; }
    else if (length == 127) {
        fill(10);
        length = 0;
        for (int i = 2; i < 10; i++) length = length << 8 | buffer[start + i];
        header = 10;
    }
    start += header;
    while (length > 0) {
        if (used == start) { used = start = 0; fill(1); }
        size_t take = used - start < length ? used - start : (size_t)length;
        start += take;
        length -= take;
    }
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: ws-floor PORT FRAMES deflate|plain\n"); return 2; }
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[1]))};
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    sock = socket(AF_INET, SOCK_STREAM, 0);
    if (connect(sock, (struct sockaddr *)&address, sizeof address) != 0) { perror("connect"); return 1; }
    char request[512];
    snprintf(request, sizeof request,
             "GET /api/websocket HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n%s\r\n",
             argv[1], strcmp(argv[3], "deflate") == 0 ? "Sec-WebSocket-Extensions: permessage-deflate\r\n" : "");
    send(sock, request, strlen(request), 0);
    for (;;) {
        fill(used - start + 1);
        const unsigned char *end = memmem(buffer + start, used - start, "\r\n\r\n", 4);
        if (end) { start = (size_t)(end - buffer) + 4; break; }
    }
    long frames = atol(argv[2]);
    skip_frame();
    send_text("{\"type\":\"auth\",\"access_token\":\"token\"}");
    skip_frame();
    send_text("{\"id\":1,\"type\":\"subscribe_entities\"}");
    for (long i = 2; i < frames; i++) skip_frame();
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    printf("c-floor-%s %.3f %.1f ok\n", argv[3],
           usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6,
           usage.ru_maxrss / 1024.0);
    close(sock);
    return 0;
}
