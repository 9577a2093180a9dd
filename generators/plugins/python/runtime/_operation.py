"""What the generated code hands the runtime, and what a call is made of on its way: the client's
fixed configuration (`ClientConfig`, `KeyPrefix`), each operation's wire plan (`Operation`, `Auth`),
a call's own options (`RequestOptions`), one logical call (`Call`), the calls of a list's pages
(`PageCalls`) and a call ready for its attempts (`Prepared`). Data only: `ClientCore` (`_base.py`)
does the steps."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Dict, Mapping, Optional, Sequence, Tuple, Union

from ._body import Body, EncodedBody
from ._page_styles import PageRequest, PageSpec, resolve_next_url
from ._pagination import PaginationSpec
from ._params import Param
from ._response import Media
from ._retry import RetryPolicy
from ._serde import Shape


@dataclass(frozen=True)
class KeyPrefix:
    prefix: str
    environment: str
    type: str


@dataclass(frozen=True)
class ClientConfig:
    """What the generator knows about the API, fixed per generated client."""

    api_key_env: str
    base_url_env: str
    default_base_url: str
    user_agent: str
    retry_policy: RetryPolicy = field(default_factory=RetryPolicy)
    key_prefixes: Tuple[KeyPrefix, ...] = ()
    # Some operation requires a credential: the client refuses to start without a key.
    auth_required: bool = True
    request_id_header: Optional[str] = None
    rate_limit_limit_header: Optional[str] = None
    rate_limit_remaining_header: Optional[str] = None
    spec_digest_header: Optional[str] = None
    spec_digest: str = ""
    webhook_secret_env: Optional[str] = None
    # The package's logger name and the variable that sets the log level.
    logger_name: str = "sdk"
    log_env: Optional[str] = None
    shapes: Mapping[str, Shape] = field(default_factory=lambda: {})


@dataclass(frozen=True)
class Auth:
    """Where an operation sends the client's key: "bearer" or "basic" (Authorization; basic: the key
    is `user:password`, sent base64-encoded), or "header", "query", "cookie" under `name`. `optional`:
    sent only when the client has a key (the operation also takes none)."""

    kind: str
    name: str = ""
    optional: bool = False


@dataclass(frozen=True)
class Operation:
    """One operation as the generator describes it (its wire plan, from generators/sdk-shape/)."""

    method: str
    # The path template, e.g. "/files/{name}.{ext}".
    path: str
    # Every parameter and how it is spelled: path ones in template order, then query, header, cookie.
    params: Tuple[Param, ...] = ()
    # Request media types, the default first; empty when the operation takes no body.
    bodies: Tuple[Body, ...] = ()
    # The spec requires a body: with no body fields given, `{}` is still sent.
    body_required: bool = False
    # Media types of the success response, the preferred first; empty when it has no body.
    responses: Tuple[Media, ...] = ()
    # The operation takes this header (Last-Event-ID): its event stream resumes after a dropped connection.
    resume_header: Optional[str] = None
    # What the path template's query or fragment asks every request to carry: ("query" or "header", name, value),
    # e.g. ("header", "X-Amz-Target", "Things.ListThings") for `/#X-Amz-Target=Things.ListThings`.
    match: Optional[Tuple[str, str, str]] = None
    idempotency_header: Optional[str] = None
    # How the list pages: our cursor envelope (PaginationSpec), or offset, page numbers, next links (PageSpec).
    pagination: Optional[Union[PaginationSpec, PageSpec]] = None
    # How it sends the key; None when it sends none (`security: []`).
    auth: Optional[Auth] = None
    # Redirect statuses the operation documents as its answer when it documents no 2xx (GitHub's
    # archive downloads: only a 302). The transport follows no redirect, so such a status is the result.
    redirects: Tuple[int, ...] = ()
    # The operation's own server (operation- or path-level `servers`), which the client's base_url does
    # not replace; a relative one ("/v3") is resolved against the client's base_url.
    base_url: Optional[str] = None

    def answers_with(self, status: int) -> bool:
        """Whether a status is this operation's answer rather than an error: any 2xx, or a redirect it documents as its answer."""
        return 200 <= status < 300 or status in self.redirects


@dataclass
class RequestOptions:
    """A call's own options (the keyword arguments every method takes after the API's)."""

    extra_headers: Optional[Mapping[str, str]] = None
    extra_query: Optional[Mapping[str, object]] = None
    extra_body: Optional[Mapping[str, object]] = None
    timeout: Optional[float] = None
    max_retries: Optional[int] = None
    max_retry_wait: Optional[float] = None
    idempotency_key: Optional[str] = None
    # Where this call goes, instead of the operation's own server (only operations with one take it).
    base_url: Optional[str] = None


@dataclass(frozen=True)
class Call:
    """One logical call, everything needed to send it again (retries, an event stream's reconnection)."""

    operation: Operation
    path: Sequence[Any]
    query: Mapping[str, Any]
    headers: Mapping[str, Any]
    cookies: Mapping[str, Any]
    body: Any
    fields: Optional[Mapping[str, Any]]
    content_type: Optional[str]
    asked: Optional[Media]
    options: RequestOptions
    # A list's next page named by the last one: this URL replaces the one built from the parameters.
    url: Optional[str] = None


@dataclass(frozen=True)
class PageCalls:
    """How the sync and async clients ask for a list's pages: what every page shares, and the call for each."""

    # Every page's call, but for its query and URL (header and cookie parameters are sent again).
    template: Call
    # The first page's query parameters (arguments not given left out).
    first: Dict[str, Any]

    def with_query(self, query: Mapping[str, Any], url: Optional[str] = None) -> Call:
        return replace(self.template, query=query, url=url)

    def following(self, request: PageRequest, previous: Dict[str, Any], from_url: str) -> Tuple[Call, Dict[str, Any]]:
        """The call for the page a request names, and its query: a next link replaces the query (it
        is resolved against the page that named it, on that page's origin); header and cookie
        parameters are sent again."""
        query = request.params if request.params is not None else previous
        return self.with_query(query, None if request.url is None else resolve_next_url(request.url, from_url)), query


@dataclass(frozen=True)
class Prepared:
    """A call ready for its attempts."""

    url: str
    headers: Dict[str, str]
    body: Optional[EncodedBody]
    max_retries: int
    timeout: float
    max_retry_wait: float
    # The method and the path with its query as it may be logged (secrets redacted).
    label: str
    # The operation's key header, redacted in the log with the fixed list.
    secret_headers: Tuple[str, ...] = ()
