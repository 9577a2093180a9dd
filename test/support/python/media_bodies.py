"""Request bodies through the SDK generated from test/fixtures/specs/media-python-3.1.yaml, on a
loopback server: multipart bodies read back with Python's `email` parser (the oracle: it was not
written for this SDK), files streamed from file objects in bounded reads with a Content-Length,
iterables sent chunked and never retried, file objects rewound for a retry, per-part headers,
styled parts; form bodies per `encoding`; binary, text, vendor JSON and a oneOf body; several
request media types picked with `content_type=`."""

import email.parser
import email.policy
import io
import os
import tempfile
import unittest
import urllib.parse
from email.message import EmailMessage
from typing import Any, Iterator, List, Tuple

from loopback import Answer, Loopback, Seen
from media_fixture import APIStatusError, ClientError, MediaFixture, with_part_headers


def parts_of(seen: Seen) -> List[EmailMessage]:
    """The body's parts as the standard library's MIME parser reads them."""
    head = f"Content-Type: {seen.headers['content-type']}\r\n\r\n".encode("ascii")
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + seen.body)
    assert isinstance(message, EmailMessage)
    assert message.is_multipart() and not message.defects, message.defects
    return list(message.iter_parts())  # type: ignore[arg-type]


def described(part: EmailMessage) -> Tuple[Any, ...]:
    return (part.get_param("name", header="content-disposition"), part.get_filename(), part.get("content-type"), part.get_payload(decode=True))


class CountingFile(io.BufferedReader):
    """A real file whose reads are recorded, to prove the SDK streams it."""

    def __init__(self, path: str) -> None:
        super().__init__(io.FileIO(path, "rb"))
        self.reads: List[int] = []

    def read(self, size: Any = -1) -> bytes:
        self.reads.append(-1 if size is None else size)
        return super().read(size)


