"""List pages. One base per client kind (`SyncBasePage`, `AsyncBasePage`) walks pages and items;
the cursor pages here page over our list envelope (`data`, `has_more`, `next_cursor`,
`previous_cursor`, both directions); `SyncPage`/`AsyncPage` (`_page_styles.py`) over every other
style a `PageSpec` names: offset + limit, page numbers, or the next page's URL (in the body or an
RFC 8288 `Link` header, `_link_header.py`).

A page knows how it was asked for, so it can fetch the next; iterating a page walks every item of
it and of every following page (`for`, or `async for` on the async client's pages).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, AsyncIterator, Awaitable, Callable, Dict, Generator, Generic, Iterator, List, Optional, TypeVar, cast

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


class AsyncPaginatorBase(Generic[Item, _FirstP]):
    """An async list method's result: `await` it for the first page, `async for` over it for every item."""

    def __init__(self, first: Callable[[], Awaitable[_FirstP]]) -> None:
        self._first = first

    def __await__(self) -> Generator[Any, None, _FirstP]:
        return self._first().__await__()

    async def __aiter__(self) -> AsyncIterator[Item]:
        page = await self._first()
        async for item in page:
            yield item


class AsyncPaginator(AsyncPaginatorBase[Item, "AsyncCursorPage[Item]"]):
    """What an async cursor list method returns: `await` it for the first page, or `async for item in it`
    to walk every item of every page (the first page is fetched when the loop starts)."""


def _no_fetch(params: Dict[str, Any]) -> SyncCursorPage[Any]:
    raise ClientError("An async page fetches its neighbours with await.")
