"""HTTP over the standard library: `http.client` connections kept open and reused per origin.

Request bodies are bytes or chunks sent as they are produced (chunked transfer encoding when
their length is not known). A response is read whole, or, when asked to stream, handed over
unread: its connection goes back to the pool once the body has been read to the end, and is
closed if the reader stops early.
"""

from __future__ import annotations

import http.client
import socket
import threading
import urllib.parse
from typing import Callable, Dict, Iterable, Iterator, List, Mapping, Optional, Tuple, Union

from ._errors import APIConnectionError, APITimeoutError

RequestContent = Union[bytes, Callable[[], Iterable[bytes]]]
"""A request body: bytes, or a function that starts its chunks over (called once per attempt)."""

READ_CHUNK = 64 * 1024


class Headers(Mapping[str, str]):
    """Response headers, looked up case-insensitively; repeated headers joined with ", "."""

    def __init__(self, pairs: List[Tuple[str, str]]) -> None:
        values: Dict[str, str] = {}
        for name, value in pairs:
            key = name.lower()
            values[key] = f"{values[key]}, {value}" if key in values else value
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
    """One HTTP answer: read whole already, or streamed (read it with `iter_bytes`, or `content`)."""

    def __init__(self, status_code: int, headers: Headers, content: Optional[bytes] = None, body: Optional["_OpenBody"] = None) -> None:
        self.status_code = status_code
        self.headers = headers
        self._content = content
        self._body = body

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


class _OpenBody:
    """A response body still on its connection."""

    def __init__(self, response: http.client.HTTPResponse, connection: http.client.HTTPConnection, release: Callable[[http.client.HTTPConnection, bool], None]) -> None:
        self._response = response
        self._connection = connection
        self._release = release
        self.finished = False
        self._started = False

    def chunks(self, size: int) -> Iterator[bytes]:
        if self._started:
            raise APIConnectionError("The response body was already read (a streamed body can be read once).")
        self._started = True
        try:
            while not self.finished:
                try:
                    chunk = self._response.read1(size) if hasattr(self._response, "read1") else self._response.read(size)
                except socket.timeout as error:
                    raise APITimeoutError(self._connection.timeout or 0.0) from error
                except (OSError, http.client.HTTPException, ValueError) as error:
                    raise APIConnectionError(f"The response broke off: {error}") from error
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


Origin = Tuple[str, str, int]


class Transport:
    """Sends requests, keeping idle connections per origin for the next call (thread-safe)."""

    def __init__(self, max_idle_per_origin: int = 10) -> None:
        self._idle: Dict[Origin, List[http.client.HTTPConnection]] = {}
        self._lock = threading.Lock()
        self._max_idle = max_idle_per_origin

    def send(
        self,
        method: str,
        url: str,
        headers: Mapping[str, str],
        body: Optional[RequestContent],
        timeout: float,
        *,
        stream: bool = False,
        replayable: bool = True,
    ) -> RawResponse:
        """One exchange. `stream` hands the response over unread; a body that is not `replayable`
        (chunks that can be produced once) goes on a fresh connection, never a kept-alive one
        the server may have closed meanwhile."""
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise APIConnectionError(f"Unsupported URL {parts.scheme}://{parts.netloc}: only http and https are supported.")
        origin: Origin = (parts.scheme, parts.hostname, parts.port or (443 if parts.scheme == "https" else 80))
        target = parts.path or "/"
        if parts.query:
            target += "?" + parts.query
        connection, reused = self._acquire(origin, timeout, fresh=not replayable)
        try:
            return self._exchange(origin, connection, method, target, headers, body, stream)
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as error:
            connection.close()
            if not reused:
                raise APIConnectionError(f"Connection error: {error}") from error
            # A kept-alive connection the server closed while idle: one fresh connection, at once.
            fresh, _ = self._acquire(origin, timeout, fresh=True)
            try:
                return self._exchange(origin, fresh, method, target, headers, body, stream)
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as again:
                fresh.close()
                raise APIConnectionError(f"Connection error: {again}") from again
            except BaseException:
                fresh.close()
                raise
        except BaseException:
            connection.close()
            raise

    def _exchange(
        self,
        origin: Origin,
        connection: http.client.HTTPConnection,
        method: str,
        target: str,
        headers: Mapping[str, str],
        body: Optional[RequestContent],
        stream: bool,
    ) -> RawResponse:
        try:
            content = body() if callable(body) else body
            connection.request(method, target, body=content, headers=dict(headers))
            response = connection.getresponse()
            if stream:
                return RawResponse(response.status, Headers(response.getheaders()), body=_OpenBody(response, connection, lambda used, reusable: self._give_back(origin, used, reusable)))
            data = response.read()
        except socket.timeout as error:
            connection.close()
            raise APITimeoutError(connection.timeout or 0.0) from error
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            raise
        except (OSError, http.client.HTTPException) as error:
            connection.close()
            raise APIConnectionError(f"Connection error: {error}") from error
        result = RawResponse(response.status, Headers(response.getheaders()), data)
        self._give_back(origin, connection, not response.will_close)
        return result

    def _acquire(self, origin: Origin, timeout: float, fresh: bool = False) -> Tuple[http.client.HTTPConnection, bool]:
        if not fresh:
            with self._lock:
                idle = self._idle.get(origin)
                if idle:
                    connection = idle.pop()
                    connection.timeout = timeout
                    if connection.sock is not None:
                        connection.sock.settimeout(timeout)
                    return connection, True
        scheme, host, port = origin
        if scheme == "https":
            return http.client.HTTPSConnection(host, port, timeout=timeout), False
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
        """Closes every idle connection."""
        with self._lock:
            connections = [connection for idle in self._idle.values() for connection in idle]
            self._idle.clear()
        for connection in connections:
            connection.close()