class BodiesTest(unittest.TestCase):
    def setUp(self) -> None:
        self.server = Loopback()
        self.server.route = lambda seen: Answer(200, {"ok": True})
        self.client = MediaFixture(base_url=self.server.url)
        self.client._sleep = lambda seconds: None  # pyright: ignore[reportPrivateUsage]
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self) -> None:
        self.client.close()
        self.server.close()
        self.tmp.cleanup()

    def last(self) -> Seen:
        return self.server.seen[-1]

    def big_file(self, size: int = 300_000) -> Tuple[str, bytes]:
        data = os.urandom(size)
        path = os.path.join(self.tmp.name, "scan.png")
        with open(path, "wb") as handle:
            handle.write(data)
        return path, data

    def test_multipart_files_tuples_arrays_json_and_text_parts_as_the_email_parser_reads_them(self) -> None:
        self.client.bodies.multipart.create(
            file=("photo.png", b"\x89PNG\r\n\x1a\n", "image/png", {"X-Checksum": "sha256:ab"}),
            attachments=[b"one", ("two.bin", io.BytesIO(b"two"))],
            title='Line one\nline "two"',
            tags=["a", "b c"],
            meta={"title": "Ünïcode", "stars": 3},
            pages=0,
        )
        seen = self.last()
        self.assertRegex(seen.headers["content-type"], r"^multipart/form-data; boundary=----openapi-client-[0-9a-f]{32}$")
        self.assertEqual(int(seen.headers["content-length"]), len(seen.body))
        parts = parts_of(seen)
        self.assertEqual(
            [described(part) for part in parts],
            [
                ("file", "photo.png", "image/png", b"\x89PNG\r\n\x1a\n"),
                ("attachments", "attachments", "application/octet-stream", b"one"),
                ("attachments", "two.bin", "application/octet-stream", b"two"),
                ("title", None, None, b'Line one\nline "two"'),
                ("tags", None, None, b"a"),
                ("tags", None, None, b"b c"),
                ("meta", None, "application/json", '{"title":"Ünïcode","stars":3}'.encode()),
                ("pages", None, None, b"0"),
            ],
        )
        self.assertEqual(parts[0]["X-Checksum"], "sha256:ab")

    def test_a_file_object_is_streamed_in_bounded_reads_with_its_length_known(self) -> None:
        path, data = self.big_file()
        with CountingFile(path) as handle:
            self.client.bodies.multipart.create(file=handle, title="big")
            reads = handle.reads
        seen = self.last()
        self.assertFalse(seen.chunked)
        self.assertEqual(int(seen.headers["content-length"]), len(seen.body))
        file_part = parts_of(seen)[0]
        self.assertEqual(described(file_part)[:3], ("file", "scan.png", "image/png"))  # the encoding's first concrete type
        self.assertEqual(file_part.get_payload(decode=True), data)
        self.assertGreater(len(reads), 3)
        self.assertTrue(all(0 < size <= 64 * 1024 for size in reads), reads)

    def test_an_iterable_is_sent_chunked_and_not_retried_while_a_file_is_rewound_and_retried(self) -> None:
        answers = [Answer(503, {"error": "busy"}), Answer(200, {"ok": True})]
        self.server.route = lambda seen: answers.pop(0) if answers else Answer(200, {"ok": True})

        def chunks() -> Iterator[bytes]:
            yield b"first,"
            yield b"second"

        with self.assertRaises(APIStatusError):
            self.client.bodies.binary.update(body=chunks())
        self.assertEqual(len(self.server.seen), 1)
        self.assertTrue(self.last().chunked)
        self.assertEqual(self.last().body, b"first,second")

        answers[:] = [Answer(503, {"error": "busy"}), Answer(200, {"ok": True})]
        path, data = self.big_file(100_000)
        with open(path, "rb") as handle:
            handle.seek(10)
            self.client.bodies.binary.update(body=handle)
        first, second = self.server.seen[-2:]
        self.assertEqual(first.body, data[10:])
        self.assertEqual(second.body, data[10:])
        self.assertEqual(second.headers["content-length"], str(len(data) - 10))
        self.assertEqual(second.headers["content-type"], "application/octet-stream")

    def test_binary_response_bytes_come_back_exactly(self) -> None:
        payload = bytes(range(256)) * 3
        self.server.route = lambda seen: Answer(200, raw=seen.body, headers={"content-type": "application/octet-stream"})
        self.assertEqual(self.client.bodies.binary.update(body=payload), payload)
        self.assertEqual(self.last().headers["accept"], "application/octet-stream")

    def test_styled_parts_and_headers_of_parts_that_are_not_files(self) -> None:
        self.client.bodies.multipart_styled.create(color={"R": 1, "G": 2, "B": 3}, words=["a", "b,c"])
        self.assertEqual([described(part) for part in parts_of(self.last())], [
            ("color[R]", None, None, b"1"),
            ("color[G]", None, None, b"2"),
            ("color[B]", None, None, b"3"),
            ("words", None, None, b"a,b,c"),
        ])
        path, data = self.big_file(1000)
        with open(path, "rb") as handle:
            self.client.bodies.multipart_part_headers.create(document=handle, meta=with_part_headers({"title": "t"}, {"X-Meta-Version": "2"}), note="# Title")
        parts = parts_of(self.last())
        self.assertEqual([described(part) for part in parts], [
            ("document", "scan.png", "application/pdf", data),
            ("meta", None, "application/json", b'{"title":"t"}'),
            ("note", None, "text/markdown", b"# Title"),
        ])
        self.assertEqual(parts[1]["X-Meta-Version"], "2")
        with self.assertRaisesRegex(ClientError, "line breaks"):
            self.client.bodies.multipart_part_headers.create(document=b"x", meta=with_part_headers({"title": "t"}, {"X-Meta-Version": "2\r\nX-Evil: 1"}))

    def test_form_bodies_follow_the_encoding_and_never_json_stringify_arrays(self) -> None:
        self.client.bodies.form.create(grant_type="client_credentials", scope=["read", "write all"], audience=["a", "b"], context={"R": 1, "G": 2, "B": 3}, extra={"title": "x"}, limit=5)
        seen = self.last()
        self.assertEqual(seen.headers["content-type"], "application/x-www-form-urlencoded")
        text = seen.body.decode("ascii")
        self.assertEqual(text, "grant_type=client_credentials&scope=read%20write+all&audience=a&audience=b&context[R]=1&context[G]=2&context[B]=3&extra=%7B%22title%22%3A%22x%22%7D&limit=5")
        self.assertEqual(urllib.parse.parse_qsl(text), [
            ("grant_type", "client_credentials"),
            ("scope", "read write all"),
            ("audience", "a"),
            ("audience", "b"),
            ("context[R]", "1"),
            ("context[G]", "2"),
            ("context[B]", "3"),
            ("extra", '{"title":"x"}'),
            ("limit", "5"),
        ])

    def test_text_vendor_json_and_a_one_of_body(self) -> None:
        self.server.route = lambda seen: Answer(200, raw=seen.body, headers={"content-type": "text/plain; charset=utf-8"})
        self.assertEqual(self.client.bodies.text.create(body="Grüße\r\nline"), "Grüße\r\nline")
        self.assertEqual(self.last().headers["content-type"], "text/plain")
        self.assertEqual(self.last().body, "Grüße\r\nline".encode())
        self.server.route = lambda seen: Answer(200, raw=seen.body, headers={"content-type": "application/vnd.fixture.note+json"})
        self.assertEqual(self.client.bodies.vendor.update(title="t", stars=5), {"title": "t", "stars": 5})
        self.assertEqual(self.last().headers["content-type"], "application/merge-patch+json")
        self.assertEqual(self.last().headers["accept"], "application/vnd.fixture.note+json")
        self.client.bodies.pets.create(body={"petType": "cat", "name": "Tom", "lives": 9})
        self.assertEqual(self.last().body, b'{"petType":"cat","name":"Tom","lives":9}')

    def test_several_request_media_types_json_by_default_the_others_by_content_type(self) -> None:
        self.client.bodies.several.create(title="t", tags=["a", "b"])
        self.assertEqual((self.last().headers["content-type"], self.last().body), ("application/json", b'{"title":"t","tags":["a","b"]}'))
        self.client.bodies.several.create(title="t", tags=["a", "b"], content_type="application/x-www-form-urlencoded")
        self.assertEqual((self.last().headers["content-type"], self.last().body), ("application/x-www-form-urlencoded", b"title=t&tags=a&tags=b"))
        self.client.bodies.several.create(body="plain", content_type="text/plain")
        self.assertEqual((self.last().headers["content-type"], self.last().body), ("text/plain", b"plain"))
        self.client.bodies.upload_or_json.create(file=("r.csv", b"a,b\n", "text/csv"), format="csv", content_type="multipart/form-data", dry_run=True)
        self.assertEqual(self.last().path, "/bodies/upload-or-json?dryRun=true")
        self.assertEqual([described(part) for part in parts_of(self.last())], [("file", "r.csv", "text/csv", b"a,b\n"), ("format", None, None, b"csv")])
        with self.assertRaisesRegex(ClientError, "does not take application/xml"):
            self.client.bodies.several.create(body="x", content_type="application/xml")  # type: ignore[call-overload]


if __name__ == "__main__":
    unittest.main()
