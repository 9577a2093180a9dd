"""Lists of another style than our cursor envelope, as a `PageSpec` names it: offset + limit, page
numbers, or the next page's URL (in the body, or an RFC 8288 `Link` header). One reading of a page
(`_PageReading`) serves the sync and the async page: which request asks for the next page, and when
the list has ended (an empty page, the total reached, the same items again, or a link back to a page
already seen). A next URL is sent with the client's credentials, so it must stay on its page's origin.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Dict, Generic, List, Mapping, Optional, Tuple, TypeVar, cast
from urllib.parse import urljoin, urlsplit

from ._errors import ClientError
from ._link_header import parse_link_header
from ._pagination import AsyncBasePage, AsyncPaginatorBase, SyncBasePage

Item = TypeVar("Item")


@dataclass(frozen=True)
class PageSpec:
    """How a list of another style than our cursor envelope pages: `style` is "offset", "page" or
    "link"; `items` the property names from the body to the item array (none: the body is it)."""

    style: str
    items: Tuple[str, ...] = ()
    offset_param: Optional[str] = None
    limit_param: Optional[str] = None
    total_field: Tuple[str, ...] = ()
    page_param: Optional[str] = None
    first_page: int = 1
    size_param: Optional[str] = None
    # The RFC 8288 header whose rel="next" URL is the next page (its absence: the last page).
    link_header: Optional[str] = None
    # Property names from the body to the next page's URL.
    next_field: Tuple[str, ...] = ()


@dataclass(frozen=True)
class PageRequest:
    """How the next page is asked for: the same operation with other query parameters, or a GET of a URL."""

    params: Optional[Dict[str, Any]] = None
    url: Optional[str] = None


def next_page_request(spec: PageSpec, params: Mapping[str, Any], body: Any, received: int, link: Optional[str]) -> Optional[PageRequest]:
    """The next page's request by the spec's style, or None when this page is the last: an empty page
    always is; offset also once the total is reached, when the body says it; URLs when none is
    given. A page shorter than the size asked is not the end: a server may cap the size (GitHub's
    `per_page` at 100), and a total, when given, decides."""
    if received == 0:
        return None
    if spec.style == "link" or spec.link_header is not None:
        if spec.next_field:
            url = _value_at(body, spec.next_field)
        else:
            url = next((each.uri for each in parse_link_header(link or "") if "next" in each.rel), None)
        return PageRequest(url=url) if isinstance(url, str) and url else None
    if spec.style == "offset" and spec.offset_param is not None:
        offset = _asked(params, spec.offset_param, 0)
        following = (0 if offset is None else offset) + received
        total = _value_at(body, spec.total_field) if spec.total_field else None
        if isinstance(total, (int, float)) and not isinstance(total, bool) and following >= total:
            return None
        return PageRequest(params={**params, spec.offset_param: following})
    if spec.page_param is None:
        return None
    page = _asked(params, spec.page_param, spec.first_page)
    return PageRequest(params={**params, spec.page_param: (spec.first_page if page is None else page) + 1})


def _asked(params: Mapping[str, Any], name: Optional[str], default: Optional[int]) -> Optional[int]:
    """The number a parameter was sent as (`default` when it was not sent, or sent as None), as the TypeScript runtime reads it."""
    if name is None:
        return None
    value = params.get(name)
    if value is None:
        value = default
    try:
        return None if value is None or isinstance(value, bool) else int(value)
    except (TypeError, ValueError):
        return None


def _value_at(body: Any, path: Tuple[str, ...]) -> Any:
    value = body
    for key in path:
        value = cast(Dict[str, Any], value).get(key) if isinstance(value, dict) else None
    return value


def _items(spec: PageSpec, body: Any) -> List[Any]:
    items = _value_at(body, spec.items)
    return cast(List[Any], items) if isinstance(items, list) else []


_DEFAULT_PORTS = {"http": 80, "https": 443}


def _origin(url: str) -> Tuple[str, str, Optional[int]]:
    """A URL's origin as the WHATWG URL standard (and so the TypeScript runtime) compares it: scheme, host, port with the scheme's default filled in."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    return scheme, (parts.hostname or "").lower(), parts.port if parts.port is not None else _DEFAULT_PORTS.get(scheme)


def _joined(link: str, page_url: str) -> str:
    """A link resolved against the page that named it, without its fragment (never sent)."""
    return urljoin(page_url, link).split("#", 1)[0]


def resolve_next_url(link: str, page_url: str) -> str:
    """A next page's URL resolved against the page that named it. It is sent with the client's
    credentials, so it must stay on that page's origin."""
    resolved = _joined(link, page_url)
    here, there = _origin(page_url), _origin(resolved)
    if here != there:
        where = urlsplit(resolved)
        raise ClientError(f"The next page's URL is on {where.scheme}://{where.netloc}, not {urlsplit(page_url).scheme}://{urlsplit(page_url).netloc}: not sent with this client's credentials.")
    return resolved


def _items_key(items: List[Any]) -> str:
    return json.dumps(items, sort_keys=True, default=str)


