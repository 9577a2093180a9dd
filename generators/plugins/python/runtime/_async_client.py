"""The asyncio client every generated `Async...` client extends: the sync client's calls (retries,
waits, idempotency keys, timeouts, errors, logging: all in _base.py, shared) awaited over an
AsyncTransport (asyncio streams + ssl, connections reused)."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Awaitable, Callable, Dict, Mapping, Optional, Sequence, Tuple, cast

from ._async_response import AsyncAPIResponse, AsyncDecodeContext, async_streaming_requested, decode_success_async
from ._async_transport import AsyncHTTPTransport, AsyncRawResponse, AsyncTransport
from ._base import ClientCore
from ._errors import APIConnectionError, APIError
from ._operation import Call, Operation, RequestOptions
from ._page_styles import AsyncPage, AsyncPagePaginator, PageRequest, PageTrail
from ._pagination import AsyncCursorPage, AsyncPaginator, PaginationSpec
from ._response import choose_accept, is_streamed_kind
from ._serde import NOT_GIVEN, NotGiven
from ._transport import TransportRequest


class AsyncBaseClient(ClientCore[AsyncTransport]):
    """Holds the options and the async transport (its connection pool); sends operations."""

    def _default_transport(self) -> AsyncTransport:
        return AsyncHTTPTransport()

    async def _sleep(self, seconds: float) -> None:
        """Waits between attempts (tests replace it)."""
        await asyncio.sleep(seconds)

    async def close(self) -> None:
        """Closes the kept-alive connections (of the pool this client shares with its `with_options` copies)."""
        await self._transport.close()

    async def request(
        self,
        operation: Operation,
        path: Sequence[Any],
        *,
        query: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, Any]] = None,
        cookies: Optional[Mapping[str, Any]] = None,
        body: Any = NOT_GIVEN,
        fields: Optional[Mapping[str, Any]] = None,
        content_type: Optional[str] = None,
        accept: Optional[str] = None,
        options: Optional[RequestOptions] = None,
    ) -> Any:
        """Sends one operation; returns its decoded body (an AsyncStream for event streams and NDJSON)."""
        response = await self.request_raw(operation, path, query=query, headers=headers, cookies=cookies, body=body, fields=fields, content_type=content_type, accept=accept, options=options)
        return await response.parse()

    async def request_raw(
        self,
        operation: Operation,
        path: Sequence[Any],
        *,
        query: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, Any]] = None,
        cookies: Optional[Mapping[str, Any]] = None,
        body: Any = NOT_GIVEN,
        fields: Optional[Mapping[str, Any]] = None,
        content_type: Optional[str] = None,
        accept: Optional[str] = None,
        options: Optional[RequestOptions] = None,
    ) -> AsyncAPIResponse[Any]:
        asked = choose_accept(operation.responses, None if accept is None or isinstance(accept, NotGiven) else accept)
        chosen = None if content_type is None or isinstance(content_type, NotGiven) else content_type
        call = Call(operation, path, dict(query or {}), dict(headers or {}), dict(cookies or {}), body, fields, chosen, asked, options or RequestOptions())
        raw, retries = await self._send(call)
        return self._wrap_async(raw, retries, lambda: self._decode(call, raw))

    def request_page(
        self, operation: Operation, path: Sequence[Any], *, query: Optional[Mapping[str, Any]] = None, headers: Optional[Mapping[str, Any]] = None, cookies: Optional[Mapping[str, Any]] = None, options: Optional[RequestOptions] = None
    ) -> Any:
        """A list operation: `await` it for the first page, or `async for` over every item of every page
        (an AsyncPaginator of cursor pages, or an AsyncPagePaginator, by the operation's paging)."""

        async def first() -> Any:
            response = await self.request_page_raw(operation, path, query=query, headers=headers, cookies=cookies, options=options)
            return await response.parse()

        return AsyncPaginator(first) if isinstance(operation.pagination, PaginationSpec) else AsyncPagePaginator(first)

    async def request_page_raw(
        self, operation: Operation, path: Sequence[Any], *, query: Optional[Mapping[str, Any]] = None, headers: Optional[Mapping[str, Any]] = None, cookies: Optional[Mapping[str, Any]] = None, options: Optional[RequestOptions] = None
    ) -> AsyncAPIResponse[Any]:
        calls = self._page_calls(operation, path, query, headers, cookies, options)
        pagination = operation.pagination

        if isinstance(pagination, PaginationSpec):
            cursor = pagination

            async def fetch(page_query: Dict[str, Any]) -> AsyncAPIResponse[AsyncCursorPage[Any]]:
                call = calls.with_query(page_query)
                raw, retries = await self._send(call)

                async def page() -> AsyncCursorPage[Any]:
                    return AsyncCursorPage(cursor, page_query, next_page, await self._decode(call, raw))

                return self._wrap_async(raw, retries, page)

            async def next_page(params: Dict[str, Any]) -> AsyncCursorPage[Any]:
                return await (await fetch(params)).parse()

            return await fetch(calls.first)
        assert pagination is not None
        spec = pagination

        # As the sync client: each page remembers its URL and parameters.
        async def fetch_page(request: PageRequest, previous: Dict[str, Any], from_url: str, trail: Optional[PageTrail] = None) -> AsyncAPIResponse[AsyncPage[Any]]:
            call, page_query = calls.following(request, previous, from_url)
            page_url = call.url if call.url is not None else self._url(call)
            raw, retries = await self._send(call)

            async def following(next_request: PageRequest, seen: PageTrail) -> AsyncPage[Any]:
                return await (await fetch_page(next_request, page_query, page_url, seen)).parse()

            async def page() -> AsyncPage[Any]:
                return AsyncPage(spec, page_query, following, await self._decode(call, raw), raw.headers, page_url, trail)

            return self._wrap_async(raw, retries, page)

        return await fetch_page(PageRequest(params=calls.first), calls.first, self.base_url)

    async def _send(self, call: Call, resume_from: Optional[str] = None) -> Tuple[AsyncRawResponse, int]:
        prepared = self._prepare(call, resume_from)
        keep_open = async_streaming_requested()
        attempt = 0
        while True:
            self._log_attempt(prepared, attempt)
            started = time.monotonic()
            try:
                raw = await self._transmit(TransportRequest(call.operation.method, prepared.url, prepared.headers, None if prepared.body is None else prepared.body.content, prepared.timeout, prepared.body is None or prepared.body.replayable))
                if 200 <= raw.status_code < 300 and (keep_open or is_streamed_kind(raw.head(), call.operation.responses, call.asked)):
                    raw.idle_timeout(self.stream_idle_timeout)
                else:
                    raw.read_within(started + prepared.timeout, prepared.timeout)
                    await raw.read()
            except APIConnectionError as error:
                decision = self._failure_decision(prepared, error, attempt, time.monotonic() - started)
                if not decision.retry:
                    raise
                await self._sleep(decision.wait)
                attempt += 1
                continue
            decision = self._status_decision(call.operation, prepared, raw.head(), attempt, time.monotonic() - started)
            if call.operation.answers_with(raw.status_code):
                return raw, attempt
            if not decision.retry:
                raise self._status_error(raw.whole(), decision)
            await self._sleep(decision.wait)
            attempt += 1

    async def _transmit(self, request: TransportRequest) -> AsyncRawResponse:
        try:
            raw = cast(object, await self._transport.send(request))
        except APIError:
            raise
        except Exception as error:
            raise APIConnectionError(f"The transport raised {error!r}") from error
        if not isinstance(raw, AsyncRawResponse):
            raise APIConnectionError(f"The transport returned {type(raw).__name__}, not an AsyncRawResponse.") from TypeError(f"expected an AsyncRawResponse, got {type(raw).__name__}")
        status = cast(object, raw.status_code)
        if isinstance(status, bool) or not isinstance(status, int) or not 100 <= status <= 599:
            raise APIConnectionError(f"The transport returned a response with status {status!r}, not an HTTP status.") from ValueError(f"status {status!r}")
        return raw

    async def _decode(self, call: Call, raw: AsyncRawResponse) -> Any:
        operation = call.operation

        async def resume(last_event_id: str) -> AsyncRawResponse:
            return (await self._send(call, resume_from=last_event_id))[0]

        max_reconnects = self.max_retries if call.options.max_retries is None else call.options.max_retries
        context = AsyncDecodeContext(operation.method, self._config.shapes, self._sleep, self._config.request_id_header, resume if operation.resume_header else None, max_reconnects)
        return await decode_success_async(raw, operation.responses, call.asked, context)

    def _wrap_async(self, raw: AsyncRawResponse, retries: int, parsed: Callable[[], Awaitable[Any]]) -> AsyncAPIResponse[Any]:
        head = raw.head()
        return AsyncAPIResponse(raw, parsed, self._request_id(head), self._rate_limit(head), retries)
