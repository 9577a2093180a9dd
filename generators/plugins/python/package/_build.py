"""A PEP 517 build backend in the standard library alone, so `pip install ./python` works on a
machine with no network and no setuptools (`pip install --no-index`). It builds a pure-Python
wheel (and an sdist) of the package folders beside it, from the `[project]` table of
pyproject.toml; `pip install -e` gets a wheel whose .pth file points at this folder."""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile
from typing import Dict, List, Mapping, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
# Fixed timestamps: the same sources build the same bytes.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def _project() -> Dict[str, str]:
    """The string fields of pyproject.toml's [project] table (name, version, description, requires-python)."""
    fields: Dict[str, str] = {}
    section = ""
    with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as file:
        for line in file:
            header = re.match(r"^\s*\[([^\]]+)\]\s*$", line)
            if header:
                section = header.group(1).strip()
                continue
            pair = re.match(r'^\s*([A-Za-z0-9_-]+)\s*=\s*"((?:[^"\\]|\\.)*)"\s*$', line)
            if section == "project" and pair:
                fields[pair.group(1)] = pair.group(2).encode("utf-8").decode("unicode_escape")
    for required in ("name", "version"):
        if required not in fields:
            raise RuntimeError(f"pyproject.toml has no [project] {required}.")
    return fields


def _files() -> List[Tuple[str, str]]:
    """(archive path, file path) of every file of the package folders beside this file."""
    found: List[Tuple[str, str]] = []
    for entry in sorted(os.listdir(HERE)):
        root = os.path.join(HERE, entry)
        if not os.path.isfile(os.path.join(root, "__init__.py")):
            continue
        for folder, dirs, names in os.walk(root):
            dirs[:] = sorted(name for name in dirs if name != "__pycache__")
            for name in sorted(names):
                if not name.endswith((".pyc", ".pyo")):
                    path = os.path.join(folder, name)
                    found.append((os.path.relpath(path, HERE).replace(os.sep, "/"), path))
    return found


def _dist_name(project: Mapping[str, str]) -> str:
    return re.sub(r"[-_.]+", "_", project["name"]).lower()


def _metadata(project: Mapping[str, str]) -> str:
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {project['version']}"]
    if "description" in project:
        lines.append(f"Summary: {project['description']}")
    if "requires-python" in project:
        lines.append(f"Requires-Python: {project['requires-python']}")
    lines.append("Classifier: Typing :: Typed")
    readme = os.path.join(HERE, "README.md")
    body = ""
    if os.path.isfile(readme):
        lines.append("Description-Content-Type: text/markdown")
        with open(readme, encoding="utf-8") as file:
            body = file.read()
    return "\n".join(lines) + "\n\n" + body


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{path},sha256={digest},{len(data)}"


def _write_wheel(directory: str, extra: Optional[List[Tuple[str, bytes]]] = None, editable: bool = False) -> str:
    project = _project()
    name = _dist_name(project)
    info = f"{name}-{project['version']}.dist-info"
    wheel_name = f"{name}-{project['version']}-py3-none-any.whl"
    entries: List[Tuple[str, bytes]] = list(extra or [])
    if not editable:
        for archive_path, path in _files():
            with open(path, "rb") as file:
                entries.append((archive_path, file.read()))
    entries.append((f"{info}/METADATA", _metadata(project).encode("utf-8")))
    entries.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: _build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    record = [_record_line(path, data) for path, data in entries] + [f"{info}/RECORD,,"]
    entries.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode("utf-8")))
    with zipfile.ZipFile(os.path.join(directory, wheel_name), "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in entries:
            item = zipfile.ZipInfo(path, ZIP_TIME)
            item.external_attr = 0o644 << 16
            item.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(item, data)
    return wheel_name


def get_requires_for_build_wheel(config_settings: Optional[Mapping[str, str]] = None) -> List[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[Mapping[str, str]] = None) -> List[str]:
    return []


def get_requires_for_build_editable(config_settings: Optional[Mapping[str, str]] = None) -> List[str]:
    return []


def build_wheel(wheel_directory: str, config_settings: Optional[Mapping[str, str]] = None, metadata_directory: Optional[str] = None) -> str:
    return _write_wheel(wheel_directory)


def build_editable(wheel_directory: str, config_settings: Optional[Mapping[str, str]] = None, metadata_directory: Optional[str] = None) -> str:
    pth = f"_{_dist_name(_project())}_editable.pth"
    return _write_wheel(wheel_directory, [(pth, (HERE + "\n").encode("utf-8"))], editable=True)


def build_sdist(sdist_directory: str, config_settings: Optional[Mapping[str, str]] = None) -> str:
    project = _project()
    base = f"{_dist_name(project)}-{project['version']}"
    own = [(name, os.path.join(HERE, name)) for name in ("pyproject.toml", "README.md", "CHANGELOG.md", os.path.basename(__file__)) if os.path.isfile(os.path.join(HERE, name))]
    archive = f"{base}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, archive), "w:gz", format=tarfile.PAX_FORMAT) as tar:
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata(project).encode("utf-8")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
        for archive_path, path in own + _files():
            tar.add(path, arcname=f"{base}/{archive_path}", recursive=False)
    return archive
