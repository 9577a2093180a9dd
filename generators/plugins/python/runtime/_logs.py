"""Logging through the standard `logging` module, under the package's logger name.

The level comes from `log_level=` or the `<PREFIX>_LOG` environment variable (debug, info, warn,
error, off); with neither, the application's logging configuration decides, as for any library
(the package's logger has a NullHandler, so nothing is printed until logging is configured). An
explicit level is the client's own: records at or above it are handed to the logger's handlers
whatever the logger's level, and when no handler would show them a stderr handler is added to
the package's logger, so `<PREFIX>_LOG=debug python app.py` shows them. Secrets never reach a record: header values of credentials are replaced by `[redacted]`
before anything is formatted. A logger that raises becomes a `LoggerError` (cause attached).
"""

from __future__ import annotations

import logging
import sys
import urllib.parse
from typing import Any, Dict, Iterable, Mapping, Optional

from ._errors import ClientError, LoggerError

LEVELS: Dict[str, int] = {"debug": logging.DEBUG, "info": logging.INFO, "warn": logging.WARNING, "warning": logging.WARNING, "error": logging.ERROR, "off": logging.CRITICAL + 10}

REDACTED = "[redacted]"

# Headers whose values are credentials wherever they appear.
SECRET_HEADERS = frozenset({"authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key"})

_STDERR_HANDLER_MARK = "_sdk_stderr_handler"


def parse_level(value: str, source: str) -> int:
    level = LEVELS.get(value.strip().lower())
    if level is None:
        raise ClientError(f"{source} is {value!r}; it must be one of debug, info, warn, error, off.")
    return level


def redact_headers(headers: Mapping[str, str], secret_names: Iterable[str] = ()) -> Dict[str, str]:
    """Headers as they may be logged: credentials replaced by `[redacted]`."""
    hidden = SECRET_HEADERS | {name.lower() for name in secret_names}
    return {name: (REDACTED if name.lower() in hidden else value) for name, value in headers.items()}


def redact_url(url: str, secret_params: Iterable[str] = ()) -> str:
    """The path and query of a URL as it may be logged: no user info, secret query values redacted."""
    parts = urllib.parse.urlsplit(url)
    hidden = {name for name in secret_params if name}
    query = "&".join(
        f"{name}={REDACTED}" if urllib.parse.unquote_plus(name) in hidden else (f"{name}={value}" if eq else name)
        for name, eq, value in (pair.partition("=") for pair in parts.query.split("&") if pair)
    )
    return (parts.path or "/") + (f"?{query}" if query else "")


class Log:
    """The client's view of its logger: the threshold, and emitting without ever raising anything
    but a LoggerError."""

    def __init__(self, logger: logging.Logger, level: Optional[int]) -> None:
        self.logger = logger
        self.level = level
        if level is not None and level <= logging.CRITICAL and not _shown(logger):
            _add_stderr_handler(logger)

    def enabled(self, level: int) -> bool:
        try:
            return level >= self.level if self.level is not None else self.logger.isEnabledFor(level)
        except Exception as error:  # a logger object that is not what it claims
            raise LoggerError(f"The logger raised while checking its level: {error!r}") from error

    def emit(self, level: int, message: str, *args: Any, fields: Optional[Mapping[str, Any]] = None) -> None:
        if not self.enabled(level):
            return
        extra = {"sdk": dict(fields)} if fields else None
        try:
            if self.level is None:
                self.logger.log(level, message, *args, extra=extra)
                return
            # The client's own level: handed to the handlers whatever the logger's level is.
            record = self.logger.makeRecord(self.logger.name, level, __file__, 0, message, args, None, extra=extra)
            if not self.logger.disabled:
                self.logger.handle(record)
        except Exception as error:
            raise LoggerError(f"The logger raised while logging {message.split(':')[0]!r}: {error!r}") from error

    def debug(self, message: str, *args: Any, fields: Optional[Mapping[str, Any]] = None) -> None:
        self.emit(logging.DEBUG, message, *args, fields=fields)

    def info(self, message: str, *args: Any, fields: Optional[Mapping[str, Any]] = None) -> None:
        self.emit(logging.INFO, message, *args, fields=fields)

    def warning(self, message: str, *args: Any, fields: Optional[Mapping[str, Any]] = None) -> None:
        self.emit(logging.WARNING, message, *args, fields=fields)

    def error(self, message: str, *args: Any, fields: Optional[Mapping[str, Any]] = None) -> None:
        self.emit(logging.ERROR, message, *args, fields=fields)


def package_logger(name: str) -> logging.Logger:
    """The package's logger, quiet (a NullHandler) until the application configures logging."""
    logger = logging.getLogger(name)
    if not any(isinstance(handler, logging.NullHandler) for handler in logger.handlers):
        logger.addHandler(logging.NullHandler())
    return logger


def _shown(logger: logging.Logger) -> bool:
    """Whether a handler other than a NullHandler would see the logger's records."""
    current: Optional[logging.Logger] = logger
    while current is not None:
        if any(not isinstance(handler, logging.NullHandler) for handler in current.handlers):
            return True
        current = current.parent if current.propagate else None
    return False


def _add_stderr_handler(logger: logging.Logger) -> None:
    if any(getattr(handler, _STDERR_HANDLER_MARK, False) for handler in logger.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("[%(asctime)s] %(levelname)s %(name)s: %(message)s"))
    setattr(handler, _STDERR_HANDLER_MARK, True)
    logger.addHandler(handler)
