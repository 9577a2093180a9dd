"""The Python leg of `npm run check:roundtrip`: calls a generated Python SDK the way its users do
(the generated methods, keyword arguments, files as file objects or tuples) and prints what each
call returned, so the harness can compare it with what the server sent and saw.

Usage: python3 -S -E -B driver.py SDK_DIR < input.json > output.json
       python3 -S -E -B driver.py --serve SDK_DIR   (one input per line on stdin, one output per
                                                     line on stdout, until stdin ends)

SDK_DIR is the folder holding the package (`generated/python`). The input (stdin) is JSON:

    {"package": "media_fixture", "client": "MediaFixture",
     "options": {"base_url": "http://127.0.0.1:4010", "api_key": null, "max_retries": 0, "timeout": 30},
     "calls": [{"id": "uploadDocument", "method": ["bodies", "multipart", "create"],
                "args": [], "kwargs": {"file": {"$file": {"base64": "iVBO", "filename": "a.png"}}},
                "mode": "call"}]}

`method` is the attribute chain from the client to the method; `args` are the positional (path)
arguments and `kwargs` the keyword arguments, by their Python names
(generators/plugins/python/roundtrip/calls.ts builds both from an operationId and wire names).
`mode` is "call" (the plain method: its result) or "streaming" (`.with_streaming_response`: the
body's bytes as `iter_bytes()` gave them). `kind` ("event-stream" or "ndjson"), when given, says
what an empty stream is. Values are JSON, with tagged objects for the rest:

    {"$bytes": BASE64}                    bytes
    {"$file": {"base64": B, "filename": S?, "content_type": S?, "headers": {..}?,
               "as": "tuple" | "bytes" | "file" | "iterable"}}
                                          a file: a (filename, bytes, type, headers) tuple (the
                                          default), bytes, a file object, or a generator of chunks
    {"$file": {"name": S, "type": S, "bytes": B}}   the round trip protocol's file: a tuple
    {"$datetime": ISO 8601}               an aware datetime
    {"$date": "YYYY-MM-DD"}               a date
    {"$part": {"value": V, "headers": {..}}}   with_part_headers(V, headers)

The output (stdout) is JSON: {"results": [{"id", "ok": true, "value": V} or {"id", "ok": false,
"error": {"type": class name, "status": HTTP status or null, "message": text}}]}, one per call in
order. Results use the same tags for bytes, datetimes and dates, and {"$events": [{"data", "event"?,
"id"?, "retry"?}]} for an event stream, {"$records": [...]} for NDJSON, {"$form": [[name, text or
{"$file": {"name", "type", "bytes"}}], ...]} for a multipart answer; a page of a list is its
list envelope. Exit code 0 when every
call ran (failed calls are results, not crashes); 2 for bad input.
"""

import base64
import importlib
import io
import json
import sys
from datetime import date, datetime
from typing import Any, Dict, Iterator, List


def decode_value(value: Any, sdk: Any) -> Any:
    if isinstance(value, list):
        return [decode_value(item, sdk) for item in value]
    if not isinstance(value, dict):
        return value
    if "$bytes" in value:
        return base64.b64decode(value["$bytes"])
    if "$datetime" in value:
        return datetime.fromisoformat(value["$datetime"].replace("Z", "+00:00"))
    if "$date" in value:
        return date.fromisoformat(value["$date"])
    if "$part" in value:
        return sdk.with_part_headers(decode_value(value["$part"]["value"], sdk), value["$part"].get("headers", {}))
    if "$file" in value:
        spec = value["$file"]
        if "bytes" in spec:  # the round trip protocol's file: {"name", "type", "bytes"}
            return (spec.get("name"), base64.b64decode(spec["bytes"]), spec.get("type") or None)
        data = base64.b64decode(spec["base64"])
        kind = spec.get("as", "tuple")
        if kind == "bytes":
            return data
        if kind == "file":
            return io.BytesIO(data)
        if kind == "iterable":
            return iter([data[index : index + 7] for index in range(0, len(data), 7)])
        return (spec.get("filename"), data, spec.get("content_type"), spec.get("headers") or {})
    return {key: decode_value(item, sdk) for key, item in value.items()}


