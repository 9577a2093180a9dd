"""HTTPS_PROXY / HTTP_PROXY / NO_PROXY with the sync and the async client, through a proxy written
in the test (proxy.py): plain http in absolute form with the proxy's credentials, https in a
CONNECT tunnel the proxy cannot read (a TLS loopback server with the test CA), hosts NO_PROXY
lists reached directly, and a proxy that refuses or is not there raising ProxyError, not retried."""

import asyncio
import contextlib
import os
import ssl
import unittest
from typing import Any, Iterator, List
from unittest import mock

import assessment_service as sdk
from assessment_service import AssessmentService, AsyncAssessmentService, AsyncHTTPTransport, HTTPTransport
from loopback import CA_FILE, Answer, Loopback
from proxy import Proxy

KEY = "test_sk_" + "P9" * 16
SUBJECT = {"id": "subj_1", "object": "subject", "created_at": "2026-03-14T09:26:53Z"}
PROXY_VARS = ("HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy", "ALL_PROXY", "all_proxy", "REQUEST_METHOD")


@contextlib.contextmanager
def environment(**values: str) -> Iterator[None]:
    """Exactly these proxy variables (an empty lower-case one would unset its upper-case twin, as urllib reads them)."""
    with mock.patch.dict(os.environ):
        for name in PROXY_VARS:
            os.environ.pop(name, None)
        os.environ.update(values)
        yield


class ProxyTest(unittest.TestCase):
    def setUp(self) -> None:
        self.proxy = Proxy()
        self.addCleanup(self.proxy.close)
        self.tls = ssl.create_default_context(cafile=CA_FILE)

    def servers(self, tls: bool) -> Loopback:
        server = Loopback(tls=tls)
        server.route = lambda seen: Answer(200, SUBJECT)
        self.addCleanup(server.close)
        return server

    def sync_call(self, server: Loopback, **transport: Any) -> Any:
        client = AssessmentService(api_key=KEY, base_url=server.url, transport=HTTPTransport(ssl_context=self.tls, **transport), max_retries=2)
        client._sleep = lambda seconds: None  # pyright: ignore[reportPrivateUsage]
        try:
            return client.nature.subjects.retrieve("subj_1")
        finally:
            client.close()

    def async_call(self, server: Loopback, **transport: Any) -> Any:
        async def run() -> Any:
            async def no_wait(seconds: float) -> None:
                return None

            client = AsyncAssessmentService(api_key=KEY, base_url=server.url, transport=AsyncHTTPTransport(ssl_context=self.tls, **transport), max_retries=2)
            client._sleep = no_wait  # pyright: ignore[reportPrivateUsage]
            async with client:
                return await client.nature.subjects.retrieve("subj_1")

        return asyncio.run(run())

    def calls(self) -> List[Any]:
        return [self.sync_call, self.async_call]

    def test_http_goes_to_the_proxy_in_absolute_form_with_its_credentials(self) -> None:
        server = self.servers(tls=False)
        port = server.url.rsplit(":", 1)[1]
        for call in self.calls():
            with environment(HTTP_PROXY=f"http://user:p%40ss@127.0.0.1:{self.proxy.port}"):
                self.assertEqual(call(server)["id"], "subj_1")
            seen = self.proxy.seen[-1]
            self.assertEqual((seen.method, seen.target), ("GET", f"http://127.0.0.1:{port}/v1/nature/subjects/subj_1"))
            self.assertEqual(seen.headers["proxy-authorization"], "Basic dXNlcjpwQHNz")  # user:p@ss
            self.assertNotIn("proxy-authorization", server.seen[-1].headers)
        self.assertEqual(len(self.proxy.seen), 2)

    def test_https_goes_through_a_connect_tunnel_the_proxy_cannot_read(self) -> None:
        server = self.servers(tls=True)
        port = server.url.rsplit(":", 1)[1]
        for call in self.calls():
            with environment(https_proxy=self.proxy.url, HTTP_PROXY="http://127.0.0.1:9"):
                self.assertEqual(call(server)["id"], "subj_1")
            self.assertEqual((self.proxy.seen[-1].method, self.proxy.seen[-1].target), ("CONNECT", f"127.0.0.1:{port}"))
            self.assertEqual(server.seen[-1].headers["authorization"], f"Bearer {KEY}")
        self.assertNotIn(KEY.encode(), bytes(self.proxy.bytes_seen))
        self.assertNotIn(b"/v1/nature/subjects", bytes(self.proxy.bytes_seen))

    def test_no_proxy_hosts_are_reached_directly(self) -> None:
        server = self.servers(tls=False)
        for call in self.calls():
            for listed in ("127.0.0.1", "*", "localhost,127.0.0.1"):
                with environment(HTTP_PROXY=self.proxy.url, NO_PROXY=listed):
                    self.assertEqual(call(server)["id"], "subj_1")
            with environment(HTTP_PROXY=self.proxy.url):
                call(server, trust_env=False)
        self.assertEqual(self.proxy.seen, [])

    def test_a_proxy_that_refuses_raises_proxy_error_once_without_retrying(self) -> None:
        refusing = Proxy(refuse=True)
        self.addCleanup(refusing.close)
        server = self.servers(tls=True)
        for call in self.calls():
            before = len(refusing.seen)
            with environment(HTTPS_PROXY=refusing.url):
                with self.assertRaises(sdk.ProxyError) as caught:
                    call(server)
            self.assertIn("403", str(caught.exception))
            self.assertIsInstance(caught.exception, sdk.APIConnectionError)
            self.assertIsNotNone(caught.exception.__cause__)
            self.assertEqual(len(refusing.seen) - before, 1)
        self.assertEqual(server.seen, [])

    def test_a_proxy_that_is_not_there_raises_proxy_error(self) -> None:
        gone = Proxy()
        gone.close()
        server = self.servers(tls=False)
        for call in self.calls():
            with self.assertRaises(sdk.ProxyError) as caught:
                call(server, proxy=gone.url)
            self.assertIsInstance(caught.exception.__cause__, ConnectionRefusedError)

    def test_an_https_proxy_url_is_refused_with_a_clear_error(self) -> None:
        server = self.servers(tls=False)
        for call in self.calls():
            with self.assertRaises(sdk.ProxyError) as caught:
                call(server, proxy="https://127.0.0.1:1")
            self.assertIn("only http:// proxies are supported", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
