"""HTTP over the standard library: `HTTPTransport` keeps `http.client` connections open and reuses
them per origin (and proxy). Anything with `send(request) -> RawResponse` and `close()` can stand
in for it (`transport=` on the client): to record, instrument or fake the network.

Request bodies are bytes or chunks sent as they are produced (chunked transfer encoding when
their length is not known). A response is handed over with its body unread: the client reads it
whole within the call's deadline (every socket read gets what is left of the timeout, so a body
that stalls or trickles times out), or, for streams and downloads, with an idle timeout per read.
A connection goes back to the pool once its body has been read to the end, and is closed if the
reader stops early.
"""

from __future__ import annotations

import http.client
import socket
import ssl
import threading
import time
import urllib.parse
from dataclasses import dataclass
from typing import Callable, Dict, Iterable, Iterator, List, Mapping, Optional, Protocol, Tuple, Union, cast

from ._errors import APIConnectionError, APIError, APITimeoutError, ProxyError
from ._proxy import Proxy, proxy_for

RequestContent = Union[bytes, Callable[[], Iterable[bytes]]]
"""A request body: bytes, or a function that starts its chunks over (called once per attempt)."""

READ_CHUNK = 64 * 1024


@dataclass(frozen=True)
class TransportRequest:
    """One HTTP exchange as the client asks a transport for it."""

    method: str
    url: str
    headers: Mapping[str, str]
    content: Optional[RequestContent] = None
    # Seconds for connecting and reading the headers (the client's per-call timeout).
    timeout: float = 60.0
    # False when the body can be sent once only (an iterator): never sent on a reused connection.
    replayable: bool = True


class Transport(Protocol):
    """What `transport=` takes (HTTPTransport is one): `send(request)` returns a RawResponse whose
    body may be unread; `close()` closes its idle connections."""

    def send(self, request: TransportRequest) -> "RawResponse": ...

    def close(self) -> None: ...


class Headers(Mapping[str, str]):
    """Response headers, looked up case-insensitively; repeated headers joined with ", "."""

    def __init__(self, pairs: Union[Mapping[str, str], Iterable[Tuple[str, str]]]) -> None:
        values: Dict[str, str] = {}
        items: Iterable[Tuple[object, object]] = cast(Mapping[object, object], pairs).items() if isinstance(pairs, Mapping) else pairs
        for name, value in items:
            key = str(name).lower()
            values[key] = f"{values[key]}, {value}" if key in values else str(value)
        self._values = values

    def __getitem__(self, name: str) -> str:
        return self._values[name.lower()]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Headers({sorted(self._values)})"  # names only: values can carry secrets


class RawResponse:
    """One HTTP answer: its status, headers and body, read whole (`content`) or as it arrives
    (`iter_bytes`). A transport of your own builds it from `content=` bytes or a `stream=` of chunks."""

    def __init__(
        self,
        status_code: int,
        headers: Union[Headers, Mapping[str, str], Iterable[Tuple[str, str]]],
        content: Optional[bytes] = None,
        stream: Optional[Iterable[bytes]] = None,
        *,
        body: Optional["_OpenBody"] = None,
    ) -> None:
        self.status_code = status_code
        self.headers = headers if isinstance(headers, Headers) else Headers(headers)
        self._content = content
        self._body: Optional[_Body] = body if body is not None else (_IterBody(stream) if stream is not None else None)

    @property
    def content(self) -> bytes:
        """The whole body (read now, when it was streamed and not read yet)."""
        if self._content is None:
            self._content = b"".join(self.iter_bytes())
        return self._content

    def read(self) -> bytes:
        """Reads the whole body (when it was streamed); returns it."""
        return self.content

    @property
    def is_streamed(self) -> bool:
        return self._body is not None

    def read_within(self, deadline: float, timeout: float) -> None:
        """From now on every read gets what is left until `deadline` (time.monotonic()); `timeout` names the budget in errors."""
        if self._body is not None:
            self._body.limit(deadline, None, timeout)

    def idle_timeout(self, seconds: float) -> None:
        """From now on every read may wait `seconds` for data (streams and downloads)."""
        if self._body is not None:
            self._body.limit(None, seconds, seconds)

    def iter_bytes(self, chunk_size: Optional[int] = None) -> Iterator[bytes]:
        """The body in chunks as they arrive (at most `chunk_size` bytes each)."""
        if self._content is not None:
            data = self._content
            step = chunk_size or max(1, len(data))
            for start in range(0, len(data), step):
                yield data[start : start + step]
            return
        if self._body is None:
            return
        yield from self._body.chunks(chunk_size or READ_CHUNK)

    def close(self) -> None:
        """Stops reading: a body not read to its end closes its connection."""
        if self._body is not None:
            self._body.close()

    @property
    def is_closed(self) -> bool:
        return self._body is None or self._body.finished


