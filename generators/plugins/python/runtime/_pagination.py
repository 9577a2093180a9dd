"""List pages. One base per client kind (`SyncBasePage`, `AsyncBasePage`) walks pages and items;
the cursor pages page over our list envelope (`data`, `has_more`, `next_cursor`,
`previous_cursor`, both directions) and `SyncPage`/`AsyncPage` over every other style a `PageSpec`
names: offset + limit, page numbers, or the next page's URL (in the body or an RFC 8288 `Link`
header).

A page knows how it was asked for, so it can fetch the next; iterating a page walks every item of
it and of every following page (`for`, or `async for` on the async client's pages).
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Awaitable, Callable, Dict, Generator, Generic, Iterator, List, Mapping, Optional, Tuple, TypeVar, cast
from urllib.parse import urljoin, urlsplit

from ._errors import ClientError

Item = TypeVar("Item")
_SyncP = TypeVar("_SyncP", bound="SyncBasePage[Any]")
_AsyncP = TypeVar("_AsyncP", bound="AsyncBasePage[Any]")


class SyncBasePage(Generic[Item]):
    """What every page offers: its items (`data`), whether another follows, and walking them all."""

    data: List[Item]

    def has_next_page(self) -> bool:
        raise NotImplementedError

    def next_page(self) -> "SyncBasePage[Item]":
        raise NotImplementedError

    def get_next_page(self) -> "SyncBasePage[Item]":
        """The page after this one (`next_page`, by the name other SDKs give it)."""
        return self.next_page()

    def iter_pages(self: _SyncP) -> Iterator[_SyncP]:
        """This page and every following one."""
        page = self
        yield page
        while page.has_next_page():
            page = cast(_SyncP, page.next_page())
            yield page

    def __iter__(self) -> Iterator[Item]:
        for page in self.iter_pages():
            yield from page.data


class AsyncBasePage(Generic[Item]):
    """What every async page offers: its items (`data`), whether another follows, and walking them all with `async for`."""

    data: List[Item]

    def has_next_page(self) -> bool:
        raise NotImplementedError

    async def next_page(self) -> "AsyncBasePage[Item]":
        raise NotImplementedError

    async def get_next_page(self) -> "AsyncBasePage[Item]":
        return await self.next_page()

    async def iter_pages(self: _AsyncP) -> AsyncIterator[_AsyncP]:
        page = self
        yield page
        while page.has_next_page():
            page = cast(_AsyncP, await page.next_page())
            yield page

    async def __aiter__(self) -> AsyncIterator[Item]:
        async for page in self.iter_pages():
            for item in page.data:
                yield item


@dataclass(frozen=True)
class PaginationSpec:
    data_field: str
    has_more_field: str
    next_cursor_field: str
    forward_param: str
    previous_cursor_field: Optional[str] = None
    backward_param: Optional[str] = None


class SyncCursorPage(SyncBasePage[Item]):
    """One page of a list; `for item in page` walks this page and every page after it."""

    data: List[Item]
    has_more: bool
    next_cursor: Optional[str]
    previous_cursor: Optional[str]
    body: Dict[str, Any]

    def __init__(self, spec: PaginationSpec, params: Dict[str, Any], fetch: Callable[[Dict[str, Any]], "SyncCursorPage[Item]"], body: Any) -> None:
        self._spec = spec
        self._params = params
        self._fetch = fetch
        self.body = body if isinstance(body, dict) else {}
        data = self.body.get(spec.data_field)
        self.data = data if isinstance(data, list) else []
        self.has_more = self.body.get(spec.has_more_field) is True
        self.next_cursor = _string_or_none(self.body.get(spec.next_cursor_field))
        self.previous_cursor = _string_or_none(self.body.get(spec.previous_cursor_field)) if spec.previous_cursor_field else None
        self.backward = spec.backward_param is not None and params.get(spec.backward_param) is not None

    def has_next_page(self) -> bool:
        """Whether a page follows this one in its paging direction."""
        if self.backward:
            return self.has_previous_page()
        # A cursor equal to the one this page was asked with names this page again: the end, not a loop.
        return self.has_more and self.next_cursor is not None and self.next_cursor != self._params.get(self._spec.forward_param)

    def has_previous_page(self) -> bool:
        if self._spec.backward_param is None or self.previous_cursor is None:
            return False
        if self.backward and self.previous_cursor == self._params.get(self._spec.backward_param):
            return False
        return self.has_more if self.backward else True

    def next_page(self) -> "SyncCursorPage[Item]":
        """The page after this one (forward: the forward cursor parameter set to `next_cursor`)."""
        if self.backward:
            return self.previous_page()
        if self.next_cursor is None:
            raise ClientError("No next page: this is the last one (has_more is false).")
        return self._fetch(self._neighbour(self._spec.forward_param, self.next_cursor))

    def previous_page(self) -> "SyncCursorPage[Item]":
        if self._spec.backward_param is None:
            raise ClientError("This list cannot be paged backward.")
        if self.previous_cursor is None:
            raise ClientError("No previous page: this is the first one.")
        return self._fetch(self._neighbour(self._spec.backward_param, self.previous_cursor))

    def __repr__(self) -> str:
        return f"SyncCursorPage(items={len(self.data)}, has_more={self.has_more})"

    def _neighbour(self, param: str, cursor: str) -> Dict[str, Any]:
        params = {key: value for key, value in self._params.items() if key not in (self._spec.forward_param, self._spec.backward_param)}
        params[param] = cursor
        return params


def _string_or_none(value: Any) -> Optional[str]:
    return value if isinstance(value, str) and value else None


class AsyncCursorPage(AsyncBasePage[Item]):
    """One page of a list from the async client; `async for item in page` walks this page and
    every page after it; `await page.next_page()` fetches the next one."""

    data: List[Item]
    has_more: bool
    next_cursor: Optional[str]
    previous_cursor: Optional[str]
    body: Dict[str, Any]

    def __init__(self, spec: PaginationSpec, params: Dict[str, Any], fetch: Callable[[Dict[str, Any]], Awaitable["AsyncCursorPage[Item]"]], body: Any) -> None:
        # The cursor logic is the sync page's; only fetching differs.
        self._cursor = SyncCursorPage[Item](spec, params, _no_fetch, body)
        self._spec = spec
        self._fetch = fetch
        self.body = self._cursor.body
        self.data = self._cursor.data
        self.has_more = self._cursor.has_more
        self.next_cursor = self._cursor.next_cursor
        self.previous_cursor = self._cursor.previous_cursor

    def has_next_page(self) -> bool:
        return self._cursor.has_next_page()

    def has_previous_page(self) -> bool:
        return self._cursor.has_previous_page()

    async def next_page(self) -> "AsyncCursorPage[Item]":
        if self._cursor.backward:
            return await self.previous_page()
        if self.next_cursor is None:
            raise ClientError("No next page: this is the last one (has_more is false).")
        return await self._fetch(self._cursor._neighbour(self._spec.forward_param, self.next_cursor))  # pyright: ignore[reportPrivateUsage]

    async def previous_page(self) -> "AsyncCursorPage[Item]":
        if self._spec.backward_param is None:
            raise ClientError("This list cannot be paged backward.")
        if self.previous_cursor is None:
            raise ClientError("No previous page: this is the first one.")
        return await self._fetch(self._cursor._neighbour(self._spec.backward_param, self.previous_cursor))  # pyright: ignore[reportPrivateUsage]

    def __repr__(self) -> str:
        return f"AsyncCursorPage(items={len(self.data)}, has_more={self.has_more})"


_FirstP = TypeVar("_FirstP", bound="AsyncBasePage[Any]")


class _AsyncPaginatorBase(Generic[Item, _FirstP]):
    def __init__(self, first: Callable[[], Awaitable[_FirstP]]) -> None:
        self._first = first

    def __await__(self) -> Generator[Any, None, _FirstP]:
        return self._first().__await__()

    async def __aiter__(self) -> AsyncIterator[Item]:
        page = await self._first()
        async for item in page:
            yield item


class AsyncPaginator(_AsyncPaginatorBase[Item, "AsyncCursorPage[Item]"]):
    """What an async cursor list method returns: `await` it for the first page, or `async for item in it`
    to walk every item of every page (the first page is fetched when the loop starts)."""


class AsyncPagePaginator(_AsyncPaginatorBase[Item, "AsyncPage[Item]"]):
    """What an async list method of the other styles returns: `await` it for the first page, or
    `async for item in it` to walk every item of every page."""


def _no_fetch(params: Dict[str, Any]) -> SyncCursorPage[Any]:
    raise ClientError("An async page fetches its neighbours with await.")


# -- offset, page-number and next-link lists -------------------------------------------------


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


@dataclass(frozen=True)
class WebLink:
    """One link of an RFC 8288 `Link` header: its target, relation types (lower-cased) and parameters."""

    uri: str
    rel: Tuple[str, ...] = ()
    params: Dict[str, str] = field(default_factory=lambda: {})


_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_BARE_VALUE = re.compile(r"[^,;\s]*")


def parse_link_header(header: str) -> List[WebLink]:
    """An RFC 8288 `Link` header's links, in order: `<uri>` then `; name=value` parameters (tokens
    or quoted strings with backslash escapes, so commas and semicolons inside quotes do not split).
    A malformed link is skipped up to the next comma outside quotes; `rel` may name several types."""
    links: List[WebLink] = []
    at, end = 0, len(header)

    def skip(chars: str) -> None:
        nonlocal at
        while at < end and header[at] in chars:
            at += 1

    def to_comma() -> None:
        nonlocal at
        quoted = False
        while at < end:
            char = header[at]
            if quoted and char == "\\":
                at += 1
            elif char == '"':
                quoted = not quoted
            elif char == "," and not quoted:
                return
            at += 1

    while at < end:
        skip(" \t\r\n,")
        if at >= end:
            break
        if header[at] != "<":
            to_comma()
            continue
        close = header.find(">", at)
        if close < 0:
            break
        uri = header[at + 1 : close].strip()
        at = close + 1
        params: Dict[str, str] = {}
        while True:
            skip(" \t")
            if at >= end or header[at] != ";":
                break
            at += 1
            skip(" \t")
            name = _TOKEN.match(header, at)
            if name is None:
                break
            at = name.end()
            skip(" \t")
            value = ""
            if at < end and header[at] == "=":
                at += 1
                skip(" \t")
                if at < end and header[at] == '"':
                    at += 1
                    chars: List[str] = []
                    while at < end and header[at] != '"':
                        if header[at] == "\\" and at + 1 < end:
                            at += 1
                        chars.append(header[at])
                        at += 1
                    at += 1
                    value = "".join(chars)
                else:
                    bare = _BARE_VALUE.match(header, at)
                    value = bare.group(0) if bare else ""
                    at += len(value)
            # RFC 8288 section 3: a parameter after its first occurrence is ignored.
            params.setdefault(name.group(0).lower(), value)
        links.append(WebLink(uri, tuple(params.get("rel", "").lower().split()), params))
        to_comma()
    return links
