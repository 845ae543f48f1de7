"""In-tree PEP 517 build backend of the Scoreline Python client: the standard library only.

The wheel and the sdist of this package are built from ``pyproject.toml`` with ``tomllib``,
``zipfile`` and ``tarfile`` — no build dependency to install (``[build-system] requires = []``,
``backend-path = ["."]``). So ``npm ci && npm start`` serves both on a fresh Debian machine with
its stock ``python3`` (scripts/build-clients.mjs), and ``pip install scoreline-<v>.tar.gz`` builds
offline too (pip runs these hooks itself).

Formats: the wheel per the binary distribution format (PEP 427, PEP 491: ``py3-none-any``, a
``RECORD`` of urlsafe-base64 SHA-256 digests), core metadata 2.1 (PEP 566), entry points from
``[project.scripts]``; the sdist per PEP 517/625 (``<name>-<version>.tar.gz`` with ``PKG-INFO``).
Files are written in sorted order with fixed timestamps, so a build is reproducible.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import tarfile
import tomllib
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = "scoreline"
# 1980-01-01, the earliest time a zip entry can carry (a fixed time: reproducible archives).
EPOCH = (1980, 1, 1, 0, 0, 0)
SDIST_FILES = ["pyproject.toml", "README.md", "scoreline_build.py"]
SDIST_DIRS = ["scoreline", "tests"]


def _project() -> dict:
    with open(os.path.join(HERE, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]


def _files(folder: str) -> list[str]:
    """Paths (relative to this directory, ``/``-separated) under ``folder``, sorted; no caches."""
    out = []
    for root, dirs, names in os.walk(os.path.join(HERE, folder)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in names:
            if name.endswith((".pyc", ".pyo")):
                continue
            out.append(os.path.relpath(os.path.join(root, name), HERE).replace(os.sep, "/"))
    return sorted(out)


def _metadata(project: dict) -> str:
    """Core metadata 2.1 of ``[project]``, with the README as the description."""
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project.get('description', '')}",
    ]
    license_text = project.get("license", {}).get("text")
    if license_text:
        lines.append(f"License: {license_text}")
    if "requires-python" in project:
        lines.append(f"Requires-Python: {project['requires-python']}")
    lines += [f"Requires-Dist: {d}" for d in project.get("dependencies", [])]
    lines += [f"Classifier: {c}" for c in project.get("classifiers", [])]
    readme = project.get("readme")
    body = ""
    if readme:
        lines.append("Description-Content-Type: text/markdown")
        with open(os.path.join(HERE, readme), encoding="utf-8") as f:
            body = f.read()
    return "\n".join(lines) + "\n\n" + body


def _dist(project: dict) -> str:
    return f"{project['name'].replace('-', '_')}-{project['version']}"


def _digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def get_requires_for_build_wheel(config_settings=None) -> list[str]:
    """PEP 517: nothing to install before building the wheel."""
    return []


def get_requires_for_build_sdist(config_settings=None) -> list[str]:
    """PEP 517: nothing to install before building the sdist."""
    return []


def build_wheel(wheel_directory: str, config_settings=None, metadata_directory=None) -> str:
    """PEP 517: writes ``<name>-<version>-py3-none-any.whl`` into ``wheel_directory``; returns its file name."""
    project = _project()
    dist = _dist(project)
    info = f"{dist}.dist-info"
    entries: list[tuple[str, bytes]] = []
    for rel in _files(PACKAGE):
        with open(os.path.join(HERE, rel), "rb") as f:
            entries.append((rel, f.read()))
    entries.append((f"{info}/METADATA", _metadata(project).encode()))
    entries.append(
        (
            f"{info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: scoreline_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        )
    )
    scripts = project.get("scripts", {})
    if scripts:
        text = "[console_scripts]\n" + "".join(f"{k} = {v}\n" for k, v in sorted(scripts.items()))
        entries.append((f"{info}/entry_points.txt", text.encode()))
    record = "".join(f"{name},{_digest(data)},{len(data)}\n" for name, data in entries) + f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode()))
    name = f"{dist}-py3-none-any.whl"
    os.makedirs(wheel_directory, exist_ok=True)
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in entries:
            entry = zipfile.ZipInfo(path, EPOCH)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(entry, data)
    return name


def build_sdist(sdist_directory: str, config_settings=None) -> str:
    """PEP 517: writes ``<name>-<version>.tar.gz`` (sources, tests, this backend, PKG-INFO); returns its file name."""
    project = _project()
    dist = _dist(project)
    name = f"{dist}.tar.gz"
    os.makedirs(sdist_directory, exist_ok=True)

    def add(tar: tarfile.TarFile, arcname: str, data: bytes) -> None:
        entry = tarfile.TarInfo(f"{dist}/{arcname}")
        entry.size = len(data)
        entry.mode = 0o644
        entry.mtime = 315532800  # 1980-01-01, as the wheel's entries
        tar.addfile(entry, io.BytesIO(data))

    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as tar:
        add(tar, "PKG-INFO", _metadata(project).encode())
        for rel in sorted(SDIST_FILES + [f for d in SDIST_DIRS for f in _files(d)]):
            with open(os.path.join(HERE, rel), "rb") as f:
                add(tar, rel, f.read())
    return name
