"""HTTP over the standard library: `http.client` connections kept open and reused per origin."""

from __future__ import annotations

import http.client
import socket
import threading
import urllib.parse
from typing import Dict, Iterator, List, Mapping, Optional, Tuple

from ._errors import APIConnectionError, APITimeoutError


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
    """One HTTP answer, read whole."""

    def __init__(self, status_code: int, headers: Headers, content: bytes) -> None:
        self.status_code = status_code
        self.headers = headers
        self.content = content


Origin = Tuple[str, str, int]


class Transport:
    """Sends requests, keeping idle connections per origin for the next call (thread-safe)."""

    def __init__(self, max_idle_per_origin: int = 10) -> None:
        self._idle: Dict[Origin, List[http.client.HTTPConnection]] = {}
        self._lock = threading.Lock()
        self._max_idle = max_idle_per_origin

    def send(self, method: str, url: str, headers: Mapping[str, str], body: Optional[bytes], timeout: float) -> RawResponse:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise APIConnectionError(f"Unsupported URL {parts.scheme}://{parts.netloc}: only http and https are supported.")
        origin: Origin = (parts.scheme, parts.hostname, parts.port or (443 if parts.scheme == "https" else 80))
        target = parts.path or "/"
        if parts.query:
            target += "?" + parts.query
        connection, reused = self._acquire(origin, timeout)
        try:
            return self._exchange(origin, connection, method, target, headers, body)
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as error:
            connection.close()
            if not reused:
                raise APIConnectionError(f"Connection error: {error}") from error
            # A kept-alive connection the server closed while idle: one fresh connection, at once.
            fresh, _ = self._acquire(origin, timeout, fresh=True)
            try:
                return self._exchange(origin, fresh, method, target, headers, body)
            except BaseException:
                fresh.close()
                raise
        except BaseException:
            connection.close()
            raise

    def _exchange(
        self, origin: Origin, connection: http.client.HTTPConnection, method: str, target: str, headers: Mapping[str, str], body: Optional[bytes]
    ) -> RawResponse:
        try:
            connection.request(method, target, body=body, headers=dict(headers))
            response = connection.getresponse()
            content = response.read()
        except socket.timeout as error:
            connection.close()
            raise APITimeoutError(connection.timeout or 0.0) from error
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            raise
        except (OSError, http.client.HTTPException) as error:
            connection.close()
            raise APIConnectionError(f"Connection error: {error}") from error
        result = RawResponse(response.status, Headers(response.getheaders()), content)
        if response.will_close:
            connection.close()
        else:
            self._release(origin, connection)
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

    def _release(self, origin: Origin, connection: http.client.HTTPConnection) -> None:
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
