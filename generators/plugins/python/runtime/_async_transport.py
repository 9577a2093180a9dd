"""HTTP/1.1 on asyncio streams (and `ssl`), standard library only: `AsyncHTTPTransport` keeps
connections open per origin (and proxy) and reuses them, honours HTTPS_PROXY/HTTP_PROXY/NO_PROXY
(a CONNECT tunnel for https) like the sync transport, and hands each response over with its body
unread. Bodies are framed by Content-Length, chunked transfer encoding, or the end of the
connection; every read waits at most what is left of the call's timeout, or a stream's idle timeout.
"""

from __future__ import annotations

import asyncio
import socket
import ssl
import time
import urllib.parse
from typing import Any, AsyncIterable, AsyncIterator, Awaitable, Callable, Dict, Iterable, List, Mapping, Optional, Protocol, Tuple, Union

from ._errors import APIConnectionError, APIError, APITimeoutError, ProxyError
from ._proxy import Proxy, proxy_for
from ._transport import READ_CHUNK, Headers, RawResponse, TransportRequest, _as_bytes, default_ssl_context  # pyright: ignore[reportPrivateUsage]

MAX_HEAD = 64 * 1024


class AsyncTransport(Protocol):
    """What `transport=` takes on the async client (AsyncHTTPTransport is one)."""

    async def send(self, request: TransportRequest) -> "AsyncRawResponse": ...

    async def close(self) -> None: ...


class AsyncRawResponse:
    """One HTTP answer whose body arrives asynchronously (`await read()`, `async for chunk in iter_bytes()`).
    A transport of your own builds it from `content=` bytes or a `stream=` async iterable of chunks."""

    def __init__(
        self,
        status_code: int,
        headers: Union[Headers, Mapping[str, str], Iterable[Tuple[str, str]]],
        content: Optional[bytes] = None,
        stream: Optional[AsyncIterable[bytes]] = None,
        *,
        body: Optional["_AsyncBody"] = None,
    ) -> None:
        self.status_code = status_code
        self.headers = headers if isinstance(headers, Headers) else Headers(headers)
        self._content = content
        self._body: Optional[_AsyncBody] = body if body is not None else (_AsyncBody(_stream=stream) if stream is not None else None)

    @property
    def content(self) -> bytes:
        """The whole body, once `read()` has read it."""
        if self._content is None:
            raise APIConnectionError("The response body has not been read yet (await response.read()).")
        return self._content

    async def read(self) -> bytes:
        if self._content is None:
            self._content = b"".join([chunk async for chunk in self.iter_bytes()])
        return self._content

    def read_within(self, deadline: float, timeout: float) -> None:
        if self._body is not None:
            self._body.limit(deadline, None, timeout)

    def idle_timeout(self, seconds: float) -> None:
        if self._body is not None:
            self._body.limit(None, seconds, seconds)

    async def iter_bytes(self, chunk_size: Optional[int] = None) -> AsyncIterator[bytes]:
        if self._content is not None:
            data = self._content
            step = chunk_size or max(1, len(data))
            for start in range(0, len(data), step):
                yield data[start : start + step]
            return
        if self._body is None:
            return
        async for chunk in self._body.chunks(chunk_size or READ_CHUNK):
            yield chunk

    async def close(self) -> None:
        if self._body is not None:
            await self._body.close()

    @property
    def is_closed(self) -> bool:
        return self._body is None or self._body.finished

    def head(self) -> RawResponse:
        """The status and headers alone, as a RawResponse (for what reads only those)."""
        return RawResponse(self.status_code, self.headers, b"")

    def whole(self) -> RawResponse:
        """The response as a RawResponse, once its body has been read (for the decoders both clients share)."""
        return RawResponse(self.status_code, self.headers, self.content)


class _Connection:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, origin: "Origin") -> None:
        self.reader = reader
        self.writer = writer
        self.origin = origin
        self.loop = asyncio.get_running_loop()

    def usable(self) -> bool:
        return self.loop is asyncio.get_running_loop() and not self.reader.at_eof() and not self.writer.is_closing()

    def close(self) -> None:
        try:
            self.writer.close()
        except (OSError, RuntimeError):  # a loop that has gone away: nothing to close any more
            pass


