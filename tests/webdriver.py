"""A headless Chromium for the tests, driven through chromedriver's W3C WebDriver protocol
(JSON over HTTP) with the standard library: a client library (selenium: 35 MB with trio and
its other dependencies) is not needed for the five commands the tests use.

Chromium starts with the flags that keep it from reaching the network (this machine may have
none: without them it waits on it) and a fresh profile.
"""

from __future__ import annotations

import base64
import json
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--hide-scrollbars",
)  # fmt: skip
#: The WebDriver id of an element in a response (W3C WebDriver, "Elements").
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


def available() -> bool:
    """Whether Chromium and chromedriver are installed (Debian: chromium, chromium-driver)."""
    return not missing()


def missing() -> str:
    """What is missing to drive a browser, named as a skip reason says it; ``""`` when
    nothing is."""
    gone = [f"{name} ({path})" for name, path in (("Chromium", CHROMIUM),
            ("chromedriver", CHROMEDRIVER)) if not path.is_file()]  # fmt: skip
    if not gone:
        return ""
    verb = "is" if len(gone) == 1 else "are"
    return " and ".join(gone) + f" {verb} not installed (Debian: chromium, chromium-driver)"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Browser:
    """One WebDriver session."""

    def __init__(self, url: str) -> None:
        self.url = url

    def call(self, method: str, path: str, body: Any = None) -> Any:
        data = json.dumps(body if body is not None else {}).encode() if method == "POST" else None
        request = urllib.request.Request(
            self.url + path, data=data, method=method,
            headers={"Content-Type": "application/json"},
        )  # fmt: skip
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.load(response)["value"]
        except urllib.error.HTTPError as exc:
            raise AssertionError(f"WebDriver {method} {path}: {exc.read()[:500]!r}") from None

    def open(self, url: str) -> None:
        self.call("POST", "/url", {"url": url})

    def resize(self, width: int, height: int) -> None:
        self.call("POST", "/window/rect", {"width": width, "height": height})

    def screenshot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self.call("GET", "/screenshot")))

    def run(self, script: str, *args: Any) -> Any:
        return self.call("POST", "/execute/sync", {"script": script, "args": list(args)})

    def type(self, css: str, text: str) -> None:
        element = self.call("POST", "/element", {"using": "css selector", "value": css})
        self.call("POST", f"/element/{element[ELEMENT]}/clear")
        self.call("POST", f"/element/{element[ELEMENT]}/value", {"text": text})


@contextmanager
def chromium(profile: Path) -> Iterator[Browser]:
    """A headless Chromium session with a fresh profile in ``profile``."""
    port = _free_port()
    log = (profile.parent / "chromedriver.log").open("wb")
    driver = subprocess.Popen(
        [str(CHROMEDRIVER), f"--port={port}"], stdout=log, stderr=subprocess.STDOUT
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(base + "/status", timeout=2):
                    break
            except OSError:
                time.sleep(0.1)
        options = {"binary": str(CHROMIUM), "args": [*FLAGS, f"--user-data-dir={profile}"]}
        caps = {"capabilities": {"alwaysMatch": {"goog:chromeOptions": options}}}
        session = Browser(base).call("POST", "/session", caps)
        browser = Browser(f"{base}/session/{session['sessionId']}")
        try:
            yield browser
        finally:
            browser.call("DELETE", "")
    finally:
        driver.terminate()
        driver.wait(10)
        log.close()
        shutil.rmtree(profile, ignore_errors=True)
