"""Parameters through the SDK generated from test/fixtures/specs/media-python-3.1.yaml: every row
of the OAS 3.1 style table, held to the table itself (the specification's own examples, an oracle
this code did not write), then each location through the generated methods on a loopback server:
path styles and parameters glued to text, query styles, allowReserved, allowEmptyValue, JSON
content, header arrays and objects, cookies joined with the caller's Cookie header."""

import unittest
import urllib.parse
from typing import Any, Dict, List, Tuple

from loopback import Answer, Loopback
from media_fixture import ClientError, MediaFixture
from media_fixture._core import Param, build_path, cookie_pairs, header_text, path_text, query_pairs

STRING = "blue"
ARRAY = ["blue", "black", "brown"]
OBJECT = {"R": 100, "G": 200, "B": 150}

# OAS 3.1.1 §4.8.12.4 "Style Examples", for a parameter named color (empty, string, array, object).
TABLE: List[Tuple[str, bool, Tuple[str, str, str, str]]] = [
    ("matrix", False, (";color", ";color=blue", ";color=blue,black,brown", ";color=R,100,G,200,B,150")),
    ("matrix", True, (";color", ";color=blue", ";color=blue;color=black;color=brown", ";R=100;G=200;B=150")),
    ("label", False, (".", ".blue", ".blue,black,brown", ".R,100,G,200,B,150")),
    ("label", True, (".", ".blue", ".blue.black.brown", ".R=100.G=200.B=150")),
    ("simple", False, ("", "blue", "blue,black,brown", "R,100,G,200,B,150")),
    ("simple", True, ("", "blue", "blue,black,brown", "R=100,G=200,B=150")),
    ("form", False, ("color=", "color=blue", "color=blue,black,brown", "color=R,100,G,200,B,150")),
    ("form", True, ("color=", "color=blue", "color=blue&color=black&color=brown", "R=100&G=200&B=150")),
    ("spaceDelimited", False, ("", "", "color=blue%20black%20brown", "color=R%20100%20G%20200%20B%20150")),
    ("pipeDelimited", False, ("", "", "color=blue%7Cblack%7Cbrown", "color=R%7C100%7CG%7C200%7CB%7C150")),
    ("deepObject", True, ("", "", "", "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150")),
]


def as_table_writes(text: str) -> str:
    """The table percent-encodes `|`, `[` and `]`; we send them as themselves, as the TypeScript
    client does and as qs and every query parser read them. Only those three are put back."""
    return text.replace("%7C", "|").replace("%5B", "[").replace("%5D", "]")


def query(param: Param, value: Any) -> str:
    return "&".join(f"{name}={text}" for name, text in query_pairs(param, value))


class StyleTableTest(unittest.TestCase):
    def test_every_row_of_the_style_table(self) -> None:
        checked = 0
        for style, explode, (empty, string, array, obj) in TABLE:
            for shape, value, expected in (("primitive", "", empty), ("primitive", STRING, string), ("array", ARRAY, array), ("object", OBJECT, obj)):
                if expected == "":
                    continue  # n/a in the table (and simple's empty value is refused in a path: see below)
                if style in ("matrix", "label", "simple"):
                    param = Param("color", "path", style=style, explode=explode, shape=shape)
                    # An empty value is refused by build_path (a path must not lose a segment); its text is still the table's.
                    got = path_text(param, value) if value == "" else build_path("/{color}", [param], [value])[1:]
                else:
                    got = query(Param("color", "query", style=style, explode=explode, shape=shape), value)
                self.assertEqual(got, as_table_writes(expected), f"{style} explode={explode} {shape}")
                checked += 1
        self.assertEqual(checked, 35)

    def test_header_simple_and_cookie_form_rows(self) -> None:
        for explode, (array, obj) in ((False, ("blue,black,brown", "R,100,G,200,B,150")), (True, ("blue,black,brown", "R=100,G=200,B=150"))):
            self.assertEqual(header_text(Param("X-Color", "header", explode=explode, shape="array"), ARRAY), array)
            self.assertEqual(header_text(Param("X-Color", "header", explode=explode, shape="object"), OBJECT), obj)
        self.assertEqual(cookie_pairs(Param("color", "cookie", shape="array"), ARRAY), ["color=blue", "color=black", "color=brown"])
        self.assertEqual(cookie_pairs(Param("color", "cookie", explode=False, shape="array"), ARRAY), ["color=blue,black,brown"])
        self.assertEqual(cookie_pairs(Param("color", "cookie", shape="object"), OBJECT), ["R=100", "G=200", "B=150"])

    def test_an_empty_simple_path_value_and_dot_segments_are_refused_before_sending(self) -> None:
        with self.assertRaisesRegex(ClientError, 'Missing path parameter "color"'):
            build_path("/{color}", [Param("color", "path")], [""])
        with self.assertRaisesRegex(ClientError, r'"\.\." segment'):
            build_path("/a/{x}/b", [Param("x", "path")], [".."])
        # Label style escapes its own delimiter, so the same value is no dot segment there.
        self.assertEqual(build_path("/a/{x}/b", [Param("x", "path", style="label")], [".."]), "/a/.%2E%2E/b")


