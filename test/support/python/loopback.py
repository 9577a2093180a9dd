"""A scripted HTTP/1.1 server on 127.0.0.1 (port 0) for runtime tests: answers from a queue and
records every request it got (method, path, headers, body, and which connection it came on, and
how the body came: `chunked` when it was sent with chunked transfer encoding). An answer with
`chunks` is streamed with chunked transfer encoding, `chunk_delay` seconds apart; with `drop`
the connection is cut after the chunks, without the terminating chunk (a stream that broke off);
with `hold`, the chunks after the first wait until the test sets it (at most `HOLD_LIMIT` seconds):
a test that asks whether the first chunk arrived before the last was sent sets it on the first
chunk, so the answer does not depend on how busy the machine is.
With `tls=True` it serves https with the test certificate of test/fixtures/tls (trust `CA_FILE`)."""

import json
import os
import socket
import ssl
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List, Optional


TLS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "fixtures", "tls")
CA_FILE = os.path.normpath(os.path.join(TLS_DIR, "ca.crt"))
# How long an answer's later chunks wait for its `hold`: past it they are sent, and a client that
# had not yielded the first chunk yet fails the test that holds them.
HOLD_LIMIT = 10.0


class Answer:
    def __init__(
        self,
        status: int = 200,
        body: Any = None,
        headers: Optional[Dict[str, str]] = None,
        delay: float = 0.0,
        raw: Optional[bytes] = None,
        chunks: Optional[List[bytes]] = None,
        chunk_delay: float = 0.0,
        drop: bool = False,
        hold: Optional[threading.Event] = None,
    ) -> None:
        self.status = status
        self.body = body
        self.headers = headers or {}
        self.delay = delay
        self.raw = raw
        self.chunks = chunks
        self.chunk_delay = chunk_delay
        self.drop = drop
        self.hold = hold
        # Set by the server when the last chunk has been written (tests of streaming read it).
        self.finished = threading.Event()


class Seen:
    def __init__(self, method: str, path: str, headers: Dict[str, str], body: bytes, connection: int, chunked: bool = False) -> None:
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
        self.connection = connection
        self.chunked = chunked

    def json(self) -> Any:
        return json.loads(self.body) if self.body else None


class Loopback:
    def __init__(self, tls: bool = False) -> None:
        self.answers: List[Answer] = []
        self.seen: List[Seen] = []
        self.route: Optional[Callable[[Seen], Answer]] = None
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _read_chunked(self) -> bytes:
                parts: List[bytes] = []
                while True:
                    size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                    if size == 0:
                        while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                            pass
                        return b"".join(parts)
                    parts.append(self.rfile.read(size))
                    self.rfile.readline()

            def _serve(self) -> None:
                chunked = "chunked" in (self.headers.get("transfer-encoding") or "").lower()
                length = int(self.headers.get("content-length") or 0)
                body = self._read_chunked() if chunked else self.rfile.read(length) if length else b""
                seen = Seen(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body, id(self.connection), chunked)
                owner.seen.append(seen)
                if owner.route is not None:
                    answer = owner.route(seen)
                else:
                    answer = owner.answers.pop(0) if owner.answers else Answer(500, {"error": {"code": "no_answer_scripted"}})
                if answer.delay:
                    time.sleep(answer.delay)
                if answer.chunks is not None:
                    self._stream(answer)
                    return
                payload = answer.raw if answer.raw is not None else (b"" if answer.body is None else json.dumps(answer.body).encode())
                try:
                    self.send_response(answer.status)
                    if answer.raw is None and answer.body is not None:
                        self.send_header("content-type", "application/json")
                    for name, value in answer.headers.items():
                        self.send_header(name, value)
                    self.send_header("content-length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def _stream(self, answer: Answer) -> None:
                try:
                    self.send_response(answer.status)
                    for name, value in answer.headers.items():
                        self.send_header(name, value)
                    self.send_header("transfer-encoding", "chunked")
                    self.end_headers()
                    self.wfile.flush()
                    for index, chunk in enumerate(answer.chunks or []):
                        if index > 0 and answer.hold is not None:
                            answer.hold.wait(HOLD_LIMIT)
                        if answer.chunk_delay:
                            time.sleep(answer.chunk_delay)
                        self.wfile.write(f"{len(chunk):X}\r\n".encode() + chunk + b"\r\n")
                        self.wfile.flush()
                    if answer.drop:
                        self.close_connection = True
                        self.connection.shutdown(socket.SHUT_RDWR)
                    else:
                        self.wfile.write(b"0\r\n\r\n")
                        self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError, OSError):
                    pass
                finally:
                    answer.finished.set()

            do_GET = do_POST = do_PATCH = do_DELETE = do_PUT = do_HEAD = _serve

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        # A client that goes away mid-answer is part of the tests, not an error to print.
        self.server.handle_error = lambda request, client_address: None  # type: ignore[method-assign]
        if tls:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(os.path.join(TLS_DIR, "loopback.crt"), os.path.join(TLS_DIR, "loopback.key"))
            self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.url = f"{'https' if tls else 'http'}://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