def encode_form_value(value: Any, sdk: Any) -> Any:
    if isinstance(value, sdk.FormFile):
        return {"$file": {"name": value.filename, "type": value.content_type, "bytes": base64.b64encode(value.content).decode("ascii")}}
    return value


def encode_value(value: Any, sdk: Any, kind: Any = None) -> Any:
    if isinstance(value, (bytes, bytearray)):
        return {"$bytes": base64.b64encode(bytes(value)).decode("ascii")}
    if isinstance(value, datetime):
        return {"$datetime": value.isoformat().replace("+00:00", "Z")}
    if isinstance(value, date):
        return {"$date": value.isoformat()}
    if isinstance(value, (sdk.SyncCursorPage, getattr(sdk, "SyncPage", sdk.SyncCursorPage))):
        return encode_value(value.body, sdk)  # a page: the body as the server sent it
    if isinstance(value, sdk.Stream):
        items: List[Any] = list(value)
        if isinstance(items[0], sdk.ServerSentEvent) if items else kind == "event-stream":
            events = [{key: encode_value(getattr(event, key), sdk) for key in ("data", "event", "id", "retry") if key == "data" or getattr(event, key) is not None} for event in items]
            return {"$events": events}
        return {"$records": [encode_value(item, sdk) for item in items]}
    if isinstance(value, sdk.FormData):
        return {"$form": [[name, encode_form_value(item, sdk)] for name, item in value.items()]}
    if isinstance(value, dict):
        return {str(key): encode_value(item, sdk) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [encode_value(item, sdk) for item in value]
    return value


def run(call: Dict[str, Any], client: Any, sdk: Any) -> Any:
    target: Any = client
    chain: List[str] = call["method"]
    streaming = call.get("mode", "call") == "streaming"
    for index, name in enumerate(chain):
        if streaming and index == len(chain) - 1:
            target = target.with_streaming_response
        target = getattr(target, name)
    args = [decode_value(arg, sdk) for arg in call.get("args", [])]
    kwargs = {name: decode_value(value, sdk) for name, value in call.get("kwargs", {}).items()}
    if streaming:
        with target(*args, **kwargs) as response:
            chunks: Iterator[bytes] = response.iter_bytes()
            return b"".join(chunks)
    return target(*args, **kwargs)


def answer(request: Dict[str, Any], clients: Dict[str, Any]) -> Dict[str, Any]:
    """Runs one input's calls on a client made once per package and options."""
    sdk = importlib.import_module(request["package"])
    options = {key: value for key, value in request.get("options", {}).items() if value is not None}
    key = json.dumps([request["package"], request["client"], options], sort_keys=True)
    if key not in clients:
        clients[key] = getattr(sdk, request["client"])(**options)
    client = clients[key]
    results: List[Dict[str, Any]] = []
    for call in request["calls"]:
        try:
            results.append({"id": call.get("id"), "ok": True, "value": encode_value(run(call, client, sdk), sdk, call.get("kind"))})
        except Exception as error:  # a failed call is a result; the harness reports it
            results.append({"id": call.get("id"), "ok": False, "error": {"type": type(error).__name__, "status": getattr(error, "status_code", None), "message": str(error)}})
    return {"results": results}


def main() -> int:
    serve = len(sys.argv) == 3 and sys.argv[1] == "--serve"
    if len(sys.argv) != 2 and not serve:
        print(__doc__, file=sys.stderr)
        return 2
    sys.path.insert(0, sys.argv[-1])
    clients: Dict[str, Any] = {}
    try:
        if not serve:
            json.dump(answer(json.load(sys.stdin), clients), sys.stdout)
            return 0
        # One input per line, one output per line, until stdin ends (the caller went away).
        for line in sys.stdin:
            if line.strip():
                sys.stdout.write(json.dumps(answer(json.loads(line), clients)) + "\n")
                sys.stdout.flush()
        return 0
    finally:
        for client in clients.values():
            client.close()


if __name__ == "__main__":
    sys.exit(main())