@dataclass(frozen=True)
class _AskedUrl:
    url: str
    before: Optional["_AskedUrl"] = None


@dataclass(frozen=True)
class PageTrail:
    """What a walk has seen before a page: the items of the page before it (as JSON) and, in a list
    that pages by links, the first page's items with its next link, and the URLs asked for, newest
    first. A chain, not a set: each page keeps its own view, so asking twice answers the same."""

    items_key: str
    first_page_key: Optional[str] = None
    asked: Optional[_AskedUrl] = None


class _PageReading(Generic[Item]):
    """What a page of an offset, page-number or next-link list says, read once for the sync and async pages alike."""

    def __init__(self, spec: PageSpec, params: Dict[str, Any], body: Any, headers: Mapping[str, str], url: str, trail: Optional[PageTrail]) -> None:
        items: List[Item] = _items(spec, body)
        self.items_key = _items_key(items)
        by_links = spec.style == "link" or spec.link_header is not None
        request = next_page_request(spec, params, body, len(items), headers.get(spec.link_header) if spec.link_header else None)
        following = None if request is None or request.url is None else _joined(request.url, url)
        # With its next link: two pages of a list may hold the same items, but not lead on alike too.
        page_key = f"{self.items_key}\n{following or ''}" if by_links else None
        # The same items as the page before (the server ignored the offset or page number, or its link
        # named the same page), or the first page again (a link back to it, written another way than
        # the parameters it was asked with): the end of the list, with nothing new, not a loop.
        repeated = bool(items) and trail is not None and (self.items_key == trail.items_key or (page_key is not None and page_key == trail.first_page_key))
        self.data: List[Item] = [] if repeated else items
        self.first_page_key = trail.first_page_key if trail is not None else page_key
        self.asked = _AskedUrl(url.split("#", 1)[0], trail.asked if trail is not None else None) if by_links else None
        # A next link to a page this walk has already asked for (A -> B -> C -> B) ends the list too:
        # following it would loop. Offsets and page numbers only move forward, so only links can lead back.
        leads_back = False
        asked = self.asked
        while following is not None and asked is not None and not leads_back:
            leads_back = asked.url == following
            asked = asked.before
        self._next: Optional[PageRequest] = None if repeated or leads_back else request

    def next_request(self) -> Optional[PageRequest]:
        """The next page's request, or None on the last page: a copy, so what a caller does with it does not change this page's."""
        return copy.deepcopy(self._next)

    def trail(self) -> PageTrail:
        return PageTrail(self.items_key, self.first_page_key, self.asked)


class SyncPage(SyncBasePage[Item]):
    """One page of an offset, page-number or next-link list; `for item in page` walks this page and every page after it."""

    data: List[Item]
    body: Any

    def __init__(self, spec: PageSpec, params: Dict[str, Any], fetch: Callable[[PageRequest, PageTrail], "SyncPage[Item]"], body: Any, headers: Mapping[str, str], url: str, trail: Optional[PageTrail] = None) -> None:
        self._reading = _PageReading[Item](spec, params, body, headers, url, trail)
        self._fetch = fetch
        self.body = body
        self.data = self._reading.data

    def next_page_request(self) -> Optional[PageRequest]:
        """How the next page is asked for, or None on the last page."""
        return self._reading.next_request()

    def has_next_page(self) -> bool:
        return self.next_page_request() is not None

    def next_page(self) -> "SyncPage[Item]":
        request = self.next_page_request()
        if request is None:
            raise ClientError("No next page: this is the last one.")
        return self._fetch(request, self._reading.trail())

    def __repr__(self) -> str:
        return f"SyncPage(items={len(self.data)}, has_next_page={self.has_next_page()})"


class AsyncPage(AsyncBasePage[Item]):
    """One page of an offset, page-number or next-link list from the async client; `async for item in page` walks every item of every page."""

    data: List[Item]
    body: Any

    def __init__(self, spec: PageSpec, params: Dict[str, Any], fetch: Callable[[PageRequest, PageTrail], Awaitable["AsyncPage[Item]"]], body: Any, headers: Mapping[str, str], url: str, trail: Optional[PageTrail] = None) -> None:
        # The reading is the sync page's; only fetching differs.
        self._reading = _PageReading[Item](spec, params, body, headers, url, trail)
        self._fetch = fetch
        self.body = body
        self.data = self._reading.data

    def next_page_request(self) -> Optional[PageRequest]:
        return self._reading.next_request()

    def has_next_page(self) -> bool:
        return self.next_page_request() is not None

    async def next_page(self) -> "AsyncPage[Item]":
        request = self.next_page_request()
        if request is None:
            raise ClientError("No next page: this is the last one.")
        return await self._fetch(request, self._reading.trail())

    def __repr__(self) -> str:
        return f"AsyncPage(items={len(self.data)}, has_next_page={self.has_next_page()})"


class AsyncPagePaginator(AsyncPaginatorBase[Item, "AsyncPage[Item]"]):
    """What an async list method of the other styles returns: `await` it for the first page, or
    `async for item in it` to walk every item of every page."""
