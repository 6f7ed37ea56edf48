"""A throwaway PostgreSQL server for tests and benchmarks: ``initdb`` in a temporary
directory, started on a free loopback port, removed afterwards.

As root it runs the PostgreSQL binaries as the ``postgres`` user (runuser),
since PostgreSQL refuses to run as root. :class:`PostgresUnavailable` says why
when it cannot (the binaries are not installed: ``scripts/system-deps``
installs Debian's ``postgresql``).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path


class PostgresUnavailable(Exception):
    """PostgreSQL cannot be started here (the reason is the message)."""


def postgres_bindir() -> Path | None:
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(candidate, "initdb").exists() and Path(candidate, "pg_ctl").exists():
            return Path(candidate)
    found = shutil.which("pg_ctl")
    if found and Path(found).with_name("initdb").exists():
        return Path(found).parent
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def throwaway_postgres(*settings: str) -> Iterator[str]:
    """A running server's URL (``postgresql://postgres@127.0.0.1:PORT/postgres``) for
    one ``with``; ``settings`` are extra ``-c name=value`` server options."""
    bindir = postgres_bindir()
    if bindir is None:
        raise PostgresUnavailable(
            "PostgreSQL binaries not installed (apt-get install postgresql; see scripts/system-deps)"
        )
    as_root = os.geteuid() == 0
    if as_root:
        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            raise PostgresUnavailable(
                "running as root but there is no 'postgres' user to run PostgreSQL as"
            ) from None
    workdir = Path(tempfile.mkdtemp(prefix="meeple-pg-"))
    data = workdir / "data"
    if as_root:
        os.chown(workdir, user.pw_uid, user.pw_gid)
    prefix = ["runuser", "-u", "postgres", "--"] if as_root else []
    port = free_port()

    def run(*args: str) -> None:
        subprocess.run([*prefix, *args], check=True, capture_output=True, timeout=120)

    try:
        run(
            str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
            "--no-sync", "-E", "UTF8",
        )  # fmt: skip
        options = f"-p {port} -k {workdir} -c listen_addresses=127.0.0.1 -c fsync=off"
        options += "".join(f" -c {s}" for s in settings)
        run(
            str(bindir / "pg_ctl"), "-D", str(data), "-o", options,
            "-l", str(workdir / "log"), "-w", "-t", "60", "start",
        )  # fmt: skip
    except subprocess.CalledProcessError as exc:
        shutil.rmtree(workdir, ignore_errors=True)
        raise AssertionError(
            f"could not start PostgreSQL: {exc.stderr.decode(errors='replace')}"
        ) from None
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
            capture_output=True, timeout=60, check=False,
        )  # fmt: skip
        shutil.rmtree(workdir, ignore_errors=True)
