"""Shared by the Home Assistant stand-in peers in tools/: the WebSocket API's opening exchange."""


async def accept_any_token(ws, version="2024.3.3"):
    """Says auth_required, takes whatever auth message comes, and says auth_ok (a bench peer trusts its client)."""
    await ws.send(f'{{"type":"auth_required","ha_version":"{version}"}}')
    await ws.recv()
    await ws.send(f'{{"type":"auth_ok","ha_version":"{version}"}}')
