"""The synchronous client every generated client extends: sends a call's attempts through its
transport (retries with backoff, `retry-after-ms`/`Retry-After`, `x-should-retry`, one idempotency
key per call), reads each answer within the call's timeout (streams and downloads: within the
idle timeout per read), and returns the decoded result, an APIResponse or a page. What a call
means apart from the network is in _base.py, shared with the async client. Generated resource
methods are one-liners over `request`, `request_raw` and `request_page`."""

from __future__ import annotations

import time
from typing import Any, Dict, Mapping, Optional, Sequence, Tuple

from ._base import ClientCore, checked_response
from ._errors import APIConnectionError, APIError
from ._operation import Call, Operation, RequestOptions
from ._page_styles import PageRequest, PageTrail, SyncPage
from ._pagination import PaginationSpec, SyncCursorPage
from ._response import APIResponse, DecodeContext, choose_accept, decode_success, is_streamed_kind, streaming_requested
from ._serde import NOT_GIVEN, NotGiven
from ._transport import HTTPTransport, RawResponse, Transport, TransportRequest


class BaseClient(ClientCore[Transport]):
    """Holds the options and the transport (its connection pool); sends operations."""

    def _default_transport(self) -> Transport:
        return HTTPTransport()

    def _sleep(self, seconds: float) -> None:
        """Waits between attempts (tests replace it)."""
        time.sleep(seconds)

    def close(self) -> None:
        """Closes the kept-alive connections (of the pool this client shares with its `with_options` copies)."""
        self._transport.close()

    # -- sending ------------------------------------------------------------------------------

    def request(
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
        """Sends one operation; returns its decoded body: JSON (date-times parsed), text, bytes, a Stream, or None.

        `fields` are the body's properties given as keyword arguments (unset ones NOT_GIVEN), `body`
        a body given whole; the request media type (`content_type`, default the spec's first) says
        which one is sent. `accept` picks one of several response media types.
        """
        return self.request_raw(operation, path, query=query, headers=headers, cookies=cookies, body=body, fields=fields, content_type=content_type, accept=accept, options=options).parse()

    def request_raw(
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
    ) -> APIResponse[Any]:
        asked = choose_accept(operation.responses, None if accept is None or isinstance(accept, NotGiven) else accept)
        chosen = None if content_type is None or isinstance(content_type, NotGiven) else content_type
        call = Call(operation, path, dict(query or {}), dict(headers or {}), dict(cookies or {}), body, fields, chosen, asked, options or RequestOptions())
        raw, retries = self._send(call)
        return self._wrap(raw, retries, lambda: self._decode(call, raw))

    def request_page(
        self, operation: Operation, path: Sequence[Any], *, query: Optional[Mapping[str, Any]] = None, headers: Optional[Mapping[str, Any]] = None, cookies: Optional[Mapping[str, Any]] = None, options: Optional[RequestOptions] = None
    ) -> Any:
        """Sends a list operation; the page (a SyncCursorPage or a SyncPage, by the operation's paging) iterates every item of every following page."""
        return self.request_page_raw(operation, path, query=query, headers=headers, cookies=cookies, options=options).parse()

    def request_page_raw(
        self, operation: Operation, path: Sequence[Any], *, query: Optional[Mapping[str, Any]] = None, headers: Optional[Mapping[str, Any]] = None, cookies: Optional[Mapping[str, Any]] = None, options: Optional[RequestOptions] = None
    ) -> APIResponse[Any]:
        calls = self._page_calls(operation, path, query, headers, cookies, options)
        pagination = operation.pagination

        if isinstance(pagination, PaginationSpec):
            cursor = pagination

            def fetch(page_query: Dict[str, Any]) -> APIResponse[SyncCursorPage[Any]]:
                call = calls.with_query(page_query)
                raw, retries = self._send(call)
                return self._wrap(raw, retries, lambda: SyncCursorPage(cursor, page_query, lambda params: fetch(params).parse(), self._decode(call, raw)))

            return fetch(calls.first)
        assert pagination is not None
        spec = pagination

        # Each page remembers its URL (a next link is resolved against it) and its parameters.
        def fetch_page(request: PageRequest, previous: Dict[str, Any], from_url: str, trail: Optional[PageTrail] = None) -> APIResponse[SyncPage[Any]]:
            call, page_query = calls.following(request, previous, from_url)
            page_url = call.url if call.url is not None else self._url(call)
            raw, retries = self._send(call)
            return self._wrap(raw, retries, lambda: SyncPage(spec, page_query, lambda following, seen: fetch_page(following, page_query, page_url, seen).parse(), self._decode(call, raw), raw.headers, page_url, trail))

        return fetch_page(PageRequest(params=calls.first), calls.first, self.base_url)

    def _send(self, call: Call, resume_from: Optional[str] = None) -> Tuple[RawResponse, int]:
        prepared = self._prepare(call, resume_from)
        keep_open = streaming_requested()
        attempt = 0
        while True:
            self._log_attempt(prepared, attempt)
            started = time.monotonic()
            try:
                raw = self._transmit(TransportRequest(call.operation.method, prepared.url, prepared.headers, None if prepared.body is None else prepared.body.content, prepared.timeout, prepared.body is None or prepared.body.replayable))
                if 200 <= raw.status_code < 300 and (keep_open or is_streamed_kind(raw, call.operation.responses, call.asked)):
                    raw.idle_timeout(self.stream_idle_timeout)  # read as it arrives: each read may wait this long
                else:
                    raw.read_within(started + prepared.timeout, prepared.timeout)
                    raw.read()  # whole, within the call's timeout: the answer is small, or an error, or it is retried
            except APIConnectionError as error:
                decision = self._failure_decision(prepared, error, attempt, time.monotonic() - started)
                if not decision.retry:
                    raise
                self._sleep(decision.wait)
                attempt += 1
                continue
            decision = self._status_decision(call.operation, prepared, raw, attempt, time.monotonic() - started)
            if call.operation.answers_with(raw.status_code):
                return raw, attempt
            if not decision.retry:
                raise self._status_error(raw, decision)
            self._sleep(decision.wait)
            attempt += 1

    def _transmit(self, request: TransportRequest) -> RawResponse:
        try:
            return checked_response(self._transport.send(request))
        except APIError:
            raise
        except Exception as error:
            raise APIConnectionError(f"The transport raised {error!r}") from error

    def _decode(self, call: Call, raw: RawResponse) -> Any:
        operation = call.operation

        def resume(last_event_id: str) -> RawResponse:
            return self._send(call, resume_from=last_event_id)[0]

        reconnect = resume if operation.resume_header else None
        max_reconnects = self.max_retries if call.options.max_retries is None else call.options.max_retries
        context = DecodeContext(operation.method, self._config.shapes, self._config.request_id_header, reconnect, max_reconnects, self._sleep)
        return decode_success(raw, operation.responses, call.asked, context)