class _Body:
    """A body still arriving, read once, under a deadline or an idle timeout."""

    finished = False

    def __init__(self) -> None:
        self._deadline: Optional[float] = None
        self._idle: Optional[float] = None
        self._budget = 0.0
        self._started = False

    def limit(self, deadline: Optional[float], idle: Optional[float], budget: float) -> None:
        self._deadline, self._idle, self._budget = deadline, idle, budget

    def _timeout_error(self) -> APITimeoutError:
        if self._idle is not None:
            return APITimeoutError(self._budget, "No data arrived on the stream")
        return APITimeoutError(self._budget, "Request timed out (the whole call, body included)")

    def _left(self) -> Optional[float]:
        """Seconds the next read may take; raises once the deadline has passed."""
        if self._deadline is not None:
            left = self._deadline - time.monotonic()
            if left <= 0:
                raise self._timeout_error()
            return left
        return self._idle

    def _begin(self) -> None:
        if self._started:
            raise APIConnectionError("The response body was already read (a streamed body can be read once).")
        self._started = True

    def chunks(self, size: int) -> Iterator[bytes]:
        raise NotImplementedError

    def close(self) -> None:
        self.finished = True


class _IterBody(_Body):
    """A body from a transport of your own: its chunks, the deadline checked between them."""

    def __init__(self, stream: Iterable[bytes]) -> None:
        super().__init__()
        self._stream = stream

    def chunks(self, size: int) -> Iterator[bytes]:
        self._begin()
        iterator = iter(self._stream)
        try:
            while True:
                self._left()
                try:
                    chunk = next(iterator)
                except StopIteration:
                    self.finished = True
                    return
                except APIError:
                    raise
                except Exception as error:
                    raise APIConnectionError(f"The transport's response body raised {error!r}") from error
                data = _as_bytes(chunk)
                if data:
                    yield data
        finally:
            if not self.finished:
                self.close()

    def close(self) -> None:
        if not self.finished:
            self.finished = True
            closer = getattr(self._stream, "close", None)
            if callable(closer):
                try:
                    closer()
                except Exception:  # closing a body we no longer read: nothing to report
                    pass


class _OpenBody(_Body):
    """A response body still on its connection."""

    def __init__(
        self, response: http.client.HTTPResponse, connection: http.client.HTTPConnection, sock: Optional[socket.socket], release: Callable[[http.client.HTTPConnection, bool], None]
    ) -> None:
        super().__init__()
        self._response = response
        self._connection = connection
        self._sock = sock
        self._release = release

    def chunks(self, size: int) -> Iterator[bytes]:
        self._begin()
        try:
            while not self.finished:
                left = self._left()
                try:
                    if self._sock is not None:
                        self._sock.settimeout(left)
                    chunk = self._response.read1(size)
                except socket.timeout as error:
                    raise self._timeout_error() from error
                except (OSError, http.client.HTTPException, ValueError) as error:
                    raise APIConnectionError(f"The response broke off: {error!r}") from error
                if not chunk:
                    self._done()
                    return
                yield chunk
        finally:
            if not self.finished:
                self.close()

    def _done(self) -> None:
        self.finished = True
        try:
            self._response.read()  # closes a body whose length ran out, so the connection is reusable
        except (OSError, http.client.HTTPException):
            self._release(self._connection, False)
            return
        self._release(self._connection, not self._response.will_close)

    def close(self) -> None:
        if not self.finished:
            self.finished = True
            self._response.close()
            self._release(self._connection, False)


# (scheme, host, port, proxy key)
Origin = Tuple[str, str, int, str]

_RESET = (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError)


