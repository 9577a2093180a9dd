"""Which proxy a request goes through: `proxy=` on the transport, else `HTTPS_PROXY` for https and
`HTTP_PROXY` for http URLs (lower-case names too, as urllib reads them), unless `NO_PROXY` lists
the host. Only `http://` proxies are supported: https requests go through them in a CONNECT
tunnel, so the proxy never sees the request, its headers or the key."""

from __future__ import annotations

import base64
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Callable, Dict, Mapping, Optional, cast

from ._errors import ProxyError


@dataclass(frozen=True)
class Proxy:
    host: str
    port: int
    # The Proxy-Authorization header value, from user info in the proxy URL.
    authorization: Optional[str] = None

    def describe(self) -> str:
        """The proxy's address without its credentials (for messages and logs)."""
        return f"http://{self.host}:{self.port}"

    @property
    def key(self) -> str:
        return f"{self.host}:{self.port}:{self.authorization or ''}"


def parse_proxy(url: str, source: str) -> Proxy:
    parts = urllib.parse.urlsplit(url if "://" in url else f"http://{url}")
    if parts.scheme != "http" or not parts.hostname:
        raise ProxyError(f"{source} is not an http:// proxy URL ({parts.scheme}://{parts.hostname or ''}); only http:// proxies are supported.")
    authorization = None
    if parts.username is not None:
        credentials = f"{urllib.parse.unquote(parts.username)}:{urllib.parse.unquote(parts.password or '')}"
        authorization = "Basic " + base64.b64encode(credentials.encode("utf-8")).decode("ascii")
    try:
        port = parts.port or 80
    except ValueError as error:
        raise ProxyError(f"{source} has an invalid port.") from error
    return Proxy(parts.hostname, port, authorization)


def proxy_for(scheme: str, host: str, port: int, explicit: Optional[str], trust_env: bool) -> Optional[Proxy]:
    """The proxy for a request to scheme://host:port, or None for a direct connection."""
    if explicit is not None:
        return parse_proxy(explicit, "proxy=") if explicit else None
    if not trust_env:
        return None
    proxies: Dict[str, str] = urllib.request.getproxies_environment()
    url = proxies.get(scheme)
    if not url:
        return None
    # Not in typeshed, but in urllib.request since Python 3.0: NO_PROXY as urllib reads it.
    bypass = cast(Callable[[str, Mapping[str, str]], bool], getattr(urllib.request, "proxy_bypass_environment"))
    if bypass(f"{host}:{port}", proxies) or bypass(host, proxies):
        return None
    return parse_proxy(url, f"{scheme.upper()}_PROXY")
