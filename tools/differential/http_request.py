"""Compares the relay's HTTP/1.1 request parser with h11 on every input of a corpus.

Run by tools/differential/http-request with the dump harness (tools/fuzz build
http-request-dump) and corpus folders. Each input's first byte is the fuzz target's piece size
and is skipped; the rest is one connection's bytes. Both parsers read them all at once; after each
complete request h11 is answered (200, empty) so it reads the next one, as the relay would. The
two are compared request by request up to the first refusal, the first request that does not keep
the connection alive, or the first incomplete one: accept or refuse, method, target (an absolute
target as the relay reads it: its path and query), the headers the relay hands on (authorization,
last-event-id: the first of each), whether the first content-type names JSON (which the relay
reads in place instead of handing it on), and the body.

Each disagreement is classified; SETTLED names the kinds that were looked at and are right as
they are, with why. Anything else fails the run."""
import collections
import json
import os
import subprocess
import sys
import tempfile

import h11

KEPT = ("authorization", "last-event-id")


def names_json(value):
    """Whether a Content-Type value is application/json, with or without parameters, as the relay
    decides it (RelayRequest.namesJSON): the part before any ';', without trailing spaces and tabs,
    equal to it in ASCII letters of either case."""
    media = value.split(b";", 1)[0].rstrip(b" \t")
    return media.lower() == b"application/json"

# Kinds of disagreement that were read and settled (FUZZING.md, "Differential parsing").
SETTLED = {
    "relay refuses, h11 accepts": "every case is one the relay refuses on purpose: a control character (DEL, NUL...) in a "
    "field value (RFC 9110 5.5), an obsolete folded line (RFC 9112 5.2 allows refusing), an Expect other than "
    "100-continue (417, RFC 9110 10.1.1), an HTTP version other than 1.0 and 1.1 (505)",
    "relay refuses, h11 waits for more": "Transfer-Encoding in an HTTP/1.0 request: RFC 9112 6.1 says to treat its "
    "framing as faulty, so the relay refuses at once, where h11 waits for a body; a trailer line that is not a field, "
    "which the relay refuses as its line ends and h11 once the trailers end",
    "h11 refuses, relay waits for more": "h11 judges a request line as soon as it ends, the relay once the head is whole "
    "(with the rest of the head, the relay refuses the same inputs); and a chunk-size line ended by a bare LF, which "
    "the relay reads as a line end as RFC 9112 2.2 allows, and h11 refuses",
    "h11 refuses, relay accepts": "empty lines (CR LF, LF or a lone CR) before the request line: RFC 9112 2.2 says a "
    "server should skip at least one; the relay skips up to 16 KiB of them, h11 none; and a chunk-size line ended by a "
    "bare LF (h11's 'illegal chunk header'), which the relay reads as a line end as RFC 9112 2.2 allows",
    "relay reads a request h11 does not": "h11 never keeps an HTTP/1.0 connection alive; the relay does when the request "
    "asks (Connection: keep-alive, RFC 9112 9.3), and reads the next request",
}


def relay_events(dump, files):
    """The dump harness's JSON line for each file, in order (libFuzzer runs each file once; without
    leak detection, which runs an input again when it allocated more than it freed)."""
    results = []
    for start in range(0, len(files), 200):
        batch = files[start:start + 200]
        output = subprocess.run([dump, "-detect_leaks=0", *batch], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True).stdout
        lines = output.decode().splitlines()
        if len(lines) != len(batch):
            raise SystemExit(f"the dump harness printed {len(lines)} lines for {len(batch)} inputs")
        results += [json.loads(line) for line in lines]
    return results


def origin_form(target):
    lowered = target[:8].lower()
    for scheme in ("http://", "https://"):
        if lowered.startswith(scheme):
            rest = target[len(scheme):]
            cut = min([i for i in (rest.find("/"), rest.find("?")) if i >= 0], default=-1)
            if cut < 0:
                return "/"
            return rest[cut:] if rest[cut] == "/" else "/" + rest[cut:]
    return target


