"""A real PostgreSQL server for the tests, started in a temporary directory on 127.0.0.1.

The binaries come from `pgserver` (PyPI; it bundles PostgreSQL 16, pinned in
requirements-dev.txt), else from the machine (`postgres`/`initdb` on PATH or under
/usr/lib/postgresql/*/bin, the Debian package `.ci/run` installs when pgserver's are missing).
PostgreSQL refuses to run as root, so as root the server runs as `nobody`.

In CI (`CI=true`) a server that cannot start fails the tests; elsewhere they skip, saying why.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import importlib.util
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

START_TIMEOUT = 60.0


class NoPostgres(RuntimeError):
    """No PostgreSQL binaries here, or the server would not start; the message says which."""


def find_bin() -> Path:
    spec = importlib.util.find_spec("pgserver")  # not imported: its import has side effects
    for root in (spec.submodule_search_locations or []) if spec else []:
        bundled = Path(root) / "pginstall" / "bin"
        if (bundled / "postgres").exists():
            return bundled
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(d) / "initdb").exists():
            return Path(d)
    raise NoPostgres("no PostgreSQL binaries: pip install pgserver, or apt-get install postgresql")


def reachable_bin(bin_dir: Path, user: str) -> Path:
    """`bin_dir`, or a copy of its install tree that `user` can reach.

    pgserver's binaries live inside the Python installation; under a root-owned 0700 home (a
    pyenv install, say) `nobody` cannot run them. The install tree (bin, lib, share: 34 MB) is
    then copied once into a world-readable folder under the temporary directory and reused.
    """
    def runs(d: Path) -> bool:
        try:
            return subprocess.run([str(d / "initdb"), "--version"], capture_output=True, user=user,
                                  timeout=START_TIMEOUT).returncode == 0
        except OSError:
            return False

    if runs(bin_dir):
        return bin_dir
    # bin/ -> pginstall/ -> pgserver/ -> site-packages/: pgserver's RPATH ($ORIGIN/../../../pgserver.libs)
    # finds its bundled libraries beside the package, so the copy keeps those three levels.
    install = bin_dir.parent
    package = install.parent
    target = Path(tempfile.gettempdir()) / f"floorcall-pginstall-{os.getuid()}-{hashlib.sha1(str(install).encode()).hexdigest()[:10]}"
    copied = target / package.name / install.name / bin_dir.name
    if not runs(copied):
        staging = Path(tempfile.mkdtemp(prefix="floorcall-pginstall-"))
        shutil.copytree(install, staging / package.name / install.name, symlinks=True)
        for libs in package.parent.glob(f"{package.name}*.libs"):
            shutil.copytree(libs, staging / libs.name, symlinks=True)
        for d in [staging, *staging.rglob("*")]:
            if d.is_dir():
                os.chmod(d, 0o755)
        shutil.rmtree(target, ignore_errors=True)
        os.replace(staging, target)
    if not runs(copied):
        raise NoPostgres(f"user {user!r} cannot run PostgreSQL from {bin_dir}, nor from a copy in {target}")
    return copied


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    """`start()` / `stop()` / `kill()` one server; `url(dbname)` to connect; `create_db(name)`."""

    def __init__(self) -> None:
        self.bin = find_bin()
        self.dir = Path(tempfile.mkdtemp(prefix="floorcall-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self._user: str | None = None
        if os.geteuid() == 0:
            self._user = "nobody"
            try:
                entry = pwd.getpwnam(self._user)
            except KeyError:
                raise NoPostgres("running as root, and there is no user 'nobody' to run PostgreSQL as") from None
            os.chmod(self.dir, 0o755)
            os.chown(self.dir, entry.pw_uid, entry.pw_gid)
            self.bin = reachable_bin(self.bin, self._user)
        self._initdb()

    def _run(self, args: list[str]) -> None:
        subprocess.run(args, check=True, capture_output=True, user=self._user, timeout=START_TIMEOUT)

    def _initdb(self) -> None:
        try:
            self._run([str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust",
                       "-E", "UTF8", "--no-locale", "--no-sync"])
        except subprocess.CalledProcessError as exc:
            raise NoPostgres(f"initdb failed: {exc.stderr.decode(errors='replace')[-300:]}") from None

    def start(self) -> None:
        log = open(self.dir / "server.log", "ab")  # noqa: SIM115 - kept open for the server's life
        self.proc = subprocess.Popen(
            [str(self.bin / "postgres"), "-D", str(self.data), "-h", "127.0.0.1", "-p", str(self.port),
             "-k", str(self.dir), "-c", "fsync=off", "-c", "max_connections=100"],
            stdout=log, stderr=subprocess.STDOUT, user=self._user)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise NoPostgres(f"postgres exited: {(self.dir / 'server.log').read_text()[-300:]}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), 0.2):
                if self._ready():
                    return
            time.sleep(0.05)
        raise NoPostgres("postgres did not accept connections in time")

    def _ready(self) -> bool:
        result = subprocess.run([str(self.bin / "pg_isready"), "-h", "127.0.0.1", "-p", str(self.port)],
                                capture_output=True)
        return result.returncode == 0

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{dbname}"

    def psql(self, sql: str, dbname: str = "postgres") -> str:
        out = subprocess.run([str(self.bin / "psql"), "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
                              self.url(dbname), "-c", sql], check=True, capture_output=True, timeout=30)
        return out.stdout.decode()

    def create_db(self, name: str) -> str:
        self.psql(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        """Fast shutdown, SIGINT: clients are disconnected at once (what a restart looks like to them;
        SIGTERM would wait for every client to leave)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


@contextlib.contextmanager
def running() -> Iterator[PgServer]:
    server = PgServer()
    try:
        server.start()
        yield server
    finally:
        server.cleanup()