class _AsyncBody:
    """A body still arriving: on a connection (framed by length, chunks or its end) or from an async iterable."""

    def __init__(
        self,
        connection: Optional[_Connection] = None,
        framing: str = "none",
        length: int = 0,
        release: Optional["Release"] = None,
        reusable: bool = False,
        _stream: Optional[AsyncIterable[bytes]] = None,
    ) -> None:
        self._connection = connection
        self._framing = framing  # "length", "chunked", "close" or "none"
        self._left_bytes = length
        self._release = release
        self._reusable = reusable
        self._stream = _stream
        self.finished = False
        self._started = False
        self._deadline: Optional[float] = None
        self._idle: Optional[float] = None
        self._budget = 0.0

    def limit(self, deadline: Optional[float], idle: Optional[float], budget: float) -> None:
        self._deadline, self._idle, self._budget = deadline, idle, budget

    def _timeout_error(self) -> APITimeoutError:
        if self._idle is not None:
            return APITimeoutError(self._budget, "No data arrived on the stream")
        return APITimeoutError(self._budget, "Request timed out (the whole call, body included)")

    async def _wait(self, awaitable: Awaitable[Any]) -> Any:
        timeout: Optional[float] = self._idle
        if self._deadline is not None:
            timeout = self._deadline - time.monotonic()
            if timeout <= 0:
                raise self._timeout_error()
        try:
            return await asyncio.wait_for(awaitable, timeout)
        except asyncio.TimeoutError as error:
            raise self._timeout_error() from error
        except asyncio.IncompleteReadError as error:
            raise APIConnectionError(f"The response broke off after {len(error.partial)} more bytes.") from error
        except (OSError, asyncio.LimitOverrunError, ValueError) as error:
            raise APIConnectionError(f"The response broke off: {error!r}") from error

    async def chunks(self, size: int) -> AsyncIterator[bytes]:
        if self._started:
            raise APIConnectionError("The response body was already read (a streamed body can be read once).")
        self._started = True
        try:
            if self._stream is not None:
                async for chunk in self._from_stream():
                    yield chunk
            else:
                async for chunk in self._from_connection(size):
                    yield chunk
            await self._done()
        finally:
            if not self.finished:
                await self.close()

    async def _from_stream(self) -> AsyncIterator[bytes]:
        assert self._stream is not None
        iterator = self._stream.__aiter__()
        while True:
            try:
                chunk = await self._wait(iterator.__anext__())
            except StopAsyncIteration:
                return
            except APIError:
                raise
            except Exception as error:
                raise APIConnectionError(f"The transport's response body raised {error!r}") from error
            data = _as_bytes(chunk)
            if data:
                yield data

    async def _from_connection(self, size: int) -> AsyncIterator[bytes]:
        assert self._connection is not None
        reader = self._connection.reader
        if self._framing == "length":
            while self._left_bytes > 0:
                chunk = await self._wait(reader.read(min(size, self._left_bytes)))
                if not chunk:
                    raise APIConnectionError(f"The response broke off {self._left_bytes} bytes before its Content-Length.")
                self._left_bytes -= len(chunk)
                yield chunk
        elif self._framing == "chunked":
            while True:
                line = await self._wait(reader.readuntil(b"\n"))
                try:
                    chunk_size = int(line.split(b";")[0].strip(), 16)
                except ValueError as error:
                    raise APIConnectionError(f"The response's chunked framing is broken: {line[:40]!r}") from error
                if chunk_size == 0:
                    while (await self._wait(reader.readuntil(b"\n"))).strip():
                        pass  # trailers
                    return
                remaining = chunk_size
                while remaining > 0:
                    chunk = await self._wait(reader.read(min(size, remaining)))
                    if not chunk:
                        raise APIConnectionError("The response broke off inside a chunk.")
                    remaining -= len(chunk)
                    yield chunk
                await self._wait(reader.readexactly(2))
        elif self._framing == "close":
            while True:
                chunk = await self._wait(reader.read(size))
                if not chunk:
                    return
                yield chunk

    async def _done(self) -> None:
        self.finished = True
        if self._connection is not None and self._release is not None:
            self._release(self._connection, self._reusable)

    async def close(self) -> None:
        if self.finished:
            return
        self.finished = True
        if self._connection is not None:
            self._connection.close()
            if self._release is not None:
                self._release(self._connection, False)
        elif self._stream is not None:
            closer = getattr(self._stream, "aclose", None)
            if callable(closer):
                try:
                    await closer()  # pyright: ignore[reportGeneralTypeIssues]
                except Exception:  # closing a body we no longer read: nothing to report
                    pass


# (scheme, host, port, proxy key)
Origin = Tuple[str, str, int, str]

Release = Callable[[_Connection, bool], None]

_RESET = (ConnectionResetError, BrokenPipeError, asyncio.IncompleteReadError)