def h11_events(data):
    connection = h11.Connection(h11.SERVER, max_incomplete_event_size=16 * 1024)
    connection.receive_data(data)
    events, request, body = [], None, b""
    for _ in range(100_000):  # h11 hands a body out in pieces; bounded all the same
        if len(events) >= 100:
            break
        try:
            event = connection.next_event()
        except h11.RemoteProtocolError as error:
            events.append({"failure": error.error_status_hint, "message": str(error)})
            break
        if event is h11.NEED_DATA:
            break
        if isinstance(event, h11.Request):
            request, body = event, b""
        elif isinstance(event, h11.Data):
            body += event.data
        elif isinstance(event, h11.EndOfMessage):
            headers, declares_json = {}, None
            for name, value in request.headers:
                name = name.decode("latin-1").lower()
                if name in KEPT and name not in headers:
                    # As the relay reads them: UTF-8, an invalid byte as U+FFFD.
                    headers[name] = value.decode("utf-8", errors="replace")
                if name == "content-type" and declares_json is None:
                    declares_json = names_json(value)
            events.append({"method": request.method.decode(), "target": origin_form(request.target.decode("latin-1")),
                           "headers": headers, "declaresJSON": bool(declares_json), "body": list(body)})
            connection.send(h11.Response(status_code=200, headers=[("Content-Length", "0")]))
            connection.send(h11.EndOfMessage())
            if connection.our_state is h11.DONE and connection.their_state is h11.DONE:
                connection.start_next_cycle()
            else:
                break
        elif event is h11.PAUSED:
            break
    return events


def compare(ours, theirs):
    """The kind of the first disagreement, with a detail; None when they agree."""
    for index in range(max(len(ours), len(theirs))):
        mine = ours[index] if index < len(ours) else None
        other = theirs[index] if index < len(theirs) else None
        if mine is None or other is None:
            if mine is not None and "failure" in mine:
                return "relay refuses, h11 waits for more", mine["message"]
            if other is not None and "failure" in other:
                return "h11 refuses, relay waits for more", other["message"]
            present = mine or other
            return ("relay reads a request h11 does not" if mine else "h11 reads a request the relay does not"), json.dumps(present)[:200]
        if "failure" in mine and "failure" in other:
            return None
        if "failure" in mine:
            return "relay refuses, h11 accepts", mine["message"]
        if "failure" in other:
            return "h11 refuses, relay accepts", other["message"]
        for field in ("method", "target", "headers", "declaresJSON", "body"):
            mine_value = mine[field] if field != "headers" else {k: v for k, v in mine[field].items() if k in KEPT}
            if mine_value != other[field]:
                return f"both accept, {field} differs", f"relay {str(mine_value)[:80]} / h11 {str(other[field])[:80]}"
        if not mine.get("keepsAlive", True):
            return None
    return None


def main():
    dump, folders = sys.argv[1], sys.argv[2:]
    paths = sorted(os.path.join(folder, name) for folder in folders if os.path.isdir(folder) for name in os.listdir(folder))
    # A snapshot: a fuzz run may add to or shrink the work corpus meanwhile.
    inputs = {}
    for path in paths:
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except FileNotFoundError:
            continue
        if data:
            inputs[path] = data
    kinds = collections.defaultdict(list)
    with tempfile.TemporaryDirectory() as snapshot:
        copies = []
        for index, data in enumerate(inputs.values()):
            copy = os.path.join(snapshot, str(index))
            with open(copy, "wb") as handle:
                handle.write(data)
            copies.append(copy)
        ours = relay_events(dump, copies)
    for (path, data), mine in zip(inputs.items(), ours):
        found = compare(mine, h11_events(data[1:]))
        if found:
            kinds[found[0]].append((path, found[1]))
    files = list(inputs)
    agreed = len(files) - sum(len(cases) for cases in kinds.values())
    print(f"{len(files)} inputs; {agreed} agree")
    unsettled = 0
    for kind, cases in sorted(kinds.items(), key=lambda item: -len(item[1])):
        details = collections.Counter(detail for _, detail in cases)
        settled = SETTLED.get(kind)
        print(f"- {kind}: {len(cases)} ({'settled: ' + settled if settled else 'NOT SETTLED'})")
        for detail, count in details.most_common(6):
            example = next(path for path, found in cases if found == detail)
            print(f"    {count} × {detail}  (e.g. {example})")
        if not settled:
            unsettled += len(cases)
    sys.exit(1 if unsettled else 0)


if __name__ == "__main__":
    main()
