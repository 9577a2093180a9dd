"""Whether and when to retry: the spec's x-retry-policy (exponential backoff with jitter), the
server's word (`x-should-retry: true|false`, `retry-after-ms`, `Retry-After`) and the caller's cap
on a wait (`max_retry_wait`). Pure functions, shared by the sync and the async client."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Mapping, Optional, Tuple

from ._errors import server_wait

DEFAULT_MAX_RETRY_WAIT = 60.0
"""A wait the server asks for that is longer than this (seconds) is not waited out: the error is raised, carrying the wait."""


@dataclass(frozen=True)
class RetryPolicy:
    """The spec's x-retry-policy, in seconds."""

    max_retries: int = 3
    initial_delay: float = 0.5
    max_delay: float = 8.0
    backoff_multiplier: float = 2.0
    jitter: str = "full"
    respect_retry_after: bool = True
    retry_on_connection_error: bool = True
    retryable_statuses: Tuple[int, ...] = (408, 429, 500, 502, 503, 504)

    def backoff(self, retry: int, draw: Callable[[], float] = random.random) -> float:
        """Delay before retry number `retry` (0 for the first): exponential, capped, jittered."""
        ceiling = min(self.max_delay, self.initial_delay * self.backoff_multiplier**retry)
        if self.jitter == "full":
            return draw() * ceiling
        if self.jitter == "equal":
            return ceiling / 2 + draw() * ceiling / 2
        return ceiling


@dataclass(frozen=True)
class Decision:
    """What to do after one attempt's error status."""

    retry: bool
    # Seconds to wait before the next attempt (0 when not retrying).
    wait: float
    # Why, in words, for the debug log: "503 is retryable", "x-should-retry: false", ...
    reason: str
    # The wait the server asked for, when it said (retry-after-ms or Retry-After).
    asked: Optional[float] = None
    # The server asked for a wait longer than the cap: the error says so.
    too_long: bool = False


def decide_status(
    policy: RetryPolicy, status: int, headers: Mapping[str, str], attempt: int, retries_left: int, max_wait: float, draw: Callable[[], float] = random.random
) -> Decision:
    """Whether an error status is retried, and after how long. `x-should-retry` overrides the
    policy's statuses both ways; a server's wait is honoured exactly, unless it exceeds `max_wait`."""
    should = (headers.get("x-should-retry") or "").strip().lower()
    asked = server_wait(headers) if policy.respect_retry_after else None
    if should == "false":
        return Decision(False, 0.0, "the server said x-should-retry: false", asked)
    if should != "true" and status not in policy.retryable_statuses:
        return Decision(False, 0.0, f"{status} is not retried", asked)
    if retries_left <= 0:
        return Decision(False, 0.0, "no retries left", asked)
    why = "x-should-retry: true" if should == "true" else f"{status} is retryable"
    if asked is not None:
        if asked > max_wait:
            return Decision(False, 0.0, f"the server asked to wait {asked:g} s, longer than max_retry_wait ({max_wait:g} s)", asked, too_long=True)
        return Decision(True, asked, f"{why}; waiting the {asked:g} s the server asked for", asked)
    return Decision(True, policy.backoff(attempt, draw), f"{why}; backoff", asked)


def decide_connection_error(policy: RetryPolicy, attempt: int, retries_left: int, draw: Callable[[], float] = random.random) -> Decision:
    """Whether a call that got no answer is retried."""
    if not policy.retry_on_connection_error:
        return Decision(False, 0.0, "the retry policy does not retry connection errors")
    if retries_left <= 0:
        return Decision(False, 0.0, "no retries left")
    return Decision(True, policy.backoff(attempt, draw), "connection error; backoff")
