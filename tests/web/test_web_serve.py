"""``picnic serve``: its arguments, and a real server started and stopped with Ctrl-C."""

from __future__ import annotations

import io
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import redirect_stderr

from picnic_rules.cli import main


def test_serve_is_a_command_with_a_checked_port() -> None:
    out = io.StringIO()
    with redirect_stderr(out):
        assert main(["serve", "--port", "70000"]) == 2
    assert "expected a port 0 to 65535, not 70000" in out.getvalue()
    with redirect_stderr(out):
        assert main(["serve", "--port", "http"]) == 2
    assert "expected an integer, not 'http'" in out.getvalue()


def test_picnic_serve_serves_the_page_until_interrupted() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    program = "import sys; from picnic_rules.cli import main; sys.exit(main())"
    command = [sys.executable, "-c", program, "serve", "--port", str(port), "--db", "memory:"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line == (
            f"Serving the picnic games on http://127.0.0.1:{port}/ (Ctrl-C stops); "
            "tables kept in memory only\n"
        )
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
                    assert b"<title>Picnic games" in page.read()
                    break
            except OSError:
                assert time.monotonic() < deadline, "picnic serve did not answer"
                time.sleep(0.05)
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=20) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