class HTTPTransport:
    """Sends requests over `http.client`, keeping idle connections per origin for the next call
    (thread-safe). `proxy` ("http://user:pass@host:port") overrides the environment's
    HTTPS_PROXY/HTTP_PROXY/NO_PROXY, which are read unless `trust_env=False`; `ssl_context`
    replaces the default verification (the system's CAs, or SSL_CERT_FILE)."""

    def __init__(self, *, proxy: Optional[str] = None, trust_env: bool = True, ssl_context: Optional[ssl.SSLContext] = None, max_idle_per_origin: int = 10) -> None:
        self._idle: Dict[Origin, List[http.client.HTTPConnection]] = {}
        self._lock = threading.Lock()
        self._max_idle = max_idle_per_origin
        self._proxy = proxy
        self._trust_env = trust_env
        self._ssl_context = ssl_context

    def send(self, request: TransportRequest) -> RawResponse:
        """One exchange; the response's body is left unread. A body that is not `replayable` goes
        on a fresh connection, never a kept-alive one the server may have closed meanwhile."""
        parts = urllib.parse.urlsplit(request.url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise APIConnectionError(f"Unsupported URL {parts.scheme}://{parts.netloc}: only http and https are supported.")
        port = parts.port or (443 if parts.scheme == "https" else 80)
        proxy = proxy_for(parts.scheme, parts.hostname, port, self._proxy, self._trust_env)
        origin: Origin = (parts.scheme, parts.hostname, port, proxy.key if proxy else "")
        target = parts.path or "/"
        if parts.query:
            target += "?" + parts.query
        headers = dict(request.headers)
        if proxy is not None and parts.scheme == "http":
            # A plain-http request goes to the proxy whole: absolute URL, the proxy's credentials.
            target = f"http://{parts.netloc.rpartition('@')[2]}{target}"
            if proxy.authorization:
                headers["proxy-authorization"] = proxy.authorization
        deadline = time.monotonic() + request.timeout
        connection, reused = self._acquire(origin, proxy, request.timeout, fresh=not request.replayable)
        try:
            return self._exchange(origin, connection, request, target, headers, deadline, proxy)
        except _RESET as error:
            connection.close()
            if not reused:
                raise APIConnectionError(f"Connection error: {error!r}") from error
            # A kept-alive connection the server closed while idle: one fresh connection, at once.
            fresh, _ = self._acquire(origin, proxy, request.timeout, fresh=True)
            try:
                return self._exchange(origin, fresh, request, target, headers, deadline, proxy)
            except _RESET as again:
                fresh.close()
                raise APIConnectionError(f"Connection error: {again!r}") from again
            except BaseException:
                fresh.close()
                raise
        except BaseException:
            connection.close()
            raise

    def _exchange(
        self, origin: Origin, connection: http.client.HTTPConnection, request: TransportRequest, target: str, headers: Mapping[str, str], deadline: float, proxy: Optional[Proxy]
    ) -> RawResponse:
        try:
            content = request.content() if callable(request.content) else request.content
            if connection.sock is None:
                connection.connect()
            sock = connection.sock
            connection.request(request.method, target, body=content, headers=dict(headers))
            left = deadline - time.monotonic()
            if left <= 0:
                raise socket.timeout("deadline")
            if sock is not None:
                sock.settimeout(left)
            response = connection.getresponse()
        except socket.timeout as error:
            connection.close()
            raise APITimeoutError(request.timeout) from error
        except _RESET:
            raise
        except (OSError, http.client.HTTPException) as error:
            connection.close()
            if proxy is not None and _is_proxy_failure(error, connection):
                raise ProxyError(f"The proxy {proxy.describe()} refused: {error}") from error
            raise APIConnectionError(f"Connection error: {error!r}") from error
        body = _OpenBody(response, connection, sock, lambda used, reusable: self._give_back(origin, used, reusable))
        raw = RawResponse(response.status, Headers(response.getheaders()), body=body)
        raw.read_within(deadline, request.timeout)
        return raw

    def _acquire(self, origin: Origin, proxy: Optional[Proxy], timeout: float, fresh: bool = False) -> Tuple[http.client.HTTPConnection, bool]:
        if not fresh:
            with self._lock:
                idle = self._idle.get(origin)
                if idle:
                    connection = idle.pop()
                    connection.timeout = timeout
                    if connection.sock is not None:
                        connection.sock.settimeout(timeout)
                    return connection, True
        scheme, host, port, _ = origin
        if scheme == "https":
            context = self._ssl_context or default_ssl_context(self)
            if proxy is None:
                return http.client.HTTPSConnection(host, port, timeout=timeout, context=context), False
            tunnelled = http.client.HTTPSConnection(proxy.host, proxy.port, timeout=timeout, context=context)
            tunnelled.set_tunnel(host, port, headers={"Proxy-Authorization": proxy.authorization} if proxy.authorization else None)
            setattr(tunnelled, "_sdk_proxy", proxy)
            return tunnelled, False
        if proxy is not None:
            direct = http.client.HTTPConnection(proxy.host, proxy.port, timeout=timeout)
            setattr(direct, "_sdk_proxy", proxy)
            return direct, False
        return http.client.HTTPConnection(host, port, timeout=timeout), False

    def _give_back(self, origin: Origin, connection: http.client.HTTPConnection, reusable: bool) -> None:
        if reusable:
            with self._lock:
                idle = self._idle.setdefault(origin, [])
                if len(idle) < self._max_idle:
                    idle.append(connection)
                    return
        connection.close()

    def close(self) -> None:
        """Closes every idle connection (the transport stays usable)."""
        with self._lock:
            connections = [connection for idle in self._idle.values() for connection in idle]
            self._idle.clear()
        for connection in connections:
            connection.close()


def _as_bytes(chunk: object) -> bytes:
    """A chunk of a transport's body as bytes; anything else is an APIConnectionError."""
    if isinstance(chunk, (bytes, bytearray, memoryview)):
        return bytes(cast(bytes, chunk))
    raise APIConnectionError(f"The transport's response body yielded {type(chunk).__name__}, not bytes.") from TypeError(type(chunk).__name__)


def default_ssl_context(transport: object) -> ssl.SSLContext:
    """The transport's TLS context: made on its first https request (so SSL_CERT_FILE set before it counts), then kept."""
    context: Optional[ssl.SSLContext] = getattr(transport, "_made_ssl_context", None)
    if context is None:
        context = ssl.create_default_context()
        setattr(transport, "_made_ssl_context", context)
    return context


def _is_proxy_failure(error: BaseException, connection: http.client.HTTPConnection) -> bool:
    """Whether the proxy itself failed: it refused the CONNECT, or could not be reached."""
    if str(error).startswith("Tunnel connection failed"):
        return True
    return getattr(connection, "_sdk_proxy", None) is not None and connection.sock is None and isinstance(error, ConnectionRefusedError)
