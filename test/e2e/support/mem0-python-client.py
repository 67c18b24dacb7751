"""Mem0's Python client (mem0ai, MemoryClient, public methods only) against Engram's /mem0 prefix.

Usage: python mem0-python-client.py HOST API_KEY USER_ID
Prints one JSON object: what each call answered, for the test to check.
"""
import json
import os
import sys
import time

os.environ["MEM0_TELEMETRY"] = "False"
from mem0 import MemoryClient  # noqa: E402

host, api_key, user = sys.argv[1:4]
client = MemoryClient(api_key=api_key, host=host)
out = {}


def until(what, probe, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = probe()
        if value:
            return value
        time.sleep(0.2)
    raise SystemExit(f"timed out waiting for {what}")


out["add"] = client.add([{"role": "user", "content": "I live in Lisbon and I love sardines"}], user_id=user, infer=False)
memory_id = out["add"]["results"][0]["id"]
out["search"] = until(
    "search to find the memory",
    lambda: (lambda r: r if any(m["id"] == memory_id for m in r["results"]) else None)(
        client.search("where does the user live", filters={"user_id": user}, top_k=5)
    ),
)
out["get_all"] = client.get_all(filters={"user_id": user})
out["get"] = client.get(memory_id)
out["update"] = client.update(memory_id, text="I live in Porto and I love sardines")
out["history"] = until("two history rows", lambda: (lambda h: h if len(h) >= 2 else None)(client.history(memory_id)))
out["users"] = client.users()
out["delete"] = client.delete(out["update"]["id"])
out["delete_users"] = client.delete_users(user_id=user)
out["after"] = until(
    "the user's memories to be gone", lambda: (lambda r: r if r["count"] == 0 else None)(client.get_all(filters={"user_id": user}))
)
print(json.dumps(out))