class AsyncHTTPTransport:
    """Sends requests over asyncio streams, keeping idle connections per origin for the next call.
    `proxy`, `trust_env` and `ssl_context` as on HTTPTransport."""

    def __init__(self, *, proxy: Optional[str] = None, trust_env: bool = True, ssl_context: Optional[ssl.SSLContext] = None, max_idle_per_origin: int = 10) -> None:
        self._idle: Dict[Origin, List[_Connection]] = {}
        self._max_idle = max_idle_per_origin
        self._proxy = proxy
        self._trust_env = trust_env
        self._ssl_context = ssl_context

    async def send(self, request: TransportRequest) -> AsyncRawResponse:
        parts = urllib.parse.urlsplit(request.url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise APIConnectionError(f"Unsupported URL {parts.scheme}://{parts.netloc}: only http and https are supported.")
        port = parts.port or (443 if parts.scheme == "https" else 80)
        proxy = proxy_for(parts.scheme, parts.hostname, port, self._proxy, self._trust_env)
        origin: Origin = (parts.scheme, parts.hostname, port, proxy.key if proxy else "")
        authority = parts.netloc.rpartition("@")[2]
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        headers = {name.lower(): value for name, value in request.headers.items()}
        headers.setdefault("host", authority)
        if proxy is not None and parts.scheme == "http":
            target = f"http://{authority}{target}"
            if proxy.authorization:
                headers["proxy-authorization"] = proxy.authorization
        deadline = time.monotonic() + request.timeout
        connection = self._reuse(origin) if request.replayable else None
        if connection is not None:
            try:
                return await self._exchange(connection, request, target, headers, deadline)
            except _RESET:
                connection.close()  # closed by the server while idle: one fresh connection, at once
        connection = await self._open(origin, proxy, deadline, request.timeout)
        try:
            return await self._exchange(connection, request, target, headers, deadline)
        except _RESET as error:
            connection.close()
            raise APIConnectionError(f"Connection error: {error!r}") from error
        except BaseException:
            connection.close()
            raise

    def _reuse(self, origin: Origin) -> Optional[_Connection]:
        idle = self._idle.get(origin, [])
        while idle:
            connection = idle.pop()
            if connection.usable():
                return connection
            connection.close()
        return None

    async def _open(self, origin: Origin, proxy: Optional[Proxy], deadline: float, timeout: float) -> _Connection:
        scheme, host, port, _ = origin
        context = (self._ssl_context or default_ssl_context(self)) if scheme == "https" else None
        try:
            if proxy is not None and scheme == "https":
                sock = await asyncio.wait_for(_tunnel(proxy, host, port), _left(deadline))
                reader, writer = await asyncio.wait_for(asyncio.open_connection(sock=sock, ssl=context, server_hostname=host), _left(deadline))
            elif proxy is not None:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(proxy.host, proxy.port), _left(deadline))
            else:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port, ssl=context, server_hostname=host if context else None), _left(deadline))
        except asyncio.TimeoutError as error:
            raise APITimeoutError(timeout) from error
        except ProxyError:
            raise
        except ConnectionRefusedError as error:
            if proxy is not None:
                raise ProxyError(f"The proxy {proxy.describe()} refused the connection: {error!r}") from error
            raise APIConnectionError(f"Connection error: {error!r}") from error
        except (OSError, ssl.SSLError, ValueError) as error:
            raise APIConnectionError(f"Connection error: {error!r}") from error
        return _Connection(reader, writer, origin)

    async def _exchange(self, connection: _Connection, request: TransportRequest, target: str, headers: Dict[str, str], deadline: float) -> AsyncRawResponse:
        content = request.content() if callable(request.content) else request.content
        chunked = content is not None and not isinstance(content, bytes) and "content-length" not in headers
        if chunked:
            headers["transfer-encoding"] = "chunked"
        elif content is None and request.method in ("POST", "PUT", "PATCH"):
            headers.setdefault("content-length", "0")
        elif isinstance(content, bytes):
            headers["content-length"] = str(len(content))
        head = f"{request.method} {target} HTTP/1.1\r\n" + "".join(f"{name}: {value}\r\n" for name, value in headers.items()) + "\r\n"
        writer = connection.writer
        try:
            writer.write(head.encode("latin-1"))
            if isinstance(content, bytes):
                writer.write(content)
            elif content is not None:
                for piece in content:
                    if piece:
                        writer.write(f"{len(piece):X}\r\n".encode("ascii") + piece + b"\r\n" if chunked else piece)
                        await asyncio.wait_for(writer.drain(), _left(deadline))
                if chunked:
                    writer.write(b"0\r\n\r\n")
            await asyncio.wait_for(writer.drain(), _left(deadline))
            status, version, response_headers = await self._head(connection, deadline)
        except asyncio.TimeoutError as error:
            connection.close()
            raise APITimeoutError(request.timeout) from error
        except _RESET:
            raise
        except (OSError, asyncio.LimitOverrunError, UnicodeEncodeError) as error:
            connection.close()
            raise APIConnectionError(f"Connection error: {error!r}") from error
        no_body = request.method == "HEAD" or status in (204, 304) or 100 <= status < 200
        keep_alive = version == "HTTP/1.1" and "close" not in response_headers.get("connection", "").lower()
        if no_body:
            framing, length = "none", 0
        elif "chunked" in response_headers.get("transfer-encoding", "").lower():
            framing, length = "chunked", 0
        elif response_headers.get("content-length", "").strip().isdigit():
            framing, length = "length", int(response_headers["content-length"].strip())
        else:
            framing, length, keep_alive = "close", 0, False
        body = _AsyncBody(connection, framing, length, self._give_back, keep_alive)
        raw = AsyncRawResponse(status, response_headers, body=body)
        raw.read_within(deadline, request.timeout)
        return raw

    async def _head(self, connection: _Connection, deadline: float) -> Tuple[int, str, Headers]:
        while True:
            data = await asyncio.wait_for(connection.reader.readuntil(b"\r\n\r\n"), _left(deadline))
            if len(data) > MAX_HEAD:
                raise APIConnectionError("The response's headers are larger than 64 KiB.")
            lines = data.decode("latin-1").split("\r\n")
            version, _, rest = lines[0].partition(" ")
            code = rest[:3]
            if not version.startswith("HTTP/1.") or not code.isdigit():
                raise APIConnectionError(f"Not an HTTP/1.x response: {lines[0][:60]!r}")
            status = int(code)
            if 100 <= status < 200 and status != 101:
                continue  # 100 Continue and friends: the real answer follows
            pairs: List[Tuple[str, str]] = []
            for line in lines[1:]:
                if line:
                    name, colon, value = line.partition(":")
                    if not colon:
                        raise APIConnectionError(f"A malformed response header: {line[:60]!r}")
                    pairs.append((name.strip(), value.strip()))
            return status, version, Headers(pairs)

    def _give_back(self, connection: _Connection, reusable: bool) -> None:
        if reusable and connection.usable():
            idle = self._idle.setdefault(connection.origin, [])
            if len(idle) < self._max_idle:
                idle.append(connection)
                return
        connection.close()

    async def close(self) -> None:
        """Closes every idle connection (the transport stays usable)."""
        connections = [connection for idle in self._idle.values() for connection in idle]
        self._idle.clear()
        for connection in connections:
            connection.close()


