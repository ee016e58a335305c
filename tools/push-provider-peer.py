"""A local stand-in for APNs and FCM, for the relay's provider tests: HTTP/2 over TLS.

  push-provider-peer.py CERT KEY APNS_PUBLIC_KEY FCM_PUBLIC_KEY

Prints `port N`, then one JSON line per request: method, path, headers, body, and whether its
JWT verified with the given public key (ES256 for APNs' provider token, RS256 for FCM's OAuth
assertion). Answers like the real services: APNs 200 with an apns-id (400 BadDeviceToken for the
device token ending in "bad"), the OAuth token endpoint an access token, FCM's send a message name.
Exits when its parent does.
"""
import asyncio, base64, json, ssl, sys, uuid
import h2.config, h2.connection, h2.events
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, utils
from peer_lifetime import exit_with_parent

cert, key, apns_public, fcm_public = sys.argv[1:5]
APNS_KEY = serialization.load_pem_public_key(open(apns_public, "rb").read())
FCM_KEY = serialization.load_pem_public_key(open(fcm_public, "rb").read())


def b64(part):
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def verify(token, key):
    try:
        header, claims, signature = token.split(".")
        message = f"{header}.{claims}".encode()
        raw = b64(signature)
        if isinstance(key, ec.EllipticCurvePublicKey):
            der = utils.encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
            key.verify(der, message, ec.ECDSA(hashes.SHA256()))
        else:
            key.verify(raw, message, padding.PKCS1v15(), hashes.SHA256())
        return {"header": json.loads(b64(header)), "claims": json.loads(b64(claims))}
    except Exception as error:  # reported, not raised: the test checks it
        return {"error": repr(error)}


def answer(method, path, headers, body):
    record = {"method": method, "path": path, "headers": headers, "body": body.decode(errors="replace")}
    if path.startswith("/3/device/"):
        record["jwt"] = verify(headers.get("authorization", "bearer ").split(" ", 1)[1], APNS_KEY)
        if path.endswith("bad"):
            return record, 400, {}, json.dumps({"reason": "BadDeviceToken"})
        return record, 200, {"apns-id": str(uuid.uuid4())}, ""
    if path == "/token":
        form = dict(pair.split("=", 1) for pair in body.decode().split("&"))
        record["jwt"] = verify(form.get("assertion", ""), FCM_KEY)
        return record, 200, {"content-type": "application/json"}, json.dumps({"access_token": "fcm-access-token", "expires_in": 3599, "token_type": "Bearer"})
    if path.endswith("/messages:send"):
        return record, 200, {"content-type": "application/json"}, json.dumps({"name": "projects/p/messages/1"})
    return record, 404, {}, ""


async def serve(reader, writer):
    connection = h2.connection.H2Connection(config=h2.config.H2Configuration(client_side=False))
    connection.initiate_connection()
    writer.write(connection.data_to_send())
    streams = {}
    while True:
        data = await reader.read(65536)
        if not data:
            break
        for event in connection.receive_data(data):
            if isinstance(event, h2.events.RequestReceived):
                streams[event.stream_id] = ({k.decode(): v.decode() for k, v in event.headers}, bytearray())
            elif isinstance(event, h2.events.DataReceived):
                streams[event.stream_id][1].extend(event.data)
                connection.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
            elif isinstance(event, h2.events.StreamEnded):
                headers, body = streams.pop(event.stream_id)
                record, status, extra, text = answer(headers.pop(":method"), headers.pop(":path"), headers, bytes(body))
                print(json.dumps(record), flush=True)
                connection.send_headers(event.stream_id, [(":status", str(status))] + list(extra.items()) + [("content-length", str(len(text)))])
                connection.send_data(event.stream_id, text.encode(), end_stream=True)
        writer.write(connection.data_to_send())
        await writer.drain()
    writer.close()




async def main():
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    context.set_alpn_protocols(["h2"])
    server = await asyncio.start_server(serve, "127.0.0.1", 0, ssl=context)
    print(f"port {server.sockets[0].getsockname()[1]}", flush=True)
    await asyncio.gather(server.serve_forever(), exit_with_parent())

asyncio.run(main())