class ParametersThroughTheSdkTest(unittest.TestCase):
    def setUp(self) -> None:
        self.server = Loopback()
        self.server.route = lambda seen: Answer(200, {})
        self.client = MediaFixture(base_url=self.server.url)

    def tearDown(self) -> None:
        self.client.close()
        self.server.close()

    def last(self) -> Any:
        return self.server.seen[-1]

    def test_path_styles_with_explode_for_primitives_arrays_and_objects(self) -> None:
        color = {"R": 1, "G": 2, "B": 3}
        cases: List[Tuple[Any, str]] = [
            (lambda: self.client.path.simple.retrieve("a b", ["x", "y,z"], color), "/path/simple/a%20b/x,y%2Cz/R,1,G,2,B,3"),
            (lambda: self.client.path.simple_explode.retrieve(7, [1, 2], color), "/path/simple-explode/7/1,2/R=1,G=2,B=3"),
            (lambda: self.client.path.label.retrieve("v.1", ["x", "y"], color), "/path/label/.v%2E1/.x,y/.R,1,G,2,B,3"),
            (lambda: self.client.path.label_explode.retrieve(True, ["x", "y"], color), "/path/label-explode/.true/.x.y/.R=1.G=2.B=3"),
            (lambda: self.client.path.matrix.retrieve("a=b", ["x", "y"], color), "/path/matrix/;prim=a%3Db/;arr=x,y/;obj=R,1,G,2,B,3"),
            (lambda: self.client.path.matrix_explode.retrieve(1.5, ["x", "y"], color), "/path/matrix-explode/;prim=1.5/;arr=x;arr=y/;R=1;G=2;B=3"),
        ]
        for call, path in cases:
            call()
            self.assertEqual(self.last().path, path)

    def test_parameters_glued_to_literal_text_escape_the_character_that_ends_them(self) -> None:
        # `/user{ext}`: on resource `user` once generators/sdk-shape names a segment by its leading text, on the client before.
        user: Any = getattr(self.client, "user", self.client)
        user.retrieve("json")
        self.assertEqual(self.last().path, "/user.json")
        self.client.files.retrieve("report.final", "pdf")
        self.assertEqual(self.last().path, "/files/report%2Efinal.pdf")

    def test_query_form_delimited_and_deep_object(self) -> None:
        color = {"R": 1, "G": 2, "B": 3}
        self.client.query.form.retrieve(prim="a b&c", count=0, arr=["x", "y,z"], obj=color, arr_flat=["x", "y,z"], obj_flat=color)
        self.assertEqual(self.last().path, "/query/form?prim=a+b%26c&count=0&arr=x&arr=y%2Cz&R=1&G=2&B=3&arrFlat=x,y%2Cz&objFlat=R,1,G,2,B,3")
        self.client.query.delimited.retrieve(spaced=["a b", "c"], piped=["a|b", "c"], spaced_obj=color, piped_obj=color)
        self.assertEqual(self.last().path, "/query/delimited?spaced=a+b%20c&piped=a%7Cb|c&spacedObj=R%201%20G%202%20B%203&pipedObj=R|1|G|2|B|3")
        self.client.query.deep.retrieve(filter={"name": "a[b]", "min": 2, "active": False})
        self.assertEqual(self.last().path, "/query/deep?filter[name]=a%5Bb%5D&filter[min]=2&filter[active]=false")

    def test_allow_reserved_allow_empty_value_and_json_content(self) -> None:
        self.client.query.special.retrieve(reserved="a/b?c:d@e!$'()*,;#&=+[] x", flag="", where={"field": "name", "gte": 2.0})
        path = self.last().path
        self.assertTrue(path.startswith("/query/special?reserved=a/b?c:d@e!$'()*,;%23%26%3D%2B%5B%5D+x&flag=&where="), path)
        where = urllib.parse.parse_qs(urllib.parse.urlsplit(path).query)["where"][0]
        self.assertEqual(where, '{"field":"name","gte":2}')

    def test_omitted_and_none_parameters_are_not_sent(self) -> None:
        self.client.query.form.retrieve(prim=None)
        self.assertEqual(self.last().path, "/query/form")

    def test_header_parameters_arrays_and_objects(self) -> None:
        self.client.headers.retrieve(x_prim="p", x_arr=[1, 2], x_obj={"R": 1, "G": 2, "B": 3}, x_obj_explode={"R": 1, "G": 2, "B": 3})
        headers: Dict[str, str] = self.last().headers
        self.assertEqual((headers["x-prim"], headers["x-arr"], headers["x-obj"], headers["x-obj-explode"]), ("p", "1,2", "R,1,G,2,B,3", "R=1,G=2,B=3"))
        with self.assertRaisesRegex(ClientError, "printable ASCII"):
            self.client.headers.retrieve(x_prim="line\nbreak")

    def test_cookie_parameters_come_first_and_the_callers_cookie_is_kept(self) -> None:
        self.client.cookies.retrieve(session="s 1;2", ids=[1, 2], tags=["x", "y"], prefs={"R": 1, "G": 2, "B": 3}, extra_headers={"Cookie": "theirs=1"})
        self.assertEqual(self.last().headers["cookie"], "session=s%201%3B2; ids=1,2; tags=x; tags=y; prefs=R,1,G,2,B,3; theirs=1")
        self.client.cookies.retrieve()
        self.assertNotIn("cookie", self.last().headers)


if __name__ == "__main__":
    unittest.main()
