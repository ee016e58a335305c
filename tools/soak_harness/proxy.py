"""A loopback TCP proxy that can cut the network: every open connection is reset and new ones
are refused (reset at once) for a while, as when a link goes down between client and server."""
import socket
import struct
import threading
import time


def reset(connection):
    """Closes with a reset (SO_LINGER 0), waking a thread blocked reading it."""
    try:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        connection.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    connection.close()


class CuttingProxy:
    def __init__(self, upstream_port):
        self.upstream_port = upstream_port  # a function: the server's port may change on restart
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(128)
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.connections = set()
        self.cut_until = 0.0
        self.closed = False
        threading.Thread(target=self.accept, daemon=True).start()

    def cut(self, seconds):
        with self.lock:
            self.cut_until = time.monotonic() + seconds
            doomed = list(self.connections)
            self.connections.clear()
        for connection in doomed:
            reset(connection)

    def close(self):
        self.closed = True
        self.cut(0)
        self.listener.close()

    def accept(self):
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if time.monotonic() < self.cut_until:
                reset(client)
                continue
            try:
                server = socket.create_connection(("127.0.0.1", self.upstream_port()), timeout=5)
                server.settimeout(None)
            except OSError:
                reset(client)
                continue
            with self.lock:
                self.connections.update((client, server))
            directions = [2]  # directions still pumping; the last to end closes both sockets
            for source, target in ((client, server), (server, client)):
                threading.Thread(target=self.pump, args=(source, target, directions), daemon=True).start()

    def pump(self, source, target, directions):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                target.sendall(data)
        except OSError:
            pass
        with self.lock:
            self.connections.discard(source)
            self.connections.discard(target)
        try:
            target.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        with self.lock:
            directions[0] -= 1
            last = directions[0] == 0
        if last:
            source.close()
            target.close()
