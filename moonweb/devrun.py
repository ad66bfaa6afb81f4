"""``make run``'s supervisor: the web server, a Celery worker and beat, stopped together by Ctrl-C.

Each child runs in its own process group, so the terminal's Ctrl-C reaches only this script,
which then stops every child (runserver's autoreloader included) and waits for them. If any child
dies, the others are stopped too: a half-running site is more confusing than a stopped one.

    python -m moonweb.devrun [--port 8000]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import MutableMapping
from pathlib import Path
from types import FrameType

BASE_DIR = Path(__file__).resolve().parent.parent
STOP_GRACE_SECONDS = 10.0


def commands(port: int) -> dict[str, list[str]]:
    python = sys.executable
    celery = [python, "-m", "celery", "-A", "moonweb"]
    return {
        "web": [python, str(BASE_DIR / "manage.py"), "runserver", f"127.0.0.1:{port}"],
        # solo pool: one process is plenty on a laptop and avoids forking a second Django.
        "worker": [
            *celery,
            "worker",
            "--pool=solo",
            "--loglevel=INFO",
            "--without-gossip",
            "--without-mingle",
        ],
        "beat": [*celery, "beat", "--loglevel=INFO"],
    }


def configure_site_url(port: int, environ: MutableMapping[str, str]) -> str:
    """Links in emails must point where this server listens. The worker writes them, so it
    inherits this variable; an operator's own SITE_URL wins."""
    return environ.setdefault("SITE_URL", f"http://127.0.0.1:{port}")


def prepare_var_folders() -> None:
    # The filesystem broker fails on a missing folder instead of creating it.
    from django.conf import settings

    options = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", None) or {}
    folders = [
        settings.MAILBOX_DIR,
        *(
            options.get(k)
            for k in ("data_folder_in", "data_folder_out", "control_folder", "processed_folder")
        ),
    ]
    for folder in folders:
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)


def stop(children: dict[str, subprocess.Popen[bytes]]) -> None:
    for proc in children.values():
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    for name, proc in children.items():
        try:
            proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            print(f"devrun: {name} did not stop in time, killing it", file=sys.stderr)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    args = parser.parse_args(argv)

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "moonweb.settings")
    # Development: the web server, worker and beat below inherit it (the settings default to production).
    os.environ["DEBUG"] = "1"
    configure_site_url(args.port, os.environ)
    import django

    django.setup()
    prepare_var_folders()

    stopping = False

    def on_signal(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)

    children = {
        name: subprocess.Popen(cmd, cwd=BASE_DIR, start_new_session=True)  # noqa: S603 (our own commands)
        for name, cmd in commands(args.port).items()
    }
    print(
        f"devrun: http://127.0.0.1:{args.port}/ with a Celery worker and beat; Ctrl-C stops all.", flush=True
    )
    exit_code = 0
    while not stopping:
        for name, proc in children.items():
            if proc.poll() is not None:
                print(
                    f"devrun: {name} exited with code {proc.returncode}; stopping the others", file=sys.stderr
                )
                exit_code = proc.returncode or 1
                stopping = True
        time.sleep(0.2)
    stop(children)
    print("devrun: stopped.", flush=True)
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
