"""Shared by the test and benchmark peers in tools/: a background peer never outlives its test."""
import asyncio
import os


async def exit_with_parent():
    """Exits once the process that started this one is gone."""
    parent = os.getppid()
    while os.getppid() == parent:
        await asyncio.sleep(0.5)
    os._exit(0)
