"""The same bytes on the wire as the TypeScript client: parameters in every location and style,
form bodies and multipart bodies (with their boundary written BOUNDARY), on random values,
against test/fixtures/wire/serialization-vectors.json, which the TypeScript client's runtime
wrote (see its `source`). Refusals are compared as refusals."""

import base64
import json
import os
import unittest
from typing import Any, List

from media_fixture import ClientError
from media_fixture._core import Param, Part, cookie_pairs, encode_form, encode_multipart, header_text, path_text, query_pairs, with_part_headers
from media_fixture._core._params import raw_text
from media_fixture._core._serde import js_number, to_json

VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "fixtures", "wire", "serialization-vectors.json")


def python_param(spec: Any) -> Param:
    return Param(spec["name"], spec["in"], style=spec["style"], explode=spec["explode"], shape=spec["shape"], json=spec.get("json", False), allow_reserved=spec.get("allowReserved", False))


class WireVectorsTest(unittest.TestCase):
    def setUp(self) -> None:
        with open(VECTORS, encoding="utf-8") as handle:
            self.vectors = json.load(handle)

    def test_parameters_are_spelled_as_the_typescript_client_spells_them(self) -> None:
        compared = 0
        for case in self.vectors["params"]:
            spec, value = case["param"], case["value"]
            param = python_param(spec)
            try:
                if spec["in"] == "path":
                    got: Any = path_text(param, value, case["next"])
                elif spec["in"] == "query":
                    got = [[list(pair) for pair in query_pairs(param, value)], [list(pair) for pair in query_pairs(param, value, raw_text)]]
                elif spec["in"] == "header":
                    got = header_text(param, value)
                else:
                    got = cookie_pairs(param, value)
            except ClientError:
                got = "refused"
            want = "refused" if isinstance(case["result"], dict) else case["result"]
            self.assertEqual(got, want, json.dumps(case, ensure_ascii=False))
            compared += 1
        self.assertGreater(compared, 500)

    def test_form_bodies_are_written_as_the_typescript_client_writes_them(self) -> None:
        for case in self.vectors["forms"]:
            parts: List[Part] = [
                Part(spec["name"], spec["shape"], styled=spec.get("styled", False), style=spec.get("style", ""), explode=spec.get("explode"), allow_reserved=spec.get("allowReserved", False))
                for spec in case["parts"]
            ]
            self.assertEqual(encode_form(case["value"], parts), case["result"], json.dumps(case, ensure_ascii=False))


    def test_numbers_are_written_as_javascript_writes_them(self) -> None:
        # What Node's String(number) printed for each (exponents only below 1e-6 and from 1e21).
        cases = {1.0: "1", 0.1: "0.1", -2.5: "-2.5", 100.0: "100", 1e21: "1e+21", 1e16: "10000000000000000", 123456789012345680000.0: "123456789012345680000", 1e-6: "0.000001", 1e-7: "1e-7", 1.5e-7: "1.5e-7", 5e-324: "5e-324", 1.7976931348623157e308: "1.7976931348623157e+308", 0.000015: "0.000015"}
        self.assertEqual({value: js_number(value) for value in cases}, cases)
        self.assertEqual(to_json({"a": [1.0, 2.5, None, True], "b": "é\n\"", "c": 1e-7}), '{"a":[1,2.5,null,true],"b":"é\\n\\"","c":1e-7}')

    def test_multipart_bodies_are_written_as_the_typescript_client_writes_them(self) -> None:
        def value_of(raw: Any) -> Any:
            if isinstance(raw, dict) and "$bytes" in raw:
                return base64.b64decode(raw["$bytes"])
            if isinstance(raw, dict) and "$part" in raw:
                return with_part_headers(value_of(raw["$part"]["value"]), raw["$part"]["headers"])
            return [value_of(item) for item in raw] if isinstance(raw, list) else raw

        for case in self.vectors["multipart"]:
            parts = [
                Part(spec["name"], spec["shape"], content_type=spec.get("contentType"), headers=tuple(spec.get("headers", ())), styled=spec.get("styled", False), style=spec.get("style", ""), explode=spec.get("explode"))
                for spec in case["parts"]
            ]
            body = encode_multipart({name: value_of(raw) for name, raw in case["value"].items()}, parts)
            boundary = body.content_type.split("boundary=")[1]
            self.assertEqual(b"".join(body.chunks()).decode("latin-1").replace(boundary, "BOUNDARY"), case["result"], json.dumps(case, ensure_ascii=False))


if __name__ == "__main__":
    unittest.main()
