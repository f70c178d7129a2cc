"""Not a test module (``tests/test_lifeline.py`` names it to a nested pytest): a test that
holds what the browser tests start (Chromium with a page open on a live server, a
``picnic serve``) and a process pool's worker, until the run is killed."""

from __future__ import annotations

import concurrent.futures
import os
import time
from pathlib import Path
from typing import Any

from web_live import Live, free_port, picnic_serve

READY = "PICNIC_HOLD_READY"
"""The folder where each holding test writes a file once all it starts is running."""


def test_hold_the_browser_a_server_and_a_worker(browser: Any, live: Live) -> None:
    page = browser.new_page()
    page.goto(live.url + "/")
    page.wait_for_selector("#new-game")
    with (
        picnic_serve(free_port(), "memory:"),
        concurrent.futures.ProcessPoolExecutor(1) as pool,
    ):
        worker = pool.submit(os.getpid).result()  # the worker is running: its id
        pool.submit(time.sleep, 600)
        Path(os.environ[READY], "browser").write_text(str(worker))
        time.sleep(600)