def _left(deadline: float) -> float:
    return max(0.0, deadline - time.monotonic())


async def _tunnel(proxy: Proxy, host: str, port: int) -> socket.socket:
    """A socket to the proxy with a CONNECT tunnel to host:port open through it."""
    loop = asyncio.get_running_loop()
    last: Optional[BaseException] = None
    for family, kind, proto, _, address in await loop.getaddrinfo(proxy.host, proxy.port, type=socket.SOCK_STREAM):
        sock = socket.socket(family, kind, proto)
        sock.setblocking(False)
        try:
            await loop.sock_connect(sock, address)
        except OSError as error:
            sock.close()
            last = error
            continue
        authority = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        auth = f"Proxy-Authorization: {proxy.authorization}\r\n" if proxy.authorization else ""
        try:
            await loop.sock_sendall(sock, f"CONNECT {authority} HTTP/1.1\r\nHost: {authority}\r\n{auth}\r\n".encode("latin-1"))
            answer = b""
            while b"\r\n\r\n" not in answer:
                piece = await loop.sock_recv(sock, 4096)
                if not piece:
                    raise ProxyError(f"The proxy {proxy.describe()} closed the connection instead of opening a tunnel to {authority}.")
                answer += piece
                if len(answer) > MAX_HEAD:
                    raise ProxyError(f"The proxy {proxy.describe()} answered CONNECT with more than 64 KiB of headers.")
        except BaseException:
            sock.close()
            raise
        status_line = answer.split(b"\r\n", 1)[0].decode("latin-1")
        parts = status_line.split(" ", 2)
        if len(parts) < 2 or parts[1] != "200":
            sock.close()
            problem = OSError(f"Tunnel connection failed: {status_line[9:] or status_line}")
            raise ProxyError(f"The proxy {proxy.describe()} refused the tunnel to {authority}: {status_line[:80]}") from problem
        return sock
    if isinstance(last, ConnectionRefusedError):
        raise ProxyError(f"The proxy {proxy.describe()} refused the connection: {last!r}") from last
    raise APIConnectionError(f"Could not connect to the proxy {proxy.describe()}: {last!r}") from last
