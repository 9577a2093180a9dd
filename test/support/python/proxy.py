"""A forward proxy on 127.0.0.1 for the SDKs' proxy tests: plain-http requests in absolute form are
forwarded (and recorded), CONNECT opens a tunnel (its line and headers recorded, the bytes in it
piped without being read). With `refuse` it answers every CONNECT and request with 403."""

import socket
import threading
from typing import Dict, List, Optional, Tuple
from urllib.parse import urlsplit


class Seen:
    def __init__(self, method: str, target: str, headers: Dict[str, str]) -> None:
        self.method = method
        self.target = target
        self.headers = headers


class Proxy:
    def __init__(self, refuse: bool = False) -> None:
        self.refuse = refuse
        self.seen: List[Seen] = []
        # Every byte a client sent through this proxy (tunnels included): what the proxy could read.
        self.bytes_seen = bytearray()
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(16)
        self.port = self._listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        self._closed = True
        try:
            self._listener.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread; close alone would not
        except OSError:
            pass
        self._listener.close()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _head(self, sock: socket.socket) -> Optional[Tuple[str, str, Dict[str, str], bytes]]:
        data = b""
        while b"\r\n\r\n" not in data:
            piece = sock.recv(65536)
            if not piece:
                return None
            data += piece
        self.bytes_seen += data
        head, _, rest = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        method, target, _ = lines[0].split(" ", 2)
        headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:] if line)}
        return method, target, headers, rest

    def _serve(self, client: socket.socket) -> None:
        try:
            parsed = self._head(client)
            if parsed is None:
                return
            method, target, headers, rest = parsed
            self.seen.append(Seen(method, target, headers))
            if self.refuse:
                client.sendall(b"HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
                return
            if method == "CONNECT":
                host, _, port = target.rpartition(":")
                upstream = socket.create_connection((host.strip("[]"), int(port)))
                client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
                self._pipe(client, upstream, rest)
                return
            parts = urlsplit(target)
            upstream = socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 80))
            origin_form = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
            forwarded = [f"{method} {origin_form} HTTP/1.1"] + [f"{name}: {value}" for name, value in headers.items() if name != "proxy-authorization"]
            self._pipe(client, upstream, ("\r\n".join(forwarded) + "\r\n\r\n").encode("latin-1") + rest, first_to_upstream=True)
        except OSError:
            pass
        finally:
            client.close()

    def _pipe(self, client: socket.socket, upstream: socket.socket, pending: bytes, first_to_upstream: bool = False) -> None:
        """Bytes both ways until either side closes (one request per connection for plain http)."""
        if pending:
            if not first_to_upstream:
                self.bytes_seen += pending
            upstream.sendall(pending)

        def back() -> None:
            try:
                while True:
                    data = upstream.recv(65536)
                    if not data:
                        break
                    client.sendall(data)
            except OSError:
                pass
            finally:
                try:
                    client.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

        thread = threading.Thread(target=back, daemon=True)
        thread.start()
        try:
            while True:
                data = client.recv(65536)
                if not data:
                    break
                self.bytes_seen += data
                upstream.sendall(data)
        except OSError:
            pass
        finally:
            upstream.close()
            thread.join(timeout=5)
